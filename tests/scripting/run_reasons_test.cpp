// Reasons are counted per run (scripting/run_reasons.h): one game may give
// at most kMaxReasonsPerRun different texts, and the next game counts
// afresh, so a file's verdict does not depend on what the program ran
// before it.
#include <doctest/doctest.h>

#include <string>

#include "engine/reason.h"
#include "engine/rng.h"
#include "scripting/run_budget.h"
#include "scripting/run_reasons.h"
#include "tests/scripting/sandbox_support.h"

namespace zetema {
namespace {

// A house rule whose score_zetema gives the reason "run <points>".
const char* kReasonPerPoints =
    "  score_zetema = function(state, z)\n"
    "    return { points = z.points, reason = 'run ' .. z.points }\n"
    "  end,";

constexpr int kPerRun = static_cast<int>(scripting::kMaxReasonsPerRun);

struct Table {
  scripting::LoadedVariant v = test::load_text(test::house(kReasonPerPoints));
  State s = test::zetema_table(v.rules);
  Rng rng{1};
  HookReturn<Scored> give(int points) {
    return v.rules.hooks->score_zetema(s, rng, ZetemaInfo{0, 6, points, 1});
  }
  // How many of the texts "run first" ... "run last - 1" failed.
  int failures(int first, int last) {
    int failed = 0;
    for (int n = first; n < last; ++n) failed += give(n).error ? 1 : 0;
    return failed;
  }
};

TEST_CASE("reasons: one run keeps the most it may, then a new text fails with the run's message") {
  Table t;
  REQUIRE(t.v.ok);
  const scripting::RunBudget run(t.v.rules);
  CHECK(t.failures(0, kPerRun) == 0);
  const auto again = t.give(5);  // a text this run gave already still scores
  REQUIRE_FALSE(again.error);
  CHECK(again.value.reason == "run 5");
  const auto over = t.give(kPerRun);
  REQUIRE(over.error);
  CHECK(over.error->message.find("a reason not kept") != std::string::npos);
  CHECK(over.error->message.find("in this run") != std::string::npos);
  CHECK(over.error->message.find(std::to_string(kPerRun)) != std::string::npos);
}

TEST_CASE(
    "reasons: each run counts afresh, so two games of many reasons both pass in one program") {
  Table t;
  REQUIRE(t.v.ok);
  // Together more than one run may give: before reasons were counted per
  // run, the second game failed after the first.
  const int each = kPerRun - 1000;
  {
    const scripting::RunBudget first(t.v.rules);
    CHECK(t.failures(1'000'000 - 2 * each, 1'000'000 - each) == 0);
  }
  {
    const scripting::RunBudget second(t.v.rules);
    CHECK(t.failures(1'000'000 - each, 1'000'000) == 0);
  }
}

TEST_CASE("reasons: a run inside another leaves the outer one's count as it was") {
  Table t;
  REQUIRE(t.v.ok);
  const scripting::RunBudget outer(t.v.rules);
  CHECK(t.failures(-kPerRun, -10) == 0);  // the outer run is 10 short of its most
  {
    const scripting::RunBudget inner(t.v.rules);
    CHECK(t.failures(-900'000, -900'000 + 100) == 0);
  }
  CHECK(t.failures(-10, 0) == 0);
  CHECK(t.give(-999'999).error);  // the outer run is full again
}

}  // namespace
}  // namespace zetema
