// The event list beside the score explanation: a search field and filters
// over it (studio/session/event_filter.h), the events kept, a click on one
// selects it everywhere.
#pragma once

#include <optional>

#include "studio/app/ui.h"

namespace zetema::studio {

// The search and filter line, then the list in a child window of the rest
// of the space; `selected` is the selected event (none at position 0).
void draw_event_list(Session& s, UiState& ui, std::optional<size_t> selected);

// The rows the list keeps now (every event when nothing is filtered).
const std::vector<size_t>& event_rows(Session& s, UiState& ui);

// The timeline's score jumps (buttons, N / Shift+N, the scripted
// next-score): the next or previous score the list keeps.
bool step_kept_score(Session& s, UiState& ui, bool forward);

// D: the diff's divergence after the selected event (else its first), or
// without a diff the edited rules' divergence; false if there is none.
bool jump_next_divergence(Session& s, UiState& ui);

}  // namespace zetema::studio
