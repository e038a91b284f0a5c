// Golden replays: a recorded game checked against the current rules.
#include <doctest/doctest.h>

#include "replays/golden.h"
#include "tests/support/samples.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::replays;

TEST_CASE("golden: the rules it was recorded with give the same events") {
  const Replay r = test::sample_replay("sackson-3p-imperial-flush-sequence");
  const GoldenCheck g = check_against(r, test::variant("sackson"), test::variant("sackson"));
  REQUIRE_MESSAGE(g.ok, g.error);
  CHECK(g.same);
  CHECK_FALSE(g.event.has_value());
}

TEST_CASE("golden: a changed point value is caught at the first event it changes") {
  const Replay r = test::sample_replay("sackson-3p-imperial-flush-sequence");
  const Ruleset& recorded = test::variant("sackson");
  Ruleset changed = recorded;
  for (int& points : changed.zetema_points) points += 1;  // every zetema one point more
  const GoldenCheck g = check_against(r, recorded, changed);
  REQUIRE_MESSAGE(g.ok, g.error);
  CHECK_FALSE(g.same);
  REQUIRE(g.event.has_value());
  CHECK(g.recorded.find("zetema") != std::string::npos);
  CHECK(g.now.find("zetema") != std::string::npos);
  CHECK(g.recorded != g.now);
  CHECK(g.refused.empty());  // every action was still legal
}

TEST_CASE("golden: an action the current rules refuse is named") {
  const Replay r = test::sample_replay("sackson-3p-imperial-flush-sequence");
  const GoldenCheck g = check_against(r, test::variant("sackson"), test::variant("book1881"));
  REQUIRE_MESSAGE(g.ok, g.error);
  CHECK_FALSE(g.same);
  REQUIRE(g.event.has_value());
  CHECK_FALSE(g.refused.empty());
}

TEST_CASE("golden: same_event compares what happened, not where a hook is written") {
  Event a;
  a.type = EventType::Zetema;
  a.player = 1;
  a.points = 25;
  a.rank = 10;
  a.rule = RuleId::Count;
  Event b = a;
  CHECK(same_event(a, b));
  b.points = 26;
  CHECK_FALSE(same_event(a, b));
  b = a;
  b.player = 2;
  CHECK_FALSE(same_event(a, b));
  b = a;
  b.by_hook = true;
  CHECK_FALSE(same_event(a, b));
}
