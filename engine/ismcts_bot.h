// The information-set search bot: single-observer information-set Monte
// Carlo tree search (Cowling, Powley and Whitehouse 2012, "Information Set
// Monte Carlo Tree Search", IEEE TCIAIG 4(2); docs/findings.md §8).
//
// One tree per decision, over the actions of every seat, searched from the
// acting seat's information only: each iteration deals the hidden cards
// afresh (determinize, mc_bot.h: the other hands and the stock's order,
// consistent with all the seat has seen), walks the tree choosing among the
// actions that are legal in that world (UCB1 with availability counts, so
// an opponent's action is weighed only over the worlds where he could take
// it), adds one node, plays the hand out with greedy bots, and backs up a
// value per side: its chance of winning the game, not the points of the
// next turns. Each node keeps the value of the side that chose its action,
// and a seat picks by its own side's value (max^n), so partnerships and
// more than two players are searched as they play.
//
// The value at the end of a rollout: 1 for the sides that won a game that
// has ended (shared among them), else each side's chance from how far it
// stands from the target (win_chances). The search is deterministic: its
// random numbers come from the seat's generator, and the budget is a number
// of iterations, so the same seed and budget give the same move in every
// process and thread. The tree is capped (SearchOptions::max_nodes): past
// it, iterations go on without adding nodes. A Lua hook that fails in the
// search stops the game with its file:line, as anywhere (Bot::error).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/bots.h"
#include "engine/state.h"

namespace zetema {

struct SearchOptions {
  int iterations = 1500;       // per decision: about 30 ms in parlett, 8 ms in sackson
  double exploration = 0.7;    // UCB1's constant, for values in [0, 1]
  size_t max_nodes = 100'000;  // the tree's cap (about 5 MiB)
  int rollout_turn_cap = 400;  // turns past which a rollout is scored as it stands
  // Restricted play ("ismcts+no-KIND"): the searching seat never declares
  // this kind, at the root or in its own decisions in the tree (the greedy
  // rollouts still may: an estimate, not a proof). "": no restriction.
  std::string forbidden_kind;
};

std::unique_ptr<Bot> make_search_bot(const SearchOptions& options);

// Each side's chance of winning the game from this position as scores
// stand: 1 shared among the winners once it is over; otherwise a softmax of
// the points each side still needs to reach the target, with a scale of a
// quarter of the target (a lead of that much is worth e to 1). A game of
// one deal or with no target compares the scores themselves.
std::array<double, kMaxPlayers> win_chances(const State& s);

// One action's estimate at the root of a search: what the studio's review
// and `zetema replay review` show.
struct ActionValue {
  Action action;
  int visits = 0;
  double win_chance = 0;  // the acting side's mean value over its visits
};
// Searches the position for its current seat and returns each legal
// action's estimate, in the order of `legal`, and the chosen index.
struct [[nodiscard]] SearchResult {
  std::vector<ActionValue> actions;
  size_t chosen = 0;
  std::optional<ScriptError> error;  // a hook failed: no estimate
};
SearchResult search_position(const State& s, const LegalActions& legal, Rng& rng,
                             const SearchOptions& options);

}  // namespace zetema
