// The library functions the sandbox replaces (docs/architecture.md,
// "The sandbox"): the ones that can do unbounded work inside one C call
// charge the instruction budget for it first; the coroutine functions check
// the native stack; xpcall's message handler cannot run once a call is
// killed; tostring, string.format, pairs and next are deterministic
// (sandbox_determinism.h).
#pragma once

#include <lua.hpp>

namespace zetema::scripting {

// Replaces the functions in the library tables (package.loaded) and sets
// the guarded base functions (xpcall, tostring, pairs, next, tonumber) in
// the table at `globals`.
void install_guarded_library(lua_State* L, int globals);

// Calls the original function (upvalue 1) with this call's arguments.
inline int call_original(lua_State* L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

}  // namespace zetema::scripting
