// docs/decisions.md §6: the parlett profile (D25, D26), written in
// variants/parlett.lua with tables and hooks only.
#include <doctest/doctest.h>

#include "tests/engine/decisions_support.h"

using namespace zetema;
using namespace zetema::dtest;

namespace {

// P1 to move holding `hand` (seven cards, as at a Parlett declaration).
State parlett_table(const std::string& hand, const std::string& tableau = "",
                    const std::string& stock = "2D 4D 6D 8D") {
  return test::table("parlett", layout(2, 0, {hand, "3C 5C 7C 9C JC 3H"}, tableau, stock));
}

int marriage_points(const std::string& hand, const std::string& tableau, const std::string& text) {
  State s = parlett_table(hand, tableau);
  const Event d = the(play(s, text), EventType::Declare);
  CHECK(d.kind == DeclKind::Marriages);
  CHECK(d.by_hook);
  return d.points;
}

}  // namespace

TEST_CASE("§6 parlett: a turn begins by drawing one card, so seven are held [parlett]") {
  const Ruleset& r = test::variant("parlett");
  CHECK(r.flow_rule(FlowStep::TurnStart) == StepRule{DrawRule::Count, 1, DiscardRule::Required});
  GameSetup setup;
  setup.players = 3;
  NewGame g = new_game(r, setup);
  REQUIRE(g.ok);
  EventLog log;
  REQUIRE(deal(g.state, deck_with(""), 0, log).ok);
  // P2 (left of the dealer) starts: dealt six, draws one.
  CHECK(drawn(log, 1).size() == 1);
  CHECK(g.state.hand(1).size() == 7);
  CHECK(g.state.current == 1);
}

TEST_CASE(
    "D26 parlett: after marriages the player refills at once and does not discard [parlett]") {
  // Both cards from hand: 7 -> 5, one card drawn at once (to six), turn over.
  State s = parlett_table("KH QH 2C 4C 6H 8H TH");
  const EventLog log = play(s, "marriages KH QH");
  CHECK(types(log) == std::vector<EventType>{EventType::Declare, EventType::Draw, EventType::Draw});
  CHECK(drawn(log, 0) == std::vector<Card>{card_of("2D")});  // P1's refill, before P2 moves
  CHECK(s.hand(0).size() == 6);
  CHECK(count(log, EventType::Discard) == 0);
  CHECK(s.current == 1);                                     // the turn passed with no discard
  CHECK(drawn(log, 1) == std::vector<Card>{card_of("4D")});  // P2 draws one
}

TEST_CASE(
    "D26 parlett: a marriage with one card from the table leaves six, nothing to draw [parlett]") {
  State s = parlett_table("KH 2C 4C 6H 8H TH JH", "QH");
  const EventLog log = play(s, "marriages KH QH");
  CHECK(drawn(log, 0).empty());
  CHECK(s.hand(0).size() == 6);
  CHECK(count(log, EventType::Discard) == 0);
  CHECK(s.current == 1);
}

TEST_CASE(
    "D25 parlett imperial bonus: +10 a marriage in the doubled suit, five flat 150 [parlett]") {
  CHECK(marriage_points("KH QH 2C 4C 6H 8H TH", "", "marriages KH QH") == 10);
  CHECK(marriage_points("KS QS 2C 4C 6H 8H TH", "", "marriages KS QS") == 20);
  CHECK(marriage_points("KS QS KS' QS' 4C 6H 8H", "", "marriages KS QS KS' QS'") == 50);
  CHECK(marriage_points("KH QH KD QD KS QS 8H", "", "marriages KH QH KD QD KS QS") == 70);
  // Five at once (each with its own card from hand, D8 per_marriage): 150.
  CHECK(marriage_points("KC KD KH KS KS' QS' 2C", "QC QD QH QS",
                        "marriages KC QC KD QD KH QH KS QS KS' QS'") == 150);
}

TEST_CASE("§6 parlett: each marriage needs its own card from hand (per_marriage) [parlett]") {
  State s = parlett_table("KH 2C 4C 6H 8H TH JH", "QH KD QD");
  // KD QD would come wholly from the tableau.
  refused(s, "marriages KH QH KD QD", "marriage_hand_card");
  CHECK(listed(s, "marriages KH QH"));
}
