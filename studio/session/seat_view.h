// A seat's view: the table as the seats shown could see it -- their own
// hands, the public tableau, marriage and zetema piles, the scores and the
// cards others have exposed (1881 penalties lie face up for all) -- and
// only the number of cards the others hold. No other hand, no stock order.
// The single-seat view shows one seat; a live game the humans' seats, unless
// its player asks to see the bots' hands.
#pragma once

#include <array>
#include <span>

#include "engine/card.h"
#include "engine/event.h"
#include "engine/state.h"

namespace zetema::studio {

struct SeatView {
  SeatsShown shown = SeatsShown::every();
  State table;                            // the others' hidden cards and the whole deck removed
  std::array<int, kMaxPlayers> hidden{};  // cards each seat holds face down, unseen
};

SeatView seat_view(const State& s, SeatsShown shown);
// The single-seat view: one seat (>= 0) shown, or every seat (-1).
SeatView seat_view(const State& s, int seat);

// The cards a record never shows the seats `shown`: every card dealt or
// drawn to a seat not shown, or moved by an effect where none of them sees
// it, that no event of the record names in public (a discard, a
// declaration, an exposed card, a move from or to a public place) or to a
// seat shown. What the studio checks its panels against (no text or card
// face may name one); the stock's undrawn cards are not in the events, so
// not here.
CardSet secret_cards(std::span<const Event> record, SeatsShown shown);

}  // namespace zetema::studio
