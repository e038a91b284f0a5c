// The library functions the sandbox replaces (DESIGN.md §4): the ones that
// can do unbounded work inside one C call charge the instruction budget for
// it first; the coroutine functions check the native stack; xpcall's
// message handler cannot run once a call is killed; tostring, string.format,
// pairs and next are deterministic.
#pragma once

struct lua_State;

namespace zetema::scripting {

// Replaces the functions in the library tables (package.loaded) and sets
// the guarded base functions (xpcall, tostring, pairs, next, tonumber) in
// the table at `globals`.
void install_guarded_library(lua_State* L, int globals);

}  // namespace zetema::scripting
