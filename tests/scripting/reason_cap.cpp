// A variant whose hook writes a new reason on every call, once the program
// keeps the most reasons it will (engine/reason.h): the hook fails with a
// message that names the machine's limit (not the file), and the game
// stops; a reason already kept still scores. (One run's own cap is tested
// in run_reasons_test.cpp.) Its own binary: it fills the program's table,
// which every test after it in one process would find full.
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "engine/match.h"
#include "engine/reason.h"
#include "engine/rng.h"
#include "replays/record.h"
#include "replays/replay_file.h"
#include "tests/scripting/sandbox_support.h"
#include "tests/support/scratch.h"

namespace zetema {
namespace {

// A house rule whose score_zetema gives a new reason at every zetema.
const char* kNewReasons =
    "  score_zetema = function(state, z)\n"
    "    return { points = z.points, reason = 'new ' .. math.random(1000000000) }\n"
    "  end,";

// Keeps texts until the program's table is full, whatever ran before.
void fill_reasons(const std::string& prefix) {
  for (size_t n = 0; n <= kMaxReasons && Reason::of(prefix + std::to_string(n)); ++n) {
  }
  REQUIRE_FALSE(Reason::of(prefix + " one more"));
}

// A house rule whose score_zetema gives the reason "filler <points>".
const char* kFillerReason =
    "  score_zetema = function(state, z)\n"
    "    return { points = z.points, reason = 'filler ' .. z.points }\n"
    "  end,";

TEST_CASE("reasons: past the most the program keeps, a new one fails its hook") {
  const auto v = test::load_text(test::house(kFillerReason));
  REQUIRE(v.ok);
  // Fill the program's table: the texts "filler 0", "filler 1", ...
  size_t kept = 0;
  while (kept <= kMaxReasons && Reason::of("filler " + std::to_string(kept))) ++kept;
  REQUIRE(kept <= kMaxReasons);  // it filled (some reasons were kept before)
  REQUIRE_FALSE(Reason::of("filler " + std::to_string(kept)));

  const State s = test::zetema_table(v.rules);
  Rng rng(1);
  // "filler 5" was kept: the hook scores with it.
  const auto old_text = v.rules.hooks->score_zetema(s, rng, ZetemaInfo{0, 6, 5, 1});
  REQUIRE_FALSE(old_text.error);
  CHECK(old_text.value.reason.str() == "filler 5");
  // A text never kept ("filler -1"): the hook fails, saying why.
  const int points = -1;
  const auto new_text = v.rules.hooks->score_zetema(s, rng, ZetemaInfo{0, 6, points, 1});
  REQUIRE(new_text.error);
  CHECK(new_text.error->message.find("a reason not kept") != std::string::npos);
  CHECK(new_text.error->message.find(std::to_string(kMaxReasons)) != std::string::npos);
  CHECK(new_text.error->message.find("not a verdict on the file") != std::string::npos);
}

TEST_CASE("reasons: a game whose hook gives reasons past the most kept stops with the message") {
  fill_reasons("game filler ");
  const auto v = test::load_text(test::house(kNewReasons));
  REQUIRE(v.ok);
  MatchConfig config;
  config.seed = 3;
  config.bots = {"random"};
  const MatchRecord m = play_match(v.rules, config);
  CHECK_FALSE(m.ok);
  CHECK(m.error.find("hook failed") != std::string::npos);
  CHECK(m.error.find("a reason not kept") != std::string::npos);
}

TEST_CASE("reasons: a replay whose embedded hook gives new reasons stops where the table is full") {
  // Recorded by the real CLI: another program, whose table had room.
  test::Scratch dir("zetema-reason-cap");
  const std::string variant = (dir.root / "house.lua").string();
  const std::string replay = (dir.root / "game.json").string();
  std::ofstream(variant) << test::house(kNewReasons);
  const std::string record = std::string(ZETEMA_CLI) + " play --variant " + variant +
                             " --seed 3 --record " + replay + " >/dev/null 2>&1";
  REQUIRE(std::system(record.c_str()) == 0);
  const replays::Decoded file = replays::load_replay(replay);
  REQUIRE_MESSAGE(file.ok, file.error);
  // Re-derived here from its own embedded Lua, once this program's table
  // is full: the first new reason stops it, saying why.
  fill_reasons("replay filler ");
  const replays::ResolvedVariant embedded = replays::embedded_variant(file.replay);
  REQUIRE_MESSAGE(embedded.ok, embedded.error);
  const replays::Verified checked = replays::verify_replay(file.replay, embedded.variant.rules);
  CHECK_FALSE(checked.ok);
  CHECK(checked.error.find("a reason not kept") != std::string::npos);
}

}  // namespace
}  // namespace zetema
