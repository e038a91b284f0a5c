// A fixed workload for instruction counts: seeded 2-player games under one
// variant, given as an id, a .lua file, or "builtin" (the Ruleset's C++
// defaults); then optionally the bot of both seats (default random) and the
// number of games (default 500). Run it under callgrind:
//   valgrind --tool=callgrind --toggle-collect='zetema::play_match*'
//       build/release/tests/bench/play_games sackson [greedy|mc:64] [games]
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/match.h"
#include "scripting/variant_loader.h"

int main(int argc, char** argv) {
  using namespace zetema;
  const std::string spec = argc > 1 ? argv[1] : "builtin";
  const std::string bot = argc > 2 ? argv[2] : "random";
  const long games = argc > 3 ? std::strtol(argv[3], nullptr, 10) : 500;
  if (games < 1 || games > 1000000) {
    std::fprintf(stderr, "games: 1 to 1000000\n");
    return 1;
  }
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
  for (long seed = 1; seed <= games; ++seed) {
    MatchConfig c;
    c.setup.players = 2;
    c.seed = static_cast<uint64_t>(seed);
    c.bots = {bot};
    const MatchRecord m = play_match(rules, c);
    if (!m.ok) {
      std::fprintf(stderr, "seed %ld: %s\n", seed, m.error.c_str());
      return 1;
    }
    hands += static_cast<long>(m.hands.size());
    turns += static_cast<long>(m.final_state.turn_number);
    for (const HandRecord& h : m.hands) actions += static_cast<long>(h.actions.size());
  }
  std::printf("%s, %s: %ld hands, %ld turns, %ld actions in %ld games\n", spec.c_str(), bot.c_str(),
              hands, turns, actions, games);
  return 0;
}
