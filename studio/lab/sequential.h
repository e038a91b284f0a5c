// Sequential runs of the lab (issue 15): `--until METRIC --resolution X`
// plays batches of deals until the anytime-valid 95% confidence sequence
// of METRIC (inference.h) is at most X wide on each side; `--test METRIC
// --h0 T0 --h1 T1` plays until the SPRT accepts one. Checked only after
// whole batches, in deal order, so the run stops at the same deal whatever
// the threads.
#pragma once

#include <optional>
#include <string>

#include "studio/lab/inference.h"
#include "studio/lab/tally.h"

namespace zetema::lab {

// One per-deal figure of a run's sums, named as on the command line:
// [a. | b.] then win:PN, margin:PN, score:PN (seat N), bot-win:N,
// bot-margin:N (the N-th bot of --bots), turns, hands, lead-changes, drama.
// Without a prefix, the paired difference B - A. The sums count `units` per 1.
struct NamedSums {
  const Moments* sums = nullptr;
  int64_t units = 1;
};
// nullopt (with `error`) for a name that is not one, or a seat not at the table.
std::optional<NamedSums> named_metric(const Tally& t, const std::string& name, int players,
                                      std::string& error);

struct SequentialPlan {
  std::string metric;
  double resolution = 0;     // > 0: stop once the half-width is at most this
  std::optional<Sprt> test;  // or stop once the test accepts a hypothesis
  uint64_t batch = 200;      // deals between looks
  double alpha = 0.05;       // the confidence sequence's
};

struct SequentialState {
  MeanSd sums;
  double half_width = 0;  // of the confidence sequence
  double fixed_half_width =
      0;  // of the fixed-n 95% interval, for comparison (not valid under stopping)
  double llr = 0;
  SprtVerdict verdict = SprtVerdict::Continue;
  bool done = false;
};

// Where a plan stands on the sums so far. The confidence sequence is tuned
// (tuned_r) for ten batches.
SequentialState look(const SequentialPlan& plan, const Tally& t, int players);

}  // namespace zetema::lab
