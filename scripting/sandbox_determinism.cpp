// What the sandbox makes deterministic (sandbox_determinism.h): the names
// tostring and string.format give objects, and the order of pairs and next.
#include "scripting/sandbox_determinism.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <lua.hpp>
#include <string_view>
#include <vector>

#include "scripting/sandbox.h"
#include "scripting/sandbox_lib.h"

namespace zetema::scripting {

namespace {

constexpr const char* kIdsKey = "zetema.ids";            // object -> its number (weak keys)
constexpr const char* kOrderKeysKey = "zetema.order.k";  // table -> its keys, sorted
constexpr const char* kOrderPosKey = "zetema.order.p";   // table -> key -> place in that list

// Names: tostring and string.format's %s show a number the state gives each
// table, function or coroutine the first time it is shown, never an address.

bool is_reference(int type) {
  return type == LUA_TTABLE || type == LUA_TFUNCTION || type == LUA_TTHREAD ||
         type == LUA_TUSERDATA || type == LUA_TLIGHTUSERDATA;
}

// The value at `i`'s number, given on first sight.
lua_Integer object_id(lua_State* L, int i) {
  i = lua_absindex(L, i);
  lua_getfield(L, LUA_REGISTRYINDEX, kIdsKey);
  lua_pushvalue(L, i);
  lua_Integer id = 0;
  if (lua_rawget(L, -2) == LUA_TNUMBER) {
    id = lua_tointeger(L, -1);
  } else {
    id = ++Sandbox::from(L)->last_object_id();
    lua_pushvalue(L, i);
    lua_pushinteger(L, id);
    lua_rawset(L, -4);
  }
  lua_pop(L, 2);
  return id;
}

// Iteration: pairs and next visit a table's keys in a sorted order
// (booleans, then numbers, then strings byte by byte), taken when a
// traversal starts (next(t, nil)) and kept until the next one starts. Lua's
// own order follows string hashes, which are seeded afresh in every process.

struct KeyRank {
  int rank = 0;  // 0 boolean, 1 number, 2 string, 3 anything else
  bool is_int = false;
  lua_Integer i = 0;
  long double d = 0;
  std::string_view s;
  lua_Integer slot = 0;  // its place in the unsorted list
};

bool key_less(const KeyRank& a, const KeyRank& b) {
  if (a.rank != b.rank) return a.rank < b.rank;
  if (a.rank == 2) return a.s < b.s;
  if (a.rank == 1 && a.is_int && b.is_int) return a.i < b.i;
  return a.d < b.d;
}

KeyRank rank_key(lua_State* L, int i, lua_Integer slot) {
  KeyRank k;
  k.slot = slot;
  switch (lua_type(L, i)) {
    case LUA_TBOOLEAN:
      k.d = lua_toboolean(L, i);
      break;
    case LUA_TNUMBER:
      k.rank = 1;
      k.is_int = lua_isinteger(L, i);
      k.i = lua_tointeger(L, i);
      k.d = k.is_int ? static_cast<long double>(k.i) : lua_tonumber(L, i);
      break;
    case LUA_TSTRING: {
      k.rank = 2;
      size_t n = 0;
      const char* s = lua_tolstring(L, i, &n);
      k.s = std::string_view(s, n);
      break;
    }
    default:
      k.rank = 3;
  }
  return k;
}

// Pushes the registry's weak-keyed table `key`.
void push_order_cache(lua_State* L, const char* key) {
  lua_getfield(L, LUA_REGISTRYINDEX, key);
}

// Takes the order of table `t`'s keys now; pushes the sorted list and the
// key -> place map, and remembers both for the traversal.
void snapshot_order(lua_State* L, int t) {
  lua_newtable(L);
  const int unsorted = lua_gettop(L);
  lua_Integer n = 0;
  lua_pushnil(L);
  while (lua_next(L, t) != 0) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, unsorted, ++n);
  }
  const auto count = static_cast<uint64_t>(n);
  Sandbox::from(L)->charge(L, count * static_cast<uint64_t>(std::bit_width(count) + 1),
                           "pairs/next");
  std::vector<KeyRank> keys;
  keys.reserve(static_cast<size_t>(n));
  int references = 0;
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, unsorted, i);
    keys.push_back(rank_key(L, -1, i));  // strings stay alive in `unsorted`
    references += keys.back().rank == 3;
    lua_pop(L, 1);
  }
  if (references > 1) {
    luaL_error(L,
               "pairs/next over a table with %d table, function or coroutine keys: their order "
               "would differ from run to run; keep such values in a list and use ipairs",
               references);
  }
  std::sort(keys.begin(), keys.end(), key_less);
  lua_createtable(L, static_cast<int>(n), 0);
  const int sorted = lua_gettop(L);
  lua_createtable(L, 0, static_cast<int>(n));
  const int pos = lua_gettop(L);
  for (size_t j = 0; j < keys.size(); ++j) {
    lua_rawgeti(L, unsorted, keys[j].slot);
    lua_pushvalue(L, -1);
    lua_rawseti(L, sorted, static_cast<lua_Integer>(j + 1));
    lua_pushinteger(L, static_cast<lua_Integer>(j + 1));
    lua_rawset(L, pos);
  }
  push_order_cache(L, kOrderKeysKey);
  lua_pushvalue(L, t);
  lua_pushvalue(L, sorted);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  push_order_cache(L, kOrderPosKey);
  lua_pushvalue(L, t);
  lua_pushvalue(L, pos);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  lua_remove(L, unsorted);
}

// The place of key `k` in `t`'s remembered order (0 if not there); leaves
// the sorted list on the stack when found.
lua_Integer remembered_place(lua_State* L, int t, int k) {
  push_order_cache(L, kOrderPosKey);
  lua_pushvalue(L, t);
  if (lua_rawget(L, -2) != LUA_TTABLE) {
    lua_pop(L, 2);
    return 0;
  }
  lua_pushvalue(L, k);
  const lua_Integer place = lua_rawget(L, -2) == LUA_TNUMBER ? lua_tointeger(L, -1) : 0;
  lua_pop(L, 3);
  if (place == 0) return 0;
  push_order_cache(L, kOrderKeysKey);
  lua_pushvalue(L, t);
  lua_rawget(L, -2);
  lua_remove(L, -2);
  return place;
}

// A registry table with weak keys, so remembering an object keeps it alive
// no longer than the script does.
void make_weak_table(lua_State* L, const char* key) {
  lua_newtable(L);
  lua_newtable(L);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_setfield(L, LUA_REGISTRYINDEX, key);
}

}  // namespace

void make_determinism_tables(lua_State* L) {
  for (const char* key : {kIdsKey, kOrderKeysKey, kOrderPosKey}) make_weak_table(L, key);
}

bool push_object_name(lua_State* L, int i) {
  i = lua_absindex(L, i);
  if (!is_reference(lua_type(L, i))) return false;
  if (luaL_getmetafield(L, i, "__tostring") != LUA_TNIL) {
    lua_pop(L, 1);
    return false;
  }
  const lua_Integer id = object_id(L, i);
  const int name = luaL_getmetafield(L, i, "__name");  // pushes nothing if nil
  if (name == LUA_TSTRING) {
    lua_pushfstring(L, "%s: #%I", lua_tostring(L, -1), static_cast<LUAI_UACINT>(id));
    lua_remove(L, -2);
  } else {
    if (name != LUA_TNIL) lua_pop(L, 1);
    lua_pushfstring(L, "%s: #%I", luaL_typename(L, i), static_cast<LUAI_UACINT>(id));
  }
  return true;
}

int l_tostring(lua_State* L) {
  luaL_checkany(L, 1);
  if (!push_object_name(L, 1)) luaL_tolstring(L, 1, nullptr);
  return 1;
}

int l_next(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  lua_Integer from = 0;
  if (lua_isnil(L, 2)) {
    snapshot_order(L, 1);
    lua_pop(L, 1);  // the place map
  } else if ((from = remembered_place(L, 1, 2)) == 0) {
    // No traversal of this table began with next(t, nil): take the order
    // now, as Lua's next would accept any key of the table.
    snapshot_order(L, 1);
    lua_pop(L, 2);
    from = remembered_place(L, 1, 2);
    if (from == 0) return luaL_error(L, "invalid key to 'next'");
  }
  const int sorted = lua_gettop(L);
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, sorted));
  for (lua_Integer j = from + 1; j <= n; ++j) {
    lua_rawgeti(L, sorted, j);
    lua_pushvalue(L, -1);
    if (lua_rawget(L, 1) != LUA_TNIL) return 2;  // a key removed since is skipped
    lua_pop(L, 2);
  }
  lua_pushnil(L);
  return 1;
}

int l_pairs(lua_State* L) {
  luaL_checkany(L, 1);
  if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
    lua_pop(L, 1);
    lua_settop(L, 1);
    return call_original(L);
  }
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

void restart_object_ids(lua_State* L) {
  int64_t& last = Sandbox::from(L)->last_object_id();
  if (last == 0) return;  // nothing numbered since the last restart: nothing to clear
  last = 0;
  if (lua_getfield(L, LUA_REGISTRYINDEX, kIdsKey) != LUA_TTABLE) {
    lua_pop(L, 1);
    return;
  }
  // Clearing fields while traversing is allowed (lua_next), and a nil
  // assigned to an existing key allocates nothing.
  lua_pushnil(L);
  while (lua_next(L, -2) != 0) {
    lua_pop(L, 1);         // the value
    lua_pushvalue(L, -1);  // the key, kept for lua_next
    lua_pushnil(L);
    lua_rawset(L, -4);
  }
  lua_pop(L, 1);
}

}  // namespace zetema::scripting
