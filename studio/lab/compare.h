// The rule-set lab: many deals played under two rule sets with the same
// shuffles and the same bots, paired deal by deal (docs/architecture.md, "The rule-set lab").
//
// Deal k is the game of seed derive_seed(seed, k): the same decks, first
// dealer and bot streams under A and under B. A run covers deals
// [first, first + count); shards split that range and `merge` joins them
// into exactly the result of one run. No deal is kept: each is added to the
// running sums (tally.h) and handed to a sink in deal order (the CSV and the
// JSON's games are written from there), so memory does not grow with the
// deals.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/match.h"
#include "replays/kind_tally.h"
#include "scripting/variant_loader.h"
#include "studio/lab/tally.h"

namespace zetema::lab {

struct CompareConfig {
  std::string a, b;  // variant ids or .lua paths
  int players = 2;
  std::string teams = "default";  // default, off, pairs, threes
  std::vector<std::string> bots = {"greedy"};
  uint64_t seed = 1;
  uint64_t deals = 1000;             // in the whole comparison
  int shard = 0, shards = 1;         // this run's part
  int threads = 0;                   // 0: every core
  int max_hands = kDefaultMaxHands;  // a game not over by then counts as not completed
  int first_dealer = -1;  // a seat, 0-based; -1: drawn (D2). Fixed, it shows seat advantage
  // Each deal played once from every seat rotation (the bots moved round
  // the table, the same shuffles), the rotation set one paired sample.
  bool rotate = false;
  // --design: the result file's games carry the design figures (lead
  // changes, drama, decided_at, moves, decisions, choices), so a file read
  // back or merged shows the design rows (format version 3).
  bool design = false;
  // Count the luck of the deal and the draw (GameSummary::luck; --luck):
  // about half as much work again per game, so only when asked.
  bool luck = false;
};

// Sequential stopping: asked after every `batch` deals held, in deal order
// (so the answer does not depend on the threads); true ends the run there.
struct StopRule {
  uint64_t batch = 0;  // 0: never asked
  std::function<bool(const Tally&)> enough;
};

struct [[nodiscard]] CompareResult {
  CompareConfig config;
  std::string a_id, b_id, a_sha256, b_sha256, engine_version;
  uint64_t first_deal = 0, deal_count = 0;  // the range this result covers
  // The rows of every game's tally by kind (replays/kind_tally.h): the
  // built-in kinds, A's own kinds, B's not in A, "award", "zetema".
  std::vector<std::string> kinds;
  bool interrupted = false;
  bool stopped_early = false;  // the StopRule ended the run
  // The design figures were tallied: a run played here, or a file written
  // with --design (config.design; merged parts must agree on it).
  bool design = false;
  // The running sums of the deals held, and those deals as ranges [first,
  // end) in order: a run holds a prefix of its range (all of it unless
  // interrupted); a partial merge may hold several ranges.
  Tally tally;
  std::vector<std::pair<uint64_t, uint64_t>> held;
  uint64_t deals_held() const { return tally.deals; }
  // A setup problem (then nothing ran), or the first game that could not be
  // played (then the run stopped there, keeping the deals finished).
  std::string error;
};

// Called with each deal, in deal order, on the thread that called
// run_compare, with the result so far (its set-up and kind rows).
using DealSink = std::function<void(const CompareResult&, const DealResult&)>;

// A rule set's stamp: the SHA-256 of its resolved variant sources (as a
// replay records them), the same on every machine that has the same files.
std::string variant_sha256(const scripting::LoadedVariant& v);

// This run's deal range: the shard's part of [0, deals).
std::pair<uint64_t, uint64_t> shard_range(const CompareConfig& c);

// Plays the deals on `threads` workers. `progress` (may be empty) is called
// from the calling thread about 10 times a second with (done, total);
// setting `stop` ends the run after the deals in progress. `sink` (may be
// empty) receives every deal held, in deal order.
CompareResult run_compare(const CompareConfig& c, const scripting::VariantFolder& folder,
                          const std::function<void(uint64_t, uint64_t)>& progress,
                          const std::atomic<bool>& stop, const DealSink& sink = {},
                          const StopRule& stop_rule = {});

// Joins shard results of one comparison (their sums and deal ranges; the
// games themselves are joined by whoever keeps them, e.g. `zetema merge`);
// error if they do not belong together.
CompareResult merge_results(const std::vector<CompareResult>& parts, std::string& error);
// The deals of the result's range that it does not hold, as ranges in words
// ("deals 30-59 and 90-119"); "" when it holds them all.
std::string missing_deals(const CompareResult& r);

// The design figures that follow the lead (GameSummary: lead_changes,
// drama, decided_at) from the sides' scores at each hand end, the last one
// the final score: public information only, no hidden card.
void lead_figures(const std::vector<std::array<int32_t, kMaxPlayers>>& ends, int sides,
                  uint8_t winners, GameSummary& g);

// The luck's value function (GameSummary::luck) of a hand, and what a
// card drawn adds to it (by counts, for speed; equal to the difference).
int64_t luck_hand_value(const CardSet& hand);
int64_t luck_draw_gain(const CardSet& hand, Card c);

}  // namespace zetema::lab
