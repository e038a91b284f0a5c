// docs/decisions.md scenario tests: marriages (D7, D8, D9, and the §3
// rules_site_literal option).
#include <doctest/doctest.h>

#include "engine/combinations.h"
#include "tests/engine/decisions_support.h"

using namespace zetema;
using namespace zetema::dtest;

namespace {

// P1 to move holding `hand`, with `tableau` on the piles; `before` imperial
// marriages were declared earlier this hand (their cards in the marriage pile).
State marriage_table(const Ruleset& rules, const std::string& hand, const std::string& tableau,
                     int before) {
  Layout l = layout(2, 0, {hand, "3C 5D 7H 9S JC"}, tableau);
  l.imperial_marriages = before;
  if (before == 1) l.marriage_pile = "KS QS";
  return test::table(rules, l);
}

struct Expect {
  int points;
  int bonus;
};

// Declares `text` and checks the Declare event and the score.
void marries(State& s, const std::string& text, Expect e) {
  CAPTURE(text);
  const int before = s.score[0];
  const Event d = the(play(s, text), EventType::Declare);
  CHECK(d.kind == DeclKind::Marriages);
  CHECK(d.points == e.points);
  CHECK(d.bonus == e.bonus);
  CHECK(d.rule == RuleId::MarriageBase);
  CHECK(s.score[0] == before + e.points);
}

// Every row of the book-1881.txt table, as one declaration each. Kings in
// hand, queens on the tableau, so each marriage has its own card from hand.
struct Row {
  const char* what;
  int before;
  const char* hand;
  const char* tableau;
  const char* declare;
};
const Row kRows[] = {
    {"first imperial alone", 0, "KS 2C 4D 6H 8C TD", "QS", "marriages KS QS"},
    {"second imperial after the first", 1, "KS' 2C 4D 6H 8C TD", "QS'", "marriages KS' QS'"},
    {"both imperial at once", 0, "KS KS' 2C 4D 6H 8C", "QS QS'", "marriages KS QS KS' QS'"},
    {"two, one of them the first imperial", 0, "KH KS 2C 4D 6H 8C", "QH QS",
     "marriages KH QH KS QS"},
    {"two, one of them the second imperial", 1, "KH KS' 2C 4D 6H 8C", "QH QS'",
     "marriages KH QH KS' QS'"},
    {"three, both imperial", 0, "KH KS KS' 2C 4D 6H", "QH QS QS'", "marriages KH QH KS QS KS' QS'"},
    {"three, one the second imperial", 1, "KH KD KS' 2C 4D 6H", "QH QD QS'",
     "marriages KH QH KD QD KS' QS'"},
    {"four, one the first imperial", 0, "KC KD KH KS 2C 4D", "QC QD QH QS",
     "marriages KC QC KD QD KH QH KS QS"},
    {"four, one the second imperial", 1, "KC KD KH KS' 2C 4D", "QC QD QH QS'",
     "marriages KC QC KD QD KH QH KS' QS'"},
    {"four, both imperial", 0, "KD KH KS KS' 2C 4D", "QD QH QS QS'",
     "marriages KD QD KH QH KS QS KS' QS'"},
    {"five at once", 0, "KC KD KH KS KS' QC", "QD QH QS QS'",
     "marriages KC QC KD QD KH QH KS QS KS' QS'"},
};

void check_rows(const Ruleset& rules, const std::vector<Expect>& expect) {
  REQUIRE(expect.size() == std::size(kRows));
  for (size_t i = 0; i < expect.size(); ++i) {
    const Row& r = kRows[i];
    CAPTURE(r.what);
    State s = marriage_table(rules, r.hand, r.tableau, r.before);
    marries(s, r.declare, expect[i]);
    // The count of imperial marriages this hand goes up by those declared.
    const MarriageSet ms = read_marriages(action_of(s, r.declare).cards, Suit::Spades);
    CHECK(s.imperial_marriages == r.before + ms.imperial);
  }
}

const Ruleset& rules_site_literal() {
  static const Ruleset& r = lua_variant(
      "return { id = 'rules_site_literal', name = 'rules_site read literally', source = "
      "'sources/rules-site.txt', extends = 'rules_site', rules_site_literal = true }");
  return r;
}

}  // namespace

// sackson.txt: "The second marriage in the duplicated suit scores an extra 10
// points, or if both duplicated suit marriages are declared at once an extra
// 20 points are scored. These 20 points are already included in the 150";
// book-1881.txt's table: 20; 30/40/50; 60/70/80; 100/110/120; 150 (D7).
TEST_CASE(
    "D7 imperial bonus: second imperial marriage +10, both at once +20, five at once a flat 150 "
    "[sackson, rules_site, book1881]") {
  const std::vector<Expect> table = {{10, 0},  {20, 10}, {50, 20},  {30, 0},   {40, 10}, {80, 20},
                                     {70, 10}, {100, 0}, {110, 10}, {120, 20}, {150, 0}};
  for (std::string id : {"sackson", "rules_site", "book1881"}) {
    CAPTURE(id);
    CHECK(test::variant(id).effective_imperial_bonus() == ImperialBonus::Second10Both20);
    check_rows(test::variant(id), table);
  }
}

// D7: "The engine counts the imperial marriages declared in the current hand
// by anyone, including opponents and partners, and resets the count each hand."
TEST_CASE(
    "D7 imperial bonus: the count is per hand and counts anyone's marriages [sackson, rules_site, "
    "book1881]") {
  for (std::string id : {"sackson", "rules_site", "book1881"}) {
    CAPTURE(id);
    // P1 declares the first imperial marriage; P2 the second, scoring the +10.
    State s = test::table(id, layout(2, 0, {"KS 2C 4D 6H 8C TD", "KS' 3C 5D 7H 9C JD"}, "QS QS'"));
    marries(s, "marriages KS QS", {10, 0});
    if (id != "book1881") play(s, "discard 2C");
    REQUIRE(s.current == 1);
    CHECK(s.imperial_marriages == 1);
    const Event d = the(play(s, "marriages KS' QS'"), EventType::Declare);
    CHECK(d.points == 20);
    CHECK(d.bonus == 10);
    CHECK(d.side == 1);
    CHECK(s.score[1] == 20);
    CHECK(s.imperial_marriages == 2);

    // A new hand starts the count again: the same marriage is the first once more.
    Layout l = layout(2, 0, {});
    l.phase = Phase::Deal;
    l.imperial_marriages = 1;
    State next = test::table(id, l);
    CHECK(next.imperial_marriages == 1);
    EventLog log;
    REQUIRE(deal(next, deck_with("KS' 2C QS' 3C 4D 5C 6H 7C 8D 9C TH JC"), 0, log).ok);
    CHECK(next.imperial_marriages == 0);
    REQUIRE(next.current == 1);
    const Event first = the(play(next, "marriages KS' QS'"), EventType::Declare);
    CHECK(first.points == 10);
    CHECK(first.bonus == 0);
  }
}

// rummy-site.txt never names an imperial suit: "Five at the same time = 150
// ... Two at the same time = 30 ... One marriage = 10" and nothing more (D7).
TEST_CASE("D7 imperial bonus: none in rummy_site [rummy_site]") {
  CHECK(test::variant("rummy_site").imperial_bonus == ImperialBonus::None);
  check_rows(test::variant("rummy_site"), {{10, 0},
                                           {10, 0},
                                           {30, 0},
                                           {30, 0},
                                           {30, 0},
                                           {60, 0},
                                           {60, 0},
                                           {100, 0},
                                           {100, 0},
                                           {100, 0},
                                           {150, 0}});
}

// rules-site.txt: "If you score the second marriage of the duplicate suit it
// is worth an extra 10 points. It has already been added to the chart above
// for 5 marriages though." No both-at-once clause (§3, point 2).
TEST_CASE(
    "§3 rules_site_literal: a declaration holding the second imperial marriage earns +10, never "
    "+20, five stay 150 [rules_site]") {
  CHECK_FALSE(test::variant("rules_site").rules_site_literal);
  const Ruleset& literal = rules_site_literal();
  CHECK(literal.rules_site_literal);
  CHECK(literal.effective_imperial_bonus() == ImperialBonus::Second10Only);
  check_rows(literal, {{10, 0},
                       {20, 10},
                       {40, 10},
                       {30, 0},
                       {40, 10},
                       {70, 10},
                       {70, 10},
                       {100, 0},
                       {110, 10},
                       {110, 10},
                       {150, 0}});
  // By default rules_site scores both at once as sackson does.
  State s = marriage_table(test::variant("rules_site"), "KS KS' 2C 4D 6H 8C", "QS QS'", 0);
  marries(s, "marriages KS QS KS' QS'", {50, 20});
}

// sackson.txt: "only one card need be from your hand. Any other cards
// required may be taken from the tableau"; rules-site.txt: "the rest can be
// from the tableau"; rummy-site.txt's example pairs one card from a pile with
// a king in hand (D8).
TEST_CASE(
    "D8 marriages from the table: one hand card per declaration in sackson and rules_site, one per "
    "marriage in book1881 and rummy_site [sackson, rules_site, book1881, rummy_site]") {
  for (const std::string& id : kAllVariants) {
    CAPTURE(id);
    const bool per_declaration = id == "sackson" || id == "rules_site";
    CHECK((test::variant(id).marriage_hand_card == MarriageHandCard::PerDeclaration) ==
          per_declaration);
    const std::string hand = "KH 2C 4D 6S 8C TD";
    State s = marriage_table(test::variant(id), hand, "QC QH KD QD", 0);
    // Never without a card from hand.
    refused(s, "marriages KD QD", "at least one card of the marriages must come from your hand");
    refused(s, "marriages KC QC", "neither in P1's hand nor on the tableau");
    if (per_declaration) {
      marries(s, "marriages KH QH KD QD", {30, 0});
      // The table cards left their piles for the marriage pile.
      CHECK(s.pile_size[kRankKing] == 0);
      CHECK(s.pile_size[kRankQueen] == 1);
      CHECK(s.piles[kRankQueen][0] == card_of("QC"));
      CHECK_FALSE(s.tableau().contains(card_of("KD")));
      CHECK(s.marriage_pile_size == 4);
      CHECK(s.hand(0) == cards_of("2C 4D 6S 8C TD"));
    } else {
      refused(s, "marriages KH QH KD QD", "each marriage needs its own card from hand");
      marries(s, "marriages KH QH", {10, 0});
      CHECK(s.pile_size[kRankQueen] == 2);  // QC QD stay, in order
      CHECK(s.piles[kRankQueen][0] == card_of("QC"));
      CHECK(s.piles[kRankQueen][1] == card_of("QD"));
      CHECK(s.pile_size[kRankKing] == 1);
      CHECK(s.marriage_pile_size == 2);
    }
    // Both imperial marriages with one imperial king from hand.
    State imp = marriage_table(test::variant(id), "KS 2C 4D 6H 8C TD", "QS KS' QS'", 0);
    if (per_declaration) {
      marries(imp, "marriages KS QS KS' QS'", {50, 20});
      CHECK(imp.pile_size[kRankKing] == 0);
      CHECK(imp.pile_size[kRankQueen] == 0);
    } else {
      refused(imp, "marriages KS QS KS' QS'", "each marriage needs its own card from hand");
      CHECK(declarations(imp) == notation(imp, {"marriages KS QS", "marriages KS QS'"}));
    }
  }
}

// book-1881.txt: a marriage "is secured to any one who plays a king and queen
// of the same suit"; "every player should always have six cards in his hand";
// "no danger in playing one of the cards of a marriage in one round, and
// declaring the marriage in the next" (D9).
TEST_CASE(
    "D9 book1881: a marriage is played instead of a card and the hand is drawn back up, elsewhere "
    "a card is still discarded [book1881, sackson, rules_site, rummy_site]") {
  {
    State s = test::table("book1881",
                          layout(2, 0, {"KH QH 2C 4D 6S 8C", "3C 5D 7H 9S JC KD"}, "", "9D TD"));
    EventLog e = play(s, "marriages KH QH");
    CHECK(types(e) == std::vector<EventType>{EventType::Declare, EventType::Draw, EventType::Draw});
    CHECK(e[0].points == 10);
    CHECK(s.hand(0) == cards_of("2C 4D 6S 8C 9D TD"));
    CHECK(s.marriage_pile_size == 2);
    CHECK(s.tableau().empty());  // never in a trick pile
    CHECK(s.current == 1);
    CHECK(s.phase == Phase::Play);
  }
  // One card played a round early, the marriage declared the next round.
  {
    State s = test::table("book1881",
                          layout(2, 0, {"KH QH 2C 4D 6S 8C", "3C 5D 7H 9S JC KD"}, "", "9D TD"));
    play(s, "discard QH");
    play(s, "discard 3C");
    REQUIRE(s.current == 0);
    marries(s, "marriages KH QH", {10, 0});
    CHECK(s.pile_size[kRankQueen] == 0);
    CHECK(s.hand(0).size() == 6);
  }
  // sackson, rules_site, rummy_site: "Still discard" after the marriage.
  for (std::string id : {"sackson", "rules_site", "rummy_site"}) {
    CAPTURE(id);
    const bool rummy = id == "rummy_site";
    State s = test::table(
        id,
        layout(2, 0, {rummy ? "KH QH 2C 4D 6S 8C TH" : "KH QH 2C 4D 6S 8C", "3C 5D 7H 9S JC KD"},
               "", "9D TD"));
    EventLog e = play(s, "marriages KH QH");
    CHECK(types(e) == std::vector<EventType>{EventType::Declare});
    CHECK(s.phase == Phase::AfterDeclare);
    CHECK(s.current == 0);
    CHECK(s.marriage_pile_size == 2);
    EventLog d = play(s, "discard 2C");
    CHECK(the(d, EventType::Discard).card == card_of("2C"));
    CHECK(s.current == 1);
  }
  // The alternative marriage_mode = marriage_then_play_card: a card is still played.
  const Ruleset& then_play = lua_variant(
      "return { id = 'book1881_then_play', name = 'test', source = 'test', extends = 'book1881',"
      " marriage_mode = 'marriage_then_play_card' }");
  State s = test::table(then_play,
                        layout(2, 0, {"KH QH 2C 4D 6S 8C", "3C 5D 7H 9S JC KD"}, "", "9D TD JD"));
  EventLog e = play(s, "marriages KH QH");
  CHECK(types(e) == std::vector<EventType>{EventType::Declare});
  CHECK(s.phase == Phase::AfterDeclare);
  EventLog p = play(s, "discard 2C");
  CHECK(drawn(p, 0) == std::vector<Card>{card_of("9D"), card_of("TD"), card_of("JD")});
  CHECK(s.hand(0).size() == 6);
  CHECK(s.current == 1);
}
