// How often each choice a variant declares was put and what was picked, for
// the lab's per-game figures beside the points by kind (kind_tally.h).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/event.h"
#include "engine/ruleset.h"

namespace zetema::replays {

struct ChoiceCount {
  std::string name;
  int offered = 0;  // EventType::Offer events
  // Each option picked (its notation: "yes", "P2", "3", "7S") and how often,
  // in the order first picked.
  std::vector<std::pair<std::string, int>> picks;
  friend bool operator==(const ChoiceCount&, const ChoiceCount&) = default;
};

// One row per choice of `rules`, in the order the rules declare them.
std::vector<ChoiceCount> tally_choices(const EventLog& events, const Ruleset& rules);

}  // namespace zetema::replays
