// What the sandbox makes deterministic, so the same variant and seed give
// the same game in any process (sandbox.h): tostring and string.format's %s
// name a table, function or coroutine by a number the state gives it on
// first sight, never by its address; pairs and next visit a table's keys in
// a sorted order, never in the order of the hashes Lua seeds afresh in every
// process. Installed by install_guarded_library (sandbox_lib.h).
#pragma once

struct lua_State;

namespace zetema::scripting {

// The registry's weak-keyed tables the numbers and orders are kept in.
void make_determinism_tables(lua_State* L);

// True if the value at `i` would print its address: a reference without
// __tostring. Then pushes "<type or __name>: #<id>" in its place.
bool push_object_name(lua_State* L, int i);

// tostring; next; pairs (upvalue 1 the original pairs, upvalue 2 our next),
// which keeps a table's own __pairs.
int l_tostring(lua_State* L);
int l_next(lua_State* L);
int l_pairs(lua_State* L);

// Forgets the numbers tostring gave (they start again from #1), so what a
// call shows depends on that call alone, not on the calls before it (a bot
// trying moves calls hooks that a replay's re-derivation never makes).
// Allocates nothing: safe outside a protected call.
void restart_object_ids(lua_State* L);

}  // namespace zetema::scripting
