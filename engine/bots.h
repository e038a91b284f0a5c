// Bots: players the engine can seat. Each sees the state through the eyes
// of its seat: its own hand and what is face up (tableau, marriage pile,
// scores, counts); the greedy bot previews only the points of its own action.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/action.h"
#include "engine/hooks.h"
#include "engine/legal_list.h"
#include "engine/rng.h"
#include "engine/state.h"

namespace zetema {

class Bot {
 public:
  // What choose returns when a Lua hook failed while the bot looked ahead
  // (a search plays hooks itself): error() then says which, and the game
  // stops with its file:line as for a hook the game itself called.
  static constexpr size_t kFailed = static_cast<size_t>(-1);

  virtual ~Bot() = default;
  virtual std::string_view name() const = 0;
  // Index into `legal` (never empty) of the action to play, or kFailed.
  virtual size_t choose(const State& s, const LegalActions& legal, Rng& rng) = 0;
  // The failure behind the last kFailed.
  virtual std::optional<ScriptError> error() const { return std::nullopt; }
};

// "random": uniform over the legal actions.
// "greedy": the best immediate score; otherwise keeps what may score later.
// "imperial": greedy, but keeps the imperial suit for flushes and sequences.
// "hoarder": keeps kings and queens to declare two or more marriages at once.
// "assembler": keeps cards of ranks it holds twice or more while all five
//   may still come together.
// "mc" (or "mc:N"): determinized Monte Carlo, N playouts a decision.
// "ismcts" (or "ismcts:N"): information-set tree search, N iterations a
//   decision (ismcts_bot.h); "ismcts[:N]+no-KIND" the same, never
//   declaring KIND (restricted play).
// nullptr for an unknown name.
std::unique_ptr<Bot> make_bot(std::string_view name);
// The one instance of a bot that keeps nothing between choices ("random"),
// shared by every game and thread, so seating it allocates nothing;
// nullptr for a bot with state (make_bot makes each its own).
Bot* shared_bot(std::string_view name);
// The random bot's pick: uniform over the legal actions. Inline, so the
// game loop draws it without a call for a seat whose bot is the shared
// random one (issue 17).
inline size_t random_pick(const LegalActions& legal, Rng& rng) {
  return rng.below(static_cast<uint32_t>(legal.size()));
}
std::vector<std::string> bot_names();
// The names for messages and help: "random, greedy, ..., mc[:N]".
std::string bot_list();

// The points an action scores at once for the acting player's side (its
// declaration or the zetema its discard completes), hooks included; 0 for
// an action the tables refuse. Reads nothing the player could not see:
// with Lua hooks (which may read any hand) it scores in the seat's view,
// the hidden cards dealt at random.
int immediate_points(const State& s, const Action& a);
// The same in two steps, for previewing many actions of one position:
// the world to preview in (`s` itself when only tables score), then the
// points of one action in it -- one legal_actions lists for `s`, which is
// not checked again.
State preview_world(const State& s);
int preview_points(const State& world, const Action& a);

}  // namespace zetema
