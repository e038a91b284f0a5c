// The history hooks read holds the choices made in public
// (docs/variant-authoring.md, "The hand's history"): each choice put and
// each option picked, in order, with who chose; a yes/no, a seat, a number
// or a card from a public place is named, a card picked from the chooser's
// own hand is not.
#include <doctest/doctest.h>

#include <bit>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/match.h"
#include "tests/scripting/sandbox_support.h"

using namespace zetema;
using test::house;
using test::listed;
using test::load_text;

namespace {

// Each turn's start reports the hand's choices so far, one zero-point
// award each, its reason every field of the entry but when it happened;
// then it offers `swap`. Yes asks for a card of the hand; either way a
// seat, a number and a card of the tableau follow (the last dropped while
// the tableau is empty).
const char* kChain = R"(  turn_start = function(state)
    local awards = {}
    for _, h in ipairs(state:history("hand", "choice")) do
      local fields = {}
      for k, v in pairs(h) do
        if k ~= "hand" and k ~= "turn" then fields[#fields + 1] = k .. "=" .. tostring(v) end
      end
      table.sort(fields)
      awards[#awards + 1] = { player = state.player, points = 0, reason = table.concat(fields, ",") }
    end
    return { offer = "swap", reason = "may swap", awards = awards }
  end,
  choices = {
    swap = { options = "yes_no", apply = function(_s, yes)
      if yes then return { offer = "card" } end
      return { offer = "seat" }
    end },
    card = { options = { cards = "hand" }, apply = function() return { offer = "seat" } end },
    seat = { options = "seat", apply = function() return { offer = "bid" } end },
    bid = { options = { number = { 1, 3 } }, apply = function() return { offer = "peek" } end },
    peek = { options = { cards = "tableau" }, apply = function() return nil end },
  },
)";

// Plays the listed action written `text`, or the first listed one that
// begins with `text` when `prefix` (but is not `avoid`); returns what it played.
std::string play(State& s, EventLog& log, const std::string& text, bool prefix = false,
                 const std::string& avoid = "") {
  std::vector<Action> legal;
  REQUIRE_FALSE(legal_actions(s, legal).has_value());
  for (const Action& a : legal) {
    const std::string t = to_string(a, s.rules);
    if (prefix ? t.rfind(text, 0) != 0 || t == avoid : t != text) continue;
    const ApplyResult r = apply(s, a, log);
    REQUIRE_MESSAGE(r.ok, r.reason);
    return t;
  }
  FAIL("not listed: " << text);
  return "";
}

// The reasons of the last hook's awards, in order: the last report.
std::vector<std::string> last_report(const EventLog& log) {
  std::vector<std::string> out;
  auto it = log.rbegin();
  while (it != log.rend() && it->type != EventType::Award) ++it;
  for (; it != log.rend() && it->type == EventType::Award; ++it) {
    out.insert(out.begin(), std::string(it->reason.str()));
  }
  return out;
}

// The report's line for a choice `name` by player `p`, with its option.
std::string line(const std::string& name, const std::string& option, const std::string& p) {
  return "choice=" + name + (option.empty() ? "" : ",option=" + option) + ",player=" + p +
         ",side=" + p + ",what=choice";
}

}  // namespace

TEST_CASE("a later hook reads the hand's choices in order: public options named, a hand card not") {
  const auto v = load_text(house(kChain));
  REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
  GameSetup setup;
  setup.players = 3;
  NewGame g = new_game(v.rules, setup);
  REQUIRE(g.ok);
  State& s = g.state;
  Rng rng(5);
  const ShuffledPack pack(v.rules.imperial_suit, rng);
  EventLog log;
  const ApplyResult dealt = deal(s, pack, 0, log);
  REQUIRE_MESSAGE(dealt.ok, dealt.reason);

  // The first turn: yes, a card of the hand, a seat, a number; no tableau yet.
  REQUIRE(s.phase == Phase::Choice);
  const int first = s.current;
  const std::string P = std::to_string(first + 1);
  CHECK(last_report(log).empty());
  play(s, log, "choose swap yes");
  const std::string hidden = play(s, log, "choose card ", true).substr(12);
  const std::string seat = play(s, log, "choose seat P", true).substr(13);
  play(s, log, "choose bid 3");
  REQUIRE(s.phase == Phase::Play);  // peek had no card to offer: dropped
  // Another card is laid: the hidden one stays in the hand, unseen.
  const std::string laid = play(s, log, "discard ", true, "discard " + hidden).substr(8);
  REQUIRE(s.current != first);

  // The next turn's start read them: the hand's card is only "card".
  const std::string second = std::to_string(s.current + 1);
  const std::vector<std::string> turn1 = {line("swap", "true", P), line("card", "", P),
                                          line("seat", seat, P), line("bid", "3", P)};
  CHECK(last_report(log) == turn1);

  // The second turn: no, a seat, a number, then the card on the tableau.
  play(s, log, "choose swap no");
  const std::string seat2 = play(s, log, "choose seat P", true).substr(13);
  play(s, log, "choose bid 1");
  play(s, log, "choose peek " + laid);
  REQUIRE(s.phase == Phase::Play);
  play(s, log, "discard ", true);
  std::vector<std::string> turn2 = turn1;
  for (const std::string& l : {line("swap", "false", second), line("seat", seat2, second),
                               line("bid", "1", second), line("peek", laid, second)}) {
    turn2.push_back(l);
  }
  CHECK(last_report(log) == turn2);
  for (const std::string& l : last_report(log)) CHECK(l.find(hidden) == std::string::npos);

  // The engine's own record: offers and picks in order, the hand card absent.
  std::vector<std::string> seen;
  for (const HistoryEntry* h : s.history.entries()) {
    if (h->what != HistoryWhat::Choice && h->what != HistoryWhat::Offer) continue;
    seen.push_back(std::string(h->what_name()) + " " + v.rules.choices[h->rank].name);
    if (h->what == HistoryWhat::Choice && v.rules.choices[h->rank].name == "card") {
      CHECK(h->cards.empty());
    }
    if (h->what == HistoryWhat::Choice && v.rules.choices[h->rank].name == "peek") {
      CHECK(h->cards.size() == 1);
    }
  }
  const std::vector<std::string> expected = {
      "offer swap", "choice swap", "offer card", "choice card", "offer seat", "choice seat",
      "offer bid",  "choice bid",  "offer swap", "choice swap", "offer seat", "choice seat",
      "offer bid",  "choice bid",  "offer peek", "choice peek", "offer swap"};
  CHECK(seen == expected);
  CHECK(listed(s).front().rfind("choose swap", 0) == 0);
}

TEST_CASE("state:history's offers, and every entry merged in order") {
  const auto v = load_text(house(R"(  turn_start = function(state)
    local awards = {}
    for _, h in ipairs(state:history("hand", "all")) do
      local said = h.what
      if h.what == "offer" then said = "offer:" .. h.choice .. ":" .. h.reason
      elseif h.what == "choice" then said = "choice:" .. tostring(h.option) end
      awards[#awards + 1] = { player = 1, points = 0, reason = said }
    end
    return { offer = "swap", reason = "may swap", awards = awards }
  end,
  choices = { swap = { options = "yes_no", apply = function() return nil end } },
)"));
  REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
  NewGame g = new_game(v.rules, GameSetup{});
  REQUIRE(g.ok);
  Rng rng(3);
  const ShuffledPack pack(v.rules.imperial_suit, rng);
  EventLog log;
  REQUIRE(deal(g.state, pack, 0, log).ok);
  play(g.state, log, "choose swap no");
  play(g.state, log, "discard ", true);
  const std::vector<std::string> expected = {"offer:swap:may swap", "choice:false", "discard"};
  CHECK(last_report(log) == expected);
}

TEST_CASE("may_swap_bottom's seeded games: the swapped card is never in the history") {
  const scripting::LoadedVariant v = scripting::load_variant_spec(
      test::variants_dir() + "/examples/may_swap_bottom.lua", test::variants_dir());
  REQUIRE(v.ok);
  MatchConfig c;
  c.seed = 3;
  c.setup.players = 3;
  c.bots = {"greedy"};
  const MatchRecord m = play_match(v.rules, c);
  REQUIRE_MESSAGE(m.ok, m.error);
  int swaps = 0, cards = 0;
  for (const HistoryEntry* h : m.final_state.history.entries()) {
    if (h->what != HistoryWhat::Choice) continue;
    const std::string& name = v.rules.choices[h->rank].name;
    if (name == "swap") ++swaps;
    if (name == "swap_card") {
      ++cards;
      CHECK(h->cards.empty());
    }
  }
  int picks = 0;
  for (const Event& e : m.events) picks += e.type == EventType::Choice;
  CHECK(swaps > 0);
  CHECK(swaps + cards == picks);
}

TEST_CASE("the guide's example: whoever turned down every swap this hand scores 10") {
  // docs/variant-authoring.md, "The hand's history": its score_hand_end.
  // Each player is asked once a hand, by the offers in the history.
  const auto v = load_text(house(R"(  turn_start = function(state)
    for _, h in ipairs(state:history("hand", "offer")) do
      if h.player == state.player then return nil end
    end
    return { offer = "swap" }
  end,
  choices = { swap = { options = "yes_no", apply = function() return nil end } },
  score_hand_end = function(state)
    local asked, swapped = {}, {}
    for _, h in ipairs(state:history("hand", "choice")) do
      if h.choice == "swap" then
        asked[h.player] = true
        if h.option then swapped[h.player] = true end
      end
    end
    local awards = {}
    for p = 1, state.players do
      if asked[p] and not swapped[p] then
        awards[#awards + 1] = { player = p, points = 10, reason = "never swapped" }
      end
    end
    return awards
  end,
)"));
  REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
  MatchConfig c;
  c.seed = 7;
  c.setup.players = 3;
  c.bots = {"random"};
  const MatchRecord m = play_match(v.rules, c);
  REQUIRE_MESSAGE(m.ok, m.error);
  // The same worked out from the events, hand by hand.
  int expected = 0, awarded = 0, noes = 0, yeses = 0, repeats = 0;
  unsigned asked = 0, swapped = 0;
  for (const Event& e : m.events) {
    if (e.type == EventType::HandStart) asked = swapped = 0;
    if (e.type == EventType::Choice) {
      repeats += (asked >> e.player) & 1u;  // the offers in the history: once a hand
      asked |= 1u << e.player;
      if (e.bonus != 0) swapped |= 1u << e.player;
      (e.bonus != 0 ? yeses : noes) += 1;
    }
    if (e.type == EventType::HandEnd) expected += std::popcount(asked & ~swapped);
    if (e.type == EventType::Award && e.reason.str() == "never swapped") {
      ++awarded;
      CHECK(e.points == 10);
    }
  }
  CHECK(yeses > 0);
  CHECK(noes > 0);
  CHECK(expected > 0);
  CHECK(awarded == expected);
  CHECK(repeats == 0);
}
