// The sets of meld-length cards a hand holds that make a sequence or a
// flush (D3-D6), built rank by rank and suit by suit rather than by trying
// every subset of the hand: a flow that lets a hand grow (draw 9, discard 1)
// would otherwise try C(34, 10) = 1.3 * 10^8 subsets in a single turn.
#pragma once

#include <vector>

#include "engine/card.h"
#include "engine/ruleset.h"

namespace zetema {

// The most sets one turn may try. The shipped variants try at most a few
// dozen (seven cards held, six to a meld); past this the listing stops with
// a limit error rather than run for minutes or hours.
inline constexpr int kMaxMeldSets = 4096;

// Fills `out` with every set of `len` cards of `held` whose ranks form a
// sequence (one card of each rank of a run the variant allows) or whose
// cards are all of one suit where a flush of that suit counts: each once,
// in the order of their cards (for_each order, compared card by card),
// which is the order the subsets of the hand were once tried in. Returns
// false, with `out` cleared, if there would be more than kMaxMeldSets.
bool meld_sets(CardSet held, int len, const Ruleset& rules, std::vector<CardSet>& out);

}  // namespace zetema
