// The lab's metrics, per rule set and paired (B - A), each a mean with its
// 95% confidence interval: for a share (a win rate, completion, how often
// the Monte Carlo bot beats greedy) Wilson's score interval, which stays
// inside [0, 1]; for everything else, and every paired difference, the
// normal approximation (mean +- 1.96 sd / sqrt(n)). Paired differences are
// taken deal by deal, so the shared shuffles cancel.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "studio/lab/compare.h"

namespace zetema::lab {

struct Estimate {
  double mean = 0, lo = 0, hi = 0;
  size_t n = 0;
};
Estimate estimate(const std::vector<double>& xs);
// A share (each x in [0, 1]; a tie counts as a share of a win): Wilson.
Estimate proportion(const std::vector<double>& xs);

// Everything measured per game, under one rule set, as per-deal series.
struct Series {
  std::vector<std::vector<double>> seat_score;   // the seat's side's final score
  std::vector<std::vector<double>> seat_margin;  // ... minus the best other side's
  std::vector<std::vector<double>> seat_win;     // 1, 0, or a share of a tie
  std::vector<double> turns, hands, completed, zetemas_per_hand;
  std::array<std::vector<double>, replays::kScoreKinds> points, count;
  std::vector<double> mc_beats_greedy;  // only when both bots sit at the table
};
Series series_of(const CompareResult& r, bool b);

struct RuleMetrics {
  std::vector<Estimate> seat_score, seat_margin, seat_win;
  double balance = 0;  // 1 - (largest - smallest seat win rate)
  Estimate turns, hands, completion, zetemas_per_hand;
  std::array<Estimate, replays::kScoreKinds> points, count;  // per game
  std::optional<Estimate> mc_beats_greedy;
};

struct Metrics {
  size_t deals = 0;
  RuleMetrics a, b, diff;  // diff: B - A per deal (balance: B's minus A's)
};

Metrics compute_metrics(const CompareResult& r);

}  // namespace zetema::lab
