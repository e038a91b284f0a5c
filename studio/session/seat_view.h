// The single-seat view: the table as one seat could see it -- its own
// hand, the public tableau, marriage and zetema piles, the scores and the
// cards others have exposed (1881 penalties lie face up for all) -- and
// only the number of cards the others hold. No other hand, no stock order.
#pragma once

#include <array>

#include "engine/state.h"

namespace zetema::studio {

struct SeatView {
  int seat = 0;
  State table;                            // the others' hidden cards and the whole deck removed
  std::array<int, kMaxPlayers> hidden{};  // cards each seat holds face down, unseen
};

SeatView seat_view(const State& s, int seat);

}  // namespace zetema::studio
