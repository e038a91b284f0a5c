// Importing a .zgn file: the tags give the replay's header and the table,
// each hand is played into the game through the engine (zgn_hand.h), and
// the finished replay is re-derived once more, as `replay verify` would,
// for its event hash.
#include <charconv>

#include "engine/event.h"
#include "engine/game.h"
#include "engine/match.h"
#include "engine/version.h"
#include "replays/record.h"
#include "replays/zgn.h"
#include "replays/zgn_hand.h"

namespace zetema::replays {

namespace {

struct Importer {
  const ZgnDocument& doc;
  const ZgnVariantLookup& lookup;
  ZgnImport out;
  std::optional<int> first_dealer;
  GameSetup setup;

  bool fail(ZgnPos at, std::string message) {
    out.error = ZgnError{at, std::move(message)};
    return false;
  }
  bool variant();
  bool table();
  bool seats();
  bool replay_fields();
  bool hands(State& s);
  bool hand_dealer(const ZgnHand& h, const State& s, int& dealer);
  bool finish(const State& s);
};

bool Importer::variant() {
  const ZgnTag* t = doc.tag("Variant");
  if (!t) return fail({1, 1}, "the game names no variant: add a tag such as [Variant \"sackson\"]");
  if (!valid_variant_id(t->value)) {
    return fail(t->value_at,
                "a variant id is lower-case letters, digits and _, not '" + t->value + "'");
  }
  out.variant = lookup(t->value);
  if (!out.variant.ok) {
    return fail(t->value_at, "variant '" + t->value + "' does not load: " +
                                 (out.variant.error ? out.variant.error->describe() : "?"));
  }
  if (out.variant.rules.id != t->value) {
    return fail(t->value_at, "the game names variant '" + t->value + "' but the file given is '" +
                                 out.variant.rules.id + "'");
  }
  Replay& r = out.replay;
  r.variant = t->value;
  for (const auto& s : out.variant.sources) r.sources.push_back({s.id, s.file, s.text});
  r.variant_sha256 = sources_sha256(r.sources);
  if (const ZgnTag* sha = doc.tag("VariantSHA256"); sha && sha->value != r.variant_sha256) {
    return fail(sha->value_at, "the game was recorded under variant " + r.variant +
                                   " with SHA-256 " + sha->value.substr(0, 16) +
                                   "..., the one found has " + r.variant_sha256.substr(0, 16) +
                                   "...; give the recorded variant's file");
  }
  if (const ZgnTag* imp = doc.tag("Imperial")) {
    Suit suit;
    if (imp->value.size() != 1 || !parse_suit(imp->value, suit)) {
      return fail(imp->value_at, "the imperial suit is one of C D H S, not '" + imp->value + "'");
    }
    if (suit != out.variant.rules.imperial_suit) {
      return fail(imp->value_at, std::string("variant ") + r.variant + " plays with " +
                                     suit_char(out.variant.rules.imperial_suit) +
                                     " imperial; for " + suit_char(suit) +
                                     " use a variant that extends it with imperial_suit = \"" +
                                     suit_char(suit) + "\"");
    }
  }
  return true;
}

bool Importer::table() {
  const ZgnTag* t = doc.tag("Players");
  if (!t) return fail({1, 1}, "the game names no player count: add a tag such as [Players \"3\"]");
  if (t->value.size() != 1 || t->value[0] < '0' + kMinPlayers || t->value[0] > '0' + kMaxPlayers) {
    return fail(t->value_at, "players are 2 to 6, not '" + t->value + "'");
  }
  out.replay.players = t->value[0] - '0';
  setup.players = out.replay.players;
  if (const ZgnTag* teams = doc.tag("Teams")) {
    Partnerships p;
    if (!parse_enum(teams->value, p)) {
      return fail(teams->value_at,
                  "teams are off, pairs or teams_of_three, not '" + teams->value + "'");
    }
    setup.partnerships = p;
  }
  if (const ZgnTag* d = doc.tag("Dealer")) {
    const int seat = parse_seat(d->value);
    if (seat < 0 || seat >= setup.players) {
      return fail(d->value_at, "the dealer is a seat P1 to P" + std::to_string(setup.players) +
                                   ", not '" + d->value + "'");
    }
    first_dealer = seat;
  }
  return seats();
}

// [P1 "name"] ... : who sat where, from P1 with no gap.
bool Importer::seats() {
  int last = -1;
  for (const ZgnTag& t : doc.tags) {
    const int seat = parse_seat(t.name);
    if (seat < 0) continue;
    if (seat >= out.replay.players) {
      return fail(t.at, t.name + " is named but the game has " +
                            std::to_string(out.replay.players) + " players");
    }
    last = std::max(last, seat);
  }
  for (int p = 0; p <= last; ++p) {
    const ZgnTag* t = doc.tag("P" + std::to_string(p + 1));
    if (!t)
      return fail({1, 1}, "P" + std::to_string(p + 1) + " has no name tag but a later seat has");
    out.replay.seats.push_back(t->value);
  }
  return true;
}

// The replay fields a transcription leaves out and an export writes, so
// the replay comes back identical.
bool Importer::replay_fields() {
  Replay& r = out.replay;
  r.engine_version = std::string(kEngineVersion);
  if (const ZgnTag* t = doc.tag("Engine")) r.engine_version = t->value;
  if (const ZgnTag* t = doc.tag("ReplayFormat")) {
    if (t->value.size() != 1 || t->value[0] < '0' + kFormatMin || t->value[0] > '0' + kFormatMax) {
      return fail(t->value_at, "replay format is " + std::to_string(kFormatMin) + " to " +
                                   std::to_string(kFormatMax) + ", not '" + t->value + "'");
    }
    r.format = t->value[0] - '0';
  }
  if (const ZgnTag* t = doc.tag("Seed")) {
    const char* end = t->value.data() + t->value.size();
    const auto [ptr, ec] = std::from_chars(t->value.data(), end, r.seed);
    if (t->value.empty() || ec != std::errc() || ptr != end) {
      return fail(t->value_at, "the seed is a number from 0 to 2^64-1, not '" + t->value + "'");
    }
  }
  setup.hook_seed = stream_seed(r.seed, SeedStream::Hooks);
  return true;
}

bool Importer::hand_dealer(const ZgnHand& h, const State& s, int& dealer) {
  if (h.dealer && *h.dealer >= s.players) {
    return fail(h.dealer_at, "the dealer is a seat P1 to P" + std::to_string(s.players));
  }
  if (h.number > 1) {
    dealer = h.dealer ? *h.dealer : next_dealer(s);
    return true;
  }
  if (h.dealer && first_dealer && *h.dealer != *first_dealer) {
    return fail(h.dealer_at, "hand 1's dealer differs from the Dealer tag");
  }
  if (!h.dealer && !first_dealer) {
    return fail(h.at, "hand 1 names no dealer: write 'hand 1 dealer P1' or a tag [Dealer \"P1\"]");
  }
  dealer = h.dealer ? *h.dealer : *first_dealer;
  return true;
}

bool Importer::hands(State& s) {
  for (const ZgnHand& h : doc.hands) {
    if (s.over()) {
      return fail(h.at, "the game was over after hand " + std::to_string(h.number - 1));
    }
    if (s.phase != Phase::Deal) {
      return fail(h.at, "hand " + std::to_string(h.number - 1) +
                            " has not ended under the rules: P" + std::to_string(s.current + 1) +
                            " is to move");
    }
    int dealer = 0;
    if (!hand_dealer(h, s, dealer)) return false;
    ZgnHandImport hand = import_hand(s, h, dealer);
    if (!hand.ok) {
      out.error = hand.error;
      return false;
    }
    out.replay.hands.push_back(std::move(hand.hand));
    s = std::move(hand.after);
  }
  return true;
}

// The Result tag against the game's end, then the event hash of the replay
// re-derived as a whole (the check `replay verify` makes).
bool Importer::finish(const State& s) {
  if (const ZgnTag* t = doc.tag("Result"); t && t->value != zgn_result(s)) {
    return fail(t->value_at, "the result says '" + t->value + "' but the game comes out '" +
                                 zgn_result(s) + "'");
  }
  const Rederived again = rederive(out.replay, out.variant.rules);
  if (!again.ok) return fail(doc.end, "the imported game does not re-derive: " + again.error);
  out.replay.events_sha256 = events_sha256(again.events, out.variant.rules, out.replay.format);
  return true;
}

}  // namespace

std::string zgn_result(const State& s) {
  return s.over() ? winners_text(s, s.winners) : "*";
}

ZgnVariantLookup folder_lookup(const scripting::VariantFolder& folder) {
  return [folder](const std::string& id) { return scripting::load_variant_spec(id, folder); };
}

ZgnImport import_zgn(std::string_view text, const ZgnVariantLookup& lookup) {
  const ZgnParse parsed = parse_zgn(text);
  if (!parsed.ok) {
    ZgnImport out;
    out.error = parsed.error;
    return out;
  }
  Importer im{parsed.doc, lookup, {}, {}, {}};
  if (!im.variant() || !im.table() || !im.replay_fields()) return std::move(im.out);
  NewGame g = new_game(im.out.variant.rules, im.setup);
  if (!g.ok) {
    const ZgnTag* t = parsed.doc.tag(im.setup.partnerships ? "Teams" : "Players");
    im.fail(t->value_at, g.error);
    return std::move(im.out);
  }
  im.out.replay.teams = std::string(to_string(g.state.partnerships));
  if (!im.hands(g.state) || !im.finish(g.state)) return std::move(im.out);
  im.out.ok = true;
  return std::move(im.out);
}

}  // namespace zetema::replays
