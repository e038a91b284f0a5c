// docs/decisions.md scenario tests: the turn (D1, D2, D13, D14, D19).
#include <doctest/doctest.h>

#include "tests/engine/decisions_support.h"

using namespace zetema;
using namespace zetema::dtest;

namespace {

// A fresh table dealt from `deck` by `dealer`; the log gets the deal's events.
State dealt(const Ruleset& rules, int players, std::span<const Card> deck, int dealer,
            EventLog& log) {
  GameSetup setup;
  setup.players = players;
  NewGame g = new_game(rules, setup);
  REQUIRE_MESSAGE(g.ok, g.error);
  const ApplyResult r = deal(g.state, deck, dealer, log);
  REQUIRE_MESSAGE(r.ok, r.reason);
  return g.state;
}

}  // namespace

// sackson.txt: "Draws as many cards as necessary to bring his hand up to six
// cards"; rules-site.txt: "they will draw up as many cards as needed to reach
// their hand size".
TEST_CASE(
    "D1 draw timing: refill to six before declaring, the first turn draws nothing [sackson, "
    "rules_site]") {
  for (std::string id : {"sackson", "rules_site"}) {
    CAPTURE(id);
    const auto deck = full_deck(Suit::Spades);  // code order: AC 2C 3C ... KC AD ...
    EventLog log;
    State s = dealt(test::variant(id), 2, deck, 0, log);
    CHECK(count(log, EventType::Draw) == 0);  // the first turn draws nothing
    CHECK(s.current == 1);
    CHECK(s.hand(1) == cards_of("AC 3C 5C 7C 9C JC"));
    CHECK(s.hand(0) == cards_of("2C 4C 6C 8C TC QC"));
    // Six held when declaring: the six clubs are a flush (30).
    CHECK(declarations(s) == std::vector<std::string>{"flush AC 3C 5C 7C 9C JC"});
    EventLog e1 = play(s, "discard AC");
    CHECK(types(e1) == std::vector<EventType>{EventType::Discard});  // P1 holds six already
    CHECK(s.hand(1).size() == 5);                                    // five between turns
    CHECK(s.current == 0);
    EventLog e2 = play(s, "discard 2C");
    // P2's second turn starts by drawing back up to six: the top of the stock, KC.
    CHECK(types(e2) == std::vector<EventType>{EventType::Discard, EventType::Draw});
    CHECK(drawn(e2, 1) == std::vector<Card>{card_of("KC")});
    CHECK(s.hand(1).size() == 6);
    CHECK(s.hand(0).size() == 5);
    CHECK(s.stock_size() == 65 - 13);
  }
}

// rummy-site.txt: "A player should start each turn with seven cards after drawing."
TEST_CASE("D1 draw timing: draw to seven before declaring, six held between turns [rummy_site]") {
  const auto deck = full_deck(Suit::Spades);
  EventLog log;
  State s = dealt(test::variant("rummy_site"), 2, deck, 0, log);
  // The first player draws one at once: KC, the top of the stock.
  CHECK(drawn(log, 1) == std::vector<Card>{card_of("KC")});
  CHECK(s.hand(1).size() == 7);
  CHECK(s.hand(0).size() == 6);
  // Seven clubs held; a flush is six of them, so seven six-card flushes.
  CHECK(declarations(s).size() == 7);
  refused(s, "flush AC 3C 5C 7C 9C JC KC", "has exactly 6 cards");
  EventLog e1 = play(s, "discard AC");
  CHECK(s.hand(1).size() == 6);
  CHECK(drawn(e1, 0) == std::vector<Card>{card_of("AD")});
  CHECK(s.hand(0).size() == 7);

  // "fewer after a marriage": the next turn draws back to seven.
  Layout l = layout(2, 0, {"KH QH 2C 4D 6S 8C 9D", "3C 5D 7H 9S JC KD"}, "", "TD JD QC");
  State m = test::table("rummy_site", l);
  CHECK(the(play(m, "marriages KH QH"), EventType::Declare).points == 10);
  play(m, "discard 2C");
  CHECK(m.hand(0).size() == 4);
  EventLog e2 = play(m, "discard 3C");  // P2's turn: P1 then draws three
  CHECK(drawn(e2, 0) == std::vector<Card>{card_of("JD"), card_of("QC"), card_of("AC")});
  CHECK(m.hand(0).size() == 7);
}

// book-1881.txt: "every player should always have six cards in his hand.
// After playing one, therefore, he must take up a card ... at once".
TEST_CASE("D1 draw timing: declare with six, play one, draw back at once [book1881]") {
  const auto deck = full_deck(Suit::Spades);
  EventLog log;
  State s = dealt(test::variant("book1881"), 2, deck, 0, log);
  CHECK(count(log, EventType::Draw) == 0);
  CHECK(s.hand(1).size() == 6);
  CHECK(declarations(s) == std::vector<std::string>{"flush AC 3C 5C 7C 9C JC"});
  EventLog e1 = play(s, "discard AC");
  // The draw follows the play in the same turn, before P1 moves.
  CHECK(types(e1) == std::vector<EventType>{EventType::Discard, EventType::Draw});
  CHECK(drawn(e1, 1) == std::vector<Card>{card_of("KC")});
  CHECK(s.hand(1).size() == 6);
  CHECK(s.current == 0);
  CHECK(s.hand(0).size() == 6);  // P1 does not draw before playing
  EventLog e2 = play(s, "discard 2C");
  CHECK(drawn(e2, 0) == std::vector<Card>{card_of("AD")});
  CHECK(drawn(e2, 1).empty());
}

// rules-site.txt: "dealt to players randomly one card at a time";
// rummy-site.txt: "The player left of the dealer gets the first turn."
TEST_CASE(
    "D2 deal: one card at a time from the dealer's left, who moves first, play goes clockwise "
    "[sackson, rules_site, book1881, rummy_site]") {
  const auto deck = full_deck(Suit::Spades);
  for (const std::string& id : kAllVariants) {
    const Ruleset& rules = test::variant(id);
    for (int players = 2; players <= 6; ++players) {
      CAPTURE(id);
      CAPTURE(players);
      const int dealer = 1;
      EventLog log;
      State s = dealt(rules, players, deck, dealer, log);
      const int each = rules.hand_size[players];
      CHECK(each == (players == 6 || (id == "book1881" && players == 5) ? 5 : 6));
      CHECK(s.dealer == dealer);
      for (int k = 0; k < players; ++k) {
        const int seat = (dealer + 1 + k) % players;  // k-th from the dealer's left
        CardSet expect;
        for (int round = 0; round < each; ++round) expect.insert(deck[round * players + k]);
        if (k == 0 && id == "rummy_site") expect.insert(deck[each * players]);  // D1: draws one
        CHECK(s.hand(seat) == expect);
      }
      const int first = (dealer + 1) % players;
      CHECK(s.current == first);
      CHECK(s.stock_size() == kDeckSize - each * players - (id == "rummy_site" ? 1 : 0));
      REQUIRE(log.size() >= static_cast<size_t>(players + 1));
      CHECK(log[0].type == EventType::HandStart);
      CHECK(log[0].player == dealer);
      CHECK(log[1].type == EventType::Deal);
      CHECK(log[1].player == first);
      // Clockwise: the player after the first is the next seat.
      play(s, "discard " + to_string(s.hand(first).cards().front()));
      CHECK(s.current == (first + 1) % players);
    }
  }
}

// No source says how the first dealer is chosen: each player draws, the
// highest deals, ace high for this draw only, ties draw again (D2).
TEST_CASE(
    "D2 first dealer: high-card draw, ace high, ties draw again [sackson, rules_site, book1881, "
    "rummy_site]") {
  for (const std::string& id : kAllVariants) {
    CAPTURE(id);
    CHECK(test::variant(id).first_dealer == FirstDealer::HighCardDraw);
    CHECK(test::variant(id).first_player == FirstPlayer::DealerLeft);
  }
  auto dealer_of = [](int players, std::string_view cards) {
    const std::vector<Card> deck = parse_cards(cards, Suit::Spades).cards;
    return high_card_dealer(players, deck);
  };
  CHECK(dealer_of(3, "5H KD 9C") == 1);
  CHECK(dealer_of(3, "5H AC KD") == 1);  // the ace beats the king
  CHECK(dealer_of(4, "2C 3C 4C 5C") == 3);
  // Seats 1 and 3 tie on kings and draw again (P1 2C, P3 9D): P3 deals.
  CHECK(dealer_of(3, "KH 3C KD 2C 9D") == 2);
  // Seats 1 and 2 tie on queens; on the second draw P1's ace is high.
  CHECK(dealer_of(3, "QH QC 4D AS 2H") == 0);
  // Three-way tie, then a second tie between P2 and P3, then P3 wins.
  CHECK(dealer_of(3, "7C 7D 7H 2C 9C 9D 3H 4H") == 2);
}

// Common practice, no source: the deal passes one seat clockwise each hand (D2).
TEST_CASE(
    "D2 rotation: the deal passes one seat clockwise each hand [sackson, rules_site, book1881, "
    "rummy_site]") {
  for (const std::string& id : kAllVariants) {
    CAPTURE(id);
    CHECK(test::variant(id).deal_rotation == DealRotation::Clockwise);
    CHECK(test::variant(id).direction == Direction::Clockwise);
    Layout l = layout(3, 0, {});
    l.phase = Phase::Deal;
    l.dealer = 2;
    State s = test::table(id, l);
    CHECK(next_dealer(s) == 0);
    EventLog log;
    REQUIRE(deal(s, full_deck(Suit::Spades), next_dealer(s), log).ok);
    CHECK(s.dealer == 0);
    CHECK(s.current == 1);
    CHECK(next_dealer(s) == 1);
  }
  // A whole hand played out: when it ends, the next hand is dealt by the next seat.
  Layout l = no_stock(layout(2, 1, {"", "7C"}, "7D 7H 7S 7S'"), "A234568 9TJQK");
  l.dealer = 0;
  State s = test::table("sackson", l);
  EventLog e = play(s, "discard 7C");
  CHECK(count(e, EventType::HandEnd) == 1);
  CHECK(s.phase == Phase::Deal);
  CHECK(next_dealer(s) == 1);
}

// book-1881.txt expects "the making of the rest of the marriages and tricks"
// among the last cards; no source forbids declaring once the stock is out.
TEST_CASE(
    "D13 declarations after the stock runs out are allowed [sackson, rules_site, book1881, "
    "rummy_site]") {
  Layout seq = no_stock(
      layout(2, 0, {"4C 5D 6H 7C 8D 9H", "4D 5C 6C 7D 8C 9C"},
             "4H 4S 4S' 5H 5S 5S' 6D 6S 6S' 7H 7S 7S' 8H 8S 8S' 9D 9S 9S' QC QD QH KC KD KH"),
      "A23TJ");
  seq.marriage_pile = "KS QS KS' QS'";
  Layout mar =
      no_stock(layout(2, 0, {"KH 4C 5D 6H 7C 9S", "4D 5C 6C 7D 8C 9C"},
                      "4H 4S 4S' 5H 5S 5S' 6D 6S 6S' 7H 7S 7S' 8D 8H 8S 8S' 9D 9H 9S' QH KC QC"),
               "A23TJ");
  mar.marriage_pile = "KS QS KS' QS' KD QD";
  for (const std::string& id : kAllVariants) {
    CAPTURE(id);
    CHECK(test::variant(id).declare_after_stock_empty);
    State s = test::table(id, seq);
    REQUIRE(s.stock_size() == 0);
    const Event& d = the(play(s, "sequence 4C 5D 6H 7C 8D 9H"), EventType::Declare);
    CHECK(d.points == (id == "book1881" ? 30 : 10));
    CHECK(d.rule == RuleId::SequencePoints);
    CHECK(s.score[0] == d.points);

    State m = test::table(id, mar);
    REQUIRE(m.stock_size() == 0);
    const Event& dm = the(play(m, "marriages KH QH"), EventType::Declare);
    CHECK(dm.points == 10);
    CHECK(dm.rule == RuleId::MarriageBase);
    CHECK(m.score[0] == 10);
  }
}

// sackson.txt: "Once the stock is exhausted, players can no longer draw cards";
// a refill larger than the stock takes what is left (D14).
TEST_CASE(
    "D14 short stock: a refill larger than the stock takes what is left [sackson, rules_site, "
    "rummy_site, book1881]") {
  for (std::string id : {"sackson", "rules_site", "rummy_site"}) {
    CAPTURE(id);
    Layout l = no_stock(layout(2, 1, {"JS JS' QH", "JC JD JH QC QD KC"}, "QS QS' KS KS'", "KD KH"),
                        "A23456789T");
    State s = test::table(id, l);
    EventLog e = play(s, "discard JC");
    CHECK(drawn(e, 0) == std::vector<Card>{card_of("KD"), card_of("KH")});
    CHECK(s.hand(0).size() == 5);  // wanted six (seven in rummy_site), got what was left
    CHECK(s.stock_size() == 0);
    CHECK(s.current == 0);
  }
  // book1881: a marriage from hand wants two cards back; one is left.
  Layout l = no_stock(layout(2, 1, {"JS JS' QH", "JC JD JH QC QD KC"}, "QS QS' KS KS' KH", "KD"),
                      "A23456789T");
  State s = test::table("book1881", l);
  EventLog e = play(s, "marriages KC QC");
  CHECK(drawn(e, 1) == std::vector<Card>{card_of("KD")});
  CHECK(s.hand(1).size() == 5);
  CHECK(s.stock_size() == 0);
}

// sackson.txt: "Any player who can not continue simply drops out while the
// other players finish"; book-1881.txt, rummy-site.txt: the hand ends when
// all cards are played. Cards left in hand never score (D14).
TEST_CASE(
    "D14 end of hand: an empty-handed player drops out and is skipped, the hand ends when nobody "
    "holds a card [sackson, rules_site, book1881, rummy_site]") {
  for (const std::string& id : kAllVariants) {
    CAPTURE(id);
    Layout l = no_stock(layout(3, 2, {"", "7D", "7C"}, "7H 7S 7S'"), "A2345689TJQK");
    l.scores[2] = 40;
    State s = test::table(id, l);
    EventLog e1 = play(s, "discard 7C");
    CHECK(types(e1) == std::vector<EventType>{EventType::Discard, EventType::DropOut});
    CHECK(e1[1].player == 0);
    CHECK(s.seat[0].dropped_out);
    CHECK(s.current == 1);  // P1 was skipped
    EventLog e2 = play(s, "discard 7D");
    const Event& z = the(e2, EventType::Zetema);
    CHECK(z.points == 5);
    CHECK(z.player == 1);
    CHECK(count(e2, EventType::HandEnd) == 1);
    CHECK(s.score[0] == 0);
    CHECK(s.score[1] == 5);
    CHECK(s.score[2] == 40);
    if (id == "book1881") {  // one deal (D16): the hand's end is the game's
      CHECK(s.phase == Phase::GameOver);
      CHECK(the(e2, EventType::GameEnd).winners == 0b100);
    } else {
      CHECK(s.phase == Phase::Deal);
      CHECK(count(e2, EventType::GameEnd) == 0);
    }
  }
}

// D14: "If a marriage empties the hand, the discard step is skipped."
TEST_CASE(
    "D14 a marriage that empties the hand skips the discard [sackson, rules_site, book1881, "
    "rummy_site]") {
  for (const std::string& id : kAllVariants) {
    CAPTURE(id);
    Layout l = no_stock(layout(2, 0, {"KH", "KC KD QC QD"}, "QH QS QS' KS KS'"), "A23456789TJ");
    State s = test::table(id, l);
    EventLog e = play(s, "marriages KH QH");
    CHECK(types(e) == std::vector<EventType>{EventType::Declare});
    CHECK(e[0].points == 10);
    CHECK(s.hand(0).empty());
    CHECK(s.current == 1);
    CHECK(s.phase == Phase::Play);
    CHECK(s.pile_size[kRankQueen] == 2);
  }
}

// sackson.txt: "A player can score for one combination in each turn ... You
// can declare any number of marriages in one turn"; rules-site.txt "one meld
// or combination"; rummy-site.txt "a meld"; book-1881.txt silent (D19).
TEST_CASE(
    "D19 one declaration per turn, several marriages at once count as one [sackson, rules_site, "
    "book1881, rummy_site]") {
  for (const std::string& id : kAllVariants) {
    CAPTURE(id);
    const bool rummy = id == "rummy_site";
    State s = test::table(
        id,
        layout(2, 0, {rummy ? "7C 7D 7H 7S 7S' KH 2C" : "7C 7D 7H 7S 7S' KH", "2D 3D 4H 5H 9C TH"},
               "QH"));
    const Event& a = the(play(s, "assembly 7C 7D 7H 7S 7S'"), EventType::Declare);
    CHECK(a.points == (id == "book1881" ? 60 : 100));
    CHECK(s.phase == Phase::AfterDeclare);
    CHECK(s.current == 0);
    refused(s, "marriages KH QH", "only 1 declaration(s) a turn");
    CHECK(declarations(s).empty());

    // Two marriages declared together: one declaration, one event, 30.
    State m = test::table(
        id,
        layout(2, 0, {rummy ? "KH KD 2C 4D 6H 8S TC" : "KH KD 2C 4D 6H 8S", "2D 3D 4H 5H 9C TH"},
               "QH QD"));
    EventLog e = play(m, "marriages KD QD KH QH");
    const Event& d = the(e, EventType::Declare);
    CHECK(d.points == 30);
    CHECK(d.cards == cards_of("KD QD KH QH"));
    CHECK(m.score[0] == 30);
    if (id == "book1881") {
      CHECK(m.current == 1);  // D9: the marriage was the turn's play
    } else {
      CHECK(m.phase == Phase::AfterDeclare);
      CHECK(declarations(m).empty());
      refused(m, "marriages KH QH", "only 1 declaration(s) a turn");
      play(m, "discard 2C");
      CHECK(m.current == 1);
    }
  }
}
