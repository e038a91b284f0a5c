// Effects applied to a position set up by hand (engine/effects.h): each
// zone's order kept, every card still in one place, and each refusal
// leaving the position exactly as it was.
#include <doctest/doctest.h>

#include "engine/effects.h"
#include "engine/event.h"
#include "engine/game.h"
#include "tests/support/variants.h"

using namespace zetema;

namespace {

Card card(const char* text) {
  const CardParse c = parse_card(text, Suit::Spades);
  REQUIRE_MESSAGE(c.ok, c.error);
  return c.card;
}

State position() {
  Layout l;
  l.players = 2;
  l.hands = {"2C 3D 4H 5S KH QH", "7C 8D 9H TS JC QS"};
  l.tableau = "6C 6D 5C";
  l.stock = "AC AD AH";  // top first; the rest go below in code order
  l.marriage_pile = "KC QC";
  return test::table("sackson", l);
}

Effect move(Card c, Place to) {
  Effect e;
  e.card = c;
  e.to = to;
  return e;
}

Effect pick(Effect::Pick which, Place to) {
  Effect e;
  e.pick = which;
  e.from = Place{Zone::Stock};
  e.to = to;
  return e;
}

constexpr Place kHand1{Zone::Hand, 0};
constexpr Place kHand2{Zone::Hand, 1};

}  // namespace

TEST_CASE("effects move cards between every zone, keeping each zone's order") {
  State s = position();
  Moved done;
  SUBCASE("the stock's top and bottom") {
    const Card top = s.deck[s.next_draw];
    const Card bottom = s.deck[kDeckSize - 1];
    CHECK(top == card("AC"));
    REQUIRE(apply_move(s, pick(Effect::Pick::Top, kHand2), 0, done) == "");
    CHECK(done.card == top);
    CHECK(done.from == Place{Zone::Stock});
    CHECK(s.hand(1).contains(top));
    CHECK(s.deck[s.next_draw] == card("AD"));
    REQUIRE(apply_move(s, move(card("2C"), Place{Zone::StockBottom}), 0, done) == "");
    CHECK(s.deck[kDeckSize - 1] == card("2C"));
    CHECK(s.deck[kDeckSize - 2] == bottom);
    CHECK(s.deck[s.next_draw] == card("AD"));  // the top unchanged
    REQUIRE(apply_move(s, move(card("3D"), Place{Zone::Stock}), 0, done) == "");
    CHECK(s.deck[s.next_draw] == card("3D"));
    REQUIRE(apply_move(s, pick(Effect::Pick::Bottom, kHand1), 1, done) == "");
    CHECK(done.card == card("2C"));
  }
  SUBCASE("the tableau: onto its rank's pile, out keeping the rest in order") {
    REQUIRE(apply_move(s, move(card("6H"), Place{Zone::Tableau}), 1, done) == "");
    CHECK(s.pile_size[5] == 3);
    CHECK(s.piles[5][2] == card("6H"));
    CHECK(s.pile_by[5][2] == 1);  // from no hand: counted to the actor
    REQUIRE(apply_move(s, move(card("6D"), kHand1), 0, done) == "");
    CHECK(done.from == Place{Zone::Tableau});
    CHECK(s.pile_size[5] == 2);
    CHECK(s.piles[5][0] == card("6C"));
    CHECK(s.piles[5][1] == card("6H"));
    CHECK(s.tableau().contains(card("6H")));
    CHECK_FALSE(s.tableau().contains(card("6D")));
  }
  SUBCASE("the marriage pile and the shown cards") {
    REQUIRE(apply_move(s, move(card("KH"), Place{Zone::Marriages}), 0, done) == "");
    CHECK(s.marriage_pile_size == 3);
    REQUIRE(apply_move(s, move(card("KC"), Place{Zone::Shown}), 0, done) == "");
    CHECK(s.marriage_pile_size == 2);
    CHECK(s.marriage_pile[0] == card("QC"));
    CHECK(s.marriage_pile[1] == card("KH"));
    CHECK(s.shown.contains(card("KC")));
    CHECK(locate(s, card("KC")) == Place{Zone::Shown});
    REQUIRE(apply_move(s, move(card("KC"), kHand2), 0, done) == "");
    CHECK(s.shown.empty());
  }
  SUBCASE("between two hands") {
    REQUIRE(apply_move(s, move(card("QS"), kHand1), 1, done) == "");
    CHECK(done.from == kHand2);
    CHECK(s.hand(0).size() == 7);
    CHECK(s.hand(1).size() == 5);
  }
  CHECK(card_accounting(s) == "");
}

TEST_CASE("an effect that cannot be done is refused and changes nothing") {
  const State before = position();
  struct Bad {
    Effect effect;
    const char* why;
  };
  Effect wrong_from = move(card("2C"), kHand2);
  wrong_from.from = kHand2;
  Effect shuffle_hand;
  shuffle_hand.kind = Effect::Kind::Shuffle;
  shuffle_hand.to = kHand1;
  const Bad bad[] = {
      {wrong_from, "2C is not in P2's hand"},
      {move(card("2C"), kHand1), "2C is in P1's hand already"},
      {move(card("2C"), Place{Zone::Marriages}), "the marriage pile holds kings and queens"},
      {move(card("7C"), Place{Zone::Hand, 5}), "there is no seat P6"},
      {move(Card(), kHand1), "is not a card of this pack"},
  };
  for (const Bad& b : bad) {
    CAPTURE(b.why);
    State s = before;
    Moved done;
    const std::string why = apply_move(s, b.effect, 0, done);
    CHECK(why.find(b.why) != std::string::npos);
    CHECK(s == before);
  }
  State s = before;
  CHECK(apply_shuffle(s, shuffle_hand).find("only the stock is shuffled") == 0);
  CHECK(s == before);
}

TEST_CASE("a fifth card onto a pile is refused: only a discard makes a zetema") {
  Layout l;
  l.players = 2;
  l.hands = {"6S 3D 4H 5S KH QH", "7C 8D 9H TS JC QS"};
  l.tableau = "6C 6D 6H 6S'";
  const State before = test::table("sackson", l);
  State s = before;
  Moved done;
  CHECK(apply_move(s, move(card("6S"), Place{Zone::Tableau}), 0, done).find("holds four cards") !=
        std::string::npos);
  CHECK(s == before);
}

TEST_CASE("shuffling the stock draws from the game's generator: the same seed, the same order") {
  State a = position();
  State b = position();
  a.hook_rng.reseed(7);
  b.hook_rng.reseed(7);
  Effect shuffle;
  shuffle.kind = Effect::Kind::Shuffle;
  shuffle.to = Place{Zone::Stock};
  REQUIRE(apply_shuffle(a, shuffle) == "");
  REQUIRE(apply_shuffle(b, shuffle) == "");
  CHECK(a.deck == b.deck);
  CHECK(card_accounting(a) == "");
  State c = position();
  c.hook_rng.reseed(8);
  REQUIRE(apply_shuffle(c, shuffle) == "");
  CHECK_FALSE(c.deck == a.deck);
}

TEST_CASE("a moved card is named only to the seats that see it") {
  const State s = position();
  Event e;
  e.type = EventType::Move;
  e.card = card("AC");
  e.from = Place{Zone::Stock};
  e.to = kHand2;
  CHECK(describe(e, s, SeatsShown::only(1)).find("AC") != std::string::npos);
  CHECK(describe(e, s, SeatsShown::only(0)).find("AC") == std::string::npos);
  CHECK(describe(e, s, SeatsShown::only(0)).find("a card moves from the stock to P2's hand") == 0);
  e.to = Place{Zone::Tableau};
  CHECK(describe(e, s, SeatsShown::only(0)).find("AC") != std::string::npos);
  e.from = kHand1;
  e.to = Place{Zone::StockBottom};
  CHECK(describe(e, s, SeatsShown::only(1)).find("a card") == 0);
  CHECK(describe(e, s, SeatsShown::every()).find("AC") == 0);
}

TEST_CASE("card_accounting finds a card in two places") {
  State s = position();
  CHECK(card_accounting(s) == "");
  s.shown.insert(card("2C"));  // also in P1's hand
  CHECK(card_accounting(s).find("2C twice") == 0);
}

namespace {

// The position with a zetema of 5s turned earlier this hand.
State with_zetema_of_fives() {
  Layout l;
  l.players = 2;
  l.hands = {"2C 3D 4H 6S KH QH", "7C 8D 9H TS JC QS"};
  l.zetemas = "5";
  return test::table("sackson", l);
}

}  // namespace

TEST_CASE("a zetema pile gives up a card, in the open, and takes back only its own") {
  State s = with_zetema_of_fives();
  Moved done;
  CHECK(s.in_zetema_piles().size() == kCardsPerRank);
  REQUIRE(apply_move(s, move(card("5H"), kHand2), 0, done) == "");
  CHECK(done.from == Place{Zone::Zetemas});
  CHECK(s.hand(1).contains(card("5H")));
  CHECK(!s.in_zetema_piles().contains(card("5H")));
  CHECK(s.in_zetema_piles().size() == kCardsPerRank - 1);
  CHECK(s.zetema_count == 1);  // the zetema was made: it stays in the record
  CHECK(card_accounting(s) == "");

  // Every seat sees a card leave or join a zetema pile: a pile's rank is
  // known to all, and so which cards are still in it.
  Event e;
  e.type = EventType::Move;
  e.card = done.card;
  e.from = done.from;
  e.to = done.to;
  CHECK(describe(e, s, SeatsShown::only(0)).find("5H moves from the zetema piles") == 0);

  const State before = s;
  CHECK(apply_move(s, move(card("6S"), Place{Zone::Zetemas}), 0, done) ==
        "there is no zetema pile of 6s");
  CHECK(apply_move(s, move(card("5C"), Place{Zone::Zetemas}), 0, done) ==
        "5C is in the zetema piles already");
  CHECK(s == before);
  REQUIRE(apply_move(s, move(card("5H"), Place{Zone::Zetemas}), 1, done) == "");
  CHECK(s.in_zetema_piles().size() == kCardsPerRank);
  CHECK(s.lifted.empty());
  CHECK(card_accounting(s) == "");
}

TEST_CASE("a zetema made again after its cards were lifted keeps one place in the record") {
  State s = with_zetema_of_fives();
  const int fives = card("5C").rank();
  Moved done;
  for (const char* c : {"5C", "5D", "5H", "5S", "5S'"}) {
    REQUIRE(apply_move(s, move(card(c), Place{Zone::Shown}), 0, done) == "");
  }
  CHECK(s.in_zetema_piles().empty());
  CHECK(card_accounting(s) == "");
  // Say the five were discarded again and made the zetema once more.
  s.shown = CardSet();
  record_zetema(s, fives, 1);
  CHECK(s.zetema_count == 1);
  CHECK(s.zetema_taker[0] == 1);  // its latest taker
  CHECK(s.lifted.empty());
  CHECK(s.in_zetema_piles().size() == kCardsPerRank);
  record_zetema(s, card("9C").rank(), 0);
  CHECK(s.zetema_count == 2);
}

TEST_CASE("a discard that makes a lifted rank's zetema again, in a game with no hooks") {
  // An action that can call no hook runs in the tables-only build even for
  // a variant with hooks: it too must see that the rank was lifted.
  Layout l;
  l.players = 2;
  l.current = 0;
  l.hands = {"2C 3D 4H 6S KH QH", "7C 8D 9H TS JC QS"};
  l.zetemas = "5";
  State s = test::table("sackson", l);
  Moved done;
  for (const char* c : {"5C", "5D", "5H", "5S"}) {
    REQUIRE(apply_move(s, move(card(c), Place{Zone::Tableau}), 1, done) == "");
  }
  REQUIRE(apply_move(s, move(card("5S'"), kHand1), 1, done) == "");
  REQUIRE(card_accounting(s) == "");
  EventLog log;
  const ApplyResult r = apply(s, Action::discard(card("5S'")), log);
  REQUIRE_MESSAGE(r.ok, r.reason);
  CHECK(s.zetema_count == 1);  // the 5s keep their one place
  CHECK(s.zetema_taker[0] == 0);
  CHECK(s.lifted.empty());
  CHECK(s.in_zetema_piles().size() == kCardsPerRank);
  CHECK(card_accounting(s) == "");
}
