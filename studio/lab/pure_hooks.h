// Whether a variant's hooks keep state between calls. Such a variant's games
// depend on the games played before them in the same load, so a lab run's
// results would change with --threads and --shard (each worker has its own
// load, taking the deals it happens to take). Caught before a run, as
// `zetema check` catches it.
#pragma once

#include <string>

#include "engine/match.h"
#include "scripting/variant_loader.h"

namespace zetema::lab {

// Plays `first` (a run's first game) twice in one load of `spec`, and
// re-derives it from its replay in a fresh load: "" when all three agree
// (or the variant has no hooks), else what differed. A game that fails is
// left for the run itself to report.
std::string hooks_keep_state(const std::string& spec, const scripting::VariantFolder& folder,
                             const MatchConfig& first);

}  // namespace zetema::lab
