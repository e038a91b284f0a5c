#include "replays/record.h"

#include "engine/event.h"
#include "engine/game.h"
#include "engine/version.h"
#include "replays/codec.h"
#include "replays/sha256.h"
#include "scripting/run_budget.h"

namespace zetema::replays {

std::vector<ReplayHand> replay_hands(const std::vector<HandRecord>& hands, const Ruleset& rules) {
  std::vector<ReplayHand> out;
  for (const HandRecord& h : hands) {
    ReplayHand rh;
    rh.dealer = h.dealer;
    rh.deck = to_string(std::vector<Card>(h.deck.begin(), h.deck.end()));
    for (const Action& a : h.actions) rh.actions.push_back(to_string(a, &rules));
    out.push_back(std::move(rh));
  }
  return out;
}

Replay make_replay(const scripting::LoadedVariant& variant, const State& table, uint64_t seed,
                   const std::vector<std::string>& seats, const std::vector<HandRecord>& hands,
                   const EventLog& events) {
  Replay r;
  r.engine_version = std::string(kEngineVersion);
  r.variant = variant.rules.id;
  for (const auto& s : variant.sources) r.sources.push_back({s.id, s.file, s.text});
  r.variant_sha256 = sources_sha256(r.sources);
  r.players = table.players;
  r.teams = std::string(to_string(table.partnerships));
  r.seed = seed;
  r.seats = seats;
  r.hands = replay_hands(hands, variant.rules);
  r.events_sha256 = events_sha256(events, variant.rules);
  return r;
}

ResolvedVariant embedded_variant(const Replay& r, const scripting::SandboxLimits& limits) {
  ResolvedVariant out;
  out.embedded = true;
  if (std::string why = check_record(r); !why.empty()) {
    out.error = why;
    return out;
  }
  scripting::VariantResolver from_replay =
      [&r](const std::string& id, std::string& why) -> std::optional<scripting::VariantSource> {
    for (const ReplaySource& s : r.sources) {
      if (s.id == id) return scripting::VariantSource{s.id, s.file, s.text};
    }
    why = "not among the sources embedded in the replay";
    return std::nullopt;
  };
  const ReplaySource& top = r.sources.front();
  out.variant = scripting::load_variant({top.id, top.file, top.text}, from_replay, limits);
  if (!out.variant.ok) {
    out.error = "the embedded variant does not load: " + out.variant.error->describe();
    return out;
  }
  out.ok = true;
  return out;
}

namespace {

// `installed`: an installed file of the replay's id exists (and differs).
std::string embedded_note(const Replay& r, bool installed) {
  return (installed ? "the replay's variant '" + r.variant +
                          "' differs from the installed file of that id (SHA-256 differs)"
                    : "variant '" + r.variant + "' is not installed") +
         ": running the Lua sources embedded in the replay (code that came with the file)";
}

bool installed_matches(const Replay& r, const scripting::LoadedVariant& installed) {
  if (!installed.ok) return false;
  std::vector<ReplaySource> sources;
  for (const auto& s : installed.sources) sources.push_back({s.id, s.file, s.text});
  return sources_sha256(sources) == r.variant_sha256;
}

}  // namespace

std::string embedded_sources_note(const Replay& r, const std::string& variants_dir,
                                  const std::string& shown_dir) {
  if (!check_record(r).empty()) return "";
  const scripting::LoadedVariant installed =
      scripting::load_variant_spec(r.variant, variants_dir, {}, shown_dir);
  return installed_matches(r, installed) ? "" : embedded_note(r, installed.ok);
}

ResolvedVariant resolve_variant(const Replay& r, const std::string& variants_dir,
                                const std::string& shown_dir, const NoteSink& tell) {
  // The file is checked first, whatever is installed: sources that do not
  // hash to the replay's own SHA-256 make it corrupt even when an installed
  // file does.
  if (std::string why = check_record(r); !why.empty()) {
    ResolvedVariant out;
    out.error = why;
    return out;
  }
  scripting::LoadedVariant installed =
      scripting::load_variant_spec(r.variant, variants_dir, {}, shown_dir);
  if (installed_matches(r, installed)) {
    ResolvedVariant out;
    out.ok = true;
    out.variant = std::move(installed);
    return out;
  }
  // Said before the replay's own Lua runs (its loading runs its top level).
  const std::string note = embedded_note(r, installed.ok);
  if (tell) tell(note);
  ResolvedVariant out = embedded_variant(r);
  out.notes.push_back(note);
  return out;
}

GameSetup replay_setup(const Replay& r) {
  GameSetup setup;
  setup.players = r.players;
  Partnerships p;
  if (parse_enum(r.teams, p)) setup.partnerships = p;
  setup.hook_seed = stream_seed(r.seed, SeedStream::Hooks);
  return setup;
}

ApplyResult apply_step(State& s, const Step& step, EventLog& out, const EventObserver* observe) {
  switch (step.kind) {
    case Step::Kind::Deal:
      return deal(s, step.deck, step.dealer, out, observe);
    case Step::Kind::Action:
      return apply(s, step.parsed, out, observe);
    case Step::Kind::Irregularity:
      return apply_irregularity(s, step.irregular, out, observe);
  }
  return ApplyResult::refuse("unknown step");
}

namespace {

// Deals hand `h` of the record, a step of `out`; false (and `out.error`) if
// the record's deal cannot be made there.
bool rederive_deal(const Replay& r, size_t h, const Ruleset& rules, const EventObserver* observe,
                   Rederived& out) {
  const ReplayHand& hand = r.hands[h];
  State& s = out.final_state;
  const std::string where = "hand " + std::to_string(h + 1);
  if (s.phase != Phase::Deal) {
    out.error =
        where + ": " + (s.over() ? "the game was already over" : "the previous hand had not ended");
    return false;
  }
  const CardListParse deck = parse_cards(hand.deck, rules.imperial_suit);
  if (!deck.ok) {
    out.error = where + ", deck: " + deck.error;
    return false;
  }
  Step deal_step;
  deal_step.hand = static_cast<int>(h);
  deal_step.first_event = out.events.size();
  deal_step.dealer = hand.dealer;
  deal_step.deck = deck.cards;
  deal_step.player = s.current;
  // D2: the deal passes on as the rules say (one seat clockwise unless a
  // variant says otherwise); a replay may not pick its dealers.
  if (h > 0 && hand.dealer != next_dealer(s)) {
    out.error = where + ": the dealer is " + player_name(hand.dealer) + ", but after " +
                player_name(s.dealer) + " the deal passes to " + player_name(next_dealer(s)) +
                " (D2)";
    return false;
  }
  const ApplyResult dealt = apply_step(s, deal_step, out.events, observe);
  if (!dealt.ok) {
    out.error = where + ", deck: " + dealt.reason;
    return false;
  }
  deal_step.end_event = out.events.size();
  out.steps.push_back(std::move(deal_step));
  return true;
}

// Applies action `a` of hand `h` (an action, or an 1881 irregularity), a
// step of `out`; false (and `out.error`) if it cannot be read or is refused.
bool rederive_action(const ReplayHand& hand, size_t h, size_t a, const Ruleset& rules,
                     const EventObserver* observe, Rederived& out) {
  State& s = out.final_state;
  const std::string at = "hand " + std::to_string(h + 1) + ", action " + std::to_string(a + 1) +
                         " '" + hand.actions[a] + "'";
  Step step;
  step.hand = static_cast<int>(h);
  step.action = static_cast<int>(a);
  step.player = s.current;
  step.first_event = out.events.size();
  const IrregularityParse irr = parse_irregularity(hand.actions[a], rules.imperial_suit, s.players);
  if (irr.ok) {
    step.kind = Step::Kind::Irregularity;
    step.irregular = irr.irr;
  } else {
    const ActionParse parsed = parse_action(hand.actions[a], rules);
    if (!parsed.ok) {
      out.error = at + ": " + (irr.error.empty() ? parsed.error : irr.error);
      return false;
    }
    step.kind = Step::Kind::Action;
    step.parsed = parsed.action;
  }
  const ApplyResult applied = apply_step(s, step, out.events, observe);
  if (!applied.ok) {
    out.error = at + ": " + applied.reason;
    return false;
  }
  step.end_event = out.events.size();
  out.steps.push_back(std::move(step));
  return true;
}

}  // namespace

Rederived rederive(const Replay& r, const Ruleset& rules, const EventObserver* observe) {
  // Every hook call of the re-derivation together within the run's budget.
  const scripting::RunBudget budget(rules);
  Rederived out;
  Partnerships teams;
  if (!parse_enum(r.teams, teams)) {
    out.error = "table: unknown teams '" + r.teams + "' (off, pairs, teams_of_three)";
    return out;
  }
  NewGame g = new_game(rules, replay_setup(r));
  if (!g.ok) {
    out.error = "table: " + g.error;
    return out;
  }
  out.final_state = std::move(g.state);
  for (size_t h = 0; h < r.hands.size(); ++h) {
    out.failed_hand = static_cast<int>(h);
    out.failed_action = -1;
    if (!rederive_deal(r, h, rules, observe, out)) return out;
    for (size_t a = 0; a < r.hands[h].actions.size(); ++a) {
      out.failed_action = static_cast<int>(a);  // where a refusal leaves the game
      if (!rederive_action(r.hands[h], h, a, rules, observe, out)) return out;
    }
  }
  out.finished = out.final_state.over();
  out.failed_hand = out.failed_action = -1;
  out.ok = true;
  return out;
}

Verified verify_replay(const Replay& r, const Ruleset& rules) {
  Verified v;
  v.game = rederive(r, rules);
  if (!v.game.ok) {
    v.error = v.game.error;
    return v;
  }
  const std::string got = events_sha256(v.game.events, rules, r.format);
  if (r.events_sha256.empty()) {
    v.error = "the replay records no events_sha256 to compare with";
    return v;
  }
  if (got != r.events_sha256) {
    v.error =
        "the game re-derives differently from the recorded one (events sha256 " +
        got.substr(0, 16) + ", recorded " + r.events_sha256.substr(0, 16) +
        "): the rules or the engine changed, the file was cut, or a hook is not a pure function";
    return v;
  }
  v.ok = true;
  return v;
}

namespace {

// Format 1: the enum numbers of engine version 1, whose "no rule" was 13.
std::string event_line_v1(const Event& e) {
  const int rule = e.rule == RuleId::Count ? 13 : static_cast<int>(e.rule);
  return std::to_string(static_cast<int>(e.type)) + ' ' + std::to_string(e.player) + ' ' +
         std::to_string(e.side) + ' ' + std::to_string(static_cast<int>(e.kind)) + ' ' +
         to_string(e.card) + ' ' + to_string(e.cards) + ' ' + std::to_string(e.points) + ' ' +
         std::to_string(e.bonus) + ' ' + std::to_string(e.rank) + ' ' + std::to_string(rule) + ' ' +
         std::to_string(e.by_hook) + ' ' + std::to_string(e.winners) + ' ' +
         std::to_string(static_cast<int>(e.end_reason)) + '\n';
}

std::string_view end_reason_name(GameEndReason r) {
  switch (r) {
    case GameEndReason::Target:
      return "target";
    case GameEndReason::OneDeal:
      return "one-deal";
    case GameEndReason::Hook:
      return "hook";
    case GameEndReason::EndOfHandTarget:
      return "end-of-hand-target";
  }
  return "?";
}

// A place by its zone's stable name, a hand with its seat as `player` is
// written ("hand:1" for P2's).
std::string place_key(Place p) {
  std::string out(to_string(p.zone));
  if (p.zone == Zone::Hand) out += ':' + std::to_string(p.seat);
  return out;
}

// The places of a Move (from, to) or a Shuffle (the zone); nothing for the
// other types, so the line, and every hash recorded before moves, stays.
std::string places(const Event& e) {
  if (e.type == EventType::Move) return ' ' + place_key(e.from) + ' ' + place_key(e.to);
  if (e.type == EventType::Shuffle) return ' ' + place_key(e.to);
  return {};
}

// Format 2: stable names, so reordering an enum never changes a hash.
std::string event_line_v2(const Event& e, const Ruleset& rules) {
  const std::string rule = e.rule == RuleId::Count ? "-" : std::string(rule_name(e.rule));
  // A choice's events hold its index, which is the loader's: written by name.
  const std::string rank = e.rule == RuleId::Choice && e.rank < rules.choices.size()
                               ? rules.choices[e.rank].name
                               : std::to_string(e.rank);
  const std::string hook = e.hook == Hook::Count ? "-" : std::string(hook_name(e.hook));
  return std::string(to_string(e.type)) + ' ' + std::to_string(e.player) + ' ' +
         std::to_string(e.side) + ' ' + kind_name(e.kind, rules) + ' ' + to_string(e.card) + ' ' +
         to_string(e.cards) + ' ' + std::to_string(e.points) + ' ' + std::to_string(e.bonus) + ' ' +
         rank + ' ' + rule + ' ' + std::to_string(e.by_hook) + ' ' + hook + ' ' +
         std::to_string(e.winners) + ' ' + std::string(end_reason_name(e.end_reason)) + ' ' +
         std::to_string(e.reason.size()) + ':' + e.reason.str() + places(e) + '\n';
}

}  // namespace

std::string events_sha256(const EventLog& events, const Ruleset& rules, int format) {
  Sha256 h;
  for (const Event& e : events) h.update(format == 1 ? event_line_v1(e) : event_line_v2(e, rules));
  return to_hex(h.digest());
}

}  // namespace zetema::replays
