// The strength ladder of one rule set: every pair of bots plays the same
// deals, each deal once from each seat (two players), and a Bradley-Terry
// model rates them all on one Elo-like scale, with intervals from
// resampling the deals. From the same games, the rule set's skill profile:
// how far the strongest bot stands above random and greedy, and how much of
// a game's outcome the deal decides (docs/findings.md §9, docs/lab.md).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "scripting/variant_loader.h"

namespace zetema::lab {

struct LadderConfig {
  std::string variant;  // an id or a .lua path
  std::vector<std::string> bots;
  uint64_t deals = 100;  // per pair; each played from both seats
  uint64_t seed = 1;
  int threads = 0;  // 0: every core
  int max_hands = 200;
};

// One pair's games: bot i against bot j over every deal from both seats.
struct PairGames {
  size_t i = 0, j = 0;
  // Per deal: i's share of the two games (1 a win, 0.5 a tie or a split).
  std::vector<double> i_points;
  // Per deal: whether the same seat won both games (the deal decided it).
  std::vector<bool> same_seat;
};

struct Rating {
  std::string bot;
  double elo = 0, lo = 0, hi = 0;  // 95% interval from 400 resamplings of the deals
};

struct StrengthLadder {
  LadderConfig config;
  std::string variant_id;
  std::vector<PairGames> pairs;
  std::vector<Rating> ratings;  // in the order of config.bots; the first at 0
  double seat_decided = 0;      // share of (pair, deal) where one seat won both games
  std::string error;            // a setup problem or the first game that failed
  bool interrupted = false;
};

// Plays the pairs and rates them. `progress(done, total)` counts games;
// `stop` ends the run after the games in progress (interrupted).
StrengthLadder run_strength_ladder(const LadderConfig& c, const scripting::VariantFolder& folder,
                                   const std::function<void(uint64_t, uint64_t)>& progress,
                                   const std::atomic<bool>& stop);

// Bradley-Terry ratings from each pair's points and games (a point and a
// game of prior split evenly between each pair, so a bot that never wins
// still has a finite rating), on Elo's scale (400 log10 of the strength
// ratio), the first bot at 0.
std::vector<double> bradley_terry(size_t bots, const std::vector<PairGames>& pairs,
                                  const std::vector<size_t>& deals);

}  // namespace zetema::lab
