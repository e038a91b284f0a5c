// docs/decisions.md scenario tests: zetemas, the two-player chain and the end of
// the game (D10, D15, D16).
#include <doctest/doctest.h>

#include "tests/engine/decisions_support.h"

using namespace zetema;
using namespace zetema::dtest;

namespace {

// P1 to move holding `card` and some others, four of its rank on the table.
State fifth_card(const std::string& id, const std::string& four, const std::string& card,
                 const std::string& assemblies = "") {
  const std::string hand = card + " 2C 4D 6H 8C TD" + (id == "rummy_site" ? " TH" : "");
  Layout l = layout(2, 0, {hand, "3C 5D 7H 8S 6C"}, four);
  l.assemblies = assemblies;
  return test::table(id, l);
}

// Discards `card` and returns the Zetema event.
Event zetema_of(State& s, const std::string& card) {
  const EventLog e = play(s, "discard " + card);
  return the(e, EventType::Zetema);
}

// Two players, stock empty: P1 holds 5C JC 9C KH; the fives and jacks each
// need one more card; no nine is on the table.
Layout chain_layout() {
  Layout l = no_stock(
      layout(2, 0, {"5C JC 9C KH", "9D 9H 9S 9S' KC KD"}, "5D 5H 5S 5S' JD JH JS JS' QH QC QD"),
      "A234678T");
  l.marriage_pile = "KS QS KS' QS'";
  return l;
}

}  // namespace

// book-1881.txt: "It is only possible to make a king or queen trick when an
// assembly of one of them has been declared ... the trick scores fifty";
// sackson.txt: zetema for "Kings or Queens 50" (D10).
TEST_CASE(
    "D10 K/Q trick: book1881 scores a fifth king or queen only after an assembly of that rank, "
    "elsewhere always 50 [book1881, sackson, rules_site, rummy_site]") {
  for (const std::string& id : kAllVariants) {
    CAPTURE(id);
    const bool b1881 = id == "book1881";
    CHECK(test::variant(id).kq_zetema_requires_assembly == b1881);
    for (std::string rank : {"K", "Q"}) {
      CAPTURE(rank);
      const std::string four = rank + "C " + rank + "D " + rank + "H " + rank + "S";
      State s = fifth_card(id, four, rank + "S'");
      const Event z = zetema_of(s, rank + "S'");
      CHECK(z.rank == (rank == "K" ? kRankKing : kRankQueen));
      CHECK(z.cards == cards_of(four + " " + rank + "S'"));
      CHECK(z.points == (b1881 ? 0 : 50));
      CHECK(z.rule == (b1881 ? RuleId::KqZetemaRequiresAssembly : RuleId::ZetemaPoints));
      CHECK(s.score[0] == (b1881 ? 0 : 50));
      // The trick is turned either way.
      CHECK(s.pile_size[z.rank] == 0);
      CHECK(s.zetema_count == 1);

      // After an assembly of that rank, 50 in every variant.
      State a = fifth_card(id, four, rank + "S'", rank);
      const Event za = zetema_of(a, rank + "S'");
      CHECK(za.points == 50);
      CHECK(za.rule == RuleId::ZetemaPoints);
    }
    // An assembly of the other rank does not count.
    State other = fifth_card(id, "KC KD KH KS", "KS'", "Q");
    CHECK(zetema_of(other, "KS'").points == (b1881 ? 0 : 50));
    // Other ranks need nothing: knave 20, ace 15, five 15, others 5.
    State j = fifth_card(id, "JC JD JH JS", "JS'");
    CHECK(zetema_of(j, "JS'").points == 20);
    State a = fifth_card(id, "AC AD AH AS", "AS'");
    CHECK(zetema_of(a, "AS'").points == 15);
    State n = fifth_card(id, "9C 9D 9H 9S", "9S'");
    CHECK(zetema_of(n, "9S'").points == 5);
  }
}

// sackson.txt: "In a two-player game, any player completing a zetema after the
// stock is exhausted is required to continue by discarding another card ...
// until his discard does not complete a zetema"; rummy-site.txt: "a player
// that scores a zetema will play again" (D15).
TEST_CASE(
    "D15 two-player chain: once the stock is out a zetema forces another discard, discard only "
    "[sackson, rules_site, rummy_site]") {
  for (std::string id : {"sackson", "rules_site", "rummy_site"}) {
    CAPTURE(id);
    CHECK(test::variant(id).two_player_chain);
    State s = test::table(id, chain_layout());
    CHECK(listed(s, "marriages KH QH"));  // a declaration is open before the chain
    CHECK(zetema_of(s, "5C").points == 15);
    CHECK(s.phase == Phase::Chain);
    CHECK(s.current == 0);
    CHECK(declarations(s).empty());
    refused(s, "marriages KH QH", "each step is a discard only");
    CHECK(discards(s) == cards_of("JC 9C KH"));
    CHECK(zetema_of(s, "JC").points == 20);
    CHECK(s.phase == Phase::Chain);
    CHECK(s.current == 0);
    EventLog e = play(s, "discard 9C");  // completes nothing: the turn ends
    CHECK(count(e, EventType::Zetema) == 0);
    CHECK(s.current == 1);
    CHECK(s.phase == Phase::Play);
    CHECK(s.hand(0) == cards_of("KH"));
    CHECK(s.score[0] == 35);
  }
  // The chain stops when the hand is empty.
  Layout l = no_stock(
      layout(2, 0, {"5C JC", "9C 9D 9H 9S 9S' KC KD KH"}, "5D 5H 5S 5S' JD JH JS JS' QH QC QD"),
      "A234678T");
  l.marriage_pile = "KS QS KS' QS'";
  State s = test::table("sackson", l);
  zetema_of(s, "5C");
  CHECK(s.phase == Phase::Chain);
  EventLog e = play(s, "discard JC");
  CHECK(types(e) == std::vector<EventType>{EventType::Discard, EventType::Zetema});
  CHECK(s.hand(0).empty());
  CHECK(s.current == 1);
  CHECK(s.phase == Phase::Play);
}

// D15: "including on the turn that drew the last card".
TEST_CASE(
    "D15 two-player chain: it applies on the turn that drew the last card [sackson, rules_site, "
    "rummy_site]") {
  for (std::string id : {"sackson", "rules_site", "rummy_site"}) {
    CAPTURE(id);
    Layout l = no_stock(layout(2, 1, {"JC 9C KH", "9D 9H 9S 9S' KC KD"},
                               "5D 5H 5S 5S' JD JH JS JS' QH QC QD", "5C"),
                        "A234678T");
    l.marriage_pile = "KS QS KS' QS'";
    State s = test::table(id, l);
    CHECK(s.stock_size() == 1);
    EventLog d = play(s, "discard 9D");
    CHECK(drawn(d, 0) == std::vector<Card>{card_of("5C")});
    CHECK(s.stock_size() == 0);
    CHECK(zetema_of(s, "5C").points == 15);
    CHECK(s.phase == Phase::Chain);
    CHECK(s.current == 0);
  }
}

// D15: "Only games that began with exactly two players chain"; "`book1881` has
// no chain: its text is silent."
TEST_CASE(
    "D15 two-player chain: none in book1881, none with three players [book1881, sackson, "
    "rules_site, rummy_site]") {
  CHECK_FALSE(test::variant("book1881").two_player_chain);
  State b = test::table("book1881", chain_layout());
  CHECK(zetema_of(b, "5C").points == 15);
  CHECK(b.phase == Phase::Play);
  CHECK(b.current == 1);

  for (std::string id : {"sackson", "rules_site", "rummy_site"}) {
    CAPTURE(id);
    Layout l = no_stock(layout(3, 0, {"5C JC 9C KH", "9D 9H KC", "9S 9S' KD"},
                               "5D 5H 5S 5S' JD JH JS JS' QH QC QD"),
                        "A234678T");
    l.marriage_pile = "KS QS KS' QS'";
    State s = test::table(id, l);
    CHECK(zetema_of(s, "5C").points == 15);
    CHECK(s.phase == Phase::Play);
    CHECK(s.current == 1);
  }
}

// sackson.txt: "Play stops immediately in standard Zetema once a player attains
// the game score of either 200 or 300 points. This happens even if players are
// in the middle of a hand"; rules-site.txt "The game ends once the needed score
// is achieved, even if in the middle of a hand"; rummy-site.txt "The game ends
// immediately" (D16).
TEST_CASE(
    "D16 target: the game ends at the exact scoring event that reaches it, mid-hand and mid-chain "
    "[sackson, rules_site, rummy_site]") {
  for (std::string id : {"sackson", "rules_site", "rummy_site"}) {
    CAPTURE(id);
    const Ruleset& rules = test::variant(id);
    CHECK(rules.target[2] == std::optional<int>(300));
    CHECK(rules.target[3] == std::optional<int>(300));
    for (int n = 4; n <= 6; ++n) CHECK(rules.target[n] == std::optional<int>(200));
    const bool rummy = id == "rummy_site";
    auto seven = [&](int score) {
      Layout l =
          layout(2, 0, {rummy ? "7S' 2C 4D 6H 8C TD TH" : "7S' 2C 4D 6H 8C TD", "3C 5D 9S JC QD"},
                 "7C 7D 7H 7S");
      l.scores[0] = score;
      return test::table(id, l);
    };
    // 295 + 5 = 300: over at once, the next turn never begins.
    State s = seven(295);
    EventLog e = play(s, "discard 7S'");
    CHECK(types(e) ==
          std::vector<EventType>{EventType::Discard, EventType::Zetema, EventType::GameEnd});
    const Event& end = the(e, EventType::GameEnd);
    CHECK(end.winners == 0b01);
    CHECK(end.end_reason == GameEndReason::Target);
    CHECK(end.rule == RuleId::Target);
    CHECK(s.score[0] == 300);
    CHECK(s.phase == Phase::GameOver);
    CHECK(s.winners == 0b01);
    refused(s, "discard 2C", "the game is over");
    // 294 + 5 = 299: play goes on.
    State below = seven(294);
    EventLog b = play(below, "discard 7S'");
    CHECK(count(b, EventType::GameEnd) == 0);
    CHECK(below.score[0] == 299);
    CHECK(below.current == 1);

    // A declaration reaching the target ends the game before the discard.
    Layout dl = layout(2, 0, {rummy ? "4C 5D 6H 7C 8D 9H KS" : "4C 5D 6H 7C 8D 9H", "3C 5C"});
    dl.scores[0] = 290;
    State d = test::table(id, dl);
    EventLog de = play(d, "sequence 4C 5D 6H 7C 8D 9H");
    CHECK(types(de) == std::vector<EventType>{EventType::Declare, EventType::GameEnd});
    CHECK(d.score[0] == 300);
    CHECK(d.over());

    // Mid-chain: 270 + 15 = 285 (chain), + 20 = 305: over; no third discard.
    Layout cl = chain_layout();
    cl.scores[0] = 270;
    State c = test::table(id, cl);
    zetema_of(c, "5C");
    REQUIRE(c.phase == Phase::Chain);
    EventLog ce = play(c, "discard JC");
    CHECK(types(ce) ==
          std::vector<EventType>{EventType::Discard, EventType::Zetema, EventType::GameEnd});
    CHECK(c.score[0] == 305);
    CHECK(c.over());
    CHECK(c.hand(0) == cards_of("9C KH"));
    refused(c, "discard 9C", "the game is over");
  }
}

// D16: "In partnerships the side's combined score counts."
TEST_CASE(
    "D16 target: a side's combined score counts at four players (200) [sackson, rules_site, "
    "rummy_site]") {
  for (std::string id : {"sackson", "rules_site", "rummy_site"}) {
    CAPTURE(id);
    const bool pairs = id != "rummy_site";  // rummy_site: partnerships off by default (D17)
    Layout l = layout(4, 2, {"2D 3D", "4D", "7S' 2C 4C 6C 8C TC", "6D"}, "7C 7D 7H 7S");
    l.scores[0] = 195;
    State s = test::table(id, l);
    EventLog e = play(s, "discard 7S'");
    if (pairs) {
      // P3 scores for P1+P3, who reach 200.
      CHECK(s.score[0] == 200);
      CHECK(the(e, EventType::GameEnd).winners == 0b01);
    } else {
      CHECK(s.score[2] == 5);
      CHECK(count(e, EventType::GameEnd) == 0);
    }
  }
}

// book-1881.txt gives no target; "the playing of the last six cards ... form
// usually the most exciting part of the whole affair" ends the game: one
// deal, the highest total wins, ties stand (D16).
TEST_CASE("D16 book1881 is one deal: no target, the highest total wins, ties stand [book1881]") {
  const Ruleset& rules = test::variant("book1881");
  CHECK(rules.game_length == GameLength::OneDeal);
  for (int n = 2; n <= 6; ++n) CHECK_FALSE(rules.target[n].has_value());
  // 500 points do not end the game.
  {
    Layout l = layout(2, 0, {"7S' 2C 4D 6H 8C TD", "3C 5D 9S JC QD KH"}, "7C 7D 7H 7S");
    l.scores[0] = 500;
    State s = test::table("book1881", l);
    EventLog e = play(s, "discard 7S'");
    CHECK(s.score[0] == 505);
    CHECK(count(e, EventType::GameEnd) == 0);
    CHECK(s.current == 1);
  }
  // The last cards: each side plays one; the hand and the game end.
  struct Case {
    int p1, p2;
    uint8_t winners;
  };
  for (const Case& c : {Case{120, 80, 0b01}, Case{80, 120, 0b10}, Case{100, 100, 0b11}}) {
    CAPTURE(c.p1);
    CAPTURE(c.p2);
    Layout l = no_stock(layout(2, 0, {"2C", "3C"}, "2D 2H 2S 2S' 3D 3H 3S 3S'"), "A456789TJQK");
    l.scores[0] = c.p1;
    l.scores[1] = c.p2;
    State s = test::table("book1881", l);
    EventLog e1 = play(s, "discard 2C");
    CHECK(count(e1, EventType::GameEnd) == 0);
    EventLog e2 = play(s, "discard 3C");
    CHECK(types(e2) == std::vector<EventType>{EventType::Discard, EventType::Zetema,
                                              EventType::HandEnd, EventType::GameEnd});
    const Event& end = the(e2, EventType::GameEnd);
    CHECK(end.end_reason == GameEndReason::OneDeal);
    CHECK(end.rule == RuleId::GameLength);
    CHECK(end.winners == c.winners);
    CHECK(s.winners == c.winners);
    CHECK(s.score[0] == c.p1 + 5);
    CHECK(s.score[1] == c.p2 + 5);
    CHECK(s.over());
  }
  // "A configuration option can impose 300/200."
  const Ruleset& with_target = lua_variant(
      "return { id = 'book1881_target', name = 'test', source = 'test', extends = 'book1881',"
      " target = { [2] = 300, [3] = 300, [4] = 200, [5] = 200, [6] = 200 } }");
  Layout l = layout(2, 0, {"7S' 2C 4D 6H 8C TD", "3C 5D 9S JC QD KH"}, "7C 7D 7H 7S");
  l.scores[0] = 295;
  State s = test::table(with_target, l);
  EventLog e = play(s, "discard 7S'");
  CHECK(the(e, EventType::GameEnd).end_reason == GameEndReason::Target);
  CHECK(s.over());
}
