#include "engine/state.h"

namespace zetema {

std::string_view to_string(Phase p) {
  switch (p) {
    case Phase::Deal:
      return "deal";
    case Phase::Play:
      return "play";
    case Phase::AfterDeclare:
      return "after-declare";
    case Phase::Chain:
      return "chain";
    case Phase::GameOver:
      return "game-over";
  }
  return "?";
}

std::string_view HistoryEntry::what_name() const {
  switch (what) {
    case What::Declaration:
      return "declaration";
    case What::Zetema:
      return "zetema";
    case What::Award:
      return "award";
  }
  return "?";
}

int State::hand_limit(int p) const {
  const int limit = rules->hand_size[players] - seat[p].short_by;
  return limit > 0 ? limit : 0;
}

int State::next_seat(int p) const {
  return rules->direction == Direction::Clockwise ? (p + 1) % players : (p + players - 1) % players;
}

}  // namespace zetema
