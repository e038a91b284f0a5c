// Bots see only what their seat may see, even through a Lua hook that reads
// another player's hand (issue 5; docs/architecture.md, "Bots").
#include <doctest/doctest.h>

#include "engine/bots.h"
#include "tests/scripting/sandbox_support.h"

using namespace zetema;
using namespace zetema::test;

namespace {

// P1 (seat 0) to move with the fifth 7, so discarding it makes a zetema; P2
// holds `p2_hand`, and every card named nowhere is in the stock. Both tables
// below look the same from seat 0: its hand, the tableau, the sizes.
State table_with_p2(const Ruleset& rules, const std::string& p2_hand) {
  Layout l;
  l.players = 2;
  l.current = 0;
  l.hands = {"7S' 2C 3D 9H JC KD", p2_hand};
  l.tableau = "7C 7D 7H 7S";
  return table(rules, l);
}

}  // namespace

TEST_CASE("a hook reading another hand does not tell a bot what that hand holds") {
  // A house rule that scores a zetema by the hearts in P2's hand.
  auto v =
      load_text(house("  score_zetema = function(state, z)\n"
                      "    local hearts = 0\n"
                      "    for _, card in ipairs(state:hand_of(2)) do\n"
                      "      if card:sub(2, 2) == \"H\" then hearts = hearts + 1 end\n"
                      "    end\n"
                      "    return 100 * hearts\n"
                      "  end,"));
  REQUIRE_MESSAGE(v.ok, v.error->describe());
  const State hearts = table_with_p2(v.rules, "AH 4H 8H TH QH 6H");
  const State none = table_with_p2(v.rules, "AC 4D 8C TC QC 6S");
  const Action zetema = Action::discard(Card(6, Suit::Spades, 1));

  // The game scores with the real hands...
  auto real_points = [&](State s) {
    EventLog events;
    REQUIRE(apply(s, zetema, events).ok);
    for (const Event& e : events)
      if (e.type == EventType::Zetema) return e.points;
    return -1;
  };
  CHECK(real_points(hearts) == 600);
  CHECK(real_points(none) == 0);
  // ...but the preview a bot reads is the same for both, as seat 0 cannot
  // tell them apart.
  CHECK(immediate_points(hearts, zetema) == immediate_points(none, zetema));
  // And the bots choose the same on both tables.
  for (const char* name : {"greedy", "imperial", "hoarder", "assembler", "ismcts:48"}) {
    LegalActions legal_h, legal_n;
    REQUIRE_FALSE(legal_actions(hearts, legal_h).has_value());
    REQUIRE_FALSE(legal_actions(none, legal_n).has_value());
    REQUIRE(legal_h.to_vector() == legal_n.to_vector());
    Rng rng_h(7), rng_n(7);
    CHECK_MESSAGE(make_bot(name)->choose(hearts, legal_h, rng_h) ==
                      make_bot(name)->choose(none, legal_n, rng_n),
                  name);
  }
}

TEST_CASE("a hook reading only what the seat sees previews its real points") {
  auto v = load_text(house("  score_zetema = function(state, z) return z.points + 7 end,"));
  REQUIRE_MESSAGE(v.ok, v.error->describe());
  const State s = table_with_p2(v.rules, "AH 4H 8H TH QH 6H");
  const Action zetema = Action::discard(Card(6, Suit::Spades, 1));
  State copy = s;
  EventLog events;
  REQUIRE(apply(copy, zetema, events).ok);
  int points = -1;
  for (const Event& e : events)
    if (e.type == EventType::Zetema) points = e.points;
  CHECK(points > 7);
  CHECK(immediate_points(s, zetema) == points);
}
