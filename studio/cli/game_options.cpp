#include "studio/cli/game_options.h"

namespace zetema::cli {

std::optional<Partnerships> parse_teams(const std::string& teams) {
  if (teams == "off") return Partnerships::Off;
  if (teams == "pairs") return Partnerships::Pairs;
  if (teams == "threes") return Partnerships::TeamsOfThree;
  return std::nullopt;
}

}  // namespace zetema::cli
