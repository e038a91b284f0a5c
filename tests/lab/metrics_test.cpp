// The lab's confidence intervals against values computed by hand.
#include <doctest/doctest.h>

#include <array>
#include <vector>

#include "studio/lab/metrics.h"

using namespace zetema::lab;

TEST_CASE("a mean's interval is the normal approximation") {
  // 0..4: mean 2, sample sd 1.5811, n 5: 2 +- 1.96 * 1.5811 / sqrt(5) = 2 +- 1.3859
  const Estimate e = estimate({0, 1, 2, 3, 4});
  CHECK(e.mean == doctest::Approx(2.0));
  CHECK(e.lo == doctest::Approx(2.0 - 1.3859).epsilon(1e-4));
  CHECK(e.hi == doctest::Approx(2.0 + 1.3859).epsilon(1e-4));
}

TEST_CASE("a share's interval is Wilson's, inside [0, 1]") {
  // 9 wins in 10: Wilson 95% [0.5958, 0.9821] (the normal one would reach 1.086).
  std::vector<double> nine(10, 1.0);
  nine[0] = 0.0;
  const Estimate e = proportion(nine);
  CHECK(e.mean == doctest::Approx(0.9));
  CHECK(e.lo == doctest::Approx(0.5958).epsilon(1e-3));
  CHECK(e.hi == doctest::Approx(0.9821).epsilon(1e-3));
  // Every game completed, n 20: [0.8389, 1] rather than the normal [1, 1].
  const Estimate all = proportion(std::vector<double>(20, 1.0));
  CHECK(all.lo == doctest::Approx(0.8389).epsilon(1e-3));
  CHECK(all.hi == doctest::Approx(1.0));
  // None of 40: [0, 0.0876].
  const Estimate none = proportion(std::vector<double>(40, 0.0));
  CHECK(none.lo == doctest::Approx(0.0));
  CHECK(none.hi == doctest::Approx(0.0876).epsilon(1e-3));
}

namespace {

// A 4-player game summary: `side_of` per seat, a score per side, winners as a
// bit per side.
GameSummary game(std::array<int, 4> side_of, std::vector<int> scores, uint8_t winners) {
  GameSummary g;
  g.completed = true;
  g.hands = 1;
  g.sides = static_cast<int>(scores.size());
  for (int p = 0; p < 4; ++p) g.side_of[p] = side_of[p];
  for (size_t s = 0; s < scores.size(); ++s) g.side_score[s] = scores[s];
  g.winners = winners;
  return g;
}

CompareResult four_players(const std::vector<DealResult>& deals) {
  CompareResult r;
  r.config.players = 4;
  r.tally.start(4, {"greedy"}, {});
  for (const DealResult& d : deals) r.tally.add(d);
  return r;
}

}  // namespace

TEST_CASE("partners: per-side figures beside the per-seat ones") {
  const std::array<int, 4> pairs{0, 1, 0, 1};
  // A: side P1+P3 wins, loses, ties; B: it wins all three by 10.
  CompareResult r = four_players({
      {0, game(pairs, {100, 50}, 0b01), game(pairs, {60, 50}, 0b01)},
      {1, game(pairs, {40, 80}, 0b10), game(pairs, {90, 80}, 0b01)},
      {2, game(pairs, {70, 70}, 0b11), game(pairs, {80, 70}, 0b01)},
  });
  const Metrics m = compute_metrics(r);
  REQUIRE(m.a.side_seats == std::vector<std::vector<int>>{{0, 2}, {1, 3}});
  REQUIRE(m.diff.side_seats == m.a.side_seats);
  CHECK(shows_sides(m));
  CHECK(side_name(m.a.side_seats[0]) == "P1+P3");
  CHECK(m.a.side_score[0].mean == doctest::Approx(70.0));
  CHECK(m.a.side_margin[0].mean == doctest::Approx(10.0 / 3));  // 50, -40, 0
  CHECK(m.a.side_win[0].mean == doctest::Approx(0.5));          // 1, 0, a half share
  CHECK(m.a.side_win[1].mean == doctest::Approx(0.5));
  CHECK(m.b.side_win[0].mean == doctest::Approx(1.0));
  CHECK(m.diff.side_win[0].mean == doctest::Approx(0.5));
  CHECK(m.diff.side_margin[0].mean == doctest::Approx(10.0 - 10.0 / 3));
  // Each partner's seat row shows the side's figures.
  CHECK(m.a.seat_score[2].mean == doctest::Approx(m.a.side_score[0].mean));
  CHECK(m.a.seat_win[3].mean == doctest::Approx(m.a.side_win[1].mean));
}

TEST_CASE("sides that differ between A and B have no paired per-side difference") {
  const std::array<int, 4> pairs{0, 1, 0, 1}, alone{0, 1, 2, 3};
  const GameSummary b0 = game(alone, {10, 20, 30, 40}, 0b1000);
  const GameSummary b1 = game(alone, {40, 30, 20, 10}, 0b0001);
  CompareResult r = four_players({
      {0, game(pairs, {100, 50}, 0b01), b0},
      {1, game(pairs, {40, 80}, 0b10), b1},
  });
  const Metrics m = compute_metrics(r);
  CHECK(m.a.side_seats.size() == 2);
  CHECK(m.b.side_seats.size() == 4);
  CHECK(m.b.side_win[3].mean == doctest::Approx(0.5));
  CHECK(m.diff.side_seats.empty());
  CHECK(m.diff.side_score.empty());
  CHECK_FALSE(shows_sides(m));
  // Without partners the per-side rows would only repeat the seats'.
  CompareResult solo = four_players({{0, b0, b1}});
  CHECK_FALSE(shows_sides(compute_metrics(solo)));
}

TEST_CASE("sums give the figures of the whole series, in any order, whatever the split") {
  // Scores with a wide spread and a large mean, where a naive sum of squares
  // would lose digits.
  std::vector<double> xs;
  Moments forward, backward, halves[2];
  for (int i = 0; i < 1000; ++i) {
    const int64_t x = 100000 + (i * 7919) % 613 - 300;
    xs.push_back(static_cast<double>(x));
    forward.add(x);
    halves[i % 2].add(x);
  }
  for (auto it = xs.rbegin(); it != xs.rend(); ++it) backward.add(static_cast<int64_t>(*it));
  Moments joined = halves[1];
  joined.merge(halves[0]);
  const Estimate whole = estimate(xs), e = estimate(forward);
  CHECK(e.n == 1000);
  CHECK(e.mean == whole.mean);  // a sum of whole numbers is exact either way
  CHECK(e.lo == doctest::Approx(whole.lo).epsilon(1e-12));
  CHECK(e.hi == doctest::Approx(whole.hi).epsilon(1e-12));
  for (const Moments* other : {&backward, &joined}) {
    const Estimate o = estimate(*other);
    CHECK(o.mean == e.mean);
    CHECK(o.lo == e.lo);
    CHECK(o.hi == e.hi);
  }
  // A share in sixtieths: a three-way tie's third is exact.
  Moments wins;
  for (int64_t units : {60, 0, 20, 20, 30}) wins.add(units);
  CHECK(proportion(wins, kShareUnits).mean == doctest::Approx((1 + 0 + 2.0 / 3 + 0.5) / 5));
  // Nothing added: nothing measured.
  CHECK(estimate(Moments{}).n == 0);
  CHECK(estimate(Moments{}).hi == 0.0);
}

TEST_CASE("sides that change after the first deal have no per-side figures") {
  const std::array<int, 4> pairs{0, 1, 0, 1}, alone{0, 1, 2, 3};
  const GameSummary paired = game(pairs, {100, 50}, 0b01);
  const CompareResult r = four_players(
      {{0, paired, paired}, {1, paired, paired}, {2, game(alone, {1, 2, 3, 4}, 0b1000), paired}});
  const Metrics m = compute_metrics(r);
  CHECK(m.a.side_seats.empty());
  CHECK(m.a.side_score.empty());
  CHECK(m.b.side_seats.size() == 2);
  CHECK(m.diff.side_seats.empty());
  // Parts that each seat the same sides, but not the same as each other.
  CompareResult first = four_players({{0, paired, paired}});
  const CompareResult second = four_players({{1, game(alone, {1, 2, 3, 4}, 0b1000), paired}});
  first.tally.merge(second.tally);
  CHECK(compute_metrics(first).a.side_seats.empty());
  CHECK(compute_metrics(first).b.side_seats.size() == 2);
}

TEST_CASE("the histograms count every value, and fold the far ones into the end bins") {
  Histogram h;
  for (const int64_t x : std::initializer_list<int64_t>{10, 10, 20, 30, Histogram::kWidth + 5})
    h.add(x);
  CHECK(h.min == 10);
  CHECK(h.max == Histogram::kWidth + 5);
  const std::vector<uint64_t> three = h.bins(3, 10, 30);
  CHECK(three == std::vector<uint64_t>{2, 1, 2});  // 30 and the far one share the last bin
  Histogram other;
  other.add(-4);
  h.merge(other);
  CHECK(h.min == -4);
  CHECK(h.bins(3, 10, 30).front() == 3);  // below the window: the first bin
}
