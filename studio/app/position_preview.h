// A hover preview of a past position (the timeline, the event list): a
// tooltip holding a small table. The state comes from the session's cached
// preview (ReplaySession::preview), so hovering costs one bounded
// recompute per position hovered, not a replay per frame.
#pragma once

#include <string>

#include "studio/session/session.h"

namespace zetema::studio {

// `shown`: whose hidden cards it may show (studio/app/viewer.h).
void position_preview_tooltip(const Session& s, size_t position, const std::string& caption,
                              SeatsShown shown);

}  // namespace zetema::studio
