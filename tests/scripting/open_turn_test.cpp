// The open turn (docs/architecture.md, "The open turn"): card flow as
// rules, kinds a variant defines, end-of-hand scores, the discard veto,
// awards to any side and the hand's history -- each with its error messages
// at file:line.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/legality.h"
#include "engine/match.h"
#include "tests/scripting/sandbox_support.h"

using namespace zetema;
using test::house;
using test::load_text;

namespace {

using Loaded = test::HouseVariant;

std::string load_error(const std::string& body) {
  const scripting::LoadedVariant v = load_text(house(body));
  REQUIRE_FALSE(v.ok);
  return v.error->describe();
}

Action parsed(const State& s, const std::string& text) {
  const ActionParse p = parse_action(text, *s.rules);
  REQUIRE_MESSAGE(p.ok, p.error);
  return p.action;
}

std::vector<std::string> legal_texts(const State& s) {
  std::vector<Action> legal;
  const auto err = legal_actions(s, legal);
  REQUIRE_FALSE(err.has_value());
  std::vector<std::string> out;
  for (const Action& a : legal) out.push_back(to_string(a, s.rules));
  return out;
}

std::vector<std::string> discard_texts(const State& s) {
  std::vector<std::string> out;
  for (const std::string& a : legal_texts(s)) {
    if (a.rfind("discard ", 0) == 0) out.push_back(a);
  }
  return out;
}

bool has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// Applies `text`; it must be refused with a script error, the state and
// log untouched. Returns the error as described.
std::string refused_by_script(State& s, const std::string& text) {
  const State before = s;
  EventLog log;
  const ApplyResult r = apply(s, parsed(s, text), log);
  CHECK_FALSE(r.ok);
  CHECK(s == before);
  CHECK(log.empty());
  REQUIRE(r.script.has_value());
  return r.script->describe();
}

// Two players, P1 to move holding `hand`.
State position(const Ruleset& r, const std::string& hand, const std::string& tableau = "") {
  Layout l;
  l.players = 2;
  l.current = 0;
  l.dealer = 1;
  l.hands = {hand, "AC 4D 8H TC QH 6S"};
  l.tableau = tableau;
  return test::table(r, l);
}

MatchRecord played(const Ruleset& r, uint64_t seed, int players = 2,
                   std::vector<std::string> bots = {"greedy"}) {
  MatchConfig c;
  c.setup.players = players;
  c.seed = seed;
  c.bots = std::move(bots);
  MatchRecord m = play_match(r, c);
  REQUIRE_MESSAGE(m.ok, m.error);
  CHECK(check_scores(m.final_state, m.events).empty());
  return m;
}

std::string events_text(const MatchRecord& m) {
  std::string out;
  for (const Event& e : m.events) out += describe(e, m.final_state) + "\n";
  return out;
}

const std::string kPairOfSevens =
    "  kinds = {\n"                          // 3
    "    [\"pair-of-sevens\"] = {\n"         // 4
    "      points = 15,\n"                   // 5
    "      find = function(state, hand)\n"   // 6
    "        local sevens = {}\n"            // 7
    "        for _, c in ipairs(hand) do\n"  // 8
    "          if c:sub(1, 1) == '7' then sevens[#sevens + 1] = c end\n"
    "        end\n"
    "        local sets = {}\n"
    "        for i = 1, #sevens do\n"
    "          for j = i + 1, #sevens do sets[#sets + 1] = {sevens[i], sevens[j]} end\n"
    "        end\n"
    "        return sets\n"
    "      end,\n"
    "    },\n"
    "  },";

}  // namespace

// --- card flow ---------------------------------------------------------------

TEST_CASE("flow: the draw_mode presets are flow rules a variant can write out") {
  // rummy_site written with a flow table instead of its draw_mode preset,
  // and book1881 likewise: the same games, event for event.
  const Loaded rummy(
      "  draw_mode = \"refill_before\",\n"
      "  flow = { turn_start = { refill = 1 } },",
      "rummy_site");
  const Loaded book(
      "  draw_mode = \"refill_before\", marriage_mode = \"declare_then_discard\",\n"
      "  flow = { turn_start = { draw = 0 }, after_discard = { refill = 0 },\n"
      "           after_marriages = { discard = \"skip\" } },",
      "book1881");
  for (uint64_t seed : {3u, 4u, 5u}) {
    CAPTURE(seed);
    CHECK(events_text(played(rummy.rules(), seed, 3)) ==
          events_text(played(test::variant("rummy_site"), seed, 3)));
    CHECK(events_text(played(book.rules(), seed, 4)) ==
          events_text(played(test::variant("book1881"), seed, 4)));
  }
}

TEST_CASE("flow: a flow_step hook runs at every step and can draw after a zetema") {
  const Loaded v(
      "  flow_step = function(state, step, rule)\n"
      "    if step == 'after_zetema' then return { draw = 1 } end\n"
      "  end,");
  State s = test::zetema_table(v.rules());
  EventLog log;
  REQUIRE(apply(s, Action::discard(Card(6, Suit::Spades, 1)), log).ok);
  std::vector<EventType> types;
  for (const Event& e : log) types.push_back(e.type);
  // Discard, zetema, the hook's draw for P1, then P2's turn-start refill (none: P2 holds 6).
  REQUIRE(types.size() >= 3);
  CHECK(types[0] == EventType::Discard);
  CHECK(types[1] == EventType::Zetema);
  CHECK(types[2] == EventType::Draw);
  CHECK(log[2].player == 0);
  CHECK(s.hand(0).size() == 6);  // 6 - 1 discarded + 1 drawn
}

TEST_CASE("flow: a hook's count the stock cannot give is refused at its line") {
  const Loaded v(
      "  flow_step = function(state, step, rule)\n"  // line 3
      "    if step == 'after_discard' then return { draw = 60 } end\n"
      "  end,");
  State s = test::zetema_table(v.rules());
  const std::string err = refused_by_script(s, "discard 2C");
  CAPTURE(err);
  CHECK(err.find("test/house.lua:3: runtime error: flow_step asks P1 to draw 60 cards at "
                 "after_discard but the stock holds ") == 0);
  CHECK(err.find("(rule flow.after_discard)") != std::string::npos);
}

TEST_CASE("flow: negative, fractional and double counts from the hook are errors at its line") {
  auto hook_error = [](const std::string& ret) {
    const Loaded v("  flow_step = function(state, step, rule)\n    return " + ret + "\n  end,");
    State s = test::zetema_table(v.rules());
    return refused_by_script(s, "discard 2C");
  };
  CHECK(hook_error("{ draw = -1 }") ==
        "test/house.lua:3: runtime error: flow_step must return draw = an integer from 0 to 65, "
        "got -1");
  CHECK(hook_error("{ refill = 1.5 }") ==
        "test/house.lua:3: runtime error: flow_step must return refill = an integer from -13 to "
        "13, got 1.5");
  CHECK(hook_error("{ refill = 1, draw = 1 }") ==
        "test/house.lua:3: runtime error: flow_step must return refill or draw, not both");
  CHECK(hook_error("{ discard = 'skip' }") ==
        "test/house.lua:3: runtime error: flow_step must return no discard at after_discard: "
        "only after_declaration and after_marriages are followed by a discard");
  {
    // A discard rule by another name, at a step followed by a discard.
    const Loaded v(
        "  flow_step = function(state, step, rule)\n    return { discard = 'maybe' }\n  end,");
    State s = position(v.rules(), "4H 5S 6D 7C 8S' 9H");
    CHECK(refused_by_script(s, "sequence 4H 5S 6D 7C 8S' 9H") ==
          "test/house.lua:3: runtime error: flow_step must return discard = \"required\", "
          "\"skip\" or \"from_meld\"");
  }
  CHECK(hook_error("7") ==
        "test/house.lua:3: runtime error: flow_step must return nil or a table {refill = n | "
        "draw = n, discard = ...}, got number");
}

TEST_CASE("flow: bad flow tables are load errors naming the rule") {
  CHECK(load_error("  flow = { turn_start = { draw = -2 } },") ==
        "test/house.lua:3: load error: flow.turn_start.draw must be an integer from 0 to 65, "
        "got -2");
  CHECK(load_error("  flow = { after_discard = { discard = 'skip' } },") ==
        "test/house.lua:3: load error: flow.after_discard.discard is not a rule of this step: "
        "only after_declaration and after_marriages are followed by a discard");
  CHECK(load_error("  flow = { after_marriages = { discard = 'from_meld' } },") ==
        "test/house.lua:3: load error: flow.after_marriages.discard cannot be from_meld: "
        "married cards leave the hand");
  CHECK(load_error("  flow = { before_lunch = {} },") ==
        "test/house.lua:3: load error: flow.before_lunch is not a step of the turn (turn_start, "
        "after_declaration, after_marriages, after_discard, after_zetema)");
}

TEST_CASE("flow: discard = skip after a declaration ends the turn at once") {
  const Loaded v("  flow = { after_declaration = { discard = 'skip' } },");
  State s = position(v.rules(), "4H 5S 6D 7C 8S' 9H");
  EventLog log;
  REQUIRE(apply(s, parsed(s, "sequence 4H 5S 6D 7C 8S' 9H"), log).ok);
  CHECK(s.current == 1);
  CHECK(s.hand(0).size() == 6);
  CHECK(std::none_of(log.begin(), log.end(),
                     [](const Event& e) { return e.type == EventType::Discard; }));
}

// --- kinds -------------------------------------------------------------------

TEST_CASE("kinds: a new kind is listed, declared, scored and explained") {
  const Loaded v(kPairOfSevens);
  State s = position(v.rules(), "7C 7D 2C 3D 9H JC");
  const std::vector<std::string> legal = legal_texts(s);
  CHECK(has(legal, "pair-of-sevens 7C 7D"));
  EventLog log;
  REQUIRE(apply(s, parsed(s, "pair-of-sevens 7D 7C"), log).ok);
  REQUIRE(log.size() == 1);
  const Event& e = log[0];
  CHECK(e.type == EventType::Declare);
  CHECK(kind_name(e.kind, v.rules()) == "pair-of-sevens");
  CHECK(e.points == 15);
  CHECK(s.score[0] == 15);
  CHECK(describe(e, s) ==
        "P1 declares pair-of-sevens 7C 7D: +15 [kinds.pair-of-sevens.points @ test/house.lua:5, "
        "test]");
  // The discard comes from the meld, as after any combination (flow.after_declaration).
  CHECK(legal_texts(s) == std::vector<std::string>{"discard 7C", "discard 7D"});
}

TEST_CASE("kinds: a set the finder does not list is refused, state unchanged") {
  const Loaded v(kPairOfSevens);
  State s = position(v.rules(), "7C 7D 2C 3D 9H JC");
  const State before = s;
  EventLog log;
  const ApplyResult r = apply(s, parsed(s, "pair-of-sevens 2C 3D"), log);
  CHECK_FALSE(r.ok);
  CHECK(r.reason ==
        "2C 3D is not a pair-of-sevens its finder lists here (kinds.pair-of-sevens.find @ "
        "test/house.lua:6)");
  CHECK(s == before);
}

TEST_CASE("kinds: a finder returning cards not held, twice, or nothing is an error at its line") {
  auto finder_error = [](const std::string& sets) {
    const Loaded v(
        "  kinds = { bad = { points = 1, find = function(state, hand)\n"  // line 3
        "    return " +
        sets + "\n  end } },");
    State s = position(v.rules(), "7C 7D 2C 3D 9H JC");
    std::vector<Action> legal;
    const auto err = legal_actions(s, legal);
    REQUIRE(err.has_value());
    return err->describe();
  };
  CHECK(finder_error("{ {'7H'} }") ==
        "test/house.lua:3: runtime error: kinds.bad.find returned 7H: card 7H is not in P1's hand");
  CHECK(finder_error("{ {'7C', '7C'} }") ==
        "test/house.lua:3: runtime error: kinds.bad.find must return set 1: card 7C twice");
  CHECK(finder_error("{ {} }") ==
        "test/house.lua:3: runtime error: kinds.bad.find returned : an empty set of cards");
  CHECK(finder_error("{ {'7X'} }").find("kinds.bad.find must return set 1: ") != std::string::npos);
  // A NUL inside the text is part of it: "7C\0junk" is no card, not 7C.
  CHECK(finder_error("{ {'7C\\0junk'} }").find("kinds.bad.find must return set 1: bad card") !=
        std::string::npos);
  CHECK(finder_error("'7C'") ==
        "test/house.lua:3: runtime error: kinds.bad.find must return a list of card lists, got "
        "string");
}

TEST_CASE("kinds: a built-in kind can be removed or replaced") {
  const Loaded none("  kinds = { flush = false },");
  State s = position(none.rules(), "2H 3H 5H 6H 9H JH");
  CHECK_FALSE(has(legal_texts(s), "flush 2H 3H 5H 6H 9H JH"));
  EventLog log;
  const ApplyResult r = apply(s, parsed(s, "flush 2H 3H 5H 6H 9H JH"), log);
  CHECK_FALSE(r.ok);
  CHECK(r.reason == "this variant has no flush (kinds.flush = false)");
  // Replaced: the name now means the variant's kind (any four hearts, 40).
  const Loaded replaced(
      "  kinds = { flush = { points = 40, find = function(state, hand)\n"
      "    local h = {}\n"
      "    for _, c in ipairs(hand) do if c:sub(-1) == 'H' then h[#h + 1] = c end end\n"
      "    if #h >= 4 then return { {h[1], h[2], h[3], h[4]} } end\n"
      "    return {}\n"
      "  end } },");
  State t = position(replaced.rules(), "2H 3H 5H 6H 9H JH");
  CHECK(has(legal_texts(t), "flush 2H 3H 5H 6H"));
  CHECK_FALSE(has(legal_texts(t), "flush 2H 3H 5H 6H 9H JH"));
  REQUIRE(apply(t, parsed(t, "flush 2H 3H 5H 6H"), log).ok);
  CHECK(log.back().points == 40);
}

TEST_CASE("kinds: bad kind tables are load errors at their line") {
  CHECK(load_error("  kinds = { ['Pair!'] = { points = 1 } },") ==
        "test/house.lua:3: load error: kinds.Pair! is not a kind name: lower-case letters, "
        "digits, - and _, starting with a letter, at most 32 characters");
  CHECK(load_error("  kinds = {\n    pair = { points = 1 },\n  },") ==
        "test/house.lua:4: load error: kinds.pair needs a find function: function(state, "
        "hand[, tableau]) returning the card sets it can declare");
  CHECK(load_error("  kinds = {\n    pair = { points = 'x', find = function() return {} end },\n"
                   "  },") ==
        "test/house.lua:4: load error: kinds.pair.points must be an integer from -1000000 to "
        "1000000, got string \"x\", or a function");
  // The notation's own words: a game with such a kind could not be read back.
  for (const char* word : {"hand", "deal", "stock", "expose", "dealer", "missed-draw", "discard"}) {
    CAPTURE(word);
    const std::string e = load_error(std::string("  kinds = { ['") + word +
                                     "'] = { points = 1, find = function() return {} end } },");
    CHECK(e.find(std::string("kinds.") + word + " is a") != std::string::npos);
  }
  CHECK(load_error("  kinds = { hand = { points = 1, find = function() return {} end } },") ==
        "test/house.lua:3: load error: kinds.hand is a word of the game notation (discard, hand, "
        "deal, stock, expose, dealer, missed-draw): a game with such a kind could not be read "
        "back; choose another name");
  CHECK(load_error("  kinds = { pair = { colour = 'red', find = function() return {} end } },") ==
        "test/house.lua:3: load error: kinds.pair.colour is not a field of a kind (points, find, "
        "tableau, discard, source)");
}

TEST_CASE("kinds: bots play a new kind in whole games") {
  const Loaded v(kPairOfSevens);
  int pairs = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const MatchRecord m = played(v.rules(), seed, 3, {"greedy", "random"});
    CHECK(m.completed);
    for (const Event& e : m.events) {
      if (e.type == EventType::Declare && kind_name(e.kind, v.rules()) == "pair-of-sevens") {
        CHECK(e.points == 15);
        ++pairs;
      }
    }
  }
  CHECK(pairs > 0);
}

// --- end of hand, discard veto, awards, history ------------------------------

TEST_CASE("score_hand_end: each award a score event with its reason and cause") {
  const Loaded v(
      "  score_hand_end = function(state)\n"  // line 3
      "    return { { player = 1, points = 7, reason = 'dealt last' },\n"
      "             { side = 2, points = -3, reason = 'tidy table' } }\n"
      "  end,");
  const MatchRecord m = played(v.rules(), 9);
  int awards = 0, hand_ends = 0;
  for (size_t i = 0; i < m.events.size(); ++i) {
    const Event& e = m.events[i];
    if (e.type == EventType::HandEnd) ++hand_ends;
    if (e.type != EventType::Award) continue;
    ++awards;
    CHECK(e.rule == RuleId::HandEndScore);
    const std::string text = describe(e, m.final_state);
    CHECK((text == "P1 +7 (dealt last) [score_hand_end hook @ test/house.lua:3]" ||
           text == "P2 -3 (tidy table) [score_hand_end hook @ test/house.lua:3]"));
  }
  CHECK(hand_ends > 0);
  CHECK(awards >= 2 * hand_ends);  // the game may end on an award, before its HandEnd
}

TEST_CASE("score_hand_end: a bad award is an error at the hook's line") {
  const Loaded v(
      "  score_hand_end = function(state)\n"
      "    return { { player = 9, points = 1 } }\n"
      "  end,");
  MatchConfig c;
  c.seed = 2;
  const MatchRecord m = play_match(v.rules(), c);
  CHECK_FALSE(m.ok);
  CHECK(m.error.find("test/house.lua:3: runtime error: score_hand_end must return award 1: "
                     "award player must be an integer from 1 to 2, got 9") != std::string::npos);
}

TEST_CASE("turn control: a bad turn table is an error at the hook's line, and nothing changes") {
  for (const auto& [turn, message] :
       {std::pair{"{}",
                  "turn must give one of skip = player (or \"next\"), again = true, "
                  "reverse = true"},
        std::pair{"{ skip = 7 }", "turn.skip must be \"next\" or an integer from 1 to 2, got 7"},
        std::pair{"{ skip = 'last' }", "turn.skip must be \"next\" or an integer"},
        std::pair{"{ again = false }", "turn.again must be true"},
        std::pair{"{ again = true, reverse = true }", "turn must give one of"},
        std::pair{"'again'", "turn must be a table, got string"}}) {
    CAPTURE(turn);
    const Loaded v(std::string("  score_zetema = function(state, z)\n"
                               "    return { points = z.points, turn = ") +
                   turn + " }\n  end,");
    State s = test::zetema_table(v.rules());
    const State before = s;
    EventLog log;
    const ApplyResult r = apply(s, Action::discard(Card(6, Suit::Spades, 1)), log);
    CHECK_FALSE(r.ok);
    CHECK(r.reason.find("test/house.lua:3: runtime error: score_zetema must return ") !=
          std::string::npos);
    CHECK(r.reason.find(message) != std::string::npos);
    CHECK(s == before);
  }
}

TEST_CASE("turn control: skip, again and reverse change whose turn comes next") {
  auto after_zetema = [](const std::string& turn, int players) {
    const Loaded v(
        "  score_zetema = function(state, z)\n"
        "    return { points = z.points, turn = " +
        turn + ", reason = 'house' }\n  end,");
    Layout l;
    l.players = players;
    l.current = 0;
    l.hands = {"7S' 2C 3D 9H JC KD", "AC 4D 8H TC QH 6S", "2D 3C 5H 9S JD QC"};
    l.hands.resize(static_cast<size_t>(players));
    l.tableau = "7C 7D 7H 7S";
    State s = test::table(v.rules(), l);
    EventLog log;
    REQUIRE(apply(s, Action::discard(Card(6, Suit::Spades, 1)), log).ok);
    std::string text;
    for (const Event& e : log) {
      if (e.type == EventType::Turn) text += describe(e, s) + "; ";
    }
    return text + "now P" + std::to_string(s.current + 1);
  };
  CHECK(after_zetema("{ again = true }", 3) ==
        "P1 plays again (house) [score_zetema hook @ test/house.lua:3]; now P1");
  CHECK(after_zetema("{ skip = 'next' }", 3) ==
        "P2 will miss their next turn (house) [score_zetema hook @ test/house.lua:3]; "
        "P2 misses a turn; now P3");
  CHECK(after_zetema("{ skip = 3 }", 3) ==
        "P3 will miss their next turn (house) [score_zetema hook @ test/house.lua:3]; now P2");
  CHECK(after_zetema("{ reverse = true }", 3) ==
        "the order of play turns round (house) [score_zetema hook @ test/house.lua:3]; now P3");
  // A player who misses his own next turn: the others play on.
  CHECK(after_zetema("{ skip = 1 }", 2) ==
        "P1 will miss their next turn (house) [score_zetema hook @ test/house.lua:3]; now P2");
}

TEST_CASE("allow_discard: a veto with its reason, a veto of every card is lifted") {
  const Loaded v(
      "  allow_discard = function(state, card)\n"  // line 3
      "    if card:sub(1, 1) == 'K' then return false, 'kings stay in hand' end\n"
      "    return true\n"
      "  end,");
  State s = position(v.rules(), "KC KD 2C 3D 9H JC");
  const std::vector<std::string> legal = legal_texts(s);
  CHECK_FALSE(has(legal, "discard KC"));
  CHECK(has(legal, "discard 2C"));
  EventLog log;
  const ApplyResult r = apply(s, parsed(s, "discard KD"), log);
  CHECK_FALSE(r.ok);
  CHECK(r.reason == "refused by allow_discard (test/house.lua:3): kings stay in hand");
  State kings = position(v.rules(), "KC KD KH KS KS' QC");
  CHECK(discard_texts(kings) == std::vector<std::string>{"discard QC"});
  // Nothing but kings: the veto would leave no discard, so it is lifted.
  State all_kings = position(v.rules(), "KC KD KH KS KS'");
  CHECK(discard_texts(all_kings).size() == 5);
  REQUIRE(apply(all_kings, parsed(all_kings, "discard KD"), log).ok);
}

TEST_CASE("awards: a scoring hook gives points to another side, and the history names the feeder") {
  const Loaded v(
      "  score_zetema = function(state, z)\n"  // line 3
      "    if z.fed_by == z.player then return z.points end\n"
      "    return { points = z.points + 5, reason = 'took 5 from the feeder',\n"
      "             awards = { { player = z.fed_by, points = -5, reason = 'fed the pile' } } }\n"
      "  end,\n"
      "  score_hand_end = function(state)\n"
      "    local awards = {}\n"
      "    for _, h in ipairs(state:history()) do\n"
      "      if h.what == 'zetema' then\n"
      "        awards[#awards + 1] = { player = h.fed_by, points = 0,\n"
      "                                reason = 'fed the ' .. h.rank .. 's' }\n"
      "      end\n"
      "    end\n"
      "    return awards\n"
      "  end,");
  State s = test::zetema_table(v.rules());
  s.pile_by[6][3] = 1;  // P2 discarded the fourth 7
  EventLog log;
  REQUIRE(apply(s, Action::discard(Card(6, Suit::Spades, 1)), log).ok);
  REQUIRE(log.size() >= 3);
  CHECK(log[1].type == EventType::Zetema);
  CHECK(log[1].points == 10);
  CHECK(describe(log[1], s) ==
        "P1 zetema of 7s: +10 (took 5 from the feeder) [score_zetema hook @ test/house.lua:3]");
  CHECK(log[2].type == EventType::Award);
  CHECK(describe(log[2], s) == "P2 -5 (fed the pile) [score_zetema hook @ test/house.lua:3]");
  CHECK(s.score[0] == 10);
  CHECK(s.score[1] == -5);
  const std::vector<const HistoryEntry*> history = s.history.entries();
  REQUIRE(history.size() == 2);
  CHECK(history[0]->what == HistoryEntry::What::Zetema);
  CHECK(history[0]->discarders[3] == 1);
  CHECK(history[0]->moves_before == 1);  // after the discard of the fifth 7
  CHECK(history[1]->what == HistoryEntry::What::Award);
  CHECK(history[1]->reason == "fed the pile");
  const std::vector<const PublicMove*> moves = s.moves.entries();
  REQUIRE(moves.size() >= 1);
  CHECK(moves[0]->what == HistoryWhat::Discard);
  CHECK(Card::from_code(moves[0]->card) == Card(6, Suit::Spades, 1));
}

TEST_CASE("history: every discard, draw count and drop-out of a game, in the event log's order") {
  const Loaded v("  score_zetema = function(_state, z) return z.points end,");
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    const MatchRecord m = played(v.rules(), seed, 3);
    // The moves the event log shows: a run of draws by one player is one
    // entry with its count; a discard names its card and pile.
    std::vector<std::string> from_events;
    for (size_t i = 0; i < m.events.size(); ++i) {
      const Event& e = m.events[i];
      const std::string who = std::to_string(e.player);
      if (e.type == EventType::Discard) {
        from_events.push_back("discard " + who + " " + to_string(e.card));
      } else if (e.type == EventType::DropOut) {
        from_events.push_back("drop-out " + who);
      } else if (e.type == EventType::Draw && (i == 0 || m.events[i - 1].type != EventType::Draw ||
                                               m.events[i - 1].player != e.player)) {
        size_t n = 1;
        while (i + n < m.events.size() && m.events[i + n].type == EventType::Draw &&
               m.events[i + n].player == e.player)
          ++n;
        from_events.push_back("draw " + who + " " + std::to_string(n));
      }
    }
    std::vector<std::string> from_history;
    for (const PublicMove* mv : m.final_state.moves.entries()) {
      const std::string who = std::to_string(mv->player);
      if (mv->what == HistoryWhat::Discard) {
        from_history.push_back("discard " + who + " " + to_string(Card::from_code(mv->card)));
      } else if (mv->what == HistoryWhat::DropOut) {
        from_history.push_back("drop-out " + who);
      } else if (mv->what == HistoryWhat::Draw) {
        from_history.push_back("draw " + who + " " + std::to_string(mv->count));
      }
    }
    CHECK(from_history == from_events);
    CHECK(from_history.size() > 50);
  }
}

TEST_CASE("history: a play that empties a hand, the last discard and a pile in the order laid") {
  const Loaded v(
      "  score_zetema = function(state, z)\n"
      "    local last = state:last_discard()\n"
      "    local pile = table.concat(state:pile(z.rank), ' ')\n"
      "    local moves = {}\n"
      "    for _, h in ipairs(state:history('hand', 'all')) do\n"
      "      moves[#moves + 1] = h.what .. ':' .. h.player .. ':' .. (h.card or '')\n"
      "    end\n"
      "    return { points = z.points, reason = last.player .. ' ' .. last.card .. ' ' ..\n"
      "             last.rank .. ' | ' .. pile .. ' | ' .. table.concat(moves, ' ') ..\n"
      "             ' | ' .. #state:history() }\n"
      "  end,");
  Layout l;
  l.players = 2;
  l.current = 0;
  l.hands = {"7S'", "AC 4D 8H TC QH 6S"};
  l.tableau = "7H 7C 7S 7D";  // laid in this order
  State s = test::table(v.rules(), l);
  for (int i = 0; i < 4; ++i)
    s.piles[6][i] = parse_card(std::string("7") + "HCSD"[i], Suit::Spades).card;
  EventLog log;
  REQUIRE(apply(s, Action::discard(Card(6, Suit::Spades, 1)), log).ok);
  REQUIRE(log.size() >= 2);
  // The zetema is scored before the play ends: the hand is emptied after it.
  CHECK(log[1].reason == "1 7S' 7 | 7H 7C 7S 7D 7S' | discard:1:7S' | 0");
  const std::vector<const PublicMove*> moves = s.moves.entries();
  REQUIRE(moves.size() >= 2);
  CHECK(moves[0]->what == HistoryWhat::Discard);
  CHECK(moves[1]->what == HistoryWhat::Emptied);
  CHECK(moves[1]->player == 0);
  REQUIRE(s.history.size() == 1);
  CHECK(s.history.entries()[0]->moves_before == 1);  // the zetema came between them
}

TEST_CASE("history: the state view lists the hand's declarations, zetemas and draws") {
  // A declaration hook that scores the hand's history: +1 per earlier entry,
  // and records what it saw in the reason.
  const Loaded v(
      "  score_declaration = function(state, d)\n"
      "    local h = state:history()\n"
      "    local seen = {}\n"
      "    for _, e in ipairs(h) do seen[#seen + 1] = e.what .. ':' .. (e.kind or e.rank) end\n"
      "    return { points = d.points + #h, reason = table.concat(seen, ',') ..\n"
      "             ' drawn ' .. state:drawn(1) .. '/' .. state:drawn(1, 'game') }\n"
      "  end,");
  const MatchRecord m = played(v.rules(), 21);
  int checked = 0;
  for (const Event& e : m.events) {
    if (e.type != EventType::Declare || e.kind == DeclKind::Marriages) continue;
    CHECK(e.reason.find(" drawn ") != std::string::npos);
    ++checked;
  }
  CHECK(checked > 0);
  CHECK_FALSE(m.final_state.history.empty());
}

TEST_CASE("history: a zetema scored by the tables is kept where a hook reads the history") {
  // A variant whose one hook scores declarations: a discard that makes a
  // zetema calls no hook, so it takes the hook-free steps -- which must
  // still write the zetema into the history the hook reads.
  const Loaded v(
      "  score_declaration = function(state, d)\n"
      "    return { points = d.points + #state:history() }\n"
      "  end,");
  const MatchRecord m = played(v.rules(), 21);
  int zetemas = 0;
  for (const Event& e : m.events) zetemas += e.type == EventType::Zetema;
  int kept = 0;
  for (const HistoryEntry* h : m.final_state.history.entries()) {
    kept += h->what == HistoryEntry::What::Zetema;
  }
  CHECK(zetemas > 0);
  CHECK(kept == zetemas);
}

TEST_CASE("history: table-only variants keep none (no cost where no hook reads it)") {
  const MatchRecord m = played(test::variant("sackson"), 21);
  CHECK(m.final_state.history.empty());
}

TEST_CASE("kinds: their order is the file's, in every load (not Lua's table order)") {
  std::string body = "  kinds = {\n";
  const std::vector<std::string> written = {"zeta", "alpha", "mid", "beta", "omega", "gamma"};
  for (const std::string& k : written) {
    body += "    " + k + " = { points = 1, find = function() return {} end },\n";
  }
  body += "  },";
  for (int load = 0; load < 8; ++load) {
    const Loaded v(body);
    std::vector<std::string> names;
    for (const KindDef& k : v.rules().kinds) names.push_back(k.name);
    CHECK(names == written);
  }
}

TEST_CASE("the new hooks' wrong results are errors at their file:line") {
  // allow_discard: a boolean (and a reason).
  {
    const Loaded v("  allow_discard = function(state, card)\n    return 'yes'\n  end,");
    State s = position(v.rules(), "KC KD 2C 3D 9H JC");
    CHECK(refused_by_script(s, "discard 2C") ==
          "test/house.lua:3: runtime error: allow_discard must return a boolean, got string");
  }
  // A kind's points function: points as any scoring hook.
  {
    const Loaded v(
        "  kinds = { pair = {\n"  // line 3
        "    find = function(state, hand) return { { '7C', '7D' } } end,\n"
        "    points = function(state, d) return { points = 'many' } end,\n"
        "  } },");
    State s = position(v.rules(), "7C 7D 2C 3D 9H JC");
    CHECK(refused_by_script(s, "pair 7C 7D") ==
          "test/house.lua:5: runtime error: kinds.pair.points must return points = an integer "
          "from -1000000 to 1000000, got string \"many\"");
  }
  // score_hand_end: a list of awards.
  {
    const Loaded v("  score_hand_end = function(state)\n    return 5\n  end,");
    MatchConfig c;
    c.seed = 4;
    const MatchRecord m = play_match(v.rules(), c);
    CHECK_FALSE(m.ok);
    CHECK(m.error.find("test/house.lua:3: runtime error: score_hand_end must return nil, a list "
                       "of awards or a table {awards = ..., effects = ...}, got number") !=
          std::string::npos);
  }
  // An award naming neither a player nor a side.
  {
    const Loaded v(
        "  score_zetema = function(state, z)\n"
        "    return { points = 1, awards = { { points = 2 } } }\n"
        "  end,");
    State s = test::zetema_table(v.rules());
    EventLog log;
    const ApplyResult r = apply(s, Action::discard(Card(6, Suit::Spades, 1)), log);
    REQUIRE(r.script.has_value());
    CHECK(r.script->describe() ==
          "test/house.lua:3: runtime error: score_zetema must return award 1: an award names a "
          "player or a side (one of them)");
  }
}

TEST_CASE("kinds: every bot plays a variant with its own kind through whole games") {
  const Loaded v(kPairOfSevens);
  int pairs = 0;
  for (const char* bot : {"random", "greedy", "imperial", "hoarder", "assembler", "mc:4"}) {
    CAPTURE(bot);
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      const MatchRecord m = played(v.rules(), seed, 2, {bot});
      CHECK(m.completed);
      for (const Event& e : m.events) {
        pairs += e.type == EventType::Declare && kind_name(e.kind, v.rules()) == "pair-of-sevens";
      }
    }
  }
  CHECK(pairs > 0);
}
