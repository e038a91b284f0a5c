// The engine's own shortcut to apply an action, for its bots' previews and
// its tests: never for an action from outside the engine. The build defines
// ZETEMA_ENGINE_INTERNALS only for the engine's sources and the tests of
// these paths, so no other layer can include this header
// (tests/layering/engine_internals_hidden.cpp checks it); everyone else
// applies through engine/game.h (apply, apply_listed, play_listed).
#pragma once

#ifndef ZETEMA_ENGINE_INTERNALS
#error "engine/internal/ is the engine's own: apply actions through engine/game.h"
#endif

#include <optional>

#include "engine/game.h"

namespace zetema::detail {

// apply without the tables' checks, for an action they allow here
// (refusal(s, a) is empty, as for every action legal_actions lists for this
// seat's hand, tableau and phase): the allow hooks and a kind's finder are
// still asked, since they may read cards the tables do not. How a bot's
// preview plays a listed action in its view of the world (bots.cpp,
// mc_bot.cpp, ismcts_bot.cpp). Never for an action from outside the
// engine: the tables' checks are what keep the state's arrays in bounds.
ApplyResult apply_table_legal(State& s, const Action& a, EventLog& out,
                              const EventObserver* observe = nullptr);

// play_listed's two halves: a variant whose rules are all tables (nothing
// can fail midway), and one with hooks.
void play_by_tables(State& s, const Action& a, EventLog& out, const EventObserver* observe);
bool play_with_hooks(State& s, const Action& a, EventLog& out, std::optional<ScriptError>& error,
                     const EventObserver* observe);
// play_listed, inline, so the engine's loops call the table path directly.
inline bool play_listed_inline(State& s, const Action& a, EventLog& out,
                               std::optional<ScriptError>& error,
                               const EventObserver* observe = nullptr) {
  if (!s.rules->hooks) [[likely]] {
    play_by_tables(s, a, out, observe);
    return true;
  }
  return play_with_hooks(s, a, out, error, observe);
}

}  // namespace zetema::detail
