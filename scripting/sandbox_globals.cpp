// What a variant file sees (docs/architecture.md, "The sandbox"): the
// allow-listed globals over read-only library tables, math.random on the
// engine's generator, setmetatable without finalizers, and one environment
// per file whose globals turn read-only once the variant is loaded.
#include "scripting/sandbox_globals.h"

#include <lua.hpp>

#include "scripting/read_only_table.h"
#include "scripting/sandbox.h"
#include "scripting/sandbox_lib.h"

namespace zetema::scripting {

namespace {

constexpr const char* kGlobalsKey = "zetema.globals";
constexpr const char* kFrozenKey = "zetema.frozen";

// math.random on the engine's generator (rng.h), with Lua 5.4's interface:
// random() in [0,1), random(m) in [1,m], random(m,n) in [m,n], random(0) all bits.
int l_random(lua_State* L) {
  Rng& rng = Sandbox::from(L)->rng();
  const int n = lua_gettop(L);
  if (n == 0) {
    lua_pushnumber(L, static_cast<lua_Number>(rng.next() >> 11) * 0x1.0p-53);
    return 1;
  }
  lua_Integer lo = 1;
  lua_Integer hi = 0;
  if (n == 1) {
    hi = luaL_checkinteger(L, 1);
    if (hi == 0) {
      lua_pushinteger(L, static_cast<lua_Integer>(rng.next()));
      return 1;
    }
  } else if (n == 2) {
    lo = luaL_checkinteger(L, 1);
    hi = luaL_checkinteger(L, 2);
  } else {
    return luaL_error(L, "wrong number of arguments");
  }
  luaL_argcheck(L, lo <= hi, n, "interval is empty");
  const uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
  luaL_argcheck(L, span < 0xffffffffull, n, "interval too large (at most 2^32 - 1 values)");
  lua_pushinteger(L, lo + static_cast<lua_Integer>(rng.below(static_cast<uint32_t>(span + 1))));
  return 1;
}

// setmetatable that refuses finalizers: a __gc could run at any later
// allocation, outside any budget. Lua only registers a finalizer if __gc is
// present when the metatable is set, so checking here is enough.
int l_setmetatable(lua_State* L) {
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 2) != LUA_TNIL) {
      return luaL_error(L, "finalizers (__gc) are not allowed in variant files");
    }
    lua_pop(L, 1);
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

int l_undefined_global(lua_State* L) {
  if (lua_type(L, 2) == LUA_TSTRING) {
    return luaL_error(L, "undefined global '%s'", lua_tostring(L, 2));
  }
  return luaL_error(L, "undefined global");
}

int l_set_global(lua_State* L) {
  lua_getfield(L, LUA_REGISTRYINDEX, kFrozenKey);
  const bool frozen = lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (frozen || lua_type(L, 2) != LUA_TSTRING) {
    return luaL_error(L,
                      "cannot set global '%s': globals are read-only once a variant is loaded "
                      "(use a local)",
                      lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?");
  }
  lua_settop(L, 3);
  lua_rawset(L, lua_upvalueindex(1));  // into the globals table behind the proxy
  return 0;
}

int l_read_only(lua_State* L) {
  return luaL_error(L, "library tables are read-only");
}

}  // namespace

// The globals every file sees, read-only below each file's own environment.
void Sandbox::make_globals() {
  lua_newtable(L_);  // globals
  const int globals = lua_gettop(L_);
  lua_pushglobaltable(L_);
  for (const char* name :
       {"assert", "error", "ipairs", "next", "pairs", "pcall", "select", "tonumber", "tostring",
        "type", "xpcall", "rawequal", "rawlen", "rawget", "getmetatable", "_VERSION"}) {
    lua_getfield(L_, -1, name);
    lua_setfield(L_, globals, name);
  }
  lua_getfield(L_, -1, "setmetatable");
  lua_pushcclosure(L_, l_setmetatable, 1);
  lua_setfield(L_, globals, "setmetatable");
  lua_pop(L_, 1);  // the real global table

  // The functions that could loop, recurse or show addresses are replaced
  // (in the library tables themselves, which the strings' metatable also
  // uses, so s:rep(...) is guarded too).
  install_guarded_library(L_, globals);

  lua_getfield(L_, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  for (const char* lib : {LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_UTF8LIBNAME, LUA_COLIBNAME}) {
    lua_getfield(L_, -1, lib);
    push_read_only(L_, -1, l_read_only);
    lua_setfield(L_, globals, lib);
    lua_pop(L_, 1);
  }
  // math: a copy without randomseed and with the engine's random.
  lua_getfield(L_, -1, LUA_MATHLIBNAME);
  lua_newtable(L_);
  lua_pushnil(L_);
  while (lua_next(L_, -3) != 0) {
    lua_pushvalue(L_, -2);
    lua_insert(L_, -2);
    lua_rawset(L_, -4);
  }
  lua_pushnil(L_);
  lua_setfield(L_, -2, "randomseed");
  lua_pushcfunction(L_, l_random);
  lua_setfield(L_, -2, "random");
  push_read_only(L_, -1, l_read_only);
  lua_setfield(L_, globals, LUA_MATHLIBNAME);
  lua_pop(L_, 3);  // math copy, math, loaded table

  // Reading an undefined global is an error that names it.
  lua_newtable(L_);
  lua_pushcfunction(L_, l_undefined_global);
  lua_setfield(L_, -2, "__index");
  lua_pushboolean(L_, 0);
  lua_setfield(L_, -2, "__metatable");
  lua_setmetatable(L_, globals);
  lua_setfield(L_, LUA_REGISTRYINDEX, kGlobalsKey);
}

void push_file_environment(lua_State* L) {
  lua_newtable(L);  // the file's own globals
  lua_newtable(L);
  lua_getfield(L, LUA_REGISTRYINDEX, kGlobalsKey);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, -2);
  const int own = lua_gettop(L);
  lua_newtable(L);  // the proxy
  lua_newtable(L);
  lua_pushvalue(L, own);
  lua_setfield(L, -2, "__index");
  lua_pushvalue(L, own);
  lua_pushcclosure(L, l_set_global, 1);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_remove(L, own);
}

void Sandbox::freeze_globals() {
  lua_pushboolean(L_, 1);
  lua_setfield(L_, LUA_REGISTRYINDEX, kFrozenKey);
}

}  // namespace zetema::scripting
