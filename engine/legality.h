// Why an action is not legal, by the tables alone (the allow_declaration
// hook is asked separately). An empty string means legal. Shared by
// legal_actions (which filters candidates with it) and apply (which
// refuses with its reason), so the two can never disagree.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/hooks.h"
#include "engine/state.h"

namespace zetema {

std::string refusal(const State& s, const Action& a);

// For a declaration legal_actions built (cards held or on the tableau,
// forming its kind, in a phase that allows declaring): the checks refusal()
// makes that construction does not already satisfy. Equal to
// refusal(s, a).empty() for such candidates; the invariant tests hold the two
// to it by applying every listed action.
bool candidate_allowed(const State& s, const Action& a);
// candidate_allowed for a set of marriages of kings and queens held or on
// the tableau: the cards it needs from hand (D8) and the exposed card (D18).
bool marriages_allowed(const State& s, CardSet cards);

// The information a scoring or legality hook is given about a declaration
// the tables accept.
DeclarationInfo declaration_info(const State& s, const Action& a);

// The points the tables give an event and the rule behind them: what a
// hook is told as the table points, and what bots preview when no hook
// scores.
struct TablePoints {
  int points = 0;
  int bonus = 0;  // a marriage's imperial bonus, part of `points`
  RuleId rule = RuleId::Count;
};
// A declaration the tables accept (D7, D18 for an exposed card in marriages).
TablePoints declaration_table_points(const State& s, const Action& a, const DeclarationInfo& info);
// The zetema of `rank` the current player completes (D10, D18).
TablePoints zetema_table_points(const State& s, int rank, bool was_exposed);

// Asks the variant's allow_declaration hook, if it has one.
HookReturn<AllowVerdict> ask_allow_hook(const State& s, Rng& rng, const Action& a);

// Asks the variant's allow_discard hook, if it has one, on a copy of the
// generator. A veto that would leave the player no card the tables allow
// is lifted (a turn must be able to end).
HookReturn<AllowVerdict> ask_discard_hook(const State& s, Card card);

// The card sets a variant's kind (index in Ruleset::kinds) lists for the
// current player, without repeats. A set the player cannot declare (a card
// not held, or not on the tableau where the kind uses it; none from hand;
// empty) is an error naming the finder's file:line.
std::optional<ScriptError> find_kind_sets(const State& s, int kind, std::vector<CardSet>& out);

}  // namespace zetema
