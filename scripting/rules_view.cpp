#include "scripting/rules_view.h"

#include <lua.hpp>

#include "scripting/read_only_table.h"
#include "scripting/rule_fields.h"

namespace zetema::scripting {

namespace {

// The value of one key: its push function, or the table of its subkeys.
void push_field(lua_State* L, const RuleField& f, const Ruleset& rules) {
  if (f.push) {
    f.push(L, rules);
    return;
  }
  lua_createtable(L, 0, static_cast<int>(f.subkeys.size()));
  for (const RuleField& sub : f.subkeys) {
    push_field(L, sub, rules);
    lua_setfield(L, -2, sub.key);
  }
}

int l_rules_read_only(lua_State* L) {
  return luaL_error(L, "the rules are read-only (state.rules gives the variant's tables to read)");
}

// Replaces the plain table on top of the stack by its read-only proxy,
// after doing the same to every table inside it.
void guard(lua_State* L) {
  const int plain = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, plain) != 0) {
    if (lua_istable(L, -1)) {
      guard(L);
      lua_pushvalue(L, -2);  // the key
      lua_insert(L, -2);
      lua_rawset(L, plain);  // replacing an existing key's value is allowed mid-traversal
    } else {
      lua_pop(L, 1);
    }
  }
  push_read_only(L, plain, l_rules_read_only);
  lua_replace(L, plain);
}

}  // namespace

void push_plain_rules(lua_State* L, const Ruleset& rules) {
  const auto fields = rule_fields();
  lua_createtable(L, 0, static_cast<int>(fields.size()));
  for (const RuleField& f : fields) {
    push_field(L, f, rules);
    lua_setfield(L, -2, f.key);
  }
}

int create_rules_view(lua_State* L, const Ruleset& rules) {
  push_plain_rules(L, rules);
  guard(L);
  return luaL_ref(L, LUA_REGISTRYINDEX);
}

}  // namespace zetema::scripting
