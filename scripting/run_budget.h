// A budget for every whole run (docs/hardening.md, "A budget for every whole
// run"): all the Lua calls of one game, or of one re-derivation of a replay
// (verify, show, diff, export, import, a review, a replay opened in the
// studio), together charge at most this many instructions, each call also
// within its own budget. Past it the run stops with a budget error at the
// hook's file:line, keeping what finished before. `zetema --budget N` sets
// it for a command. A run also counts its hooks' reasons afresh
// (run_reasons.h).
#pragma once

#include <cstdint>

#include "engine/ruleset.h"
#include "scripting/run_reasons.h"

namespace zetema::scripting {

class Sandbox;

// 10^9 instructions: a few seconds of Lua; the cookbook's busiest game uses
// under 4 x 10^5 (docs/hardening.md).
inline constexpr uint64_t kDefaultRunBudget = 1'000'000'000;
uint64_t run_budget();
void set_run_budget(uint64_t instructions);

// While it lives, the variant's hooks (if in Lua) run under a whole-run
// budget and count their reasons from none; the budget and count before it
// are restored after (a run inside another, as check's re-derivation of
// each game, keeps the outer one's afterwards).
class RunBudget {
 public:
  explicit RunBudget(const Ruleset& rules, uint64_t instructions = run_budget());
  ~RunBudget();
  RunBudget(const RunBudget&) = delete;
  RunBudget& operator=(const RunBudget&) = delete;

 private:
  Sandbox* sandbox_ = nullptr;
  RunReasons* reasons_ = nullptr;
  uint64_t saved_budget_ = 0, saved_start_ = 0;
  RunReasons saved_reasons_;
};

}  // namespace zetema::scripting
