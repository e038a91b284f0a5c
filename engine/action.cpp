#include "engine/action.h"

#include "engine/choices.h"
#include "engine/ruleset.h"

namespace zetema {

namespace {
constexpr std::string_view kKindNames[] = {"sequence", "flush", "flush-sequence", "assembly",
                                           "marriages"};
}

std::string_view to_string(DeclKind k) {
  const int i = static_cast<int>(k);
  return i < 5 ? kKindNames[i] : "kind";
}

bool parse_decl_kind(std::string_view s, DeclKind& out) {
  for (int i = 0; i < 5; ++i) {
    if (s == kKindNames[i]) {
      out = static_cast<DeclKind>(i);
      return true;
    }
  }
  return false;
}

std::string to_string(const Action& a, const Ruleset* rules) {
  if (a.type == ActionType::Discard) return "discard " + to_string(a.card);
  if (a.type == ActionType::Choose) {
    return "choose " + (rules ? choice_text(*rules, a) : "#" + std::to_string(a.choice));
  }
  const std::string kind = rules ? kind_name(a.kind, *rules) : std::string(to_string(a.kind));
  return kind + " " + to_string(a.cards);
}

namespace {

// "choose NAME OPTION": a choice the variant offers, by its name.
ActionParse parse_choose(std::string_view rest, const Ruleset* rules) {
  ActionParse out;
  const size_t space = rest.find(' ');
  if (!rules || space == std::string_view::npos) {
    out.error = rules ? "choose takes a choice's name and an option: choose NAME OPTION"
                      : "choose needs the variant's choices";
    return out;
  }
  std::string_view option = rest.substr(space + 1);
  while (!option.empty() && option.back() == ' ') option.remove_suffix(1);
  const ChoiceParse c = parse_choice(*rules, rest.substr(0, space), option);
  out.ok = c.ok;
  out.action = c.action;
  out.error = c.error;
  return out;
}

ActionParse parse_action_with(std::string_view text, Suit imperial, const Ruleset* rules) {
  ActionParse out;
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  const size_t space = text.find(' ');
  const std::string_view verb = text.substr(0, space);
  const std::string_view rest = space == std::string_view::npos ? "" : text.substr(space + 1);
  if (verb == "choose") return parse_choose(rest, rules);
  CardListParse cards = parse_cards(rest, imperial);
  if (!cards.ok) {
    out.error = cards.error;
    return out;
  }
  if (verb == "discard") {
    if (cards.cards.size() != 1) {
      out.error = "discard takes exactly one card, got " + std::to_string(cards.cards.size());
      return out;
    }
    out.action = Action::discard(cards.cards[0]);
    out.ok = true;
    return out;
  }
  DeclKind kind;
  if (rules ? !parse_kind(verb, *rules, kind) : !parse_decl_kind(verb, kind)) {
    std::string expected = "discard, sequence, flush, flush-sequence, assembly";
    if (rules) {
      for (const KindDef& k : rules->kinds) expected += ", " + k.name;
    }
    expected += " or marriages";
    if (rules && !rules->choices.empty()) expected += " (or choose NAME OPTION)";
    out.error = "unknown action '" + std::string(verb) + "': expected " + expected;
    return out;
  }
  if (cards.cards.empty()) {
    out.error = "a " + std::string(verb) + " needs its cards";
    return out;
  }
  CardSet set;
  for (Card c : cards.cards) set.insert(c);
  out.action = Action::declare(kind, set);
  out.ok = true;
  return out;
}

}  // namespace

ActionParse parse_action(std::string_view text, Suit imperial) {
  return parse_action_with(text, imperial, nullptr);
}

ActionParse parse_action(std::string_view text, const Ruleset& rules) {
  return parse_action_with(text, rules.imperial_suit, &rules);
}

}  // namespace zetema
