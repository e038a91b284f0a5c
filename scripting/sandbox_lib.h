// The library functions the sandbox replaces (docs/architecture.md,
// "The sandbox"): the ones that can do unbounded work inside one C call
// charge the instruction budget for it first; the coroutine functions check
// the native stack; xpcall's message handler cannot run once a call is
// killed; tostring, string.format, pairs and next are deterministic.
#pragma once

struct lua_State;

namespace zetema::scripting {

// Replaces the functions in the library tables (package.loaded) and sets
// the guarded base functions (xpcall, tostring, pairs, next, tonumber) in
// the table at `globals`.
void install_guarded_library(lua_State* L, int globals);
// Forgets the numbers tostring gave (they start again from #1), so what a
// call shows depends on that call alone, not on the calls before it (a bot
// trying moves calls hooks that a replay's re-derivation never makes).
// Allocates nothing: safe outside a protected call.
void restart_object_ids(lua_State* L);

}  // namespace zetema::scripting
