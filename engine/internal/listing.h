// The engine's own way to list legal actions, inline, so its game loop and
// bots list three turns in four without a call: the screen
// (listing_screen.h) settles most turns from the running counts, and
// list_past_screen lists the rest. Everyone outside the engine calls
// legal_actions (engine/game.h), which lists the same.
#pragma once

#ifndef ZETEMA_ENGINE_INTERNALS
#error "engine/internal/ is the engine's own: list legal actions through engine/game.h"
#endif

#include <optional>

#include "engine/game.h"
#include "engine/internal/listing_screen.h"

namespace zetema::detail {

// legal_actions for a turn the screen did not settle: `screened` is
// screen_turn's answer, the kinds to list or kListInFull.
[[nodiscard]] std::optional<ScriptError> list_past_screen(const State& s, LegalActions& out,
                                                          int screened);

// legal_actions, inline.
inline std::optional<ScriptError> list_legal(const State& s, LegalActions& out) {
  const int screened = screen_turn(s);
  if (screened == 0) [[likely]] {
    out.list_discards_only(s.seat[s.current].hand);
    return std::nullopt;
  }
  return list_past_screen(s, out, screened);
}

}  // namespace zetema::detail
