// The strength ladder (studio/lab/strength_ladder.h): Bradley-Terry ratings
// on known data, the same ladder whatever the threads, and its set-up errors.
#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <fstream>

#include "studio/lab/strength_ladder.h"
#include "tests/support/scratch.h"

using namespace zetema;
using namespace zetema::lab;

namespace {

const scripting::VariantFolder kFolder{ZETEMA_VARIANTS_DIR, "variants"};

std::vector<size_t> all_deals(size_t n) {
  std::vector<size_t> d(n);
  for (size_t i = 0; i < n; ++i) d[i] = i;
  return d;
}

}  // namespace

TEST_CASE("bradley_terry: a bot that wins three games in four rates 400 log10(3) above") {
  // 1,000 deals, i's share 3/4 in each: the prior's half game each way is
  // lost in the count.
  PairGames p{0, 1, std::vector<double>(1000, 0.75), std::vector<bool>(1000, false)};
  const std::vector<double> elo = bradley_terry(2, {p}, all_deals(1000));
  CHECK(elo[0] == 0);
  CHECK(elo[1] == doctest::Approx(-400 * std::log10(3.0)).epsilon(0.01));
  // Three bots in order: 0 beats 1 and 2, 1 beats 2.
  const std::vector<PairGames> three = {
      {0, 1, std::vector<double>(400, 0.75), {}},
      {0, 2, std::vector<double>(400, 0.9), {}},
      {1, 2, std::vector<double>(400, 0.75), {}},
  };
  const std::vector<double> e = bradley_terry(3, three, all_deals(400));
  CHECK(e[1] < e[0]);
  CHECK(e[2] < e[1]);
  // A bot that never wins keeps a finite rating (the prior): 20 games lost
  // and half of one more, against 20.5 won.
  PairGames never{0, 1, std::vector<double>(10, 0.0), {}};
  const std::vector<double> f = bradley_terry(2, {never}, all_deals(10));
  CHECK(std::isfinite(f[1]));
  CHECK(f[1] == doctest::Approx(400 * std::log10(41.0)).epsilon(0.001));
}

TEST_CASE("strength ladder: the same figures whatever the threads, greedy above random") {
  LadderConfig c;
  c.variant = "sackson";
  c.bots = {"random", "greedy", "imperial"};
  c.deals = 12;
  c.seed = 3;
  std::atomic<bool> stop{false};
  c.threads = 1;
  const StrengthLadder one = run_strength_ladder(c, kFolder, {}, stop);
  REQUIRE_MESSAGE(one.error.empty(), one.error);
  c.threads = 2;
  const StrengthLadder two = run_strength_ladder(c, kFolder, {}, stop);
  REQUIRE(two.error.empty());
  REQUIRE(one.ratings.size() == 3);
  for (size_t b = 0; b < 3; ++b) {
    CHECK(one.ratings[b].elo == two.ratings[b].elo);
    CHECK(one.ratings[b].lo == two.ratings[b].lo);
    CHECK(one.ratings[b].lo <= one.ratings[b].elo);
    CHECK(one.ratings[b].elo <= one.ratings[b].hi);
  }
  CHECK(one.seat_decided == two.seat_decided);
  CHECK(one.ratings[1].elo > one.ratings[0].elo + 200);  // greedy well above random
  CHECK(one.pairs.size() == 3);
}

TEST_CASE("strength ladder: set-up problems are reported before any game") {
  std::atomic<bool> stop{false};
  LadderConfig c;
  c.variant = "sackson";
  c.bots = {"greedy"};
  CHECK(run_strength_ladder(c, kFolder, {}, stop).error == "a ladder needs two bots or more");
  c.bots = {"greedy", "clever"};
  CHECK(run_strength_ladder(c, kFolder, {}, stop).error.rfind("unknown bot 'clever'", 0) == 0);
  const test::Scratch tmp("zetema-ladder-stateful");
  const std::string file = (tmp.root / "counter.lua").string();
  std::ofstream(file)
      << "local n = 0\n"
         "return { id = 'counter', name = 'C', source = 't',\n"
         "  extends = 'sackson',\n"
         "  score_zetema = function(state, z) n = n + 1 return z.points + n end }\n";
  c.variant = file;
  c.bots = {"greedy", "imperial"};
  CHECK(run_strength_ladder(c, kFolder, {}, stop).error.find("its hooks keep state") !=
        std::string::npos);
}
