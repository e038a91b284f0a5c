// The shortcuts bots take give what the full path gives: apply_listed (no
// second asking of what legal_actions asked) and apply_table_legal (no
// second asking of the tables, as a preview plays) leave the same position
// and events as apply, and a preview read from the tables equals the points
// of applying the action and reading its score events.
#include <doctest/doctest.h>

#include "engine/bots.h"
#include "engine/event.h"
#include "engine/game.h"
#include "engine/internal/apply_paths.h"
#include "engine/legality.h"
#include "engine/match.h"
#include "engine/mc_bot.h"
#include "tests/support/positions.h"
#include "tests/support/variants.h"

using namespace zetema;

namespace {

// Two logs alike in everything a replay or a tally reads.
bool same_events(const EventLog& a, const EventLog& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const Event& x = a[i];
    const Event& y = b[i];
    if (x.type != y.type || x.player != y.player || x.side != y.side || x.kind != y.kind ||
        x.card != y.card || x.cards != y.cards || x.points != y.points || x.bonus != y.bonus ||
        x.rank != y.rank || x.rule != y.rule || x.by_hook != y.by_hook || x.winners != y.winners ||
        x.end_reason != y.end_reason || x.hook != y.hook || x.reason.str() != y.reason.str()) {
      return false;
    }
  }
  return true;
}

// The points of an action as the bots used to preview every action: apply
// it to a copy and add its own score events, up to the first draw.
int applied_points(const State& s, const Action& a) {
  State copy = s;
  EventLog events;
  if (!apply(copy, a, events).ok) return 0;
  int points = 0;
  for (const Event& e : events) {
    if (e.type == EventType::Draw || e.type == EventType::HandEnd) break;
    if ((e.type == EventType::Declare || e.type == EventType::Zetema) && e.player == s.current) {
      points += e.points;
    }
    if (e.type == EventType::Award) points += e.side == s.side_of[s.current] ? e.points : -e.points;
  }
  return points;
}

// Visits every listed action at every position of `games` seeded games
// (a greedy bot declares, so declarations and zetemas are met often).
template <class Visit>
void each_listed_action(const Ruleset& rules, int players, int games, Visit&& visit) {
  std::vector<Action> legal;
  test::each_position(rules, players, games, {"greedy", "random"}, [&](const State& s) {
    REQUIRE_FALSE(legal_actions(s, legal).has_value());
    for (const Action& a : legal) visit(s, a);
  });
}

}  // namespace

TEST_CASE("apply_listed and apply_table_legal leave what apply leaves, for every listed action") {
  for (const char* id :
       {"sackson", "rules_site", "book1881", "rummy_site", "house_example", "parlett"}) {
    CAPTURE(id);
    for (int players : {2, 4, 6}) {
      CAPTURE(players);
      each_listed_action(test::variant(id), players, 4, [](const State& s, const Action& a) {
        CAPTURE(to_string(a, s.rules));
        State full = s, listed = s, table_legal = s;
        EventLog full_log, listed_log, table_legal_log;
        const ApplyResult by_apply = apply(full, a, full_log);
        const ApplyResult by_listed = apply_listed(listed, a, listed_log);
        const ApplyResult by_table_legal =
            detail::apply_table_legal(table_legal, a, table_legal_log);
        REQUIRE(by_apply.ok);
        REQUIRE(by_listed.ok);
        REQUIRE(by_table_legal.ok);
        REQUIRE(full == listed);
        REQUIRE(full == table_legal);
        REQUIRE(same_events(full_log, listed_log));
        REQUIRE(same_events(full_log, table_legal_log));
      });
    }
  }
}

// A preview plays a listed action in the seat's view of the world -- the
// other hands and the stock dealt at random -- without the tables' checks
// (detail::apply_table_legal): the tables must allow it there as at the
// table, and the preview must score what applying it there scores.
TEST_CASE("a listed action stays legal in the seat's worlds, and previews there as applied") {
  for (const char* id : {"house_example", "parlett"}) {
    CAPTURE(id);
    int by_hook = 0;
    each_listed_action(test::variant(id), 3, 3, [&](const State& s, const Action& a) {
      CAPTURE(to_string(a, s.rules));
      for (uint64_t seed = 1; seed <= 2; ++seed) {
        Rng rng(seed);
        const State world = determinize(s, rng);
        REQUIRE(refusal(world, a).empty());
        if (!may_call_hook(world, a)) continue;
        REQUIRE(preview_points(world, a) == applied_points(world, a));
        ++by_hook;
      }
    });
    CHECK(by_hook > 0);  // the games met declarations a hook scores
  }
}

// With hooks, an action no hook can score (most discards, every declaration
// of a variant whose hooks score marriages only) is previewed from the
// tables too.
TEST_CASE("with hooks, a preview of an action no hook scores equals applying it") {
  for (const char* id : {"house_example", "parlett"}) {
    CAPTURE(id);
    int from_tables = 0;
    each_listed_action(test::variant(id), 3, 6, [&](const State& s, const Action& a) {
      if (may_call_hook(s, a)) return;
      CAPTURE(to_string(a, s.rules));
      const int expected = applied_points(s, a);
      REQUIRE(immediate_points(s, a) == expected);
      from_tables += expected != 0;
    });
    CHECK(from_tables > 0);
  }
}

TEST_CASE("a preview read from the tables equals applying the action") {
  for (const char* id : {"sackson", "rules_site", "book1881", "rummy_site"}) {
    CAPTURE(id);
    const Ruleset& rules = test::variant(id);
    REQUIRE(rules.hooks == nullptr);  // tables only: the preview reads them
    for (int players : {2, 3, 6}) {
      CAPTURE(players);
      int scoring = 0;
      each_listed_action(rules, players, 6, [&](const State& s, const Action& a) {
        CAPTURE(to_string(a, s.rules));
        const int expected = applied_points(s, a);
        REQUIRE(immediate_points(s, a) == expected);
        scoring += expected != 0;
      });
      CHECK(scoring > 0);  // the games met actions that score
    }
  }
}
