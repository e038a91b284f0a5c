// A player's action: declare a combination, or discard (play) a card.
//
// Passing on a declaration is simply discarding: a turn is at most
// `max_declarations_per_turn` declarations followed by one discard. Draws,
// deals, zetemas, chains and hand ends follow from the rules and are events,
// not actions.
//
// Notation, used by replays and the CLI:
//   discard 7S
//   sequence 4H 5S 6D 7C 8S' 9H      flush ...      flush-sequence ...
//   assembly 7C 7D 7H 7S 7S'         marriages KS QS' KH QH
//   choose swap 7S    choose double yes    choose gift P2    choose bid 3
// Cards print in code order; parse accepts any order.
#pragma once

#include <string>
#include <string_view>

#include "engine/card.h"

namespace zetema {

struct Ruleset;

// The built-in kinds; a variant's own kinds follow them (DeclKind(5 + i),
// named by the Ruleset: kind_name in engine/ruleset.h).
enum class DeclKind : uint8_t { Sequence, Flush, FlushSequence, Assembly, Marriages };
std::string_view to_string(DeclKind k);  // "sequence", "flush-sequence", ...; "kind" past them
bool parse_decl_kind(std::string_view s, DeclKind& out);

// Choose: an option of a choice the variant offered (engine/choices.h).
enum class ActionType : uint8_t { Declare, Discard, Choose };

struct Action {
  ActionType type = ActionType::Discard;
  DeclKind kind = DeclKind::Sequence;  // Declare only
  Card card;                           // Discard; Choose: a card option
  // Choose only, set by choose() and read only for a Choose: left out of
  // the default, as a bot game makes an Action for every discard it picks.
  uint8_t choice;  // the choice (its index in Ruleset::choices)
  int16_t value;   // yes 1 / no 0, a seat, or a number
  CardSet cards;   // Declare only

  static Action discard(Card c) {
    Action a;
    a.type = ActionType::Discard;
    a.card = c;
    return a;
  }
  static Action declare(DeclKind k, CardSet cs) {
    Action a;
    a.type = ActionType::Declare;
    a.kind = k;
    a.cards = cs;
    return a;
  }
  static Action choose(int choice, Card c, int value) {
    Action a;
    a.type = ActionType::Choose;
    a.choice = static_cast<uint8_t>(choice);
    a.card = c;
    a.value = static_cast<int16_t>(value);
    return a;
  }
  friend bool operator==(const Action& a, const Action& b) {
    if (a.type != b.type) return false;
    if (a.type == ActionType::Discard) return a.card == b.card;
    if (a.type == ActionType::Choose) {
      return a.choice == b.choice && a.card == b.card && a.value == b.value;
    }
    return a.kind == b.kind && a.cards == b.cards;
  }
};

// With `rules`, a variant's own kinds print by name.
std::string to_string(const Action& a, const Ruleset* rules = nullptr);

struct ActionParse {
  bool ok = false;
  Action action;
  std::string error;
};
ActionParse parse_action(std::string_view text, Suit imperial);
// The same, knowing the variant's own kinds by name.
ActionParse parse_action(std::string_view text, const Ruleset& rules);

}  // namespace zetema
