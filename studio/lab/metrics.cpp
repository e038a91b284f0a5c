#include "studio/lab/metrics.h"

#include "engine/match.h"

#include <algorithm>
#include <cmath>

namespace zetema::lab {

Estimate estimate(const std::vector<double>& xs) {
  Estimate e;
  e.n = xs.size();
  if (xs.empty()) return e;
  double sum = 0;
  for (double x : xs) sum += x;
  e.mean = sum / static_cast<double>(xs.size());
  double sq = 0;
  for (double x : xs) sq += (x - e.mean) * (x - e.mean);
  const double sd = xs.size() > 1 ? std::sqrt(sq / static_cast<double>(xs.size() - 1)) : 0.0;
  const double half = 1.96 * sd / std::sqrt(static_cast<double>(xs.size()));
  e.lo = e.mean - half;
  e.hi = e.mean + half;
  return e;
}

namespace {

// Wilson's score interval: inside [0, 1], and sound near 0 and 1 where the
// normal approximation is not (a 0.99 win rate, a completion of 1).
void wilson(Estimate& e) {
  const double z = 1.96, n = static_cast<double>(e.n), p = e.mean;
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z / (1 + z * z / n) * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n));
  e.lo = std::max(0.0, centre - half);
  e.hi = std::min(1.0, centre + half);
}

}  // namespace

Estimate proportion(const std::vector<double>& xs) {
  Estimate e = estimate(xs);
  if (!xs.empty()) wilson(e);
  return e;
}

Estimate estimate(const Moments& m, int64_t units) {
  Estimate e;
  e.n = m.n;
  if (m.n == 0) return e;
  const auto n = static_cast<Int128>(m.n);
  // Divided in this order, a whole-number sum gives the very mean a sum of
  // doubles in deal order gave (exact below 2^53).
  e.mean = static_cast<double>(m.sum) / static_cast<double>(units) / static_cast<double>(m.n);
  // sum((x - mean)^2) = squares - sum^2 / n, with sum = q n + r:
  // squares - q (sum + r) is exact, and only r^2 / n (< n) is rounded.
  const Int128 q = m.sum / n, r = m.sum % n;
  const long double deviations = static_cast<long double>(m.squares - q * (m.sum + r)) -
                                 static_cast<long double>(r * r) / static_cast<long double>(m.n);
  const long double variance =
      m.n > 1 ? std::max(0.0L, deviations) / static_cast<long double>(m.n - 1) : 0.0L;
  const double sd = std::sqrt(static_cast<double>(variance)) / static_cast<double>(units);
  const double half = 1.96 * sd / std::sqrt(static_cast<double>(m.n));
  e.lo = e.mean - half;
  e.hi = e.mean + half;
  return e;
}

Estimate proportion(const Moments& m, int64_t units) {
  Estimate e = estimate(m, units);
  if (m.n > 0) wilson(e);
  return e;
}

namespace {

std::vector<Estimate> estimates(const std::vector<Moments>& sums, int64_t units, bool share) {
  std::vector<Estimate> out;
  for (const Moments& m : sums) out.push_back(share ? proportion(m, units) : estimate(m, units));
  return out;
}

// `paired`: the sums are of B - A differences (normal intervals throughout);
// else shares (win rates, completion, mc beats greedy) get Wilson intervals.
RuleMetrics measure(const RuleTally& t, bool paired, int64_t rot) {
  const bool share = !paired;
  RuleMetrics m;
  m.seat_score = estimates(t.seat_score, rot, false);
  m.seat_margin = estimates(t.seat_margin, rot, false);
  m.seat_win = estimates(t.seat_win, kShareUnits * rot, share);
  double lo = 1, hi = 0;
  for (const Estimate& e : m.seat_win) {
    lo = std::min(lo, e.mean);
    hi = std::max(hi, e.mean);
  }
  m.balance = m.seat_win.empty() ? 0.0 : 1.0 - (hi - lo);
  // Normalised entropy of who wins, by seat: 1 when every seat wins as often.
  double total = 0, entropy = 0;
  for (const Estimate& e : m.seat_win) total += std::max(0.0, e.mean);
  for (const Estimate& e : m.seat_win) {
    const double p = total > 0 ? std::max(0.0, e.mean) / total : 0;
    if (p > 0) entropy -= p * std::log(p);
  }
  m.uniformity =
      m.seat_win.size() > 1 ? entropy / std::log(static_cast<double>(m.seat_win.size())) : 0.0;
  m.side_seats = t.side_seats;
  m.side_score = estimates(t.side_score, rot, false);
  m.side_margin = estimates(t.side_margin, rot, false);
  m.side_win = estimates(t.side_win, kShareUnits * rot, share);
  m.turns = estimate(t.turns, rot);
  m.hands = estimate(t.hands, rot);
  m.completion = share ? proportion(t.completed, rot) : estimate(t.completed, rot);
  m.zetemas_per_hand = estimate(t.zetemas_per_hand, kRatioUnits * rot);
  m.points = estimates(t.points, rot, false);
  m.count = estimates(t.count, rot, false);
  if (t.mc_beats_greedy.n > 0) {
    m.mc_beats_greedy = share ? proportion(t.mc_beats_greedy, kShareUnits * rot)
                              : estimate(t.mc_beats_greedy, kShareUnits * rot);
  }
  m.bot_margin = estimates(t.bot_margin, rot, false);
  m.bot_win = estimates(t.bot_win, kShareUnits * rot, share);
  m.lead_changes = estimate(t.lead_changes, rot);
  m.drama = estimate(t.drama, rot);
  m.decisiveness = estimate(t.decisiveness, kRatioUnits * rot);
  m.decisions = estimate(t.decisions, kRatioUnits * rot);
  m.branching = estimate(t.branching, kRatioUnits * rot);
  m.timeouts = share ? proportion(t.timeouts, rot) : estimate(t.timeouts, rot);
  m.luck_margin = control_variate(t.luck_margin, rot, kLuckUnits * rot);
  return m;
}

}  // namespace

Metrics compute_metrics(const CompareResult& r) {
  Metrics m;
  m.deals = r.tally.deals;
  m.kinds = r.kinds;
  const int64_t rot = r.tally.rotations;
  m.a = measure(r.tally.a, false, rot);
  m.b = measure(r.tally.b, false, rot);
  m.diff = measure(r.tally.diff, true, rot);
  m.diff.balance = m.b.balance - m.a.balance;
  m.diff.uniformity = m.b.uniformity - m.a.uniformity;
  return m;
}

std::string side_name(const std::vector<int>& seats) {
  std::string name;
  for (int p : seats) name += (name.empty() ? "P" : "+P") + std::to_string(p + 1);
  return name;
}

std::string side_label(const std::vector<int>& seats, const std::vector<std::string>& bots) {
  std::vector<std::string> names;
  for (int p : seats) {
    std::string bot = seat_bot(bots, p);
    if (std::find(names.begin(), names.end(), bot) == names.end()) names.push_back(std::move(bot));
  }
  std::string label = side_name(seats) + " (";
  for (size_t i = 0; i < names.size(); ++i) label += (i ? "/" : "") + names[i];
  return label + ")";
}

bool shows_sides(const Metrics& m) {
  if (m.diff.side_seats.empty()) return false;
  for (const std::vector<int>& seats : m.diff.side_seats) {
    if (seats.size() > 1) return true;
  }
  return false;
}

}  // namespace zetema::lab
