// Reading the CLI's table options (--teams) into a GameSetup.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/ruleset.h"

namespace zetema::cli {

// "default" -> the variant's own; "off", "pairs", "threes".
std::optional<Partnerships> parse_teams(const std::string& teams);

// "i/n" for --shard: part i of n, 0 <= i < n <= max_parts, each read
// strictly (numbers.h). "" on success, else why not.
std::string parse_shard(std::string_view text, int max_parts, int& i, int& n);

}  // namespace zetema::cli
