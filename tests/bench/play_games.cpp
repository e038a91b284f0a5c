// A fixed workload for instruction counts: 500 seeded 2-player games with
// random bots under one variant, given as an id, a .lua file, or "builtin"
// (the Ruleset's C++ defaults). Run it under callgrind:
//   valgrind --tool=callgrind --toggle-collect='zetema::play_match*'
//       build/release/tests/bench/play_games sackson
#include <cstdio>
#include <string>

#include "engine/match.h"
#include "scripting/variant_loader.h"

int main(int argc, char** argv) {
  using namespace zetema;
  const std::string spec = argc > 1 ? argv[1] : "builtin";
  Ruleset rules;
  if (spec != "builtin") {
    scripting::LoadedVariant v = scripting::load_variant_spec(spec, ZETEMA_VARIANTS_DIR);
    if (!v.ok) {
      std::fprintf(stderr, "%s\n", v.error->describe().c_str());
      return 1;
    }
    rules = std::move(v.rules);
  }
  long hands = 0, turns = 0, actions = 0;
  for (uint64_t seed = 1; seed <= 500; ++seed) {
    MatchConfig c;
    c.setup.players = 2;
    c.seed = seed;
    c.bots = {"random"};
    const MatchRecord m = play_match(rules, c);
    hands += static_cast<long>(m.hands.size());
    turns += static_cast<long>(m.final_state.turn_number);
    for (const HandRecord& h : m.hands) actions += static_cast<long>(h.actions.size());
  }
  std::printf("%s: %ld hands, %ld turns, %ld actions in 500 games\n", spec.c_str(), hands, turns,
              actions);
  return 0;
}
