// The skill trace as a ladder (issue 15, docs/lab.md "Design metrics"): for
// each budget N, mc:N against mc:2N with the seats rotated, under A and B.
// Does doubling the Monte Carlo bot's budget win more, and as much under B?
// One rotated comparison per step; the CLI (--ladder) and the Lab share it.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "studio/lab/compare.h"
#include "studio/lab/metrics.h"

namespace zetema::lab {

// One step: mc:2N's win rate (the second bot of the pair) with its 95%
// interval under A and B, and the paired difference B - A.
struct LadderStep {
  int n = 0;
  size_t deals = 0;
  Estimate a, b, diff;
};

// The comparison of the step for budget n: `base` with the seats rotated
// and the bots mc:n, mc:2n.
CompareConfig ladder_config(const CompareConfig& base, int n);

// Runs the steps in order, handing each finished one (with its result) to
// `on_step`; `progress` gets (done, total) over the whole ladder. Stops
// after the deals in progress when `stop` is set (the finished steps stay
// handed over), or at the first step in error (returned; "" when none).
std::string run_ladder(const CompareConfig& base, const std::vector<int>& budgets,
                       const scripting::VariantFolder& folder,
                       const std::function<void(uint64_t, uint64_t)>& progress,
                       const std::atomic<bool>& stop,
                       const std::function<void(const CompareResult&, const LadderStep&)>& on_step);

}  // namespace zetema::lab
