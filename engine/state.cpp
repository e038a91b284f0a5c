#include "engine/state.h"

#include <algorithm>

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
    case Phase::Choice:
      return "choice";
  }
  return "?";
}

std::string_view to_string(HistoryWhat w) {
  using What = HistoryWhat;
  switch (w) {
    case What::Declaration:
      return "declaration";
    case What::Zetema:
      return "zetema";
    case What::Award:
      return "award";
    case What::Discard:
      return "discard";
    case What::Draw:
      return "draw";
    case What::Emptied:
      return "emptied";
    case What::DropOut:
      return "drop-out";
    case What::Moved:
      return "moved";
    case What::Choice:
      return "choice";
    case What::Offer:
      return "offer";
  }
  return "?";
}

CardSet State::in_zetema_piles() const {
  CardSet cards;
  for (int z = 0; z < zetema_count; ++z) cards = cards | CardSet::whole_rank(zetema_rank[z]);
  return cards.minus(lifted) & CardSet::pack(rules->imperial_suit);
}

bool State::has_zetema(int rank) const {
  for (int z = 0; z < zetema_count; ++z) {
    if (zetema_rank[z] == rank) return true;
  }
  return false;
}

}  // namespace zetema
