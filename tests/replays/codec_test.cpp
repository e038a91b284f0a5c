// Replay encodings: both round-trip to the identical game, and no
// malformed file gets further than a clear error naming where it is wrong.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>

#include "engine/game.h"
#include "engine/match.h"
#include "replays/codec.h"
#include "replays/diff.h"
#include "replays/record.h"
#include "replays/replay_file.h"
#include "replays/sha256.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::replays;

namespace {

// A recorded bot game under a shipped variant.
Replay recorded(const std::string& id, int players, uint64_t seed) {
  scripting::LoadedVariant v = scripting::load_variant_spec(id, test::variants_dir());
  REQUIRE(v.ok);
  MatchConfig c;
  c.setup.players = players;
  c.seed = seed;
  c.bots = {"greedy", "random"};
  const MatchRecord m = play_match(v.rules, c);
  REQUIRE_MESSAGE(m.ok, m.error);
  return make_replay(v, m.final_state, seed, {"greedy", "random"}, m.hands, m.events);
}

// Every sample replay, decoded (the hostile-file tests start from each).
std::vector<std::pair<std::string, Replay>> samples() {
  std::vector<std::pair<std::string, Replay>> out;
  for (const auto& entry :
       std::filesystem::directory_iterator(ZETEMA_SOURCE_DIR "/replays/samples")) {
    if (entry.path().extension() != ".json") continue;
    const Decoded d = load_replay(entry.path().string());
    REQUIRE_MESSAGE(d.ok, d.error);
    out.emplace_back(entry.path().filename().string(), d.replay);
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  REQUIRE(out.size() >= 12);
  return out;
}

Rederived derive(const Replay& r) {
  ResolvedVariant v = resolve_variant(r, test::variants_dir());
  REQUIRE_MESSAGE(v.ok, v.error);
  return rederive(r, v.variant.rules);
}

}  // namespace

TEST_CASE("JSON and binary round-trip to the identical game") {
  for (const auto& [id, players] : std::vector<std::pair<std::string, int>>{
           {"sackson", 2}, {"book1881", 4}, {"rummy_site", 3}, {"house_example", 6}}) {
    CAPTURE(id);
    const Replay r = recorded(id, players, 21);
    const Rederived original = derive(r);
    REQUIRE_MESSAGE(original.ok, original.error);
    CHECK(original.finished);
    for (Encoding e : {Encoding::Json, Encoding::Binary}) {
      const std::string bytes = encode(r, e);
      const Decoded d = decode(bytes);
      REQUIRE_MESSAGE(d.ok, d.error);
      CHECK(d.encoding == e);
      CHECK(d.replay == r);
      const Rederived again = derive(d.replay);
      REQUIRE(again.ok);
      CHECK(events_sha256(again.events, *again.final_state.rules) ==
            events_sha256(original.events, *original.final_state.rules));
      CHECK(encode(d.replay, e) == bytes);  // and re-encodes byte for byte
    }
  }
}

TEST_CASE("truncation at many points of each sample: an error, never a crash or a partial game") {
  for (const auto& [name, r] : samples()) {
    CAPTURE(name);
    for (Encoding e : {Encoding::Json, Encoding::Binary}) {
      const std::string bytes = encode(r, e);
      // Cut everywhere up to the end of the content (a JSON file's final
      // newline is not content: without it the file is whole).
      const size_t content = e == Encoding::Json ? bytes.find_last_not_of(" \n") + 1 : bytes.size();
      std::vector<size_t> cuts;
      for (size_t cut = 0; cut < content; cut += 1 + content / 300) cuts.push_back(cut);
      cuts.push_back(content - 1);
      for (size_t cut : cuts) {
        const Decoded d = decode(std::string_view(bytes).substr(0, cut));
        CAPTURE(cut);
        CHECK_FALSE(d.ok);
        CHECK_FALSE(d.error.empty());
      }
    }
  }
}

TEST_CASE(
    "flipped bytes in each sample: the binary checksum catches every one, JSON gives an error or "
    "the same shape") {
  for (const auto& [name, r] : samples()) {
    CAPTURE(name);
    const std::string bin = encode(r, Encoding::Binary);
    for (size_t at = 0; at < bin.size(); at += 1 + bin.size() / 200) {
      std::string bad = bin;
      bad[at] = static_cast<char>(bad[at] ^ 0x5a);
      const Decoded d = decode(bad);
      CAPTURE(at);
      CHECK_FALSE(d.ok);
      CHECK(d.error.find("byte ") != std::string::npos);  // where it is wrong
    }
    const std::string json = encode(r, Encoding::Json);
    int refused = 0;
    for (size_t at = 0; at < json.size(); at += 1 + json.size() / 200) {
      std::string bad = json;
      bad[at] = static_cast<char>(bad[at] ^ 0x21);
      const Decoded d = decode(bad);
      if (!d.ok) {
        ++refused;
        CHECK_FALSE(d.error.empty());
      } else {
        // A flip inside a string can still be well-formed JSON; the game then
        // re-derives or stops with a reason -- it never crashes.
        ResolvedVariant v = resolve_variant(d.replay, test::variants_dir());
        if (v.ok) (void)rederive(d.replay, v.variant.rules);
      }
    }
    CHECK(refused > 0);
  }
}

TEST_CASE("a 2^40 length prefix is refused before anything is allocated") {
  const Replay r = recorded("sackson", 2, 3);
  std::string bin = encode(r, Encoding::Binary);
  // The first string of the payload ("format") starts after the envelope's
  // 16 bytes and cereal's 1-byte endianness flag: its u64 length is there.
  const size_t at = 17;
  std::string huge = bin.substr(0, at);
  for (int i = 0; i < 8; ++i) huge += static_cast<char>(i == 5 ? 1 : 0);  // 2^40, little-endian
  huge += bin.substr(at + 8);
  const Decoded unsealed = decode(huge);
  CHECK_FALSE(unsealed.ok);
  CHECK(unsealed.error.find("checksum mismatch") != std::string::npos);
  // Re-sealed with a valid checksum (as a crafted file would be), the length
  // check itself refuses it.
  const std::string payload = huge.substr(16, huge.size() - 16 - 32);
  const auto sum = sha256(payload);
  huge = huge.substr(0, 16) + payload + std::string(reinterpret_cast<const char*>(sum.data()), 32);
  const Decoded d = decode(huge);
  CHECK_FALSE(d.ok);
  CHECK(d.error == "byte 17: format: string of 1099511627776 bytes, more than the 256 allowed");
}

TEST_CASE("100000 nested brackets are refused by the depth cap") {
  const std::string deep(100000, '[');
  const Decoded d = decode(deep);
  CHECK_FALSE(d.ok);
  CHECK(d.error == "JSON nests deeper than 32 levels at byte 32");
  const std::string objects = "{\"a\":" + std::string(50000, '{');
  CHECK_FALSE(decode(objects).ok);
}

TEST_CASE("wrong JSON types are named by their path") {
  const Replay r = recorded("sackson", 2, 4);
  std::string json = encode(r, Encoding::Json);
  struct Case {
    std::string from, to, error;
  };
  for (const Case& c : std::vector<Case>{
           {"\"version\": 2", "\"version\": \"2\"",
            "$.version: expected an integer, found a string"},
           {"\"version\": 2", "\"version\": 3",
            "$.version: replay format 3 is newer than this build reads (1-2)"},
           {"\"players\": 2", "\"players\": 9", "$.table.players: 9 is out of range (2 to 6)"},
           {"\"players\": 2", "\"players\": [2]",
            "$.table.players: expected an integer, found an array"},
           {"\"dealer\": ", "\"dealer\": null, \"x\": ",
            "$.hands[0].dealer: expected an integer, found null"},
           {"\"format\": \"zetema-replay\"", "\"format\": \"chess\"",
            "$.format: not a Zetema replay (format must be \"zetema-replay\")"},
           {"\"seats\": [\n      \"greedy\"", "\"seats\": [7",
            "$.table.seats[0]: expected a string, found a number"},
           {"\"variant\": {", "\"variant\": [], \"v\": {",
            "$.variant: expected an object, found an array"},
       }) {
    CAPTURE(c.to);
    std::string bad = json;
    const size_t at = bad.find(c.from);
    REQUIRE(at != std::string::npos);
    bad.replace(at, c.from.size(), c.to);
    const Decoded d = decode(bad);
    CHECK_FALSE(d.ok);
    CHECK(d.error == c.error);
  }
  CHECK(decode("[1, 2]").error == "$: a replay is a JSON object");
  CHECK(decode("{\"format\": ").error.find("not valid JSON at byte 11") == 0);
  // A NUL byte ends JSON text for the parser, which then called a file of
  // binary garbage "empty"; the error says where the NUL is instead.
  CHECK(decode(std::string("\x00\x01\x02", 3)).error ==
        "not a replay: a NUL byte at byte 0 (JSON text has none, and a binary replay starts "
        "with ZTMR)");
  CHECK(decode(std::string("{\"format\": 2\x00}", 14)).error ==
        "not a replay: a NUL byte at byte 12 (JSON text has none, and a binary replay starts "
        "with ZTMR)");
}

TEST_CASE("an action that is illegal at its point stops the re-derivation with its reason") {
  Replay r = recorded("sackson", 2, 6);
  // A card the player to move does not hold: one from the other hand.
  const Rederived before = derive(r);
  REQUIRE(before.ok);
  State at = new_game(test::variant("sackson"), replay_setup(r)).state;
  EventLog scratch;
  REQUIRE(
      deal(at, parse_cards(r.hands[0].deck, Suit::Spades).cards, r.hands[0].dealer, scratch).ok);
  for (int a = 0; a < 3; ++a)
    REQUIRE(apply(at, parse_action(r.hands[0].actions[a], Suit::Spades).action, scratch).ok);
  const Card foreign = at.hand((at.current + 1) % 2).cards().front();
  r.hands[0].actions[3] = "discard " + to_string(foreign);
  const Rederived bad = derive(r);
  CHECK_FALSE(bad.ok);
  CHECK(bad.error == "hand 1, action 4 'discard " + to_string(foreign) + "': card " +
                         to_string(foreign) + " is not in " + player_name(at.current) + "'s hand");
  r.hands[0].actions[3] = "declare 7S";
  const Rederived garbled = derive(r);
  CHECK_FALSE(garbled.ok);
  CHECK(garbled.error ==
        "hand 1, action 4 'declare 7S': unknown action 'declare': expected discard, "
        "sequence, flush, flush-sequence, assembly or marriages");
  r.hands[0].actions[3] = "flush 2C 3C 4C 5C 6C 7C";
  const Rederived illegal = derive(r);
  CHECK_FALSE(illegal.ok);
  CAPTURE(illegal.error);
  CHECK(illegal.error.find("hand 1, action 4 'flush 2C 3C 4C 5C 6C 7C': ") == 0);
  CHECK(illegal.error.size() > std::string("hand 1, action 4 'flush 2C 3C 4C 5C 6C 7C': ").size());
}

TEST_CASE("verify compares the re-derived events with the recorded hash") {
  Replay r = recorded("rummy_site", 3, 12);
  CHECK(verify_replay(r, test::variant("rummy_site")).ok);
  // Cut short: the game re-derives, but not as recorded.
  Replay cut = r;
  cut.hands.back().actions.resize(cut.hands.back().actions.size() - 10);
  const Verified short_game = verify_replay(cut, test::variant("rummy_site"));
  CHECK_FALSE(short_game.ok);
  CHECK(short_game.error.find("the game re-derives differently from the recorded one") == 0);
  // A path as a variant id is refused at decoding.
  std::string json = encode(r, Encoding::Json);
  json.replace(json.find("\"id\": \"rummy_site\""), 18, "\"id\": \"/dev/zero\"");
  CHECK(decode(json).error == "$.variant.id: a variant id is lower-case letters, digits and _");
}

TEST_CASE("1881 irregularities are recorded in action notation and re-derived") {
  Replay r = recorded("book1881", 2, 4);
  // Expose a card the second player holds after the first action.
  State at = new_game(test::variant("book1881"), replay_setup(r)).state;
  EventLog scratch;
  REQUIRE(
      deal(at, parse_cards(r.hands[0].deck, Suit::Spades).cards, r.hands[0].dealer, scratch).ok);
  REQUIRE(apply(at, parse_action(r.hands[0].actions[0], Suit::Spades).action, scratch).ok);
  const int other = (at.current + 1) % 2;
  const Card shown = at.hand(other).cards().back();
  const std::string irr = "expose " + player_name(other) + " " + to_string(shown);
  r.hands[0].actions.insert(r.hands[0].actions.begin() + 1, irr);
  const Rederived g = rederive(r, test::variant("book1881"));
  // The exposed card must be played at that player's next turn, so the
  // recorded game stops where it played something else -- or goes on.
  CHECK((g.ok || g.error.find("must be played") != std::string::npos));
  size_t irregularities = 0;
  for (const Event& e : g.events) irregularities += e.type == EventType::Irregularity;
  CHECK(irregularities == 1);
  const IrregularityParse parsed = parse_irregularity(irr, Suit::Spades, 2);
  REQUIRE(parsed.ok);
  CHECK(to_string(parsed.irr) == irr);
  CHECK(parse_irregularity("missed-draw P3", Suit::Spades, 2).error ==
        "expected a player P1 to P2, got 'P3'");
  // Under rules without the 1881 penalties, it is a divergence.
  r.hands[0].actions.resize(2);
  const DiffResult d = diff_replay(r, test::variant("book1881"), test::variant("sackson"), {});
  REQUIRE(d.ok);
  REQUIRE_FALSE(d.divergences.empty());
  CHECK(d.divergences.front().reason == "variant sackson has no 1881 penalties (penalties_1881)");
}

TEST_CASE("a deck that is not the 65 cards is refused") {
  Replay r = recorded("sackson", 2, 7);
  const std::string deck = r.hands[0].deck;
  r.hands[0].deck = deck.substr(0, deck.rfind(' '));  // 64 cards
  CHECK(derive(r).error == "hand 1, deck: a deck has 65 cards, got 64");
  r.hands[0].deck = deck.substr(0, deck.rfind(' ')) + " " + deck.substr(0, deck.find(' '));
  CHECK(derive(r).error.find("is given twice") != std::string::npos);
  r.hands[0].deck = "7X " + deck.substr(deck.find(' ') + 1);
  CHECK(derive(r).error == "hand 1, deck: bad card '7X': suit must be one of C D H S");
}

TEST_CASE("unknown or changed variants use the embedded sources, and say so") {
  Replay r = recorded("house_example", 3, 8);
  const Rederived original = derive(r);
  REQUIRE(original.ok);
  r.variant = "house_elsewhere";
  r.sources.front().id = "house_elsewhere";
  r.sources.front().text.replace(r.sources.front().text.find("id = \"house_example\""),
                                 std::string("id = \"house_example\"").size(),
                                 "id = \"house_elsewhere\"");
  r.variant_sha256 = sources_sha256(r.sources);
  ResolvedVariant v = resolve_variant(r, test::variants_dir());
  REQUIRE_MESSAGE(v.ok, v.error);
  CHECK(v.embedded);
  REQUIRE(v.notes.size() == 1);
  CHECK(
      v.notes[0] ==
      "variant 'house_elsewhere' is not installed: running the Lua sources embedded in the replay "
      "(code that came with the file)");
  const Rederived again = rederive(r, v.variant.rules);
  REQUIRE(again.ok);
  CHECK(events_sha256(again.events, *again.final_state.rules) ==
        events_sha256(original.events, *original.final_state.rules));
  // The installed file changed since: the embedded sources are used, with a note.
  Replay changed = recorded("sackson", 2, 8);
  changed.sources.front().text += "\n-- an older copy of the file\n";
  changed.variant_sha256 = sources_sha256(changed.sources);
  const ResolvedVariant older = resolve_variant(changed, test::variants_dir());
  REQUIRE(older.ok);
  CHECK(older.embedded);
  REQUIRE(older.notes.size() == 1);
  CHECK(older.notes[0] ==
        "the replay's variant 'sackson' differs from the installed file of that id (SHA-256 "
        "differs): running the Lua sources embedded in the replay (code that came with the file)");
  // A replay that names one variant and embeds another is refused.
  Replay mislabelled = recorded("house_example", 2, 8);
  mislabelled.variant = "sackson";
  CHECK(resolve_variant(mislabelled, test::variants_dir()).error ==
        "$.variant: the replay names variant 'sackson' but embeds 'house_example'");
  // A tampered embedded source no longer matches the recorded hash.
  r.sources.front().text += "\n-- changed";
  const ResolvedVariant tampered = resolve_variant(r, test::variants_dir());
  CHECK_FALSE(tampered.ok);
  CHECK(tampered.error ==
        "$.variant.sha256: the embedded variant sources do not match the replay's own SHA-256: the "
        "file is corrupt (or was edited)");
}
