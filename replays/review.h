// Reviewing a recorded game with the search bot (engine/ismcts_bot.h): at
// every decision, each legal action's chance of winning the game for the
// acting side, searched from that seat's information only, the action
// played, and the chance it lost against the best. What `zetema replay
// review` prints and the studio's evaluation line draws.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/ismcts_bot.h"
#include "replays/record.h"

namespace zetema::replays {

struct ReviewedDecision {
  size_t step = 0;      // in Rederived::steps
  size_t position = 0;  // the cursor position before it (its first event)
  int hand = 0;         // 0-based, as Step
  int action = 0;       // 0-based index in the hand's actions
  int player = 0;       // the seat that decided
  int side = 0;
  std::vector<ActionValue> options;  // every legal action, in listing order
  size_t played = 0;                 // index in options
  size_t best = 0;                   // the highest estimate
  double lost() const { return options[best].win_chance - options[played].win_chance; }
};

struct Review {
  bool ok = false;
  bool cancelled = false;  // stopped by `cancel`; `decisions` holds those done
  std::string error;
  std::vector<ReviewedDecision> decisions;
};

struct ReviewOptions {
  SearchOptions search;
  uint64_t seed = 1;        // decision k searches with derive_seed(seed, k)
  std::optional<int> seat;  // only this seat's decisions
};

// Re-derives `r` under `rules` and searches each decision with more than
// one legal action. `progress(done, total)` after each; `cancel` stops
// between decisions.
Review review_replay(const Replay& r, const Ruleset& rules, const ReviewOptions& options,
                     const std::function<void(size_t, size_t)>& progress = {},
                     const std::atomic<bool>* cancel = nullptr);

}  // namespace zetema::replays
