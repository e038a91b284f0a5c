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
#include "studio/lab/choice_sums.h"

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
  // The design figures (issue 15), from the live game only: a result file's
  // games do not hold them, so they are 0 for a game read back.
  int lead_changes = 0;  // hand ends where the side ahead (public scores) is another one
  int drama = 0;         // the eventual winner's largest deficit at a hand end, in points
  int decided_at = 0;    // hands played before the winner led at every hand end after
  int moves = 0;         // bot moves
  int decisions = 0;     // bot moves with a choice (two or more legal actions)
  int64_t choices = 0;   // the legal actions of every bot move, summed
  // The luck of the deal and the draw, per seat, in 1/kLuckUnits: the
  // value of each chance outcome (a dealt hand, a card drawn from the stock)
  // minus its expectation under a fixed value function, so each term has
  // expectation 0 whatever was played before (AIVAT's chance correction,
  // Burch et al. 2018, in its simplest form; compare.cpp, LuckCounter).
  std::array<int64_t, kMaxPlayers> luck{};
  // Each declared choice offered and picked (tally_choices), from the live
  // game only: a result file keeps the run's sums (RuleTally::choices), not
  // each game's, so a game read back has none.
  std::vector<replays::ChoiceCount> choice_counts;
};

struct DealResult {
  uint64_t deal = 0;
  GameSummary a, b;
  // With --rotate: the same deal with the bots moved round the table by
  // 1 .. players - 1 seats (rotation r seats bot i at seat (i + r) % players).
  std::vector<GameSummary> more_a = {}, more_b = {};
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

// An outcome y and a control x whose expectation is 0 by construction,
// with their cross product (inference.h: control_variate).
struct ControlSums {
  Moments y, x;
  Int128 xy = 0;
  void add(int64_t yv, int64_t xv) {
    y.add(yv);
    x.add(xv);
    xy += Int128{yv} * xv;
  }
  void merge(const ControlSums& o) {
    y.merge(o.y);
    x.merge(o.x);
    xy += o.xy;
  }
};

// The units of the quantities that are not whole numbers: a share of a win
// (1/k of a tie of k <= 6 sides, or mc's half for a tie) in sixtieths, which
// is exact; zetemas per hand rounded to 2^-40 (a 10^-12).
constexpr int64_t kShareUnits = 60;
constexpr int64_t kRatioUnits = int64_t{1} << 40;
// The luck's unit: each chance term rounded to 2^-16 (a bias below 10^-5 per
// term, far under any interval).
constexpr int64_t kLuckUnits = int64_t{1} << 16;

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
  // Per bot of the --bots list (bot i; unrotated, it sits at seat i).
  std::vector<Moments> bot_margin, bot_win;
  // Design figures (GameSummary): per game; decisiveness (the share of the
  // hands after which the winner led for good), decisions (the share of
  // moves with a choice) and branching (legal actions per move) in kRatioUnits.
  Moments lead_changes, drama, decisiveness, decisions, branching, timeouts;
  // P1's margin with P1's luck as its control variate.
  ControlSums luck_margin;
  // The choices the rule set declares, offered and picked (empty for the
  // paired differences: the rule sets' choices need not match).
  ChoiceSums choices;

  void merge(const RuleTally& o);
};

struct Tally {
  uint64_t deals = 0;
  // Games per deal: 1, or the players with --rotate. Each deal's figures are
  // the sums over its rotations (one paired sample), so means divide by it.
  int rotations = 1;
  RuleTally a, b, diff;
  // The Lab panel's histograms: game length in turns, P1's margin.
  Histogram turns_a, turns_b, margin_a, margin_b;

  // The shape of the sums: seats, their bots, the kind rows.
  void start(int players, const std::vector<std::string>& bots,
             const std::vector<std::string>& kinds, int rotation_count = 1);
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
