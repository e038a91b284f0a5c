// One hand of a .zgn file played into the game: its deck put together from
// the deal lines, the stock line and the play, and every item applied
// through the engine.
//
// Where the file does not say a card's place ('?', a short stock line, a
// missing deal line), the hand is first dealt with the unseen cards in card
// order. When a player then plays or declares a card he does not hold, the
// card must have reached him unseen: it is swapped into the earliest place
// of the deck whose card he holds and no item has used yet, and the hand is
// dealt again. A card an item uses is fixed in its place from then on, so
// nothing already checked changes. docs/notation.md, "Draws".
#pragma once

#include "engine/state.h"
#include "replays/replay.h"
#include "replays/zgn_parse.h"

namespace zetema::replays {

struct ZgnHandImport {
  bool ok = false;
  ReplayHand hand;  // dealer, the deck found, the actions in canonical notation
  State after;      // the table after the hand's last item
  ZgnError error;
};

// `before` is the table in the Deal phase; `dealer` the hand's dealer.
ZgnHandImport import_hand(const State& before, const ZgnHand& h, int dealer);

}  // namespace zetema::replays
