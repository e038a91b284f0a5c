// The lab's confidence intervals against values computed by hand.
#include <doctest/doctest.h>

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
