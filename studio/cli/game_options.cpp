#include "studio/cli/game_options.h"

#include <string>

#include "studio/cli/numbers.h"

namespace zetema::cli {

std::optional<Partnerships> parse_teams(const std::string& teams) {
  if (teams == "off") return Partnerships::Off;
  if (teams == "pairs") return Partnerships::Pairs;
  if (teams == "threes") return Partnerships::TeamsOfThree;
  return std::nullopt;
}

std::string parse_shard(std::string_view text, int max_parts, int& i, int& n) {
  const size_t slash = text.find('/');
  const std::string usage = "--shard is i/n: part i of n, with 0 <= i < n, n " +
                            range_words(1, max_parts).substr(2) + " (e.g. 0/4)";
  if (slash == std::string_view::npos) return usage + "; got '" + std::string(text) + "'";
  int parts = 0, part = 0;
  if (std::string why = parse_whole(text.substr(slash + 1), 1, max_parts, parts); !why.empty())
    return usage + "; n: " + why;
  if (std::string why = parse_whole(text.substr(0, slash), 0, parts - 1, part); !why.empty())
    return usage + "; i: " + why;
  i = part;
  n = parts;
  return {};
}

}  // namespace zetema::cli
