// Effects and moments at their limits (docs/variant-authoring.md, "Effects:
// moving cards" and "Moments"): every bad effect stops the action with its
// message at the hook's file:line, and the state and event log exactly as
// they were; a scoring hook's effects work on both declaration paths; a
// moved card is named only to the seats that see it.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/event.h"
#include "engine/game.h"
#include "engine/match.h"
#include "tests/scripting/sandbox_support.h"

using namespace zetema;
using test::house;
using test::load_text;

namespace {

using Loaded = test::HouseVariant;

const Action kZetemaDiscard = Action::discard(Card(6, Suit::Spades, 1));  // 7S' onto four 7s

// Applies `a`: it must be refused by a script, the state and log untouched.
// The error as described ("file:line: kind error: message").
std::string refused(State& s, const Action& a) {
  const State before = s;
  EventLog log;
  const ApplyResult r = apply(s, a, log);
  CHECK_FALSE(r.ok);
  CHECK(s == before);
  CHECK(log.size() == 0);
  REQUIRE(r.script.has_value());
  return r.script->describe();
}

// The zetema discard under score_zetema = function(state, z) <body> end
// (the hook on line 3): refused, and why.
std::string zetema_refused(const std::string& body, const std::string& more = "") {
  const Loaded v("  score_zetema = function(state, z)\n" + body + "\n  end,\n" + more);
  State s = test::zetema_table(v.rules());
  return refused(s, kZetemaDiscard);
}

// The zetema discard whose score_zetema returns these effects (Lua).
std::string effects_refused(const std::string& effects) {
  return zetema_refused("    return { points = z.points, effects = " + effects + " }");
}

// A new two-player game dealt from a shuffled pack: refused by a hook at
// the deal, the state and log untouched.
std::string deal_refused(const Ruleset& rules) {
  NewGame g = new_game(rules, GameSetup{});
  REQUIRE(g.ok);
  Rng rng(5);
  const ShuffledPack pack(rules.imperial_suit, rng);
  const State before = g.state;
  EventLog log;
  const ApplyResult r = deal(g.state, pack, 0, log);
  CHECK_FALSE(r.ok);
  CHECK(g.state == before);
  CHECK(log.size() == 0);
  REQUIRE(r.script.has_value());
  return r.script->describe();
}

const std::string kAt3 = "test/house.lua:3: runtime error: ";

}  // namespace

TEST_CASE("effects: a card moved twice by one hook stops the action at the hook's line") {
  CHECK(effects_refused("{ { move = '2C', to = 'shown' },\n"
                        "  { move = '2C', from = 'shown', to = { hand = 1 } } }") ==
        kAt3 + "score_zetema effect 2: 2C is moved twice by one hook");
  // The same card taken as the stock's top after it was put there.
  CHECK(effects_refused("{ { move = '2C', to = 'stock' }, { move = 'top', to = 'shown' } }") ==
        kAt3 + "score_zetema effect 2: 2C is moved twice by one hook");
}

TEST_CASE("effects: a hook returning a million effects stops at the cap of 256") {
  const std::string million =
      "    local e, t = { shuffle = 'stock' }, {}\n"
      "    for i = 1, 1000000 do t[i] = e end\n"
      "    return { points = z.points, effects = t }";
  // Limits raised so the list can be built at all: then the reader's cap
  // refuses it, before reading a single effect.
  scripting::SandboxLimits roomy;
  roomy.call_instructions = 20'000'000;
  roomy.memory_bytes = 256u << 20;
  roomy.max_allocation_bytes = 64u << 20;
  {
    const Loaded v("  score_zetema = function(state, z)\n" + million + "\n  end,", roomy);
    State s = test::zetema_table(v.rules());
    CHECK(refused(s, kZetemaDiscard) ==
          kAt3 + "score_zetema must return at most 256 effects in one call, got 1000000");
  }
  // Under the limits every command uses, the sandbox stops the building
  // first: the loop runs out of its instruction budget.
  const std::string stopped = zetema_refused(million);
  CHECK_MESSAGE(stopped.rfind("test/house.lua:5: budget error: ", 0) == 0, stopped);
  // The edge: 256 effects are done, 257 are refused.
  auto shuffles = [](int n) {
    return "    local t = {}\n    for i = 1, " + std::to_string(n) +
           " do t[i] = { shuffle = 'stock' } end\n    return { points = z.points, effects = t }";
  };
  CHECK(zetema_refused(shuffles(257)) ==
        kAt3 + "score_zetema must return at most 256 effects in one call, got 257");
  const Loaded v("  score_zetema = function(state, z)\n" + shuffles(256) + "\n  end,");
  State s = test::zetema_table(v.rules());
  EventLog log;
  REQUIRE(apply(s, kZetemaDiscard, log).ok);
  size_t shuffled = 0;
  for (const Event& e : log) shuffled += e.type == EventType::Shuffle;
  CHECK(shuffled == 256);
}

TEST_CASE("moments: a stock_empty hook that would empty the stock again is stopped") {
  // score_zetema takes the whole stock; stock_empty puts a card back and
  // takes it out again to set itself off once more. Every card in an empty
  // stock is one the hook put there, so taking it out is a second move of
  // it: the rule "moved twice by one hook" stops the recursion at its first
  // step, before the nesting limit (4 deep) could be reached.
  const std::string take_all =
      "    local t = {}\n"
      "    for i = 1, state.stock do t[i] = { move = 'top', to = 'shown' } end\n"
      "    return { points = z.points, effects = t }";
  const std::string again =
      "  stock_empty = function(state)\n"  // line 8
      "    local c = state:hand_of(1)[1]\n"
      "    return { effects = { { move = c, to = 'stock' }, { move = 'top', to = 'shown' } } }\n"
      "  end,";
  const std::string error = zetema_refused(take_all, again);
  CHECK(error.rfind("test/house.lua:8: runtime error: stock_empty effect 2: ", 0) == 0);
  CHECK(error.find(" is moved twice by one hook") != std::string::npos);
  // Taken out from the bottom, or the card put in by the bottom: the same.
  const std::string bottom =
      "  stock_empty = function(state)\n"
      "    local c = state:hand_of(1)[1]\n"
      "    return { effects = { { move = c, to = 'stock_bottom' },\n"
      "                         { move = 'bottom', to = 'shown' } } }\n"
      "  end,";
  CHECK(zetema_refused(take_all, bottom).find("stock_empty effect 2: ") != std::string::npos);
}

TEST_CASE("effects: a move the table cannot make is refused with its reason at the hook's line") {
  // P1 holds 2C 3D 9H JC KD after the discard; P2 AC 4D 8H TC QH 6S.
  const std::pair<const char*, const char*> cases[] = {
      {"{ { move = '2C', from = { hand = 2 }, to = 'shown' } }",
       "score_zetema effect 1: 2C is not in P2's hand"},
      {"{ { move = 'AC', from = 'tableau', to = 'shown' } }",
       "score_zetema effect 1: AC is not in the tableau"},
      {"{ { move = '2C', from = 'stock', to = 'shown' } }",
       "score_zetema effect 1: 2C is not in the stock"},
      {"{ { move = 'KD', to = 'shown' }, { move = '2C', to = 'marriages' } }",
       "score_zetema effect 2: the marriage pile holds kings and queens, not 2C"},
      {"{ { move = '2C', to = { hand = 9 } } }",
       "score_zetema must return effect 1: to = hand = an integer from 1 to 2, got 9"},
      {"{ { move = '2C', from = { hand = 0 }, to = 'shown' } }",
       "score_zetema must return effect 1: from = hand = an integer from 1 to 2, got 0"},
      {"{ { move = '2C', to = 'discard_pile' } }",
       "score_zetema must return effect 1: to = \"stock\", \"stock_bottom\", \"tableau\", "
       "\"marriages\", \"shown\", \"zetemas\" or {hand = n}, got string \"discard_pile\""},
      {"{ { move = '2C', to = 'hand' } }",
       "score_zetema must return effect 1: to = \"stock\", \"stock_bottom\", \"tableau\", "
       "\"marriages\", \"shown\", \"zetemas\" or {hand = n}, got string \"hand\""},
      {"{ { move = '2C', to = 'shown', card = '3D' } }",
       "score_zetema must return effect 1: an effect has the fields move, from, to, reason only"},
      {"{ { shuffle = 'stock', to = 'shown' } }",
       "score_zetema must return effect 1: an effect has the fields shuffle, reason only"},
      {"{ { shuffle = 'tableau' } }",
       "score_zetema effect 1: only the stock is shuffled: hands are sets and piles keep the "
       "order laid, not the tableau"},
      {"{ { shuffle = { hand = 2 } } }",
       "score_zetema effect 1: only the stock is shuffled: hands are sets and piles keep the "
       "order laid, not P2's hand"},
      {"{ { move = '2C', to = { hand = 1 } } }",
       "score_zetema effect 1: 2C is in P1's hand already"},
      {"{ { move = 'top', from = 'tableau', to = 'shown' } }",
       "score_zetema must return effect 1: from = move = \"top\" or \"bottom\" takes from the "
       "stock"},
      {"{ { move = '2C' } }",
       "score_zetema must return effect 1: a move names where the card goes: to = place"},
      {"{ 'move 2C' }", "score_zetema must return effect 1: an effect table, got string"},
  };
  for (const auto& [effects, message] : cases) {
    CAPTURE(effects);
    CHECK(effects_refused(effects) == kAt3 + message);
  }
}

TEST_CASE(
    "effects: a zetema pile takes back only its own, a fifth card on a pile, an empty "
    "stock's top") {
  // The 7s are a zetema when score_zetema runs: a 7 may leave it, but no
  // other card joins it, nor one that never left.
  CHECK(effects_refused("{ { move = '7C', to = 'zetemas' } }") ==
        kAt3 + "score_zetema effect 1: 7C is in the zetema piles already");
  CHECK(effects_refused("{ { move = '2C', to = 'zetemas' } }") ==
        kAt3 + "score_zetema effect 1: there is no zetema pile of 2s");
  // A zetema of 5s turned earlier this hand, and four 3s on the tableau.
  Layout l;
  l.players = 2;
  l.current = 0;
  l.hands = {"7S' 3D 2C 9H JC KD", "AC 4D 8H TC QH 6S"};
  l.tableau = "7C 7D 7H 7S 3C 3H 3S 3S'";
  l.zetemas = "5";
  auto refused_with = [&](const std::string& effects) {
    const Loaded w(
        "  score_zetema = function(state, z)\n    return { points = z.points, "
        "effects = " +
        effects + " }\n  end,");
    State s = test::table(w.rules(), l);
    return refused(s, kZetemaDiscard);
  };
  CHECK(refused_with("{ { move = '5H', to = { hand = 2 } }, { move = 'AC', to = 'zetemas' } }") ==
        kAt3 + "score_zetema effect 2: there is no zetema pile of As");
  CHECK(refused_with("{ { move = '3D', to = 'tableau' } }") ==
        kAt3 +
            "score_zetema effect 1: the 3 pile holds four cards: a fifth makes a zetema, which "
            "only a discard does");
  // Every card of the stock taken, then one more from its top.
  CHECK(zetema_refused("    local t = {}\n"
                       "    for i = 1, state.stock + 1 do t[i] = { move = 'top', to = 'shown' } "
                       "end\n"
                       "    return { points = z.points, effects = t }") ==
        kAt3 + "score_zetema effect 50: the stock is empty");
}

TEST_CASE("moments: turn_start may not leave the player to move without a card") {
  const Loaded v(
      "  turn_start = function(state)\n"  // line 3
      "    local t = {}\n"
      "    for i, c in ipairs(state:hand_of(state.player)) do\n"
      "      t[i] = { move = c, to = 'shown' }\n"
      "    end\n"
      "    return { effects = t }\n"
      "  end,");
  Layout l;
  l.players = 2;
  l.current = 0;
  l.hands = {"2C 3D 9H JC KD 4S", "AC 4D 8H TC QH 6S"};
  State s = test::table(v.rules(), l);
  // P1's discard ends the turn; P2's starts, and its hook empties P2's hand.
  CHECK(refused(s, Action::discard(Card(1, Suit::Clubs))) ==
        kAt3 +
            "turn_start leaves P2, whose turn it is, no card to play (move a card to the hand, "
            "or none out of it)");
  // The same hook at the first turn of a deal: the deal is refused.
  CHECK(deal_refused(v.rules()).rfind(kAt3 + "turn_start leaves P", 0) == 0);
}

TEST_CASE("moments: after_deal and game_start have no player to play again") {
  for (const char* hook : {"after_deal", "game_start"}) {
    CAPTURE(hook);
    const Loaded v(std::string("  ") + hook +
                   " = function(state)\n"
                   "    return { turn = { again = true } }\n"
                   "  end,");
    CHECK(deal_refused(v.rules()) ==
          kAt3 + "turn.again needs a player whose turn it is; there is none here");
  }
  // A bad effect at the deal: refused the same way.
  const Loaded v(
      "  after_deal = function(state)\n"
      "    return { effects = { { move = 'top', to = { hand = 3 } } } }\n"
      "  end,");
  CHECK(deal_refused(v.rules()) ==
        kAt3 + "after_deal must return effect 1: to = hand = an integer from 1 to 2, got 3");
}

TEST_CASE("effects: a scoring hook's effects on the declaration's in-place and copy paths") {
  // Only score_declaration defined: the engine plays the declaration on
  // the state itself and, as the hook moves a card, again on a copy. With
  // hand_over defined too, it plays it on a copy at once. Both must give
  // the same events (the hook's math.random included: the generator is
  // put back before the second asking).
  const std::string hook =
      "  score_declaration = function(state, d)\n"  // line 3
      "    return { points = d.points, reason = 'lucky ' .. math.random(1000000),\n"
      "             effects = { { move = 'top', to = 'shown', reason = 'turned up' } } }\n"
      "  end,";
  const Loaded in_place(hook);
  const Loaded copied(hook + "\n  hand_over = function(state, by_table) return by_table end,");
  auto declared = [](const Ruleset& rules, std::string& shown) {
    Layout l;
    l.players = 2;
    l.current = 0;
    l.hands = {"4H 5S 6D 7C 8S' 9H", "AC 4D 8H TC QH 6S"};
    l.stock = "5H 2D";
    State s = test::table(rules, l);
    EventLog log;
    const ActionParse a = parse_action("sequence 4H 5S 6D 7C 8S' 9H", rules);
    REQUIRE(a.ok);
    REQUIRE(apply(s, a.action, log).ok);
    shown = to_string(s.shown);
    std::string text;
    for (const Event& e : log) text += describe(e, s) + "\n";
    return text;
  };
  std::string shown_in_place, shown_copied;
  const std::string text = declared(in_place.rules(), shown_in_place);
  CHECK(text == declared(copied.rules(), shown_copied));
  CHECK(shown_in_place == "5H");
  CHECK(shown_copied == "5H");
  CHECK(text.find("P1 declares sequence") != std::string::npos);
  CHECK(text.find("(lucky ") != std::string::npos);
  CHECK(text.find("5H moves from the stock to the shown cards (turned up) [score_declaration "
                  "hook @ test/house.lua:3]") != std::string::npos);
  // A failing effect there: refused on both paths, nothing changed.
  const std::string bad =
      "  score_declaration = function(state, d)\n"
      "    return { points = d.points, effects = { { move = '4H', from = 'stock', to = 'shown' } "
      "} }\n"
      "  end,";
  const Loaded bad_in_place(bad);
  const Loaded bad_copied(bad + "\n  hand_over = function(state, by_table) return by_table end,");
  for (const Loaded* v : {&bad_in_place, &bad_copied}) {
    Layout l;
    l.players = 2;
    l.current = 0;
    l.hands = {"4H 5S 6D 7C 8S' 9H", "AC 4D 8H TC QH 6S"};
    State s = test::table(v->rules(), l);
    const ActionParse a = parse_action("sequence 4H 5S 6D 7C 8S' 9H", v->rules());
    REQUIRE(a.ok);
    CHECK(refused(s, a.action) == kAt3 + "score_declaration effect 1: 4H is not in the stock");
  }
}

TEST_CASE("effects: a moved card is named only to the seats that see it") {
  const Loaded v(
      "  score_zetema = function(state, z)\n"
      "    return { points = z.points, effects = {\n"
      "      { move = 'top', to = { hand = 2 } },\n"
      "      { move = 'AC', from = { hand = 2 }, to = 'stock_bottom' },\n"
      "      { move = '2C', from = { hand = 1 }, to = 'tableau' } } }\n"
      "  end,");
  Layout l;
  l.players = 2;
  l.current = 0;
  l.hands = {"7S' 2C 3D 9H JC KD", "AC 4D 8H TC QH 6S"};
  l.tableau = "7C 7D 7H 7S";
  l.stock = "5H";
  State s = test::table(v.rules(), l);
  EventLog log;
  REQUIRE(apply(s, kZetemaDiscard, log).ok);
  std::vector<const Event*> moves;
  for (const Event& e : log) {
    if (e.type == EventType::Move) moves.push_back(&e);
  }
  REQUIRE(moves.size() == 3);
  const std::string cause = " [score_zetema hook @ test/house.lua:3]";
  auto seen_by = [&](const Event& e, int seat) { return describe(e, s, SeatsShown::only(seat)); };
  // Stock to P2's hand: hidden from P1, named to P2 and to every seat shown.
  CHECK(seen_by(*moves[0], 0) == "a card moves from the stock to P2's hand" + cause);
  CHECK(seen_by(*moves[0], 1) == "5H moves from the stock to P2's hand" + cause);
  CHECK(describe(*moves[0], s) == "5H moves from the stock to P2's hand" + cause);
  CHECK(describe(*moves[0], s, SeatsShown::none()).find("5H") == std::string::npos);
  // P2's hand to the stock's bottom: P2 knew the card, P1 did not.
  CHECK(seen_by(*moves[1], 0) == "a card moves from P2's hand to the stock's bottom" + cause);
  CHECK(seen_by(*moves[1], 1) == "AC moves from P2's hand to the stock's bottom" + cause);
  // To the tableau: named to everyone.
  for (int seat : {0, 1}) {
    CHECK(seen_by(*moves[2], seat) == "2C moves from P1's hand to the tableau" + cause);
  }
  CHECK(describe(*moves[2], s, SeatsShown::none()).find("2C") != std::string::npos);
  // The history every hook reads is the table's: the two hidden moves
  // without their cards, the tableau's with it. P2's turn_start writes
  // what it reads into its error.
  const Loaded reader(
      "  score_zetema = function(state, z)\n"
      "    return { points = z.points, effects = {\n"
      "      { move = 'top', to = { hand = 2 } },\n"
      "      { move = 'AC', from = { hand = 2 }, to = 'stock_bottom' },\n"
      "      { move = '2C', from = { hand = 1 }, to = 'tableau' } } }\n"
      "  end,\n"
      "  turn_start = function(state)\n"
      "    local out = {}\n"
      "    for _, m in ipairs(state:history('hand', 'moved')) do\n"
      "      out[#out + 1] = (m.card or '?') .. ':' .. m.from .. '>' .. m.to\n"
      "    end\n"
      "    error(table.concat(out, ' '))\n"
      "  end,");
  State t = test::table(reader.rules(), l);
  CHECK(refused(t, kZetemaDiscard).find("?:stock>hand ?:hand>stock_bottom 2C:hand>tableau") !=
        std::string::npos);
}

TEST_CASE("score_hand_end: a table of acts is read, its effects done or refused at its line") {
  // Each field of the table alone and together: the reader once popped a
  // value it had not pushed for every field after the first one given,
  // and the process aborted on an unprotected Lua error.
  const Loaded v(
      "  score_hand_end = function(state)\n"  // line 3
      "    local t = state:tableau()\n"
      "    return { awards = { { player = 1, points = 2, reason = 'kept' } }, reason = 'tidy',\n"
      "             effects = #t > 0 and { { move = t[1], to = 'shown' } } or nil }\n"
      "  end,");
  MatchConfig c;
  c.seed = 3;
  const MatchRecord m = play_match(v.rules(), c);
  REQUIRE_MESSAGE(m.ok, m.error);
  int awards = 0, moves = 0;
  for (const Event& e : m.events) {
    const std::string text = describe(e, m.final_state);
    if (e.type == EventType::Award) {
      ++awards;
      CHECK(text == "P1 +2 (kept) [score_hand_end hook @ test/house.lua:3]");
    }
    if (e.type == EventType::Move) {
      ++moves;
      CHECK(text.find(" moves from the tableau to the shown cards (tidy) [score_hand_end hook @ "
                      "test/house.lua:3]") != std::string::npos);
    }
  }
  CHECK(awards > 0);
  CHECK(moves > 0);
  for (const auto& [acts, message] : {
           std::pair{"{ awards = {}, effects = { { move = 'ZZ', to = 'shown' } } }",
                     "score_hand_end must return effect 1: move = a card, \"top\" or \"bottom\""},
           std::pair{"{ effects = { { shuffle = 'tableau' } } }",
                     "score_hand_end effect 1: only the stock is shuffled"},
           std::pair{"{ awards = {}, turn = { again = true } }",
                     "turn.again needs a player whose turn it is; there is none here"},
           std::pair{"{ effects = 'all' }",
                     "score_hand_end must return effects must be a list, got string"},
       }) {
    CAPTURE(acts);
    const Loaded bad(std::string("  score_hand_end = function(state)\n    return ") + acts +
                     "\n  end,");
    const MatchRecord failed = play_match(bad.rules(), c);
    CHECK_FALSE(failed.ok);
    CHECK_MESSAGE(failed.error.find(kAt3 + message) != std::string::npos, failed.error);
  }
}

TEST_CASE("the fuzz seeds for effects and moments load and move cards in whole games") {
  // tests/fuzz/seeds/variant: the variant fuzzer starts from them, so they
  // must reach the effects, not stop at a load error.
  for (const char* seed : {"moments", "scoring_effects"}) {
    CAPTURE(seed);
    const scripting::LoadedVariant v = scripting::load_variant_spec(
        std::string(ZETEMA_SOURCE_DIR) + "/tests/fuzz/seeds/variant/" + seed + ".lua",
        test::variants_dir());
    REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
    MatchConfig c;
    c.seed = 3;
    const MatchRecord m = play_match(v.rules, c);
    REQUIRE_MESSAGE(m.ok, m.error);
    size_t moves = 0;
    for (const Event& e : m.events) moves += e.type == EventType::Move;
    CHECK(moves > 0);
  }
}
