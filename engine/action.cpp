#include "engine/action.h"

namespace zetema {

namespace {
constexpr std::string_view kKindNames[] = {"sequence", "flush", "flush-sequence", "assembly",
                                           "marriages"};
}

std::string_view to_string(DeclKind k) {
  return kKindNames[static_cast<int>(k)];
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

std::string to_string(const Action& a) {
  if (a.type == ActionType::Discard) return "discard " + to_string(a.card);
  return std::string(to_string(a.kind)) + " " + to_string(a.cards);
}

ActionParse parse_action(std::string_view text, Suit imperial) {
  ActionParse out;
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  const size_t space = text.find(' ');
  const std::string_view verb = text.substr(0, space);
  const std::string_view rest = space == std::string_view::npos ? "" : text.substr(space + 1);
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
  if (!parse_decl_kind(verb, kind)) {
    out.error = "unknown action '" + std::string(verb) +
                "': expected discard, sequence, flush, flush-sequence, assembly or marriages";
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

}  // namespace zetema
