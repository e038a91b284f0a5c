// The read-only view of the game state that hooks receive as `state`.
//
// One userdata per sandbox, pointed at the State only for the duration of a
// hook call; used outside a call (kept in an upvalue) it raises an error
// instead of reading freed memory. Every field is read through __index;
// assigning to it is an error. The fields are listed in
// docs/variant-authoring.md.
#pragma once

#include "engine/state.h"

struct lua_State;

namespace zetema::scripting {

// Creates the view userdata and leaves it in the registry; returns its ref.
int create_state_view(lua_State* L);
// The view's pointer to the State it reads: set it for the duration of a
// call, and back to nullptr after. A userdata never moves, and the view
// lives as long as the Lua state (its registry ref is never released), so
// the slot can be kept and written without touching Lua.
const State** state_view_slot(lua_State* L, int ref);

// The strings the bindings push on every call -- every card's and rank's
// notation and the argument tables' keys -- made once per Lua state and
// kept in its registry, so a call neither formats nor re-interns them.
enum class Key : int {
  Player,
  Kind,
  Cards,
  Points,
  Marriages,
  Imperial,
  ImperialBefore,
  Base,
  Bonus,
  Rank,
  FedBy,
  Refill,
  Draw,
  Discard,
  Count
};
// Pushes the table of names (made on first use); index it with name_index.
void push_names(lua_State* L);
constexpr int name_index(Card c) {
  return 1 + c.code();
}
constexpr int name_index_of_rank(int rank) {
  return 1 + Card::kCodes + rank;
}
constexpr int name_index(Key k) {
  return 1 + Card::kCodes + kRanks + static_cast<int>(k);
}
// t[key] = the value on top of the stack (popped); `names` and `t` are
// absolute indices of the names table and the table.
void set_key(lua_State* L, int names, int t, Key key);

// Helpers shared with the hook bindings.
void push_card_list(lua_State* L, CardSet cards);
// The same, reading the names table at absolute index `names`.
void push_card_list(lua_State* L, int names, CardSet cards);
void push_rank(lua_State* L, int rank);

}  // namespace zetema::scripting
