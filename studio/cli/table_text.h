// The table at one moment, as text: hands, the 13 tableau piles, stock,
// marriage and zetema piles, scores (what `zetema replay show` prints).
#pragma once

#include <string>

#include "engine/state.h"

namespace zetema::cli {

std::string table_text(const State& s);

}  // namespace zetema::cli
