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

// Helpers shared with the hook bindings.
void push_card_list(lua_State* L, CardSet cards);
void push_rank(lua_State* L, int rank);

}  // namespace zetema::scripting
