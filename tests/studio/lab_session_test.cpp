// The studio's lab session in the rotated and sequential modes (issue 15):
// the same result as the lab itself, a live interval while it runs.
#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "studio/lab/lab_json.h"
#include "studio/lab/summary_rows.h"
#include "studio/session/lab_session.h"
#include "tests/support/scratch.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::studio;

namespace {

const scripting::VariantFolder kFolder{ZETEMA_VARIANTS_DIR, "variants"};

lab::CompareConfig config() {
  lab::CompareConfig c;
  c.a = "sackson";
  c.b = "book1881";
  c.players = 2;
  c.deals = 5000;
  c.bots = {"greedy", "random"};
  c.seed = 4;
  c.threads = 2;
  return c;
}

void wait_for(LabSession& lab) {
  for (int i = 0; i < 6000 && !lab.poll(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

}  // namespace

TEST_CASE(
    "the lab session: a rotated sequential run stops where the lab's does, with its interval") {
  lab::CompareConfig c = config();
  c.rotate = true;
  lab::SequentialPlan plan;
  plan.metric = "bot-margin:1";
  plan.resolution = 8.0;
  plan.batch = 50;
  LabSession session;
  session.start(c, kFolder, plan);
  wait_for(session);
  REQUIRE(session.has_result());
  const lab::CompareResult& r = session.result();
  CHECK(r.tally.rotations == 2);
  CHECK(r.stopped_early);
  const std::optional<lab::SequentialState> live = session.live();
  REQUIRE(live);
  CHECK(live->done);
  CHECK(live->half_width <= 8.0);
  CHECK(live->sums.n == r.deals_held());
  // The lab itself, with the same rule, stops at the same deal.
  std::atomic<bool> stop{false};
  const lab::CompareResult direct = lab::run_compare(
      c, kFolder, {}, stop, {},
      {plan.batch, [&](const lab::Tally& t) { return lab::look(plan, t, 2).done; }});
  CHECK(direct.deals_held() == r.deals_held());
  CHECK(session.metrics().diff.bot_margin[0].mean ==
        lab::compute_metrics(direct).diff.bot_margin[0].mean);
}

TEST_CASE("the lab session: an unknown metric is an error, and nothing runs") {
  lab::SequentialPlan plan;
  plan.metric = "elo";
  LabSession session;
  session.start(config(), kFolder, plan);
  CHECK_FALSE(session.running());
  CHECK(session.error().find("not a metric") != std::string::npos);
}

TEST_CASE("the lab session: a sequential test stops at its verdict, where the lab's does") {
  // Greedy against random under A: its margin is clearly above 0, so the
  // test of H0 = 0 against H1 = 5 points accepts H1 long before the end.
  lab::SequentialPlan plan;
  plan.metric = "a.bot-margin:1";
  plan.test = lab::Sprt{0.0, 5.0};
  plan.batch = 50;
  LabSession session;
  session.start(config(), kFolder, plan);
  wait_for(session);
  REQUIRE(session.has_result());
  const std::optional<lab::SequentialState> live = session.live();
  REQUIRE(live);
  CHECK(live->verdict == lab::SprtVerdict::AcceptH1);
  CHECK(live->llr >= plan.test->upper());
  CHECK(session.result().stopped_early);
  CHECK(session.result().deals_held() < config().deals);
  CHECK(test_progress(plan, *live) == doctest::Approx(1.0));
  CHECK(live_line(plan, *live).find("accepts H1") != std::string::npos);
  std::atomic<bool> stop{false};
  const lab::CompareResult direct = lab::run_compare(
      config(), kFolder, {}, stop, {},
      {plan.batch, [&](const lab::Tally& t) { return lab::look(plan, t, 2).done; }});
  CHECK(direct.deals_held() == session.result().deals_held());
}

TEST_CASE("the lab session: a test with H0 equal to H1 is an error, and nothing runs") {
  lab::SequentialPlan plan;
  plan.metric = "win:P1";
  plan.test = lab::Sprt{0.02, 0.02};
  LabSession session;
  session.start(config(), kFolder, plan);
  CHECK_FALSE(session.running());
  CHECK(session.error().find("two different numbers") != std::string::npos);
}

TEST_CASE("the lab session: the live line and the test's progress between Wald's bounds") {
  lab::SequentialPlan plan;
  plan.metric = "win:P1";
  plan.test = lab::Sprt{0.0, 0.02};
  lab::SequentialState s;
  s.sums.mean = 0.01;
  s.sums.n = 400;
  s.llr = plan.test->lower();
  CHECK(test_progress(plan, s) == doctest::Approx(0.0));
  s.llr = (plan.test->lower() + plan.test->upper()) / 2;
  CHECK(test_progress(plan, s) == doctest::Approx(0.5));
  CHECK(live_line(plan, s).find("continues") != std::string::npos);
  CHECK(live_line(plan, s).find("after 400 deals") != std::string::npos);
  plan.test.reset();
  plan.resolution = 0.01;
  s.half_width = 0.005;
  CHECK(test_progress(plan, s) == 0.0f);
  CHECK(live_line(plan, s).find("[0.0050, 0.0150]") != std::string::npos);
}

TEST_CASE("the lab session: the skill trace's steps are the lab's, one rotated run per budget") {
  lab::CompareConfig c = config();
  c.deals = 10;
  LabSession session;
  session.start_ladder(c, kFolder, "2,4");
  wait_for(session);
  CHECK(session.error().empty());
  const std::vector<lab::LadderStep> steps = session.ladder();
  REQUIRE(steps.size() == 2);
  CHECK(session.ladder_ids() == "A: sackson, B: book1881");
  std::atomic<bool> stop{false};
  for (const lab::LadderStep& step : steps) {
    const lab::CompareResult r = lab::run_compare(lab::ladder_config(c, step.n), kFolder, {}, stop);
    CHECK(r.tally.rotations == 2);
    CHECK(r.config.bots == std::vector<std::string>{"mc:" + std::to_string(step.n),
                                                    "mc:" + std::to_string(2 * step.n)});
    const lab::Metrics m = lab::compute_metrics(r);
    CHECK(step.a.mean == m.a.bot_win[1].mean);
    CHECK(step.b.hi == m.b.bot_win[1].hi);
    CHECK(step.diff.mean == m.diff.bot_win[1].mean);
  }
  CHECK(steps[0].n == 2);
  CHECK(steps[1].n == 4);
}

TEST_CASE("the lab session: a stopped ladder keeps the steps it finished") {
  lab::CompareConfig c = config();
  c.deals = 2000;
  LabSession session;
  session.start_ladder(c, kFolder, "64,128,256");
  session.stop();
  wait_for(session);
  CHECK_FALSE(session.running());
  CHECK(session.ladder().size() < 3);
}

TEST_CASE("the lab session: a ladder's budgets are whole numbers, else an error and no run") {
  std::string why;
  CHECK(parse_budgets("8,16,32", why) == std::vector<int>{8, 16, 32});
  for (const char* bad : {"", "8,,16", "8,x", "0", "50001", "-4", "8, 16"}) {
    why.clear();
    CHECK_MESSAGE(parse_budgets(bad, why).empty(), bad);
    CHECK(why.find("whole numbers") != std::string::npos);
  }
  LabSession session;
  session.start_ladder(config(), kFolder, "8,x");
  CHECK_FALSE(session.running());
  CHECK(session.error().find("\"x\" is not") != std::string::npos);
  CHECK(session.ladder().empty());
}

TEST_CASE("the lab session: a rotated --design result file opens with its design rows") {
  lab::CompareConfig c = config();
  c.deals = 20;
  c.rotate = true;
  std::vector<lab::DealResult> deals;
  std::atomic<bool> stop{false};
  const auto keep = [&](const lab::CompareResult&, const lab::DealResult& d) {
    deals.push_back(d);
  };
  const auto has_design_rows = [](const lab::CompareResult& r, const lab::Metrics& m) {
    for (const lab::SummaryRow& row : lab::summary_rows(r, m, r.design)) {
      if (row.name.find("lead changes") != std::string::npos) return true;
    }
    return false;
  };
  const test::Scratch scratch("zetema-lab-session-design");
  const std::string path = (scratch.root / "result.json").string();
  for (const bool design : {true, false}) {
    c.design = design;
    deals.clear();
    const lab::CompareResult run = lab::run_compare(c, kFolder, {}, stop, keep);
    REQUIRE(run.error.empty());
    std::ofstream(path) << lab::to_json(run, lab::compute_metrics(run), deals);
    LabSession session;
    REQUIRE(session.open(path));
    CHECK(session.result().tally.rotations == 2);
    CHECK(session.result().design == design);
    CHECK(has_design_rows(session.result(), session.metrics()) == design);
    if (design) {
      CHECK(session.metrics().diff.branching.mean == lab::compute_metrics(run).diff.branching.mean);
    }
  }
}
