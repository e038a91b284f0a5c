// The studio's lab session in the rotated and sequential modes (issue 15):
// the same result as the lab itself, a live interval while it runs.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "studio/session/lab_session.h"
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
