// Shared by the replay tests: a bot game as the replay that records it.
#pragma once

#include "engine/match.h"
#include "replays/record.h"

namespace zetema::test {

// The replay of a bot game played by the one game loop (hands and seed;
// the header's variant fields are left empty).
inline replays::Replay replay_of(const MatchRecord& m, uint64_t seed) {
  replays::Replay r;
  r.players = m.final_state.players;
  r.seed = seed;
  r.hands = replays::replay_hands(m.hands, *m.final_state.rules);
  return r;
}

}  // namespace zetema::test
