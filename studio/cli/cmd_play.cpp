// `zetema play`: one game with bots, its events in card notation.
#include <iostream>
#include <memory>

#include "engine/bots.h"
#include "engine/choices.h"
#include "engine/match.h"
#include "replays/json_writer.h"
#include "replays/record.h"
#include "replays/replay_file.h"
#include "replays/text.h"
#include "scripting/run_budget.h"
#include "scripting/variant_loader.h"
#include "studio/cli/command_registry.h"
#include "studio/cli/commands.h"
#include "studio/cli/game_options.h"
#include "studio/cli/interrupt.h"
#include "studio/cli/output_file.h"

namespace zetema::cli {

namespace {

size_t actions(const MatchRecord& m) {
  size_t n = 0;
  for (const HandRecord& h : m.hands) n += h.actions.size();
  return n;
}

// The game step by step until it ends or Ctrl-C: every action applied
// before the interrupt is kept (a hook stopped by it changes nothing).
MatchRecord play_until_interrupted(const Ruleset& rules, const MatchConfig& config) {
  for (int p = 0; p < config.setup.players; ++p) {
    if (seat_bot(config.bots, p) == kHumanSeat) return play_match(rules, config);  // refused
  }
  const scripting::RunBudget budget(rules);  // the game's hook calls together
  GameLoop loop(rules, config);
  while (!interrupted()) {
    const LoopStep s = loop.step();
    if (s != LoopStep::Dealt && s != LoopStep::BotActed) break;
  }
  return std::move(loop).take_record();
}

void print_text(const Ruleset& rules, const PlayOptions& o, const MatchRecord& m, bool stopped) {
  const State& s = m.final_state;
  std::cout << "Zetema: " << rules.name << " [" << rules.id << "], " << o.players
            << " players, seed " << o.seed << "\n";
  for (int p = 0; p < s.players; ++p) {
    const std::string bot = seat_bot(o.bots, p);
    std::cout << (p ? ", " : "") << player_name(p) << " " << bot;
  }
  if (s.partnerships != Partnerships::Off) {
    std::cout << "; sides:";
    for (int side = 0; side < s.sides; ++side) std::cout << " " << side_name(s, side);
  }
  std::cout << "\n";
  int hand = 0;
  for (const Event& e : m.events) {
    if (e.type == EventType::HandStart) {
      std::cout << "hand " << ++hand << ": " << replays::printable(describe(e, s)) << "\n";
    } else {
      std::cout << "  " << replays::printable(describe(e, s)) << "\n";
    }
  }
  std::cout << "final scores:";
  for (int side = 0; side < s.sides; ++side) {
    std::cout << (side ? "," : "") << " " << side_name(s, side) << " " << s.score[side];
  }
  std::cout << "\n";
  if (stopped) {
    std::cout << "interrupted (Ctrl-C) in hand " << m.hands.size() << ", after " << actions(m)
              << " action(s)\n";
  } else if (m.completed) {
    std::cout << winners_text(s, s.winners) << " after " << m.hands.size() << " hand(s), "
              << s.turn_number << " turns\n";
  } else if (!m.ok) {
    std::cout << "stopped after " << m.hands.size() << " hand(s): an error (below)\n";
  } else {
    std::cout << "unfinished: no end after " << m.hands.size() << " hands (--max-hands)\n";
  }
}

// A place as `play --json` writes it (docs/play-json.md): the zone's name
// as a variant writes it, a hand with its seat ("hand P2").
std::string place_json(Place p) {
  if (p.zone == Zone::Hand) return "hand " + player_name(p.seat);
  return std::string(to_string(p.zone));
}

void event_json(replays::JsonWriter& j, const Event& e, const State& s, const Ruleset& rules) {
  j.begin_object();
  j.key("type").value(to_string(e.type));
  if (e.player < kMaxPlayers) j.key("player").value(player_name(e.player));
  if (e.card.valid()) j.key("card").value(to_string(e.card));
  if (!e.cards.empty()) j.key("cards").value(to_string(e.cards));
  if (e.type == EventType::Declare) j.key("kind").value(kind_name(e.kind, *s.rules));
  if (e.type == EventType::Zetema) j.key("rank").value(std::string(1, rank_char(e.rank)));
  if (e.type == EventType::Turn) j.key("change").value(std::string(to_string(e.change)));
  if (e.type == EventType::Move) {
    j.key("from").value(place_json(e.from));
    j.key("to").value(place_json(e.to));
  }
  if (e.type == EventType::Shuffle) j.key("zone").value(place_json(e.to));
  if ((e.type == EventType::Offer || e.type == EventType::Choice) &&
      e.rank < rules.choices.size()) {
    j.key("choice").value(rules.choices[e.rank].name);
  }
  if (e.type == EventType::Choice) {
    j.key("option").value(choice_option_text(rules, choice_of_event(e)));
  }
  if (e.type == EventType::Declare || e.type == EventType::Zetema || e.type == EventType::Award) {
    j.key("side").value(side_name(s, e.side));
    j.key("points").value(e.points);
  }
  if (!e.reason.empty()) j.key("reason").value(e.reason.str());
  if (e.rule != RuleId::Count) j.key("cause").value(describe_cause(e, rules));
  if (e.type == EventType::GameEnd) {
    j.key("winners").begin_array();
    for (int side = 0; side < s.sides; ++side) {
      if (e.winners & (1u << side)) j.value(side_name(s, side));
    }
    j.end_array();
  }
  j.end_object();
}

void print_json(const Ruleset& rules, const PlayOptions& o, const MatchRecord& m, bool stopped) {
  const State& s = m.final_state;
  replays::JsonWriter j(replays::kOneLineJson);
  j.begin_object();
  j.key("variant").value(rules.id);
  j.key("players").value(o.players);
  j.key("seed").value(static_cast<unsigned long long>(o.seed));
  j.key("bots").begin_array();
  for (int p = 0; p < s.players; ++p) {
    j.value(seat_bot(o.bots, p));
  }
  j.end_array();
  j.key("sides").begin_array();
  for (int side = 0; side < s.sides; ++side) j.value(side_name(s, side));
  j.end_array();
  j.key("hands").begin_array();
  for (const HandRecord& h : m.hands) {
    j.begin_object();
    j.key("dealer").value(player_name(h.dealer));
    j.key("deck").value(to_string(std::vector<Card>(h.deck.begin(), h.deck.end())));
    j.key("actions").begin_array();
    for (const Action& a : h.actions) j.value(to_string(a, s.rules));
    j.end_array();
    j.end_object();
  }
  j.end_array();
  j.key("events").begin_array();
  for (const Event& e : m.events) event_json(j, e, s, rules);
  j.end_array();
  j.key("scores").begin_object();
  for (int side = 0; side < s.sides; ++side) j.key(side_name(s, side)).value(s.score[side]);
  j.end_object();
  j.key("completed").value(m.completed);
  j.key("interrupted").value(stopped);
  j.key("turns").value(static_cast<long long>(s.turn_number));
  j.end_object();
  std::cout << j.str() << "\n";
}

}  // namespace

int run_play(const PlayOptions& o, const scripting::VariantFolder& variants) {
  // A --record the save would refuse is refused before the game is played.
  if (!o.record.empty()) {
    if (std::string why = refuse_overwrite(o.record, o.force, "--record"); !why.empty()) {
      std::cerr << "zetema play: " << why << "\n";
      return 2;
    }
    if (std::string why = probe_writable(o.record); !why.empty()) {
      std::cerr << "zetema play: " << replays::printable(why) << "\n";
      return 1;
    }
  }
  scripting::LoadedVariant v = scripting::load_variant_spec(o.variant, variants);
  if (!v.ok) {
    std::cerr << "zetema play: " << replays::printable(v.error->describe()) << "\n";
    return 1;
  }
  MatchConfig config;
  config.setup.players = o.players;
  config.setup.partnerships = parse_teams(o.teams);
  config.seed = o.seed;
  config.bots = o.bots;
  config.max_hands = o.max_hands;
  const MatchRecord m = play_until_interrupted(v.rules, config);
  const bool stopped = interrupted();
  if (stopped && m.hands.empty()) return report_interrupted("play", "no hand was dealt");
  if (!m.ok && m.hands.empty()) {
    std::cerr << "zetema play: " << replays::printable(m.error) << "\n";
    return 1;
  }
  if (!o.record.empty()) {
    std::vector<std::string> seats;
    for (int p = 0; p < o.players; ++p) seats.push_back(seat_bot(o.bots, p));
    const replays::Replay r =
        replays::make_replay(v, m.final_state, o.seed, seats, m.hands, m.events);
    if (std::string why = replays::save_replay(o.record, r); !why.empty()) {
      std::cerr << "zetema play: " << replays::printable(why) << "\n";
      return 1;
    }
  }
  if (o.json) {
    print_json(v.rules, o, m, stopped);
  } else {
    print_text(v.rules, o, m, stopped);
  }
  if (stopped) {
    return report_interrupted("play",
                              "the " + std::to_string(actions(m)) + " action(s) of " +
                                  std::to_string(m.hands.size()) + " hand(s) played are kept" +
                                  (o.record.empty() ? "" : " in " + replays::printable(o.record)));
  }
  if (!m.ok) {
    std::cerr << "zetema play: the game stopped: " << replays::printable(m.error) << "\n";
    return 1;
  }
  return 0;
}

void add_play_command(CommandRegistry& commands) {
  struct Args {
    PlayOptions play;
    std::string bots = "random";
  };
  auto args = std::make_shared<Args>();
  CLI::App* ply = commands.add("play", "Play one game with bots and print its events",
                               [args](const scripting::VariantFolder& variants) {
                                 if (!read_bots(args->bots, "play", args->play.bots)) return 2;
                                 return run_play(args->play, variants);
                               });
  PlayOptions& play = args->play;
  ply->add_option("--variant", play.variant, "Variant id or .lua file")->capture_default_str();
  add_whole(ply, "--players", play.players, 2, 6, "Players, 2 to 6");
  ply->add_option("--teams", play.teams, "default, off, pairs (4 or 6) or threes (6)")
      ->capture_default_str()
      ->check(CLI::IsMember(kTeams));
  add_whole(ply, "--seed", play.seed, uint64_t{0}, kMaxSeed, "Seed (same seed, same game)");
  ply->add_option("--bots", args->bots,
                  "Bots by seat, comma-separated (" + bot_list() + "); the last repeats")
      ->capture_default_str();
  // At most what a replay holds, so --record never writes a file that
  // `replay verify` refuses.
  add_whole(ply, "--max-hands", play.max_hands, 1, kMaxHandsOption,
            "Stop a game that has not ended after this many hands");
  ply->add_flag("--json", play.json, "Print JSON instead of text");
  ply->add_option("--record", play.record,
                  "Save the game's replay to this file (.json: JSON, else binary)")
      ->check(output_file_name());
  ply->add_flag("--force", play.force, "Replace the --record file if it exists");
}

}  // namespace zetema::cli
