// Seat rotation, sequential stopping and the luck of the deal on real games
// (issue 15): the rotated mode's variance is lower, a sequential run stops
// at the same deal whatever the threads, and the luck term has expectation
// 0 and takes variance out of P1's margin.
#include <doctest/doctest.h>

#include <cmath>

#include "engine/rng.h"
#include "studio/lab/compare.h"
#include "studio/lab/inference.h"
#include "studio/lab/lab_json.h"
#include "studio/lab/metrics.h"
#include "studio/lab/sequential.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::lab;

namespace {

const scripting::VariantFolder kFolder{ZETEMA_VARIANTS_DIR, "variants"};

CompareConfig config(uint64_t deals, bool rotate) {
  CompareConfig c;
  c.a = "sackson";
  c.b = "book1881";
  c.players = 2;
  c.deals = deals;
  c.bots = {"greedy", "random"};
  c.seed = 21;
  c.rotate = rotate;
  c.threads = 2;
  return c;
}

// A finished two-player game of one hand: each seat alone, with its score.
GameSummary two_player_game(int p1_score, int p2_score, uint8_t winners) {
  GameSummary g;
  g.completed = true;
  g.hands = 1;
  g.sides = 2;
  g.side_of[0] = 0;
  g.side_of[1] = 1;
  g.side_score[0] = p1_score;
  g.side_score[1] = p2_score;
  g.winners = winners;
  return g;
}

CompareResult run(const CompareConfig& c, const StopRule& rule = {}) {
  std::atomic<bool> stop{false};
  CompareResult r = run_compare(c, kFolder, {}, stop, {}, rule);
  REQUIRE_MESSAGE(r.error.empty(), r.error);
  return r;
}

}  // namespace

TEST_CASE("a rotation set's sums: bot i sat at seat (i + r) % players") {
  // Two players, one deal, two rotations: bot 1 wins from seat 1, and wins
  // again from seat 2 once moved there.
  auto game = [](int winner) {
    return two_player_game(winner == 0 ? 100 : 0, winner == 1 ? 100 : 0,
                           static_cast<uint8_t>(1 << winner));
  };
  Tally t;
  t.start(2, {"greedy", "random"}, {}, 2);
  DealResult d;
  d.a = game(0);
  d.b = game(0);
  d.more_a = {game(1)};
  d.more_b = {game(0)};
  t.add(d);
  CompareResult r;
  r.config.players = 2;
  r.tally = t;
  const Metrics m = compute_metrics(r);
  CHECK(m.a.bot_win[0].mean == doctest::Approx(1.0));  // bot 1 won both rotations under A
  CHECK(m.a.bot_win[1].mean == doctest::Approx(0.0));
  CHECK(m.a.seat_win[0].mean == doctest::Approx(0.5));  // seat 1 won one of two
  CHECK(m.b.bot_win[0].mean == doctest::Approx(0.5));   // under B seat 1 won both
  CHECK(m.b.seat_win[0].mean == doctest::Approx(1.0));
  CHECK(m.diff.bot_margin[0].mean ==
        doctest::Approx(-100.0));  // B: 100 - 100 = 0 against A: 200, per game
  CHECK(m.a.turns.n == 1);         // one paired sample per deal
}

TEST_CASE(
    "rotation on a simulated game: the variance per game falls as the seat's luck is removed") {
  // Bot 1's margin from seat 1 is k + c + e, from seat 2 k - c + e': c is
  // the seat's luck (sd 30), e the rest (sd 10). Unrotated, the variance
  // per game is 30^2 + 10^2 = 1000; a rotation set's mean is k + (e + e') / 2,
  // 2 games of variance 50 each: 100 per game, a tenth.
  Rng rng(77);
  auto normalish = [&](double sd) {  // the sum of 12 uniforms: mean 0, sd 1
    double x = -6;
    for (int i = 0; i < 12; ++i) x += static_cast<double>(rng.below(1u << 20)) / (1u << 20);
    return sd * x;
  };
  auto game = [](int p1_margin) {
    return two_player_game(500 + p1_margin, 500, p1_margin >= 0 ? 1 : 2);
  };
  Tally plain, rotated;
  plain.start(2, {"x", "y"}, {}, 1);
  rotated.start(2, {"x", "y"}, {}, 2);
  for (int deal = 0; deal < 4000; ++deal) {
    const double k = 5, c = normalish(30);
    DealResult d;
    d.a = d.b = game(static_cast<int>(std::lround(k + c + normalish(10))));
    plain.add(d);
    // Rotation 1: bot 1 at seat 2, its margin k - c + e', so P1's is -(that).
    d.more_a = d.more_b = {game(-static_cast<int>(std::lround(k - c + normalish(10))))};
    rotated.add(d);
  }
  const double per_game_plain = std::pow(mean_sd(plain.a.bot_margin[0]).sd, 2);
  const double per_game_rotated = 2 * std::pow(mean_sd(rotated.a.bot_margin[0], 2).sd, 2);
  MESSAGE("variance per game " << per_game_plain << " unrotated, " << per_game_rotated
                               << " rotated");
  CHECK(per_game_plain == doctest::Approx(1000).epsilon(0.08));
  CHECK(per_game_rotated == doctest::Approx(100).epsilon(0.1));
  CHECK(mean_sd(rotated.a.bot_margin[0], 2).mean == doctest::Approx(5).epsilon(0.1));
}

TEST_CASE("rotated deals: the first rotation is the unrotated game, and the variance is lower") {
  const CompareResult plain = run(config(800, false));
  const CompareResult rotated = run(config(400, true));  // as many games of each rule set
  REQUIRE(rotated.tally.rotations == 2);
  // Bot 1 (greedy) against bot 2 (random): its margin per game, per rule set.
  const MeanSd p = mean_sd(plain.tally.a.bot_margin[0]);
  const MeanSd q = mean_sd(rotated.tally.a.bot_margin[0], 2);
  // Variance per game played: a rotation set is 2 games.
  const double ratio = 2 * q.sd * q.sd / (p.sd * p.sd);
  MESSAGE("greedy's margin: sd per deal " << p.sd << " unrotated, " << q.sd
                                          << " per rotation set; variance per game x " << ratio);
  CHECK(ratio < 0.95);
  // The same figures whatever the threads.
  CompareConfig one = config(400, true);
  one.threads = 1;
  const CompareResult single = run(one);
  CHECK(mean_sd(single.tally.a.bot_margin[0], 2).mean == q.mean);
  CHECK(single.tally.diff.seat_win[0].squares == rotated.tally.diff.seat_win[0].squares);
}

TEST_CASE("a rotated --design result read back from its file has the same sums") {
  CompareConfig c = config(30, true);
  c.design = true;
  std::vector<DealResult> deals;
  std::atomic<bool> stop{false};
  const CompareResult r = run_compare(
      c, kFolder, {}, stop, [&](const CompareResult&, const DealResult& d) { deals.push_back(d); });
  REQUIRE(r.error.empty());
  const std::string text = to_json(r, compute_metrics(r), deals);
  CompareResult back;
  std::vector<DealResult> back_deals;
  std::string why;
  REQUIRE_MESSAGE(from_json(text, back, why, &back_deals), why);
  CHECK(back.config.rotate);
  CHECK(back.design);
  CHECK(back.tally.rotations == 2);
  REQUIRE(back_deals.size() == deals.size());
  CHECK(back_deals[7].more_b.size() == 1);
  CHECK(back_deals[7].more_b[0].choices == deals[7].more_b[0].choices);
  // Every sum, the design ones included, as the run had them.
  for (const auto& [x, y] :
       {std::pair{&r.tally.a, &back.tally.a}, std::pair{&r.tally.diff, &back.tally.diff}}) {
    CHECK(x->bot_margin[1].squares == y->bot_margin[1].squares);
    CHECK(x->lead_changes.sum == y->lead_changes.sum);
    CHECK(x->decisiveness.squares == y->decisiveness.squares);
    CHECK(x->branching.sum == y->branching.sum);
    CHECK(x->drama.squares == y->drama.squares);
  }
  CHECK(r.tally.a.branching.sum > 0);  // the figures are there to compare
  // The same run without --design: its file's games hold no design figures.
  c.design = false;
  const CompareResult plain = run(c);
  CompareResult plain_back;
  REQUIRE(from_json(to_json(plain, compute_metrics(plain), deals), plain_back, why));
  CHECK_FALSE(plain_back.design);
  CHECK(plain_back.tally.a.branching.sum == 0);
}

TEST_CASE("a sequential run stops at the same deal whatever the threads") {
  SequentialPlan plan;
  plan.metric = "margin:P1";
  plan.resolution = 6.0;
  plan.batch = 40;
  StopRule rule{plan.batch, [&](const Tally& t) { return look(plan, t, 2).done; }};
  CompareConfig c = config(4000, false);
  c.threads = 1;
  const CompareResult one = run(c, rule);
  c.threads = 3;
  const CompareResult three = run(c, rule);
  CHECK(one.stopped_early);
  CHECK_FALSE(one.interrupted);
  CHECK(one.deals_held() % plan.batch == 0);
  CHECK(one.deals_held() < 4000);
  CHECK(three.deals_held() == one.deals_held());
  CHECK(three.tally.diff.seat_margin[0].squares == one.tally.diff.seat_margin[0].squares);
  const SequentialState s = look(plan, one.tally, 2);
  CHECK(s.half_width <= 6.0);
  // It did not stop a batch later than it needed to.
  CompareConfig shorter = c;
  shorter.deals = one.deals_held() - plan.batch;
  CHECK(look(plan, run(shorter).tally, 2).half_width > 6.0);
}

TEST_CASE("metric names: known ones resolve, others are refused with the list") {
  Tally t;
  t.start(3, {"greedy"}, {}, 1);
  std::string why;
  CHECK(named_metric(t, "win:P3", 3, why));
  CHECK(named_metric(t, "a.bot-margin:2", 3, why));
  CHECK(named_metric(t, "b.turns", 3, why));
  CHECK_FALSE(named_metric(t, "win:P4", 3, why));
  CHECK(why.find("no such seat") != std::string::npos);
  CHECK_FALSE(named_metric(t, "elo", 3, why));
  CHECK(why.find("win:PN") != std::string::npos);
}

TEST_CASE("the luck of the deal has expectation 0 and explains part of P1's margin") {
  CompareConfig c = config(1500, false);
  c.bots = {"greedy"};
  c.luck = true;
  const CompareResult r = run(c);
  const Metrics m = compute_metrics(r);
  for (const auto& [rt, a] :
       {std::pair{&r.tally.a, &m.a.luck_margin}, std::pair{&r.tally.b, &m.b.luck_margin}}) {
    // The luck's mean is within 3.5 standard errors of 0 (exchangeable hands).
    const MeanSd x = mean_sd(rt->luck_margin.x);
    MESSAGE("luck mean " << x.mean << " sd " << x.sd << "; beta " << a->beta << ", se " << a->se
                         << " -> " << a->adj_se);
    CHECK(std::fabs(x.mean) < 3.5 * x.sd / std::sqrt(static_cast<double>(x.n)));
  }
  // Under sackson (hands to 300 points) better hands and draws mean a better
  // margin, and the interval narrows once they are accounted for;
  // book1881's one deal shows no such link (docs/lab.md).
  CHECK(m.a.luck_margin.beta > 0);
  CHECK(m.a.luck_margin.adj_se < 0.95 * m.a.luck_margin.se);
}
