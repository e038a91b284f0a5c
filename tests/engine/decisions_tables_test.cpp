// docs/decisions.md scenario tests: the table (D17 partnerships, D18 1881
// penalties, D20 imperial suit, D21 public information and the log, D22
// misdeals).
#include <doctest/doctest.h>

#include "tests/engine/decisions_support.h"

using namespace zetema;
using namespace zetema::dtest;

namespace {

NewGame setup(const Ruleset& rules, int players, std::optional<Partnerships> p = std::nullopt) {
  GameSetup g;
  g.players = players;
  g.partnerships = p;
  return new_game(rules, g);
}

std::vector<int> sides_of(const State& s) {
  std::vector<int> out;
  for (int p = 0; p < s.players; ++p) out.push_back(s.side(p));
  return out;
}

ApplyResult irregular(State& s, Irregularity::Kind kind, int player, const std::string& card,
                      EventLog& log) {
  Irregularity irr;
  irr.kind = kind;
  irr.player = player;
  if (!card.empty()) irr.card = card_of(card, s.rules->imperial_suit);
  return apply_irregularity(s, irr, log);
}

// Exposes `card` of `player`; the irregularity must be accepted and logged.
void expose(State& s, int player, const std::string& card) {
  CAPTURE(card);
  EventLog log;
  const ApplyResult r = irregular(s, Irregularity::Kind::ExposedCard, player, card, log);
  REQUIRE_MESSAGE(r.ok, r.reason);
  const Event& e = the(log, EventType::Irregularity);
  CHECK(e.player == player);
  CHECK(e.card == card_of(card));
  CHECK(e.rule == RuleId::Penalties1881);
}

}  // namespace

// sackson.txt: "4 or 6 play best in partnerships. The partnerships for 6 may be
// either 2 partnerships of 3 each or 3 partnerships of 2 each"; rules-site.txt:
// "partnerships or individually ... each partner still has their own hands,
// but points scored are accumulated as one score" (D17).
TEST_CASE(
    "D17 partnerships: pairs at 4 and 6 by default, teams of three allowed at 6, optional, "
    "individual at 2, 3 and 5 [sackson, rules_site]") {
  for (std::string id : {"sackson", "rules_site"}) {
    CAPTURE(id);
    const Ruleset& rules = test::variant(id);
    for (int n : {2, 3, 5}) {
      CAPTURE(n);
      NewGame g = setup(rules, n);
      REQUIRE(g.ok);
      CHECK(g.state.partnerships == Partnerships::Off);
      CHECK(g.state.sides == n);
      for (int p = 0; p < n; ++p) CHECK(g.state.side(p) == p);
    }
    NewGame four = setup(rules, 4);
    REQUIRE(four.ok);
    CHECK(four.state.partnerships == Partnerships::Pairs);
    CHECK(sides_of(four.state) == std::vector<int>{0, 1, 0, 1});  // seats 1+3, 2+4
    CHECK(side_name(four.state, 0) == "P1+P3");
    CHECK(side_name(four.state, 1) == "P2+P4");
    NewGame six = setup(rules, 6);
    REQUIRE(six.ok);
    CHECK(six.state.sides == 3);
    CHECK(sides_of(six.state) == std::vector<int>{0, 1, 2, 0, 1, 2});  // 1+4, 2+5, 3+6
    NewGame threes = setup(rules, 6, Partnerships::TeamsOfThree);
    REQUIRE(threes.ok);
    CHECK(threes.state.sides == 2);
    CHECK(sides_of(threes.state) == std::vector<int>{0, 1, 0, 1, 0, 1});  // 1,3,5 v 2,4,6
    CHECK(side_name(threes.state, 0) == "P1+P3+P5");
    NewGame solo = setup(rules, 4, Partnerships::Off);  // optional
    REQUIRE(solo.ok);
    CHECK(solo.state.sides == 4);
    NewGame five = setup(rules, 5, Partnerships::Pairs);
    CHECK_FALSE(five.ok);
    CHECK(five.error.find("pairs need 4 or 6 players") != std::string::npos);
    NewGame bad = setup(rules, 4, Partnerships::TeamsOfThree);
    CHECK_FALSE(bad.ok);
    CHECK(bad.error.find("teams of three need 6 players") != std::string::npos);

    // Partners score jointly but keep private hands; turns alternate sides.
    Layout l = layout(4, 2, {"2C 3C", "2D", "4C 5D 6H 7C 8D 9H", "2H"});
    State s = test::table(id, l);
    const Event d = the(play(s, "sequence 4C 5D 6H 7C 8D 9H"), EventType::Declare);
    CHECK(d.player == 2);
    CHECK(d.side == 0);
    CHECK(s.score[0] == 10);
    CHECK(s.score[1] == 0);
    CHECK(s.hand(0) == cards_of("2C 3C"));
    play(s, "discard 9H");
    CHECK(s.current == 3);
    CHECK(s.side(s.current) == 1);
    // Teams of three: P5 scores for P1+P3+P5.
    Layout t = layout(6, 4, {"", "", "", "", "4C 5D 6H 7C 8D"});
    t.partnerships = Partnerships::TeamsOfThree;
    State ts = test::table(id, t);
    CHECK(the(play(ts, "sequence 4C 5D 6H 7C 8D"), EventType::Declare).side == 0);
    CHECK(ts.score[0] == 10);
  }
}

// book-1881.txt: "When four or more persons play at Zetema they must arrange
// themselves in couples, as at Whist, and sit opposite to each other ... but
// when only two or three play every one scores for himself" (D17).
TEST_CASE(
    "D17 book1881: couples compulsory at 4 and 6, no teams of three, five play individually "
    "[book1881]") {
  const Ruleset& rules = test::variant("book1881");
  CHECK(rules.partnerships_compulsory);
  for (int n : {4, 6}) {
    CAPTURE(n);
    NewGame off = setup(rules, n, Partnerships::Off);
    CHECK_FALSE(off.ok);
    CHECK(off.error.find("makes partnerships compulsory at " + std::to_string(n) + " players") !=
          std::string::npos);
    NewGame def = setup(rules, n);
    REQUIRE(def.ok);
    CHECK(def.state.partnerships == Partnerships::Pairs);
    CHECK(def.state.sides == n / 2);
    CHECK(def.state.side(0) == def.state.side(n / 2));  // partners sit opposite
  }
  NewGame threes = setup(rules, 6, Partnerships::TeamsOfThree);
  CHECK_FALSE(threes.ok);
  CHECK(threes.error.find("does not allow teams of three") != std::string::npos);
  for (int n : {2, 3, 5}) {
    CAPTURE(n);
    NewGame g = setup(rules, n);
    REQUIRE(g.ok);
    CHECK(g.state.partnerships == Partnerships::Off);
    CHECK(g.state.sides == n);
  }
  // A couple's points go to one score.
  Layout l = layout(
      4, 2, {"2C 3C 4C 5C 6C 8C", "2D 3D 4D 5D 6D 8D", "KH 2S 3S 4S 6S 8H", "2H 3H 4H 5H 6H 9H"},
      "QH");
  State s = test::table("book1881", l);
  CHECK(the(play(s, "marriages KH QH"), EventType::Declare).side == 0);
  CHECK(s.score[0] == 10);
  CHECK(s.current == 3);
}

// rummy-site.txt says nothing of partnerships: off by default, may be switched on (D17).
TEST_CASE("D17 rummy_site: partnerships off by default, may be switched on [rummy_site]") {
  const Ruleset& rules = test::variant("rummy_site");
  for (int n = 2; n <= 6; ++n) {
    NewGame g = setup(rules, n);
    REQUIRE(g.ok);
    CHECK(g.state.partnerships == Partnerships::Off);
    CHECK(g.state.sides == n);
  }
  NewGame pairs = setup(rules, 4, Partnerships::Pairs);
  REQUIRE(pairs.ok);
  CHECK(sides_of(pairs.state) == std::vector<int>{0, 1, 0, 1});
  NewGame six_pairs = setup(rules, 6, Partnerships::Pairs);
  REQUIRE(six_pairs.ok);
  CHECK(six_pairs.state.sides == 3);
  // Teams of three are sackson.txt's choice; only sackson and rules_site offer them.
  NewGame threes = setup(rules, 6, Partnerships::TeamsOfThree);
  CHECK_FALSE(threes.ok);
  CHECK(threes.error.find("three") != std::string::npos);
}

// book-1881.txt, penalties: "1st.—The card must be left exposed on the table
// until the player's turn comes round, when it must be played. 2nd.—The player
// cannot draw, under any circumstances, at that time from the pack to complete
// his hand, but must continue one card short" (D18).
TEST_CASE(
    "D18 exposed card: played at the owner's next turn, no draw after it, one card short for the "
    "rest of the hand [book1881]") {
  State s = test::table(
      "book1881", layout(2, 0, {"2C 4D 6H 8S TC QD", "3C 5D 7H 9S JC KD"}, "", "3H 5H 7C 9D"));
  expose(s, 0, "6H");
  CHECK(s.seat[0].exposed == cards_of("6H"));
  CHECK(s.seat[0].short_by == 1);
  CHECK(s.hand_limit(0) == 5);
  CHECK(s.hand(0).size() == 6);  // still part of the hand
  EventLog log;
  CHECK(irregular(s, Irregularity::Kind::ExposedCard, 0, "6H", log)
            .reason.find("is not a concealed card") != std::string::npos);
  CHECK_FALSE(irregular(s, Irregularity::Kind::ExposedCard, 0, "3C", log).ok);
  CHECK(log.empty());
  CHECK(discards(s) == cards_of("6H"));
  refused(s, "discard 2C", "the exposed card 6H must be played first");
  EventLog e = play(s, "discard 6H");
  CHECK(types(e) == std::vector<EventType>{EventType::Discard});  // no draw
  CHECK(s.hand(0).size() == 5);
  CHECK(s.seat[0].exposed.empty());
  CHECK(s.current == 1);
  play(s, "discard 3C");  // P2 draws 3H
  EventLog later = play(s, "discard 2C");
  CHECK(drawn(later, 0) == std::vector<Card>{card_of("5H")});
  CHECK(s.hand(0).size() == 5);  // the limit stays one short
  CHECK(s.hand_limit(0) == 5);

  // A card exposed out of turn by the player not to move is played at his turn.
  State o = test::table(
      "book1881", layout(2, 0, {"2C 4D 6H 8S TC QD", "3C 5D 7H 9S JC KD"}, "", "3H 5H 7C 9D"));
  expose(o, 1, "KD");
  play(o, "discard 2C");
  REQUIRE(o.current == 1);
  CHECK(discards(o) == cards_of("KD"));
  EventLog ko = play(o, "discard KD");
  CHECK(drawn(ko, 1).empty());
  CHECK(o.hand(1).size() == 5);

  // No penalties elsewhere.
  for (std::string id : {"sackson", "rules_site", "rummy_site"}) {
    CAPTURE(id);
    State x = test::table(id, layout(2, 0, {"2C 4D 6H 8S TC QD", "3C 5D 7H 9S JC KD"}));
    const State before = x;
    EventLog none;
    const ApplyResult r = irregular(x, Irregularity::Kind::ExposedCard, 0, "6H", none);
    CHECK_FALSE(r.ok);
    CHECK(r.reason.find("has no 1881 penalties") != std::string::npos);
    CHECK(x == before);
    CHECK(none.empty());
  }
}

// book-1881.txt: "3rd.—If the exposed card be a winning card, the score is
// lost. 4th.—If not a winning card, it will follow the usual course" (D18).
TEST_CASE(
    "D18 exposed winning card: a trick it completes scores 0, a marriage holding it scores 0 "
    "[book1881]") {
  {
    State s = test::table("book1881",
                          layout(2, 0, {"7S' 2C 4D 6H 8C TD", "3C 5D 9S JC QD KH"}, "7C 7D 7H 7S"));
    expose(s, 0, "7S'");
    EventLog e = play(s, "discard 7S'");
    const Event& z = the(e, EventType::Zetema);
    CHECK(z.points == 0);
    CHECK(z.rule == RuleId::Penalties1881);
    CHECK(s.score[0] == 0);
    CHECK(s.zetema_count == 1);  // the trick is still turned
    CHECK(count(e, EventType::Draw) == 0);
  }
  {
    State s =
        test::table("book1881", layout(2, 0, {"KH KD 2C 4D 6H 8C", "3C 5D 9S JC 7H TH"}, "QH QD"));
    expose(s, 0, "KH");
    refused(s, "marriages KD QD", "the exposed card KH must be played this turn");
    CHECK(declarations(s) == notation(s, {"marriages KH QH", "marriages KH QH KD QD"}));
    EventLog e = play(s, "marriages KH QH");
    CHECK(types(e) == std::vector<EventType>{EventType::Declare});  // five held: no draw
    CHECK(e[0].points == 0);
    CHECK(e[0].bonus == 0);
    CHECK(e[0].rule == RuleId::Penalties1881);
    CHECK(s.score[0] == 0);
    CHECK(s.marriage_pile_size == 2);
    CHECK(s.hand(0) == cards_of("KD 2C 4D 6H 8C"));
    CHECK(s.current == 1);
  }
  {
    // Not a winning card: it goes to its pile as usual.
    State s = test::table("book1881", layout(2, 0, {"2C 4D 6H 8S TC QD", "3C 5D 7H 9S JC KD"}));
    expose(s, 0, "2C");
    EventLog e = play(s, "discard 2C");
    CHECK(types(e) == std::vector<EventType>{EventType::Discard});
    CHECK(s.pile_size[1] == 1);
    CHECK(s.piles[1][0] == card_of("2C"));
  }
}

// book-1881.txt: "This must be done, however, at once, immediately after he
// has played a card, otherwise he cannot claim it, and must suffer the
// consequence, which, doubtless, will be that he cannot in that hand score
// either a sequence or a flush" (D18).
TEST_CASE(
    "D18 missed draw: the card goes back on the stock and the hand stays one short [book1881]") {
  State s = test::table(
      "book1881", layout(2, 0, {"2C 4D 6H 8S TC QD", "3C 5D 7H 9S JC KD"}, "", "3H 5H 7C 9D"));
  EventLog log;
  CHECK(irregular(s, Irregularity::Kind::MissedDraw, 0, "", log)
            .reason.find("has not just drawn after a play") != std::string::npos);
  const int stock = s.stock_size();
  play(s, "discard 2C");  // draws 3H
  REQUIRE(s.hand(0).contains(card_of("3H")));
  REQUIRE(irregular(s, Irregularity::Kind::MissedDraw, 0, "", log).ok);
  CHECK(the(log, EventType::Irregularity).rule == RuleId::Penalties1881);
  CHECK_FALSE(s.hand(0).contains(card_of("3H")));
  CHECK(s.hand(0).size() == 5);
  CHECK(s.stock_size() == stock);
  CHECK(s.deck[s.next_draw] == card_of("3H"));
  CHECK(s.seat[0].short_by == 1);
  CHECK_FALSE(irregular(s, Irregularity::Kind::MissedDraw, 0, "", log).ok);  // only once
  CHECK_FALSE(irregular(s, Irregularity::Kind::MissedDraw, 1, "", log).ok);
  // The lost card is the next player's draw; P1 stays one short.
  EventLog e = play(s, "discard 3C");
  CHECK(drawn(e, 1) == std::vector<Card>{card_of("3H")});
  EventLog e2 = play(s, "discard 4D");
  CHECK(drawn(e2, 0) == std::vector<Card>{card_of("5H")});
  CHECK(s.hand(0).size() == 5);
  // Too late once the next player has moved.
  play(s, "discard 5D");
  CHECK(
      irregular(s, Irregularity::Kind::MissedDraw, 0, "", log).reason.find("has not just drawn") !=
      std::string::npos);
}

// D18: a missed draw is claimed straight after the play. A later play that
// draws nothing (the stock is out) ends the chance, so the card drawn on an
// earlier turn can never go back on the stock and be dealt twice.
TEST_CASE("D18 missed draw: stale after the next play, even one that draws nothing [book1881]") {
  State s =
      test::table("book1881", no_stock(layout(2, 0, {"2C 2D 3C 3D 4C 4D", "2H 2S 3H 3S 4H 4S"},
                                              "2S' 3S' 4S' 9C 9D 9S 9S'", "9H"),
                                       "A5678TJQK"));
  EventLog log;
  play(s, "discard 2C");  // P1 draws 9H, the last card
  REQUIRE(s.hand(0).contains(card_of("9H")));
  play(s, "discard 2H");  // P2 plays; nothing to draw
  CHECK(irregular(s, Irregularity::Kind::MissedDraw, 0, "", log)
            .reason.find("has not just drawn after a play") != std::string::npos);
  CHECK(s.stock_size() == 0);
  CHECK(s.hand(0).contains(card_of("9H")));
}

// D18: "his hand limit drops by one for the rest of the hand" -- only that
// hand. book1881 is one deal, so a copy that plays on to a target shows it.
TEST_CASE("D18 the short hand lasts for the rest of the hand only [book1881]") {
  const Ruleset& more_deals = lua_variant(
      "return { id = 'book1881_more_deals', name = 'test', source = 'test', extends = 'book1881',"
      " game_length = 'until_target', target = { [2] = 300, [3] = 300, [4] = 200, [5] = 200,"
      " [6] = 200 } }");
  State s = test::table(
      more_deals, no_stock(layout(2, 0, {"2C 3D", "3C"}, "2D 2H 2S 2S' 3H 3S 3S'"), "A456789TJQK"));
  expose(s, 0, "2C");
  const Event z = the(play(s, "discard 2C"), EventType::Zetema);
  CHECK(z.points == 0);
  CHECK(z.rule == RuleId::Penalties1881);
  play(s, "discard 3C");
  EventLog last = play(s, "discard 3D");
  CHECK(the(last, EventType::Zetema).points == 5);
  CHECK(count(last, EventType::HandEnd) == 1);
  REQUIRE(s.phase == Phase::Deal);
  CHECK(s.hand_limit(0) == 5);  // still the last hand's limit
  EventLog log;
  REQUIRE(deal(s, full_deck(Suit::Spades), next_dealer(s), log).ok);
  CHECK(s.seat[0].short_by == 0);
  CHECK(s.seat[0].exposed.empty());
  CHECK(s.hand_limit(0) == 6);
  CHECK(s.hand(0).size() == 6);
}

// book-1881.txt: "he cannot in that hand score either a sequence or a flush";
// an exposed card "still counts as part of its owner's hand for declarations" (D18).
TEST_CASE(
    "D18 a short hand cannot score a sequence or flush, an exposed card still counts for an "
    "assembly [book1881]") {
  State s = test::table("book1881", layout(2, 0, {"4C 5D 6H 7C 8D 9H", "3C 5C"}));
  expose(s, 0, "9H");
  refused(s, "sequence 4C 5D 6H 7C 8D 9H", "a short hand can never score a sequence or flush");
  CHECK(declarations(s).empty());
  State f = test::table("book1881", layout(2, 0, {"2H 4H 6H 8H TH QH", "3C 5C"}));
  expose(f, 0, "2H");
  refused(f, "flush 2H 4H 6H 8H TH QH", "a short hand can never score a sequence or flush");
  State a = test::table("book1881", layout(2, 0, {"7C 7D 7H 7S 7S' 2C", "3C 5C"}));
  expose(a, 0, "7C");
  CHECK(the(play(a, "assembly 7C 7D 7H 7S 7S'"), EventType::Declare).points == 60);
  CHECK(discards(a) == cards_of("7C"));
  refused(a, "discard 2C", "must be played first");
}

// book-1881.txt: "it is immaterial which suit is chosen to be duplicated; all
// that is necessary is that before beginning to play the double suit should be
// declared"; rules-site.txt "spades though it has no bearing" (D20).
TEST_CASE(
    "D20 imperial suit: spades by default, configurable, the two copies always distinct [sackson, "
    "rules_site, book1881, rummy_site]") {
  for (const std::string& id : kAllVariants) {
    CAPTURE(id);
    CHECK(test::variant(id).imperial_suit == Suit::Spades);
  }
  const Ruleset& hearts = lua_variant(
      "return { id = 'book1881_hearts', name = 'test', source = 'test', extends = 'book1881',"
      " imperial_suit = 'H' }");
  REQUIRE(hearts.imperial_suit == Suit::Hearts);
  // The pack now has 7H' and no 7S'.
  CHECK(in_deck(Card(6, Suit::Hearts, 1), Suit::Hearts));
  CHECK_FALSE(in_deck(Card(6, Suit::Spades, 1), Suit::Hearts));
  const Suit H = Suit::Hearts;
  State hf = test::table(hearts, layout(2, 0, {"2H 4H 6H' 8H TH QH", "3C 5C"}));
  refused(hf, "flush 2H 4H 6H' 8H TH QH", "imperial flushes do not count");
  State sf = test::table(hearts, layout(2, 0, {"2S 4S 6S 8S TS QS", "3C 5C"}));
  CHECK(the(play(sf, "flush 2S 4S 6S 8S TS QS"), EventType::Declare).points == 30);
  State hm = test::table(hearts, layout(2, 0, {"KH KH' 2C 4D 6S 8C", "3C 5C"}, "QH QH'"));
  const Event both = the(play(hm, "marriages KH QH KH' QH'"), EventType::Declare);
  CHECK(both.points == 50);
  CHECK(both.bonus == 20);
  CHECK(both.cards.contains(card_of("KH'", H)));
  Layout after_one = layout(2, 0, {"KS KH' 2C 4D 6D 8C", "3C 5C"}, "QS QH'");
  after_one.imperial_marriages = 1;
  after_one.marriage_pile = "KH QH";
  State sp = test::table(hearts, after_one);
  CHECK(the(play(sp, "marriages KS QS"), EventType::Declare).bonus == 0);  // spades are plain now
  // deal() takes only the pack of this imperial suit.
  NewGame g = setup(hearts, 2);
  REQUIRE(g.ok);
  EventLog log;
  const ApplyResult r = deal(g.state, full_deck(Suit::Spades), 0, log);
  CHECK_FALSE(r.ok);
  CHECK(r.reason == "card AS' is not in a pack whose imperial suit is H");
  CHECK(deal(g.state, full_deck(Suit::Hearts), 0, log).ok);

  // Even in rummy_site, with no imperial rules, the copies are distinct cards.
  State r2 =
      test::table("rummy_site", layout(2, 0, {"KS KS' 2C 4D 6H 8C 7S'", "3C 5C"}, "QS QS' 7S"));
  const Event m = the(play(r2, "marriages KS QS KS' QS'"), EventType::Declare);
  CHECK(m.points == 30);
  CHECK(m.bonus == 0);
  play(r2, "discard 7S'");
  CHECK(r2.pile_size[6] == 2);
  CHECK(r2.piles[6][0] == Card(6, Suit::Spades, 0));
  CHECK(r2.piles[6][1] == Card(6, Suit::Spades, 1));
}

// sackson.txt: "display the meld to your opponent ... end your turn by
// discarding one card from the combination"; D21: "Declared sequences,
// flushes and assemblies are shown and go back into the hand ... The log
// records every reveal, every draw by physical card id, and each score with
// its rule."
TEST_CASE(
    "D21 public information: declared melds go back into the hand, the log records each draw by "
    "physical card [sackson, rules_site, book1881, rummy_site]") {
  for (const std::string& id : kAllVariants) {
    CAPTURE(id);
    const bool rummy = id == "rummy_site";
    State s = test::table(
        id, layout(2, 0, {rummy ? "4C 5D 6H 7C 8D 9H KS" : "4C 5D 6H 7C 8D 9H", "3C 5C"}));
    const CardSet six = cards_of("4C 5D 6H 7C 8D 9H");
    const Event d = the(play(s, "sequence 4C 5D 6H 7C 8D 9H"), EventType::Declare);
    CHECK(d.cards == six);  // the reveal
    CHECK(d.rule == RuleId::SequencePoints);
    CHECK(s.hand(0).contains_all(six));  // back in the hand
    CHECK(s.tableau().empty());
    CHECK(s.current == 0);

    State a = test::table(
        id, layout(2, 0, {rummy ? "7C 7D 7H 7S 7S' 2C 3D" : "7C 7D 7H 7S 7S' 2C", "3C 5C"}));
    play(a, "assembly 7C 7D 7H 7S 7S'");
    CHECK(a.hand(0).contains_all(cards_of("7C 7D 7H 7S 7S'")));

    State f = test::table(
        id, layout(2, 0, {rummy ? "2D 5D 8D TD QD KD 3C" : "2D 5D 8D TD QD KD", "3H 5C"}));
    const Event fd = the(play(f, "flush 2D 5D 8D TD QD KD"), EventType::Declare);
    CHECK(fd.rule == RuleId::FlushPoints);
    CHECK(f.hand(0).contains_all(fd.cards));
    CHECK(f.marriage_pile_size == 0);

    // Draws: 7S' and 7S are logged as the two different cards they are.
    Layout l = layout(2, 0, {rummy ? "2C 4D 6H 8C TD QC KC" : "2C 4D 6H 8C TD QC", "3C 5D 9S JC"},
                      "", "7S' 7S 8S' 8S");
    State t = test::table(id, l);
    EventLog e1 = play(t, "discard 2C");
    if (id == "book1881") {
      CHECK(drawn(e1, 0) == std::vector<Card>{Card(6, Suit::Spades, 1)});
      EventLog e2 = play(t, "discard 3C");
      // P2 held four: back up to six.
      CHECK(drawn(e2, 1) == std::vector<Card>{Card(6, Suit::Spades, 0), Card(7, Suit::Spades, 1),
                                              Card(7, Suit::Spades, 0)});
    } else if (rummy) {  // P2 draws from four to seven
      CHECK(drawn(e1, 1) == std::vector<Card>{Card(6, Suit::Spades, 1), Card(6, Suit::Spades, 0),
                                              Card(7, Suit::Spades, 1)});
    } else {  // P2 draws from four to six
      CHECK(drawn(e1, 1) == std::vector<Card>{Card(6, Suit::Spades, 1), Card(6, Suit::Spades, 0)});
    }
    for (const Event& e : e1) {
      if (e.type == EventType::Draw) CHECK(t.hand(e.player).contains(e.card));
    }
  }
  // The deal logs each hand by physical card.
  EventLog log;
  GameSetup g;
  NewGame ng = new_game(test::variant("sackson"), g);
  REQUIRE(ng.ok);
  REQUIRE(deal(ng.state, deck_with("7S' 7S"), 0, log).ok);
  const Event& first = log[1];
  REQUIRE(first.type == EventType::Deal);
  CHECK(first.player == 1);
  CHECK(first.cards.contains(Card(6, Suit::Spades, 1)));
  CHECK_FALSE(first.cards.contains(Card(6, Suit::Spades, 0)));
  CHECK(first.cards == ng.state.hand(1));
}

// D22: "No source covers misdeals ... engine deals cannot misdeal."
TEST_CASE(
    "D22 misdeals: deal() refuses a deck that is not the 65 cards and leaves the state unchanged "
    "[sackson, rules_site, book1881, rummy_site]") {
  for (const std::string& id : kAllVariants) {
    CAPTURE(id);
    NewGame g = setup(test::variant(id), 3);
    REQUIRE(g.ok);
    State& s = g.state;
    const auto full = full_deck(Suit::Spades);
    auto refuses = [&](std::span<const Card> deck, const std::string& phrase) {
      CAPTURE(phrase);
      const State before = s;
      EventLog log;
      const ApplyResult r = deal(s, deck, 0, log);
      CHECK_FALSE(r.ok);
      CHECK_MESSAGE(r.reason.find(phrase) != std::string::npos, r.reason);
      CHECK(s == before);
      CHECK(log.empty());
    };
    // A card missing.
    refuses(std::span<const Card>(full.data(), 64), "a deck has 65 cards, got 64");
    // A card missing and another there twice.
    auto twice = full;
    twice[32] = card_of("8H");  // 7H replaced by a second 8H
    REQUIRE(to_string(full[32]) == "7H");
    refuses(twice, "card 8H is in the deck twice");
    // A second copy of a card that is not of the imperial suit.
    auto copy = full;
    copy[32] = Card(6, Suit::Hearts, 1);
    refuses(copy, "card 7H' is not in a pack whose imperial suit is S");
    // A code no card has in place of a low card and of the last (KS', in
    // the pack check's second word): past the pack's 104 codes, and the
    // empty card (the check sets one bit per code, 0..255).
    for (size_t at : {size_t{32}, size_t{64}}) {
      for (int code : {Card::kCodes, 200, int{Card::kNone}}) {
        CAPTURE(at);
        CAPTURE(code);
        auto odd = full;
        odd[at] = Card::from_code(code);
        refuses(odd, "is not in a pack whose imperial suit is S");
      }
    }
    // A 66th card.
    std::vector<Card> extra(full.begin(), full.end());
    extra.push_back(full[0]);
    refuses(extra, "a deck has 65 cards, got 66");
    // The full pack deals: every seat gets exactly its hand, the rest is the stock.
    {
      const State before = s;
      EventLog log;
      const ApplyResult bad_dealer = deal(s, full, 3, log);
      CHECK_FALSE(bad_dealer.ok);
      CHECK(bad_dealer.reason.find("dealer must be a seat from 1 to 3") != std::string::npos);
      CHECK(s == before);
    }
    EventLog log;
    REQUIRE(deal(s, full, 0, log).ok);
    const int each = test::variant(id).hand_size[3];
    CardSet all;
    for (int p = 0; p < 3; ++p) {
      const int held = s.hand(p).size();
      CHECK(held == (p == s.current && id == "rummy_site" ? each + 1 : each));
      all = all | s.hand(p);
    }
    CHECK(all.size() + s.stock_size() == kDeckSize);
    const State dealt_state = s;
    EventLog again;
    const ApplyResult r = deal(s, full, 0, again);
    CHECK_FALSE(r.ok);
    CHECK(r.reason == "a hand is already in play");
    CHECK(s == dealt_state);
  }
}
