// The information-set search bot (engine/ismcts_bot.h) with every variant the
// project ships: legal moves only, the same moves in every thread, a hook
// that fails inside its search stops the game with the hook's file:line, and
// a capped tree still plays.
#include <doctest/doctest.h>

#include <filesystem>
#include <thread>

#include "engine/ismcts_bot.h"
#include "engine/match.h"
#include "tests/scripting/sandbox_support.h"

using namespace zetema;
using test::house;
using test::load_text;

namespace {

// Every shipped variant and cookbook house rule, as files.
std::vector<std::string> variant_files() {
  std::vector<std::string> out;
  for (const std::string& dir : {test::variants_dir(), test::variants_dir() + "/examples"}) {
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
      if (e.path().extension() == ".lua") out.push_back(e.path().string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

MatchRecord play(const Ruleset& rules, int players, uint64_t seed, std::vector<std::string> bots,
                 int max_hands = 2) {
  MatchConfig c;
  c.setup.players = players;
  c.seed = seed;
  c.bots = std::move(bots);
  c.max_hands = max_hands;
  return play_match(rules, c);
}

}  // namespace

TEST_CASE("ismcts plays only legal actions under every shipped variant and cookbook file") {
  const std::vector<std::string> files = variant_files();
  REQUIRE(files.size() >= 20);
  for (const std::string& file : files) {
    CAPTURE(file);
    const scripting::LoadedVariant v = scripting::load_variant_spec(file, test::variants_dir());
    REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
    for (int players : {2, 3}) {
      // play_match refuses any action the bot picks that is not legal.
      const MatchRecord m = play(v.rules, players, 11, {"ismcts:24", "greedy"});
      CHECK_MESSAGE(m.ok, m.error);
      CHECK(m.hands.size() >= 1);
    }
  }
}

TEST_CASE("ismcts: the same seed and budget give the same game in every thread") {
  const scripting::LoadedVariant v =
      scripting::load_variant_spec("house_example", test::variants_dir());
  REQUIRE(v.ok);
  const MatchRecord alone = play(v.rules, 3, 5, {"ismcts:64", "greedy", "ismcts:32"});
  REQUIRE_MESSAGE(alone.ok, alone.error);
  // Four threads at once, each with its own load of the variant (as the
  // lab's workers have).
  std::vector<MatchRecord> records(4);
  std::vector<std::thread> threads;
  for (MatchRecord& out : records) {
    threads.emplace_back([&out] {
      const scripting::LoadedVariant mine =
          scripting::load_variant_spec("house_example", test::variants_dir());
      out = play(mine.rules, 3, 5, {"ismcts:64", "greedy", "ismcts:32"});
    });
  }
  for (std::thread& t : threads) t.join();
  for (const MatchRecord& r : records) {
    REQUIRE_MESSAGE(r.ok, r.error);
    REQUIRE(r.hands.size() == alone.hands.size());
    for (size_t h = 0; h < r.hands.size(); ++h) CHECK(r.hands[h].actions == alone.hands[h].actions);
  }
}

TEST_CASE("ismcts: a hook that fails inside the search stops the game with its file:line") {
  // The hand's end is reached first by the search's rollouts, at the bot's
  // first decision: the game stops there, naming the bot and the hook.
  const scripting::LoadedVariant v =
      load_text(house("  score_hand_end = function(state)\n"
                      "    error('no scores at the end of this hand')\n"
                      "  end,"),
                "test/failing.lua");
  REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
  const MatchRecord m = play(v.rules, 2, 3, {"ismcts:16", "greedy"});
  CHECK_FALSE(m.ok);
  CHECK_MESSAGE(m.error.find("bot (ismcts): hook failed: test/failing.lua:4: runtime error: no "
                             "scores at the end of this hand") != std::string::npos,
                m.error);
  // The first hand was not over: the failure came from the search.
  REQUIRE(m.hands.size() == 1);
  CHECK(m.hands[0].actions.size() < 10);
}

TEST_CASE("ismcts: a tree capped at a few nodes still chooses a legal action") {
  const Ruleset& r = test::variant("sackson");
  SearchOptions o;
  o.iterations = 200;
  o.max_nodes = 4;
  MatchConfig c;
  c.setup.players = 2;
  c.seed = 8;
  c.bots = {"greedy"};
  GameLoop loop(r, c);
  REQUIRE_FALSE(loop.failed());
  while (!in_play(loop.state().phase)) REQUIRE(loop.step() != LoopStep::Failed);
  LegalActions legal;
  REQUIRE_FALSE(legal_actions(loop.state(), legal).has_value());
  Rng rng(1);
  const SearchResult res = search_position(loop.state(), legal, rng, o);
  REQUIRE_FALSE(res.error.has_value());
  REQUIRE(res.actions.size() == legal.size());
  CHECK(res.chosen < legal.size());
  int visits = 0;
  for (const ActionValue& a : res.actions) visits += a.visits;
  CHECK(visits == o.iterations);  // every iteration went through one root action
  for (const ActionValue& a : res.actions) {
    CHECK(a.win_chance >= 0);
    CHECK(a.win_chance <= 1);
  }
}

TEST_CASE("win_chances: shares of one, the winners' once the game is over") {
  State s = test::zetema_table(test::variant("sackson"));
  std::array<double, kMaxPlayers> v = win_chances(s);
  CHECK(v[0] + v[1] == doctest::Approx(1));
  CHECK(v[0] == doctest::Approx(0.5));
  s.score[0] = 250;
  s.score[1] = 100;
  v = win_chances(s);
  CHECK(v[0] > 0.85);  // 50 to go against 200, on a scale of 75
  CHECK(v[0] + v[1] == doctest::Approx(1));
  s.phase = Phase::GameOver;
  s.winners = 0b10;
  v = win_chances(s);
  CHECK(v[0] == 0);
  CHECK(v[1] == 1);
}

TEST_CASE("ismcts+no-KIND never declares that kind, and still plays legal games") {
  // Under Sackson the search bot declares flushes and marriages; forbidden
  // one, it declares none of it in ten games.
  const Ruleset& r = test::variant("sackson");
  int flushes = 0, marriages = 0;
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    const MatchRecord free = play(r, 2, seed, {"ismcts:40", "greedy"});
    const MatchRecord no_flush = play(r, 2, seed, {"ismcts:40+no-flush", "greedy"});
    REQUIRE_MESSAGE(free.ok, free.error);
    REQUIRE_MESSAGE(no_flush.ok, no_flush.error);
    for (const Event& e : free.events) {
      if (e.type == EventType::Declare && e.player == 0 && e.kind == DeclKind::Flush) ++flushes;
    }
    for (const Event& e : no_flush.events) {
      CHECK_FALSE((e.type == EventType::Declare && e.player == 0 && e.kind == DeclKind::Flush));
      if (e.type == EventType::Declare && e.player == 0 && e.kind == DeclKind::Marriages)
        ++marriages;
    }
  }
  CHECK(flushes > 0);    // the restriction is not vacuous
  CHECK(marriages > 0);  // and the other kinds are still declared
}
