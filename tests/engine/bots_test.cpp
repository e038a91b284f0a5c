// Bots: every bot plays only legal actions, sees only what its seat may
// see (changing the hidden cards never changes its choice), and the
// determinized worlds of the Monte Carlo bot keep everything the seat knows.
#include <doctest/doctest.h>

#include "engine/bots.h"
#include "engine/game.h"
#include "engine/match.h"
#include "engine/mc_bot.h"
#include "tests/support/variants.h"

using namespace zetema;

namespace {

// A mid-game position of a seeded game: the state after `actions` actions.
State midgame(const Ruleset& rules, int players, uint64_t seed, int actions) {
  NewGame g = new_game(rules, GameSetup{players, std::nullopt, 0});
  State s = g.state;
  Rng rng(seed);
  EventLog log;
  REQUIRE(deal(s, shuffled_deck(rules.imperial_suit, rng), 0, log).ok);
  std::vector<Action> legal;
  for (int i = 0; i < actions && !s.over() && s.phase != Phase::Deal; ++i) {
    legal_actions(s, legal);
    REQUIRE(apply(s, legal[rng.below(static_cast<uint32_t>(legal.size()))], log).ok);
  }
  return s;
}

// The same position with the hidden cards dealt differently: the other
// hands and the stock exchange their cards.
State reshuffle_hidden(const State& s, uint64_t seed) {
  Rng rng(seed);
  return determinize(s, rng);
}

}  // namespace

TEST_CASE("every bot plays whole games with legal actions only") {
  for (const std::string& bot : bot_names()) {
    CAPTURE(bot);
    for (const char* id : {"sackson", "book1881", "rummy_site"}) {
      MatchConfig c;
      c.setup.players = 3;
      c.seed = 17;
      c.bots = {bot == "mc" ? "mc:16" : bot == "ismcts" ? "ismcts:16" : bot, "greedy", "random"};
      const MatchRecord m = play_match(test::variant(id), c);
      REQUIRE_MESSAGE(m.ok, m.error);  // play_match refuses any illegal choice
      CHECK(m.completed);
    }
  }
  CHECK(make_bot("mc:0") == nullptr);
  CHECK(make_bot("ismcts:0") == nullptr);
  CHECK(make_bot("ismcts:100001") == nullptr);
  CHECK(make_bot("ismcts:5x") == nullptr);
  CHECK(make_bot("ismcts:100000") != nullptr);
  CHECK(make_bot("ismcts+no-flush") != nullptr);
  CHECK(make_bot("ismcts:30+no-pair-of-sevens") != nullptr);
  CHECK(make_bot("ismcts+no-") == nullptr);
  CHECK(make_bot("ismcts+no-Flush") == nullptr);
  CHECK(make_bot("greedy+no-flush") == nullptr);
  CHECK(make_bot("ismcts:0+no-flush") == nullptr);
  CHECK(make_bot("clever") == nullptr);
}

TEST_CASE("bots see only what their seat may see") {
  for (const std::string& bot :
       {std::string("greedy"), std::string("imperial"), std::string("hoarder"),
        std::string("assembler"), std::string("mc:24"), std::string("ismcts:48")}) {
    CAPTURE(bot);
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      const State s = midgame(test::variant("sackson"), 3, seed, static_cast<int>(10 + seed * 3));
      if (s.phase != Phase::Play) continue;
      const State other = reshuffle_hidden(s, seed + 1000);
      LegalActions legal_s, legal_o;
      legal_actions(s, legal_s);
      legal_actions(other, legal_o);
      REQUIRE(legal_s.to_vector() ==
              legal_o.to_vector());  // the legal actions depend on nothing hidden
      auto b1 = make_bot(bot), b2 = make_bot(bot);
      Rng r1(seed), r2(seed);
      CHECK(b1->choose(s, legal_s, r1) == b2->choose(other, legal_o, r2));
    }
  }
}

TEST_CASE("a determinized world keeps what the seat knows and deals the rest") {
  const State s = midgame(test::variant("book1881"), 4, 5, 40);
  REQUIRE(s.phase == Phase::Play);
  Rng rng(9);
  const State d = determinize(s, rng);
  CHECK(d.hand(s.current) == s.hand(s.current));
  CHECK(d.tableau() == s.tableau());
  CHECK(d.stock_size() == s.stock_size());
  CHECK(d.score == s.score);
  CardSet all;
  int total = 0;
  for (int p = 0; p < d.players; ++p) {
    CHECK(d.hand(p).size() == s.hand(p).size());
    CHECK(d.hand(p).contains_all(s.seat[p].exposed));
    all = all | d.hand(p);
    total += d.hand(p).size();
  }
  for (int i = d.next_draw; i < kDeckSize; ++i) {
    all.insert(d.deck[static_cast<size_t>(i)]);
    ++total;
  }
  all = all | d.tableau();
  total += d.tableau().size();
  for (int i = 0; i < d.marriage_pile_size; ++i, ++total) all.insert(d.marriage_pile[i]);
  total += 5 * d.zetema_count;
  CHECK(total == kDeckSize);
  CHECK(all.size() + 5 * d.zetema_count == kDeckSize);
  // Different samples differ somewhere hidden.
  Rng other(10);
  const State e = determinize(s, other);
  bool differs = false;
  for (int p = 0; p < d.players; ++p)
    differs = differs || (p != s.current && d.hand(p) != e.hand(p));
  CHECK(differs);
}

TEST_CASE("a determinized world keeps the cards another player declared and still holds") {
  // Random play until someone other than the player to move holds cards of
  // the sequence or flush he declared (shown, then back in his hand: D21).
  bool found = false;
  for (uint64_t seed = 1; seed <= 400 && !found; ++seed) {
    const State s = midgame(test::variant("sackson"), 3, seed, 30);
    if (s.phase != Phase::Play) continue;
    for (int p = 0; p < s.players; ++p) {
      const CardSet shown = s.seat[p].last_meld & s.hand(p);
      if (p == s.current || shown.empty()) continue;
      found = true;
      for (uint64_t k = 0; k < 20; ++k) {
        Rng rng(k);
        const State d = determinize(s, rng);
        CHECK(d.hand(p).contains_all(shown));
        CHECK(d.hand(p).size() == s.hand(p).size());
      }
    }
  }
  CHECK(found);
}

TEST_CASE("describe for one seat counts another seat's dealt and drawn cards, names its own") {
  const State s = midgame(test::variant("sackson"), 2, 5, 10);
  Event deal;
  deal.type = EventType::Deal;
  deal.player = 1;
  deal.cards = s.hand(1);
  Event draw;
  draw.type = EventType::Draw;
  draw.player = 1;
  draw.card = s.hand(1).nth(0);
  const std::string n = std::to_string(s.hand(1).size());
  CHECK(describe(deal, s, 0) == "P2 is dealt " + n + " cards");
  CHECK(describe(draw, s, 0) == "P2 draws a card");
  CHECK(describe(deal, s, 1) == describe(deal, s));  // its own, and the every-hand view
  CHECK(describe(draw, s, 1) == "P2 draws " + to_string(draw.card));
  // Several seats shown (the humans of a live game): each names its own.
  const SeatsShown both = SeatsShown::only(0).with(1);
  CHECK(describe(deal, s, both) == describe(deal, s));
  CHECK(describe(deal, s, SeatsShown::only(0) | SeatsShown::only(2)) ==
        "P2 is dealt " + n + " cards");
  CHECK(describe(draw, s, SeatsShown::none()) == "P2 draws a card");
  CHECK(!SeatsShown::none().shows(0));
  CHECK((both & SeatsShown::only(1)) == SeatsShown::only(1));
}
