// Invariants over many seeded random games, per shipped variant and player
// count 2-6 (10,000 games each by default; ZETEMA_INVARIANT_GAMES changes
// the count): every one of the 65 cards is always in exactly one place,
// side scores equal the sum of their events, no illegal action is accepted
// (and a refused one changes nothing), every legal one is, every game ends.
#include <doctest/doctest.h>

#include <cstdlib>

#include "engine/effects.h"
#include "engine/game.h"
#include "engine/match.h"
#include "tests/support/variants.h"

using namespace zetema;

namespace {

int games_per_count() {
  const char* env = std::getenv("ZETEMA_INVARIANT_GAMES");
  return env ? std::atoi(env) : 10000;
}

// An action that is not in `legal`: a discard of a card not held, or a
// declaration of random cards.
Action random_illegal(const State& s, const std::vector<Action>& legal, Rng& rng) {
  const auto deck = full_deck(s.rules->imperial_suit);
  for (int tries = 0; tries < 50; ++tries) {
    Action a;
    if (rng.below(2) == 0) {
      a = Action::discard(deck[rng.below(kDeckSize)]);
    } else {
      CardSet cards;
      const int n = 1 + static_cast<int>(rng.below(7));
      for (int i = 0; i < n; ++i) cards.insert(deck[rng.below(kDeckSize)]);
      a = Action::declare(static_cast<DeclKind>(rng.below(5)), cards);
    }
    bool listed = false;
    for (const Action& l : legal) listed = listed || l == a;
    if (!listed) return a;
  }
  return Action::discard(Card());
}

void run_games(const std::string& id) {
  const Ruleset& rules = test::variant(id);
  const int games = games_per_count();
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    CAPTURE(players);
    int completed = 0;
    for (int g = 0; g < games; ++g) {
      const uint64_t seed = static_cast<uint64_t>(players) * 1'000'003u + static_cast<uint64_t>(g);
      CAPTURE(seed);
      GameSetup setup;
      setup.players = players;
      if (players == 6 && rules.teams_of_three_allowed && g % 2 == 1) {
        setup.partnerships = Partnerships::TeamsOfThree;
      }
      NewGame ng = new_game(rules, setup);
      REQUIRE_MESSAGE(ng.ok, ng.error);
      State s = ng.state;
      Rng rng(seed);
      EventLog log;
      std::vector<Action> legal;
      int dealer = static_cast<int>(rng.below(static_cast<uint32_t>(players)));
      int steps = 0;
      while (!s.over() && s.hand_number <= 200) {
        if (s.phase == Phase::Deal) {
          const auto deck = shuffled_deck(rules.imperial_suit, rng);
          REQUIRE(deal(s, deck, s.hand_number == 0 ? dealer : next_dealer(s), log).ok);
        } else {
          REQUIRE_FALSE(legal_actions(s, legal).has_value());
          REQUIRE_FALSE(legal.empty());
          if (steps % 7 == 0) {  // an illegal action is refused and changes nothing
            const Action bad = random_illegal(s, legal, rng);
            const State before = s;
            const size_t logged = log.size();
            const ApplyResult r = apply(s, bad, log);
            CAPTURE(to_string(bad));
            REQUIRE_FALSE(r.ok);
            REQUIRE_FALSE(r.reason.empty());
            REQUIRE(s == before);
            REQUIRE(log.size() == logged);
          }
          const Action& a = legal[rng.below(static_cast<uint32_t>(legal.size()))];
          const ApplyResult r = apply(s, a, log);
          REQUIRE_MESSAGE(r.ok, to_string(a) << ": " << r.reason);
          ++steps;
        }
        const std::string problem = card_accounting(s);
        REQUIRE_MESSAGE(problem.empty(), problem);
      }
      REQUIRE(s.over());  // every game ends (well within 200 hands)
      ++completed;
      std::array<long long, kMaxPlayers> sum{};
      for (const Event& e : log) {
        if (e.type == EventType::Declare || e.type == EventType::Zetema) sum[e.side] += e.points;
      }
      for (int side = 0; side < s.sides; ++side) REQUIRE(sum[side] == s.score[side]);
    }
    CHECK(completed == games);
  }
}

}  // namespace

TEST_CASE("invariants: sackson, 2-6 players") {
  run_games("sackson");
}
TEST_CASE("invariants: rules_site, 2-6 players") {
  run_games("rules_site");
}
TEST_CASE("invariants: book1881, 2-6 players") {
  run_games("book1881");
}
TEST_CASE("invariants: rummy_site, 2-6 players") {
  run_games("rummy_site");
}
// The shipped variant with Lua hooks: the same invariants hold when a hook
// scores the marriages.
TEST_CASE("invariants: house_example (Lua hooks), 2-6 players") {
  run_games("house_example");
}
