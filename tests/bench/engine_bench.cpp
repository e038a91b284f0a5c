// Engine benchmarks (Google Benchmark). Results and the command that
// reproduces them are recorded in docs/benchmarks.md.
//
//   build/release/tests/bench/engine_bench --benchmark_repetitions=5
//       --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <iostream>
#include <map>

#include "engine/bots.h"
#include "engine/game.h"
#include "engine/ismcts_bot.h"
#include "engine/layout.h"
#include "engine/match.h"
#include "scripting/variant_loader.h"

using namespace zetema;

namespace {

const Ruleset& loaded(const std::string& spec) {
  static std::map<std::string, Ruleset> cache;
  auto it = cache.find(spec);
  if (it == cache.end()) {
    auto v = scripting::load_variant_spec(spec, ZETEMA_VARIANTS_DIR);
    if (!v.ok) {
      std::cerr << v.error->describe() << "\n";
      std::exit(1);
    }
    it = cache.emplace(spec, std::move(v.rules)).first;
  }
  return it->second;
}

// Random-policy games with 2 players, counted in hands: every iteration is
// one whole game (each seed a new one), its hands added to the rate.
void play_random_games(benchmark::State& state, const Ruleset& rules) {
  MatchConfig config;
  config.setup.players = 2;
  config.bots = {"random"};
  uint64_t seed = 1;
  int64_t hands = 0;
  for (auto _ : state) {
    config.seed = seed++;
    MatchRecord m = play_match(rules, config);
    if (!m.ok) state.SkipWithError(m.error.c_str());
    hands += static_cast<int64_t>(m.hands.size());
    benchmark::DoNotOptimize(m.final_state.score[0]);
  }
  state.counters["hands/s"] =
      benchmark::Counter(static_cast<double>(hands), benchmark::Counter::kIsRate);
}

void BM_RandomHands_Variant(benchmark::State& state, const char* id) {
  play_random_games(state, loaded(id));
}
BENCHMARK_CAPTURE(BM_RandomHands_Variant, sackson, "sackson");
BENCHMARK_CAPTURE(BM_RandomHands_Variant, rules_site, "rules_site");
BENCHMARK_CAPTURE(BM_RandomHands_Variant, book1881, "book1881");
BENCHMARK_CAPTURE(BM_RandomHands_Variant, rummy_site, "rummy_site");
BENCHMARK_CAPTURE(BM_RandomHands_Variant, house_example, "house_example");
BENCHMARK_CAPTURE(BM_RandomHands_Variant, parlett, "parlett");

// Greedy bots in both seats (each bot previews its scoring actions).
void BM_GreedyHands_Variant(benchmark::State& state, const char* id) {
  const Ruleset& rules = loaded(id);
  MatchConfig config;
  config.setup.players = 2;
  config.bots = {"greedy"};
  uint64_t seed = 1;
  int64_t hands = 0;
  for (auto _ : state) {
    config.seed = seed++;
    MatchRecord m = play_match(rules, config);
    if (!m.ok) state.SkipWithError(m.error.c_str());
    hands += static_cast<int64_t>(m.hands.size());
  }
  state.counters["hands/s"] =
      benchmark::Counter(static_cast<double>(hands), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_GreedyHands_Variant, sackson, "sackson");
BENCHMARK_CAPTURE(BM_GreedyHands_Variant, rules_site, "rules_site");
BENCHMARK_CAPTURE(BM_GreedyHands_Variant, book1881, "book1881");
BENCHMARK_CAPTURE(BM_GreedyHands_Variant, rummy_site, "rummy_site");
BENCHMARK_CAPTURE(BM_GreedyHands_Variant, house_example, "house_example");
BENCHMARK_CAPTURE(BM_GreedyHands_Variant, parlett, "parlett");

// One decision of the Monte Carlo bot at its default budget (64 playouts),
// on positions from seeded games.
// Positions 20 random moves into seeded two-player games of `variant`.
std::vector<State> decision_positions(const Ruleset& rules) {
  std::vector<State> positions;
  for (uint64_t seed = 1; positions.size() < 64; ++seed) {
    NewGame g = new_game(rules, GameSetup{2, std::nullopt, 0});
    State s = g.state;
    Rng rng(seed);
    EventLog log;
    if (!deal(s, shuffled_deck(rules.imperial_suit, rng), 0, log).ok) continue;
    std::vector<Action> legal;
    for (int i = 0; i < 20 && s.phase == Phase::Play; ++i) {
      legal_actions(s, legal);
      if (!apply(s, legal[rng.below(static_cast<uint32_t>(legal.size()))], log).ok) break;
    }
    if (s.phase == Phase::Play) positions.push_back(s);
  }
  return positions;
}

// One decision of `bot_name` a benchmark iteration, over the positions in
// turn; the decisions per second as a counter.
void time_decisions(benchmark::State& state, const std::vector<State>& positions,
                    const char* bot_name) {
  auto bot = make_bot(bot_name);
  Rng rng(7);
  LegalActions legal;
  size_t i = 0;
  for (auto _ : state) {
    const State& s = positions[i++ % positions.size()];
    legal_actions(s, legal);
    benchmark::DoNotOptimize(bot->choose(s, legal, rng));
  }
  state.counters["decisions/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_MonteCarloDecision(benchmark::State& state) {
  time_decisions(state, decision_positions(loaded("sackson")), "mc");
}
BENCHMARK(BM_MonteCarloDecision)->Unit(benchmark::kMicrosecond);

// One decision of the search bot at its default budget (ismcts, 1500
// iterations), on the same kind of positions: decisions/s, iterations/s.
void BM_SearchDecision_Variant(benchmark::State& state, const char* variant) {
  time_decisions(state, decision_positions(loaded(variant)), "ismcts");
  const double decisions = static_cast<double>(state.iterations());
  state.counters["iterations/s"] =
      benchmark::Counter(decisions * SearchOptions{}.iterations, benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_SearchDecision_Variant, sackson, "sackson")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SearchDecision_Variant, book1881, "book1881")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SearchDecision_Variant, parlett, "parlett")->Unit(benchmark::kMillisecond);

// The same rules three ways: built into C++ (Ruleset defaults), given by
// Lua tables (sackson.lua), and with a Lua hook scoring every zetema.
void BM_Sackson_CppDefaults(benchmark::State& state) {
  static const Ruleset builtin;
  play_random_games(state, builtin);
}
BENCHMARK(BM_Sackson_CppDefaults);

void BM_Sackson_LuaTables(benchmark::State& state) {
  play_random_games(state, loaded("sackson"));
}
BENCHMARK(BM_Sackson_LuaTables);

const char* kZetemaHook = ZETEMA_SOURCE_DIR "/tests/bench/zetema_hook.lua";

void BM_Sackson_LuaZetemaHook(benchmark::State& state) {
  play_random_games(state, loaded(kZetemaHook));
}
BENCHMARK(BM_Sackson_LuaZetemaHook);

// The open turn: a flow_step hook called at every step of every turn, and
// a Lua-defined kind whose finder runs on every turn that may declare.
void BM_Sackson_LuaFlowHook(benchmark::State& state) {
  play_random_games(state, loaded(ZETEMA_SOURCE_DIR "/tests/bench/flow_hook.lua"));
}
BENCHMARK(BM_Sackson_LuaFlowHook);

void BM_Sackson_LuaKindFinder(benchmark::State& state) {
  play_random_games(state, loaded(ZETEMA_SOURCE_DIR "/tests/bench/kind_finder.lua"));
}
BENCHMARK(BM_Sackson_LuaKindFinder);

void BM_HouseExample_LuaMarriageHook(benchmark::State& state) {
  play_random_games(state, loaded("house_example"));
}
BENCHMARK(BM_HouseExample_LuaMarriageHook);

// One call of a Lua hook from C++: score_zetema on a fixed table.
void BM_OneHookCall(benchmark::State& state) {
  const Ruleset& rules = loaded(kZetemaHook);
  Layout l;
  l.hands = {"7S' 2C 3D 9H JC KD", "AC 4D 8H TC QH 6S"};
  l.tableau = "7C 7D 7H 7S";
  l.current = 0;
  LayoutResult t = build_state(rules, l);
  Rng rng(1);
  const ZetemaInfo z{0, 6, 5};
  for (auto _ : state) {
    auto r = rules.hooks->score_zetema(t.state, rng, z);
    benchmark::DoNotOptimize(r.value);
  }
}
BENCHMARK(BM_OneHookCall);

// One call of the flow_step hook (turn_start, keeping the tables' rule).
void BM_OneFlowHookCall(benchmark::State& state) {
  const Ruleset& rules = loaded(ZETEMA_SOURCE_DIR "/tests/bench/flow_hook.lua");
  Layout l;
  l.hands = {"7S' 2C 3D 9H JC KD", "AC 4D 8H TC QH 6S"};
  l.current = 0;
  LayoutResult t = build_state(rules, l);
  Rng rng(1);
  const StepRule by_table = rules.flow_rule(FlowStep::TurnStart);
  for (auto _ : state) {
    auto r = rules.hooks->flow_step(t.state, rng, FlowStep::TurnStart, by_table);
    benchmark::DoNotOptimize(r.value);
  }
}
BENCHMARK(BM_OneFlowHookCall);

// A C++ virtual call of the same shape, for scale.
struct NativeZetema {
  virtual ~NativeZetema() = default;
  virtual int score(const ZetemaInfo& z) const { return z.table_points; }
};
void BM_OneVirtualCall(benchmark::State& state) {
  std::unique_ptr<NativeZetema> n = std::make_unique<NativeZetema>();
  const ZetemaInfo z{0, 6, 5};
  for (auto _ : state) {
    benchmark::DoNotOptimize(n.get());
    benchmark::DoNotOptimize(n->score(z));
  }
}
BENCHMARK(BM_OneVirtualCall);

}  // namespace

BENCHMARK_MAIN();
