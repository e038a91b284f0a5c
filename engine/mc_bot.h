// The determinized Monte Carlo bot.
//
// For each legal action it samples the hidden cards -- the other hands and
// the stock's order -- consistently with all its seat has seen (its own
// hand, the tableau, the marriage and zetema piles, the exposed cards, the
// number of cards in each hand and in the stock), applies the action, plays
// the game on with greedy bots for a few turns, and scores the playout as
// its side's points gained minus the best other side's. It picks the action
// with the best mean. The budget is the number of playouts a decision.
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
// dealt at random to the other hands (same sizes) and to the stock (same
// size). Everything the player can see is unchanged.
State determinize(const State& s, Rng& rng);

}  // namespace zetema
