// Choices (docs/variant-authoring.md, "Choices: asking a player"): a choice
// offered is put to its player when the action is over, its options are
// the legal actions and nothing else is, the pick and what its function did
// are events citing it, a card picked from a hand stays the chooser's
// secret, the cookbook's choices act in seeded games, and a malformed
// choice stops with a clear error.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/choices.h"
#include "engine/effects.h"
#include "engine/game.h"
#include "engine/match.h"
#include "tests/scripting/sandbox_support.h"

using namespace zetema;
using test::house;
using test::listed;
using test::load_text;

namespace {

using Loaded = test::HouseVariant;

// turn_start offers yes/no `swap`; yes offers `card` (a card of the hand),
// which takes the stock's bottom card and puts the chosen one under it.
const char* kSwap = R"(  turn_start = function(state)
    if state.stock > 0 then return { offer = "swap", reason = "may swap" } end
  end,
  choices = {
    swap = { options = "yes_no", apply = function(_s, yes) if yes then return { offer = "card" } end end },
    card = {
      options = { cards = "hand" },
      apply = function(_s, c, chooser)
        return { effects = { { move = "bottom", to = { hand = chooser } }, { move = c, to = "stock_bottom" } } }
      end,
    },
  },
)";

State dealt(const Ruleset& rules, EventLog& log) {
  NewGame g = new_game(rules, GameSetup{});
  REQUIRE(g.ok);
  Rng rng(3);
  const ShuffledPack pack(rules.imperial_suit, rng);
  const ApplyResult r = deal(g.state, pack, 0, log);
  REQUIRE_MESSAGE(r.ok, r.reason);
  return g.state;
}

}  // namespace

TEST_CASE("a choice offered at the turn's start: its options are the legal actions, and only") {
  const Loaded v(kSwap);
  EventLog log;
  State s = dealt(v.rules(), log);
  REQUIRE(s.phase == Phase::Choice);
  const int first = s.current;
  CHECK(log.back().type == EventType::Offer);
  CHECK(describe(log.back(), s)
            .find("is to choose: swap (may swap) [choices.swap @ "
                  "test/house.lua:") != std::string::npos);
  CHECK(listed(s) == std::vector<std::string>{"choose swap yes", "choose swap no"});

  // Anything else is refused, the state untouched.
  const State before = s;
  EventLog none;
  const Card held = s.hand(first).cards().front();
  const ApplyResult discard = apply(s, Action::discard(held), none);
  CHECK_FALSE(discard.ok);
  CHECK(discard.reason.find("must first pick an option of swap") != std::string::npos);
  const ApplyResult other =
      apply(s, Action::choose(choice_index(v.rules(), "card"), held, 0), none);
  CHECK_FALSE(other.ok);
  CHECK(other.reason.find("the choice put now is swap") != std::string::npos);
  CHECK(s == before);
  CHECK(none.empty());

  // yes: the next choice, the cards of the chooser's hand.
  REQUIRE(apply(s, parse_action("choose swap yes", v.rules()).action, log).ok);
  REQUIRE(s.phase == Phase::Choice);
  CHECK(static_cast<int>(listed(s).size()) == s.hand(first).size());
  const Card bottom = s.deck[kDeckSize - 1];
  const size_t mark = log.size();
  REQUIRE(apply(s, Action::choose(s.offer.choice, held, 0), log).ok);
  CHECK(s.phase == Phase::Play);
  CHECK(s.current == first);
  CHECK(s.hand(first).contains(bottom));
  CHECK_FALSE(s.hand(first).contains(held));
  CHECK(s.deck[kDeckSize - 1] == held);
  CHECK(card_accounting(s) == "");
  // The pick, then its two moves, each citing the choice.
  REQUIRE(log.size() == mark + 3);
  CHECK(log[mark].type == EventType::Choice);
  CHECK(log[mark + 1].type == EventType::Move);
  CHECK(describe_cause(log[mark + 2], v.rules()).find("choices.card @ test/house.lua:") == 0);
  // The card picked from the hand is the chooser's secret.
  const int other_seat = 1 - first;
  CHECK(describe(log[mark], s, first).find(to_string(held)) != std::string::npos);
  CHECK(describe(log[mark], s, other_seat).find(to_string(held)) == std::string::npos);
  CHECK(describe(log[mark], s, other_seat).find("a card of their hand") != std::string::npos);
}

TEST_CASE("choices in notation: read back as written, wrong ones refused with a reason") {
  const Loaded v(kSwap);
  const ActionParse yes = parse_action("choose swap yes", v.rules());
  REQUIRE(yes.ok);
  CHECK(to_string(yes.action, &v.rules()) == "choose swap yes");
  CHECK(parse_action("choose card 7S", v.rules()).ok);
  CHECK(parse_action("choose swap maybe", v.rules()).error ==
        "'maybe' is not an option of swap (yes_no)");
  CHECK(parse_action("choose bid 3", v.rules()).error ==
        "no choice named 'bid' (this variant offers card, swap)");
  CHECK_FALSE(parse_action("choose swap yes", v.rules().imperial_suit).ok);
}

TEST_CASE("a malformed choice stops the load, or the game, with its reason") {
  struct Bad {
    std::string body;
    std::string error;
  };
  const std::vector<Bad> bad = {
      {"  choices = { x = { options = \"yes_no\" } },", "choices.x: apply must be a function"},
      {"  choices = { x = { options = { number = { 1, 1000000 } }, apply = function() end } },",
       "at most 100 numbers"},
      {"  choices = { x = { options = { cards = \"stock\" }, apply = function() end } },",
       "options.cards = \"hand\", \"tableau\", \"shown\", \"marriages\" or \"zetemas\""},
      {"  choices = { [\"a b\"] = { options = \"seat\", apply = function() end } },", "not 'a b'"},
  };
  for (const Bad& b : bad) {
    CAPTURE(b.body);
    const auto loaded = load_text(house(b.body), "test/house.lua");
    REQUIRE_FALSE(loaded.ok);
    CHECK(loaded.error->describe().find(b.error) != std::string::npos);
  }
  // An offer that names no choice: the deal's turn_start fails at its line.
  const Loaded v(
      "  turn_start = function() return { offer = \"nope\" } end,\n"
      "  choices = { x = { options = \"yes_no\", apply = function() end } },");
  NewGame g = new_game(v.rules(), GameSetup{});
  REQUIRE(g.ok);
  Rng rng(3);
  const ShuffledPack pack(v.rules().imperial_suit, rng);
  EventLog log;
  const ApplyResult r = deal(g.state, pack, 0, log);
  CHECK_FALSE(r.ok);
  CHECK(r.reason.find("test/house.lua:3: runtime error: turn_start must return offer = the name "
                      "of one of this variant's choices, got 'nope'") != std::string::npos);
}

TEST_CASE("the cookbook's choices act in seeded games that replay the same") {
  for (const char* id : {"may_swap_bottom", "zetema_gift_choice", "marriage_stops_a_seat"}) {
    CAPTURE(id);
    const scripting::LoadedVariant v = test::load_cookbook(id);
    int picks = 0;
    for (uint64_t seed = 1; seed <= 6 && picks == 0; ++seed) {
      MatchConfig c;
      c.seed = seed;
      c.setup.players = 3;
      c.bots = {"greedy"};
      const MatchRecord m = play_match(v.rules, c);
      REQUIRE_MESSAGE(m.ok, m.error);
      for (size_t i = 0; i < m.events.size(); ++i) {
        if (m.events[i].type != EventType::Choice) continue;
        ++picks;
        REQUIRE(i > 0);
        CHECK(describe_cause(m.events[i], v.rules).find(std::string("choices.")) == 0);
      }
    }
    CHECK(picks > 0);
  }
}
