// The lab's metrics, per rule set and paired (B - A), each a mean with its
// 95% confidence interval: for a share (a win rate, completion, how often
// the Monte Carlo bot beats greedy) Wilson's score interval, which stays
// inside [0, 1]; for everything else, and every paired difference, the
// normal approximation (mean +- 1.96 sd / sqrt(n)). Paired differences are
// taken deal by deal, so the shared shuffles cancel.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "studio/lab/compare.h"
#include "studio/lab/inference.h"
#include "studio/lab/tally.h"

namespace zetema::lab {

struct Estimate {
  double mean = 0, lo = 0, hi = 0;
  size_t n = 0;
};
Estimate estimate(const std::vector<double>& xs);
// A share (each x in [0, 1]; a tie counts as a share of a win): Wilson.
Estimate proportion(const std::vector<double>& xs);

// From exact sums (tally.h) counted in `units` per 1: the mean is the sum
// over n; the deviations' sum of squares is computed from the exact sums
// (sum of squares - sum^2 / n), so it does not depend on the deals' order.
Estimate estimate(const Moments& m, int64_t units = 1);
Estimate proportion(const Moments& m, int64_t units);

struct RuleMetrics {
  std::vector<Estimate> seat_score, seat_margin, seat_win;
  // Per side (partners together), as in Series; in the paired difference only
  // when A and B seat the same sides.
  std::vector<std::vector<int>> side_seats;
  std::vector<Estimate> side_score, side_margin, side_win;
  double balance = 0;  // 1 - (largest - smallest seat win rate)
  Estimate turns, hands, completion, zetemas_per_hand;
  std::vector<Estimate> points, count;  // per game, per row of Metrics::kinds
  std::optional<Estimate> mc_beats_greedy;
  // Issue 15 (docs/lab.md, "Design metrics"): per bot of the --bots list;
  // the normalised entropy of the seat win rates (no interval); the design
  // figures; P1's margin with and without its luck as a control variate.
  std::vector<Estimate> bot_margin, bot_win;
  double uniformity = 0;
  Estimate lead_changes, drama, decisiveness, decisions, branching, timeouts;
  Adjusted luck_margin;
};

struct Metrics {
  size_t deals = 0;
  std::vector<std::string> kinds;  // the rows of the per-kind figures (CompareResult::kinds)
  RuleMetrics a, b, diff;          // diff: B - A per deal (balance: B's minus A's)
};

Metrics compute_metrics(const CompareResult& r);

// A side named by its seats: "P1+P3"; with its bots: "P1+P3 (greedy/mc)",
// "P2 (greedy)" (one name when all its seats have the same bot).
std::string side_name(const std::vector<int>& seats);
std::string side_label(const std::vector<int>& seats, const std::vector<std::string>& bots);
// Whether per-side rows say more than the per-seat ones: A and B seat the same
// sides throughout, and some side has partners.
bool shows_sides(const Metrics& m);

}  // namespace zetema::lab
