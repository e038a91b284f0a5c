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
// Points the view at `s` (or at nothing, with nullptr).
void bind_state_view(lua_State* L, int ref, const State* s);

// Helpers shared with the hook bindings.
void push_card_list(lua_State* L, CardSet cards);
void push_rank(lua_State* L, int rank);

}  // namespace zetema::scripting
