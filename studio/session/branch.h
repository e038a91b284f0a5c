// Taking command of a replay at any position (as StarCraft II's replays
// allow): the game up to that position, as the start of a new game played
// on against bots, under the replay's rules or any other variant.
//
// A game taken over mid-way is an ordinary replay (docs/replay-format.md):
// the original's deals and actions up to the position, then the new game's,
// all under the chosen variant, so `zetema replay verify` re-derives it like
// any other.
#pragma once

#include <string>
#include <vector>

#include "replays/record.h"

namespace zetema::studio {

struct Branch {
  bool ok = false;
  std::string error;
  replays::Replay replay;  // the original's record up to the position
  size_t position = 0;     // the position the new game starts at (its event count)
  // Set when the chosen rules refuse one of the original's actions before
  // the position: the game starts just before it, and this says why.
  std::string note;
};

// The game of `r` up to `position` (of the derivation whose steps are
// `steps`), re-derived under `rules`. A position inside a step (an action's
// later events) keeps that whole step: an action cannot be half played.
Branch branch_at(const replays::Replay& r, const std::vector<replays::Step>& steps, size_t position,
                 const Ruleset& rules);

// What `zetema replay verify` says of the replay file at `path` (its variant
// resolved in `folder`): "" when it verifies, else why not.
std::string verify_saved_game(const std::string& path, const scripting::VariantFolder& folder);

}  // namespace zetema::studio
