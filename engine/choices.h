// Choices a variant offers its players (engine/ruleset.h, ChoiceDef): the
// options of the choice put now, as actions, and their notation.
//
// A hook offers a choice (Acts::offer); when the action that offered it is
// over, put_offer works out its options and puts it to its player, and the
// game waits in phase Choice for a pick: an ActionType::Choose action,
// listed, checked, recorded and replayed like any other action.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/action.h"
#include "engine/event.h"
#include "engine/state.h"

namespace zetema {

// The choice named `name`, or -1.
int choice_index(const Ruleset& r, std::string_view name);

// Puts State::offer (its choice and chooser set) to its player: its options
// worked out, the phase and player to resume kept, phase Choice. False, and
// the offer dropped, when it has no option (no card to pick) or the game is
// over.
bool put_offer(State& s);

// The options of the choice put now, in order.
void list_choice(const State& s, std::vector<Action>& out);

// Why `a` is not an option of the choice put now, or "".
std::string choice_refusal(const State& s, const Action& a);

// "swap 7S", "double yes", "gift P2", "bid 3": the choice's name and the option.
std::string choice_text(const Ruleset& r, const Action& a);
// The option alone: "7S", "yes", "P2", "3".
std::string choice_option_text(const Ruleset& r, const Action& a);
// The option an Offer or Choice event names, as the action that picks it.
inline Action choice_of_event(const Event& e) {
  return Action::choose(e.rank, e.card, e.bonus);
}
// The option in `text` of the choice named `name`.
struct ChoiceParse {
  bool ok = false;
  Action action;
  std::string error;
};
ChoiceParse parse_choice(const Ruleset& r, std::string_view name, std::string_view option);

}  // namespace zetema
