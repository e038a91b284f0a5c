// Whose hidden cards the studio's panels may show, one answer for every
// panel, tooltip and copied text: the table, the event list, the
// explanation, the previews, the diff and the evaluation line.
#pragma once

#include "engine/event.h"
#include "studio/app/ui.h"
#include "studio/session/session.h"

namespace zetema::studio {

// Every seat's in a replay, or in the single-seat view that seat's. While a
// live game is shown (the Table's play-mode game, or the replay panels
// following it) and not over, the humans' seats, whatever the single-seat
// view, unless its player asks to see the bots' hands.
SeatsShown shown_seats(const Session& s, const UiState& ui);

}  // namespace zetema::studio
