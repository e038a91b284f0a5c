// The running sums of a lab run: every metric of metrics.h comes from sums
// that do not grow with the deals, added as each deal finishes (issue 13:
// 10^8 deals in bounded memory). The sums are exact integers, so they add up
// to the same totals in any order: threads, shards and `merge` cannot change
// a figure.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/ruleset.h"
#include "replays/kind_tally.h"

namespace zetema::lab {

// One game, reduced to what the metrics need.
struct GameSummary {
  bool completed = false;
  int hands = 0;
  int turns = 0;
  int sides = 0;
  std::array<int, kMaxPlayers> side_of{};     // per seat
  std::array<int, kMaxPlayers> side_score{};  // per side
  uint8_t winners = 0;                        // side mask (ties: several)
  replays::KindTally by_kind;                 // per CompareResult::kinds
};

struct DealResult {
  uint64_t deal = 0;
  GameSummary a, b;
};

__extension__ typedef __int128 Int128;  // GCC's; -Wpedantic knows it as an extension

// Exact sums of one per-game quantity, counted in integer units: how many,
// their sum, the sum of their squares.
struct Moments {
  uint64_t n = 0;
  Int128 sum = 0, squares = 0;
  void add(int64_t units) {
    ++n;
    sum += units;
    squares += Int128{units} * units;
  }
  void merge(const Moments& o) {
    n += o.n;
    sum += o.sum;
    squares += o.squares;
  }
};

// The units of the quantities that are not whole numbers: a share of a win
// (1/k of a tie of k <= 6 sides, or mc's half for a tie) in sixtieths, which
// is exact; zetemas per hand rounded to 2^-40 (a 10^-12).
constexpr int64_t kShareUnits = 60;
constexpr int64_t kRatioUnits = int64_t{1} << 40;

// Whole-number values counted one by one within a fixed window (wide enough
// for any game length or margin seen: 200 hands of about 20 turns), plus the
// exact minimum and maximum; values outside the window count at its ends.
struct Histogram {
  static constexpr int64_t kWidth = 1 << 14;
  int64_t base = 0;               // the window is [base, base + kWidth)
  std::vector<uint64_t> counts;   // empty until the first value
  uint64_t below = 0, above = 0;  // outside the window
  int64_t min = INT64_MAX, max = INT64_MIN;

  void add(int64_t x);
  void merge(const Histogram& o);
  bool empty() const { return min > max; }
  // `n` equal bins over [lo, hi], as the Lab panel charts them.
  std::vector<uint64_t> bins(int n, int64_t lo, int64_t hi) const;
};

// The sums of one rule set, or of the paired differences B - A.
struct RuleTally {
  std::vector<Moments> seat_score, seat_margin, seat_win;  // per seat
  // The seats of each side while every deal seats the same ones;
  // `sides_vary` once one does not, and then there are no side sums.
  std::vector<std::vector<int>> side_seats;
  bool sides_vary = false;
  std::vector<Moments> side_score, side_margin, side_win;
  Moments turns, hands, completed, zetemas_per_hand;
  std::vector<Moments> points, count;  // per kind row
  Moments mc_beats_greedy;             // none unless mc and greedy sit at the table

  void merge(const RuleTally& o);
};

struct Tally {
  uint64_t deals = 0;
  RuleTally a, b, diff;
  // The Lab panel's histograms: game length in turns, P1's margin.
  Histogram turns_a, turns_b, margin_a, margin_b;

  // The shape of the sums: seats, their bots, the kind rows.
  void start(int players, const std::vector<std::string>& bots,
             const std::vector<std::string>& kinds);
  void add(const DealResult& d);
  // Adds another part of the same comparison (started the same way).
  void merge(const Tally& o);

 private:
  int players_ = 0;
  std::vector<int> mc_seats_, greedy_seats_;
  int zetema_row_ = -1;
  size_t kinds_ = 0;
};

}  // namespace zetema::lab
