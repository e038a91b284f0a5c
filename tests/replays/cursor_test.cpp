// The replay cursor: the table at any position equals the table reached by
// replaying from the start, whatever order positions are visited in.
#include <doctest/doctest.h>

#include "engine/match.h"
#include "replays/cursor.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::replays;

namespace {

struct Game {
  scripting::LoadedVariant variant;
  Replay replay;
};

Game game(const std::string& id, int players, uint64_t seed) {
  Game g;
  g.variant = scripting::load_variant_spec(id, test::variants_dir());
  REQUIRE(g.variant.ok);
  MatchConfig c;
  c.setup.players = players;
  c.seed = seed;
  c.bots = {"greedy", "random"};
  const MatchRecord m = play_match(g.variant.rules, c);
  REQUIRE(m.ok);
  g.replay = make_replay(g.variant, m.final_state, seed, {"greedy", "random"}, m.hands, m.events);
  return g;
}

// The position after each event, from one straight re-derivation.
std::vector<State> every_position(const Game& g) {
  std::vector<State> out;
  out.push_back(new_game(g.variant.rules, replay_setup(g.replay)).state);
  const EventObserver keep = [&](const State& s, const Event&) { out.push_back(s); };
  REQUIRE(rederive(g.replay, g.variant.rules, &keep).ok);
  return out;
}

}  // namespace

TEST_CASE("seek to any position gives the state replayed from the start") {
  int games = 0;
  for (const char* id : {"sackson", "book1881", "rummy_site", "rules_site"}) {
    for (int players = 2; players <= 6; ++players) {
      for (uint64_t seed = 1; seed <= 3; ++seed) {
        CAPTURE(id);
        CAPTURE(players);
        CAPTURE(seed);
        const Game g = game(id, players, seed);
        std::vector<State> truth = every_position(g);
        // Before the first deal the cursor's table names its dealer (event 0's).
        truth[0].dealer = static_cast<uint8_t>(g.replay.hands.front().dealer);
        std::string error;
        auto cursor = ReplayCursor::open(g.replay, g.variant.rules, error);
        REQUIRE_MESSAGE(cursor, error);
        REQUIRE(cursor->size() + 1 == truth.size());
        // Every position in a scrambled order, then a walk back and forth.
        Rng order(seed * 31 + static_cast<uint64_t>(players));
        for (size_t n = 0; n < truth.size(); ++n) {
          const size_t i = order.below(static_cast<uint32_t>(truth.size()));
          cursor->seek(i);
          REQUIRE(cursor->position() == i);
          REQUIRE(cursor->state() == truth[i]);
        }
        cursor->seek(0);
        while (cursor->next()) REQUIRE(cursor->state() == truth[cursor->position()]);
        while (cursor->prev()) REQUIRE(cursor->state() == truth[cursor->position()]);
        ++games;
      }
    }
  }
  CHECK(games == 60);
}

TEST_CASE("markers: hands, turns and scoring events") {
  const Game g = game("sackson", 3, 4);
  std::string error;
  auto c = ReplayCursor::open(g.replay, g.variant.rules, error);
  REQUIRE(c);
  REQUIRE(c->hand_starts().size() == g.replay.hands.size());
  for (size_t h = 0; h < c->hand_starts().size(); ++h) {
    // A hand begins where the table shows it: just after its deal starts.
    c->seek_hand(h);
    CHECK(c->events()[c->position() - 1].type == EventType::HandStart);
    CHECK(c->hand_at(c->position()) == h);
    CHECK(c->state().hand_number == h + 1);
    CHECK(c->hand_at(c->position() - 1) == (h == 0 ? 0 : h - 1));
  }
  // Each turn begins at the first position whose table shows its number,
  // just after its first event (issue 14: the timeline and table agree).
  for (size_t t = 0; t < c->turn_starts().size(); ++t) {
    c->seek_turn(t);
    CHECK(c->state().turn_number == t + 1);
    CHECK(c->turn_at(c->position()) == t);
    c->prev();
    CHECK(c->state().turn_number == t);
  }
  // next_score walks every scoring event in order.
  c->seek(0);
  size_t scores = 0;
  while (c->next_score()) {
    const Event& e = c->events()[c->position() - 1];
    CHECK(e.scores());
    ++scores;
  }
  CHECK(scores == c->score_events().size());
  CHECK(scores > 0);
  while (c->prev_score()) --scores;
  CHECK(scores == 1);  // back at the first scoring event
}
