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

Estimate proportion(const std::vector<double>& xs) {
  Estimate e = estimate(xs);
  if (xs.empty()) return e;
  // Wilson's score interval: inside [0, 1], and sound near 0 and 1 where the
  // normal approximation is not (a 0.99 win rate, a completion of 1).
  const double z = 1.96, n = static_cast<double>(xs.size()), p = e.mean;
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z / (1 + z * z / n) * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n));
  e.lo = std::max(0.0, centre - half);
  e.hi = std::min(1.0, centre + half);
  return e;
}

namespace {

// The seats of each side in game `g`.
std::vector<std::vector<int>> seats_by_side(const GameSummary& g, int seats) {
  std::vector<std::vector<int>> out(static_cast<size_t>(g.sides));
  for (int p = 0; p < seats; ++p) out[static_cast<size_t>(g.side_of[p])].push_back(p);
  return out;
}

}  // namespace

Series series_of(const CompareResult& r, bool b) {
  Series s;
  const int seats = r.config.players;
  s.seat_score.resize(static_cast<size_t>(seats));
  s.seat_margin.resize(static_cast<size_t>(seats));
  s.seat_win.resize(static_cast<size_t>(seats));
  // Which seats hold the Monte Carlo bot and which the greedy one.
  std::vector<int> mc, greedy;
  for (int p = 0; p < seats; ++p) {
    const std::string bot = seat_bot(r.config.bots, p);
    if (bot == "mc" || bot.rfind("mc:", 0) == 0) mc.push_back(p);
    if (bot == "greedy") greedy.push_back(p);
  }
  // Sides are figures of their own only if every deal seats the same ones.
  if (!r.deals.empty()) {
    s.side_seats = seats_by_side(b ? r.deals[0].b : r.deals[0].a, seats);
    for (const DealResult& d : r.deals) {
      if (seats_by_side(b ? d.b : d.a, seats) != s.side_seats) {
        s.side_seats.clear();
        break;
      }
    }
  }
  const size_t sides = s.side_seats.size();
  const size_t kinds = r.kinds.size();
  s.points.resize(kinds);
  s.count.resize(kinds);
  const int zetema_row = replays::row_index(r.kinds, replays::kZetemaRow);
  s.side_score.resize(sides);
  s.side_margin.resize(sides);
  s.side_win.resize(sides);
  for (const DealResult& d : r.deals) {
    const GameSummary& g = b ? d.b : d.a;
    int winners = 0;
    for (int side = 0; side < g.sides; ++side) winners += (g.winners >> side) & 1;
    // A side's score, margin over the best other side, and share of the win.
    const auto score = [&](int side) { return static_cast<double>(g.side_score[side]); };
    const auto margin = [&](int side) {
      int best_other = INT32_MIN;
      for (int o = 0; o < g.sides; ++o) {
        if (o != side) best_other = std::max(best_other, g.side_score[o]);
      }
      return score(side) - best_other;
    };
    const auto win = [&](int side) { return (g.winners >> side) & 1 ? 1.0 / winners : 0.0; };
    for (int p = 0; p < seats; ++p) {
      s.seat_score[p].push_back(score(g.side_of[p]));
      s.seat_margin[p].push_back(margin(g.side_of[p]));
      s.seat_win[p].push_back(win(g.side_of[p]));
    }
    for (size_t side = 0; side < sides; ++side) {
      s.side_score[side].push_back(score(static_cast<int>(side)));
      s.side_margin[side].push_back(margin(static_cast<int>(side)));
      s.side_win[side].push_back(win(static_cast<int>(side)));
    }
    s.turns.push_back(g.turns);
    s.hands.push_back(g.hands);
    s.completed.push_back(g.completed ? 1.0 : 0.0);
    // A game's tally may be shorter than the rows (a summary made by hand).
    const auto points = [&](size_t k) {
      return k < g.by_kind.points.size() ? static_cast<double>(g.by_kind.points[k]) : 0.0;
    };
    const auto count = [&](size_t k) {
      return k < g.by_kind.count.size() ? static_cast<double>(g.by_kind.count[k]) : 0.0;
    };
    const double zetemas = zetema_row >= 0 ? count(static_cast<size_t>(zetema_row)) : 0.0;
    s.zetemas_per_hand.push_back(g.hands > 0 ? zetemas / g.hands : 0.0);
    for (size_t k = 0; k < kinds; ++k) {
      s.points[k].push_back(points(k));
      s.count[k].push_back(count(k));
    }
    if (!mc.empty() && !greedy.empty()) {
      int best_mc = INT32_MIN, best_greedy = INT32_MIN;
      for (int p : mc) best_mc = std::max(best_mc, g.side_score[g.side_of[p]]);
      for (int p : greedy) best_greedy = std::max(best_greedy, g.side_score[g.side_of[p]]);
      s.mc_beats_greedy.push_back(best_mc > best_greedy ? 1.0 : best_mc == best_greedy ? 0.5 : 0.0);
    }
  }
  return s;
}

namespace {

// `paired`: the series are B - A differences (normal intervals throughout);
// else shares (win rates, completion, mc beats greedy) get Wilson intervals.
RuleMetrics measure(const Series& s, bool paired) {
  const auto share = [&](const std::vector<double>& xs) {
    return paired ? estimate(xs) : proportion(xs);
  };
  RuleMetrics m;
  double lo = 1, hi = 0;
  for (size_t p = 0; p < s.seat_score.size(); ++p) {
    m.seat_score.push_back(estimate(s.seat_score[p]));
    m.seat_margin.push_back(estimate(s.seat_margin[p]));
    m.seat_win.push_back(share(s.seat_win[p]));
    lo = std::min(lo, m.seat_win.back().mean);
    hi = std::max(hi, m.seat_win.back().mean);
  }
  m.balance = s.seat_score.empty() ? 0.0 : 1.0 - (hi - lo);
  m.side_seats = s.side_seats;
  for (size_t side = 0; side < s.side_score.size(); ++side) {
    m.side_score.push_back(estimate(s.side_score[side]));
    m.side_margin.push_back(estimate(s.side_margin[side]));
    m.side_win.push_back(share(s.side_win[side]));
  }
  m.turns = estimate(s.turns);
  m.hands = estimate(s.hands);
  m.completion = share(s.completed);
  m.zetemas_per_hand = estimate(s.zetemas_per_hand);
  for (size_t k = 0; k < s.points.size(); ++k) {
    m.points.push_back(estimate(s.points[k]));
    m.count.push_back(estimate(s.count[k]));
  }
  if (!s.mc_beats_greedy.empty()) m.mc_beats_greedy = share(s.mc_beats_greedy);
  return m;
}

std::vector<double> minus(const std::vector<double>& b, const std::vector<double>& a) {
  std::vector<double> d(a.size());
  for (size_t i = 0; i < a.size(); ++i) d[i] = b[i] - a[i];
  return d;
}

Series difference(const Series& a, const Series& b) {
  Series d;
  for (size_t p = 0; p < a.seat_score.size(); ++p) {
    d.seat_score.push_back(minus(b.seat_score[p], a.seat_score[p]));
    d.seat_margin.push_back(minus(b.seat_margin[p], a.seat_margin[p]));
    d.seat_win.push_back(minus(b.seat_win[p], a.seat_win[p]));
  }
  if (a.side_seats == b.side_seats) {
    d.side_seats = a.side_seats;
    for (size_t side = 0; side < a.side_score.size(); ++side) {
      d.side_score.push_back(minus(b.side_score[side], a.side_score[side]));
      d.side_margin.push_back(minus(b.side_margin[side], a.side_margin[side]));
      d.side_win.push_back(minus(b.side_win[side], a.side_win[side]));
    }
  }
  d.turns = minus(b.turns, a.turns);
  d.hands = minus(b.hands, a.hands);
  d.completed = minus(b.completed, a.completed);
  d.zetemas_per_hand = minus(b.zetemas_per_hand, a.zetemas_per_hand);
  for (size_t k = 0; k < a.points.size(); ++k) {
    d.points.push_back(minus(b.points[k], a.points[k]));
    d.count.push_back(minus(b.count[k], a.count[k]));
  }
  if (!a.mc_beats_greedy.empty()) d.mc_beats_greedy = minus(b.mc_beats_greedy, a.mc_beats_greedy);
  return d;
}

}  // namespace

Metrics compute_metrics(const CompareResult& r) {
  Metrics m;
  m.deals = r.deals.size();
  m.kinds = r.kinds;
  const Series a = series_of(r, false), b = series_of(r, true);
  m.a = measure(a, false);
  m.b = measure(b, false);
  m.diff = measure(difference(a, b), true);
  m.diff.balance = m.b.balance - m.a.balance;
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
