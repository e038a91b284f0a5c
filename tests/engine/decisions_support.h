// Helpers shared by the docs/decisions.md scenario tests (tests/engine/decisions_*_test.cpp):
// set up a table, run an action through legal_actions and apply, and read
// the events it appended.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/layout.h"
#include "scripting/variant_loader.h"
#include "tests/support/variants.h"

namespace zetema::dtest {

// The four shipped profiles of docs/decisions.md §3.
inline const std::vector<std::string> kAllVariants = {"sackson", "rules_site", "book1881",
                                                      "rummy_site"};

// A position: `players` seats, `current` to move, the hands given per seat.
inline Layout layout(int players, int current, std::vector<std::string> hands,
                     std::string tableau = "", std::string stock = "") {
  Layout l;
  l.players = players;
  l.current = current;
  l.dealer = (current + players - 1) % players;
  l.hands = std::move(hands);
  l.tableau = std::move(tableau);
  l.stock = std::move(stock);
  return l;
}

// An empty stock: every card must be placed, whole ranks in `zetemas`.
inline Layout no_stock(Layout l, std::string zetemas) {
  l.rest_to_stock = false;
  l.zetemas = std::move(zetemas);
  return l;
}

// A variant given as Lua text on top of the shipped ones (kept for the
// whole run: a State points at its Ruleset).
inline const Ruleset& lua_variant(const std::string& text) {
  static std::vector<std::unique_ptr<Ruleset>> kept;
  scripting::LoadedVariant v = scripting::load_variant(
      {"", "test.lua", text}, scripting::folder_resolver(test::variants_dir()));
  if (!v.ok) FAIL("test variant does not load: " << v.error->describe());
  kept.push_back(std::make_unique<Ruleset>(std::move(v.rules)));
  return *kept.back();
}

inline CardSet cards_of(std::string_view text, Suit imperial = Suit::Spades) {
  const CardListParse p = parse_cards(text, imperial);
  REQUIRE_MESSAGE(p.ok, p.error);
  CardSet out;
  for (Card c : p.cards) out.insert(c);
  return out;
}

inline Card card_of(std::string_view text, Suit imperial = Suit::Spades) {
  const CardParse p = parse_card(text, imperial);
  REQUIRE_MESSAGE(p.ok, p.error);
  return p.card;
}

inline Action action_of(const State& s, std::string_view text) {
  const ActionParse p = parse_action(text, s.rules->imperial_suit);
  REQUIRE_MESSAGE(p.ok, p.error);
  return p.action;
}

inline std::vector<Action> legal(const State& s) {
  std::vector<Action> out;
  REQUIRE_FALSE(legal_actions(s, out).has_value());
  return out;
}

inline bool listed(const State& s, std::string_view text) {
  const Action a = action_of(s, text);
  const std::vector<Action> all = legal(s);
  return std::find(all.begin(), all.end(), a) != all.end();
}

// The legal declarations, in notation.
inline std::vector<std::string> declarations(const State& s) {
  std::vector<std::string> out;
  for (const Action& a : legal(s)) {
    if (a.type == ActionType::Declare) out.push_back(to_string(a));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// `texts` as declarations(s) prints them (cards in code order, sorted).
inline std::vector<std::string> notation(const State& s, std::vector<std::string> texts) {
  std::vector<std::string> out;
  for (const std::string& t : texts) out.push_back(to_string(action_of(s, t)));
  std::sort(out.begin(), out.end());
  return out;
}

// The cards the current player may discard now.
inline CardSet discards(const State& s) {
  CardSet out;
  for (const Action& a : legal(s)) {
    if (a.type == ActionType::Discard) out.insert(a.card);
  }
  return out;
}

// Plays `text` for the current player: it must be listed by legal_actions
// and accepted by apply. Returns the events it appended.
inline EventLog play(State& s, std::string_view text) {
  CAPTURE(text);
  CHECK_MESSAGE(listed(s, text), text << " is not in legal_actions");
  EventLog log;
  const ApplyResult r = apply(s, action_of(s, text), log);
  REQUIRE_MESSAGE(r.ok, text << " refused: " << r.reason);
  return log;
}

// `text` must be absent from legal_actions and refused by apply with a
// reason containing `phrase`, leaving the state and the log untouched.
inline void refused(State& s, std::string_view text, std::string_view phrase) {
  CAPTURE(text);
  CHECK_FALSE_MESSAGE(listed(s, text), text << " is in legal_actions");
  const State before = s;
  EventLog log;
  const ApplyResult r = apply(s, action_of(s, text), log);
  CHECK_FALSE(r.ok);
  CHECK_MESSAGE(r.reason.find(phrase) != std::string::npos,
                "reason \"" << r.reason << "\" lacks \"" << phrase << "\"");
  CHECK(s == before);
  CHECK(log.empty());
}

inline int count(const EventLog& log, EventType t) {
  return static_cast<int>(
      std::count_if(log.begin(), log.end(), [&](const Event& e) { return e.type == t; }));
}

// A copy of the one event of type `t` in `log` (the test fails if there is
// not exactly one). A copy, so `the(play(...), ...)` outlives the log.
inline Event the(const EventLog& log, EventType t) {
  REQUIRE_MESSAGE(count(log, t) == 1, "expected one " << to_string(t) << " event");
  return *std::find_if(log.begin(), log.end(), [&](const Event& e) { return e.type == t; });
}

// The types of the events, in order.
inline std::vector<EventType> types(const EventLog& log) {
  std::vector<EventType> out;
  for (const Event& e : log) out.push_back(e.type);
  return out;
}

// The cards drawn, in order, by `player`.
inline std::vector<Card> drawn(const EventLog& log, int player) {
  std::vector<Card> out;
  for (const Event& e : log) {
    if (e.type == EventType::Draw && e.player == player) out.push_back(e.card);
  }
  return out;
}

// A deck: `top` first, in order, then every other card in code order.
inline std::array<Card, kDeckSize> deck_with(std::string_view top, Suit imperial = Suit::Spades) {
  std::array<Card, kDeckSize> out{};
  const CardListParse p = parse_cards(top, imperial);
  REQUIRE_MESSAGE(p.ok, p.error);
  CardSet used;
  size_t n = 0;
  for (Card c : p.cards) {
    out[n++] = c;
    used.insert(c);
  }
  for (Card c : full_deck(imperial)) {
    if (!used.contains(c)) out[n++] = c;
  }
  REQUIRE(n == kDeckSize);
  return out;
}

}  // namespace zetema::dtest

// Readable values in failure messages.
namespace doctest {
template <>
struct StringMaker<std::vector<std::string>> {
  static String convert(const std::vector<std::string>& v) {
    std::string out = "{";
    for (const std::string& x : v) out += (out.size() > 1 ? " | " : "") + x;
    return (out + "}").c_str();
  }
};
template <>
struct StringMaker<zetema::CardSet> {
  static String convert(const zetema::CardSet& c) {
    return ("{" + zetema::to_string(c) + "}").c_str();
  }
};
template <>
struct StringMaker<std::vector<zetema::Card>> {
  static String convert(const std::vector<zetema::Card>& c) {
    return ("{" + zetema::to_string(c) + "}").c_str();
  }
};
template <>
struct StringMaker<std::vector<zetema::EventType>> {
  static String convert(const std::vector<zetema::EventType>& v) {
    std::string out = "{";
    for (zetema::EventType t : v)
      out += (out.size() > 1 ? " " : "") + std::string(zetema::to_string(t));
    return (out + "}").c_str();
  }
};
}  // namespace doctest
