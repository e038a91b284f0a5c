#include "studio/session/seat_view.h"

namespace zetema::studio {

SeatView seat_view(const State& s, int seat) {
  SeatView v;
  v.seat = seat;
  v.table = s;
  for (int p = 0; p < s.players; ++p) {
    if (p == seat) continue;
    PlayerState& other = v.table.seat[static_cast<size_t>(p)];
    v.hidden[static_cast<size_t>(p)] = other.hand.minus(other.exposed).size();
    other.hand = other.exposed;
  }
  // The stock's order (and the deal's) is no seat's to know: only its size
  // (stock_size(), from next_draw) stays.
  v.table.deck.fill(Card());
  return v;
}

}  // namespace zetema::studio
