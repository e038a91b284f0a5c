// Test support: every position of seeded bot games, for checks that must
// hold wherever a player is to move.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/match.h"

namespace zetema::test {

// Plays seeds 1..games with `bots` at a table of `players` and calls
// visit(state) at every position where a player is to move, before the bot
// of that seat plays.
template <class Visit>
void each_position(const Ruleset& rules, int players, int games,
                   const std::vector<std::string>& bots, Visit&& visit) {
  for (uint64_t seed = 1; seed <= static_cast<uint64_t>(games); ++seed) {
    CAPTURE(seed);
    MatchConfig config;
    config.setup.players = players;
    config.seed = seed;
    config.bots = bots;
    GameLoop loop(rules, config);
    while (!loop.done()) {
      if (loop.state().phase != Phase::Deal) visit(loop.state());
      REQUIRE(loop.step() != LoopStep::Failed);
    }
  }
}

}  // namespace zetema::test
