#include "scripting/read_only_table.h"

#include "scripting/sandbox_determinism.h"

namespace zetema::scripting {

namespace {

int l_proxy_len(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, lua_upvalueindex(1))));
  return 1;
}

// next over the plain table (upvalue 1), whatever table it is given: the
// proxy, as pairs hands it out.
int l_proxy_next(lua_State* L) {
  lua_settop(L, 2);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_replace(L, 1);
  return l_next(L);
}

// pairs(proxy) walks the plain table, in the sandbox's sorted order. It
// hands out the proxy as the loop's state, never the plain table: with
// that, `local _, t = pairs(string)` would give a hook a table it can write.
int l_proxy_pairs(lua_State* L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushcclosure(L, l_proxy_next, 1);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

}  // namespace

void push_read_only(lua_State* L, int index, lua_CFunction refuse) {
  index = lua_absindex(L, index);
  lua_newtable(L);           // the proxy
  lua_createtable(L, 0, 5);  // its metatable
  lua_pushvalue(L, index);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, refuse);
  lua_setfield(L, -2, "__newindex");
  lua_pushvalue(L, index);
  lua_pushcclosure(L, l_proxy_len, 1);
  lua_setfield(L, -2, "__len");
  lua_pushvalue(L, index);
  lua_pushcclosure(L, l_proxy_pairs, 1);
  lua_setfield(L, -2, "__pairs");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
}

}  // namespace zetema::scripting
