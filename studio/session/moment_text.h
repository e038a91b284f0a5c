// A moment of a game as text to share: the replay's file and rules, the
// position and the event just played, whose turn it is, and the table in
// card notation -- as the seats shown see it: a hand they may not see is
// only its count, and an event's hidden card is not named.
#pragma once

#include <string>

#include "engine/event.h"
#include "engine/state.h"

namespace zetema::studio {

struct Moment {
  std::string file;             // the replay's file (its name), or "game in play"
  std::string variant;          // the rules' id
  size_t position = 0;          // events played
  const Event* last = nullptr;  // the selected event (position - 1), null at 0
  const Event* next = nullptr;  // the event after it, null at the end
};

std::string moment_text(const Moment& m, const State& table, SeatsShown shown);

}  // namespace zetema::studio
