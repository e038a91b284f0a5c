// The determinized Monte Carlo bot.
//
// For each legal action it samples the hidden cards -- the other hands and
// the stock's order -- consistently with all its seat has seen (its own
// hand, the tableau, the marriage and zetema piles, the exposed cards, the
// cards another player declared and still holds, the number of cards in
// each hand and in the stock), applies the action, plays
// the game on with greedy bots for a few turns, and scores the playout as
// its side's points gained minus the best other side's. It picks the action
// with the best mean. The budget is the number of playouts a decision,
// shared among the legal actions, with at least one playout each.
#pragma once

#include <memory>

#include "engine/bots.h"

namespace zetema {

struct MonteCarloOptions {
  int playouts = 64;      // per decision, shared among the legal actions
  int horizon_turns = 0;  // turns per playout; 0: two rounds of the table
};

std::unique_ptr<Bot> make_monte_carlo_bot(const MonteCarloOptions& options);

// The position as the current player may believe it: the hidden cards
// dealt at random to the other hands (same sizes, keeping the cards each is
// known to hold) and to the stock (same size). Everything the player can
// see or knows is unchanged.
State determinize(const State& s, Rng& rng);

}  // namespace zetema
