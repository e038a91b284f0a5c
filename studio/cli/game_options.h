// Reading the CLI's table options (--teams) into a GameSetup.
#pragma once

#include <optional>
#include <string>

#include "engine/ruleset.h"

namespace zetema::cli {

// "default" -> the variant's own; "off", "pairs", "threes".
std::optional<Partnerships> parse_teams(const std::string& teams);

}  // namespace zetema::cli
