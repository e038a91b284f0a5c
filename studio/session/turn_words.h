// The turn header in a player's words: whose turn it is and what they must
// do next ("P2 to draw", "P2 to discard", "P2 may declare or discard"), not
// the engine's phase names.
#pragma once

#include <string>

#include "engine/event.h"
#include "engine/state.h"
#include "replays/cursor.h"

namespace zetema::studio {

// `next`: the event that comes next in a replay (null at its end, or for a
// game being played, where the engine has already made the automatic draws).
// A replay's table stops at an event inside a step: between a discard and
// the draw that begins the next turn, or after the last card dealt, it does
// not yet name the next player; the next event says who is to move.
std::string turn_words(const State& t, const Event* next);

// The event after the cursor's position (null at the end).
const Event* next_event(const replays::ReplayCursor& c);

}  // namespace zetema::studio
