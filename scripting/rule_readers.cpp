#include "scripting/rule_readers.h"

#include <array>
#include <vector>

namespace zetema::scripting {

namespace rule_keys {

std::string read_bool_into(lua_State* L, int index, bool& out) {
  if (!lua_isboolean(L, index)) return "must be true or false" + got(L, index);
  out = lua_toboolean(L, index);
  return {};
}

std::string read_int_into(lua_State* L, int index, int& out, long long lo, long long hi) {
  const std::string why = read_whole_number(L, index, lo, hi, out);
  return why.empty() ? why : "must be " + why;
}

// The integer range a field declares.
std::string read_int_into(lua_State* L, int index, int& out, const RuleField& f) {
  return read_int_into(L, index, out, f.min, f.max);
}

bool declared(const RuleField& f, const char* name) {
  for (const RuleValue& v : f.values) {
    if (std::string_view(v.name) == name) return true;
  }
  return false;
}

// A table keyed by rank ("A", "2", ..., "K"; "other" for every rank not named).
std::string read_rank_points(lua_State* L, int index, RankPoints& out, bool complete,
                             const RuleField& f) {
  if (!lua_istable(L, index))
    return "must be a table keyed by rank, as {K = 130, ..., other = 100}" + got(L, index);
  index = lua_absindex(L, index);
  std::array<bool, kRanks> given{};
  lua_pushliteral(L, "other");
  if (lua_rawget(L, index) != LUA_TNIL) {
    int v = 0;
    std::string why = read_int_into(L, -1, v, f);
    if (!why.empty()) {
      lua_pop(L, 1);
      return ".other " + why;
    }
    out.fill(v);
    given.fill(true);
  }
  lua_pop(L, 1);
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    const int kt = lua_type(L, -2);
    std::string key = kt == LUA_TSTRING ? lua_tostring(L, -2) : "";
    if (kt == LUA_TNUMBER && lua_isinteger(L, -2)) key = std::to_string(lua_tointeger(L, -2));
    if (key == "other") {
      lua_pop(L, 1);
      continue;
    }
    const int r = key == "1" ? -1 : parse_rank(key);
    if (r < 0) {
      lua_pop(L, 2);
      return "keys must be ranks A 2 3 4 5 6 7 8 9 T J Q K or other" +
             (key.empty() || key.size() > 40 ? std::string() : ", got \"" + key + "\"");
    }
    std::string why = read_int_into(L, -1, out[r], f);
    lua_pop(L, 1);
    if (!why.empty()) {
      lua_pop(L, 1);
      return "." + key + " " + why;
    }
    given[r] = true;
  }
  if (complete) {
    for (int r = 0; r < kRanks; ++r) {
      if (!given[r])
        return std::string("gives no value for rank ") + rank_char(r) + " (add it or other)";
    }
  }
  return {};
}

void push_optional_int(lua_State* L, const std::optional<int>& v) {
  if (v) {
    lua_pushinteger(L, *v);
  } else {
    lua_pushboolean(L, 0);
  }
}

void push_rank_points(lua_State* L, const RankPoints& p) {
  lua_createtable(L, 0, kRanks);
  for (int r = 0; r < kRanks; ++r) {
    const char name = rank_char(r);
    lua_pushlstring(L, &name, 1);
    lua_pushinteger(L, p[r]);
    lua_rawset(L, -3);
  }
}

}  // namespace rule_keys

using rule_keys::got;

// The generic reader of a table with named subkeys (as `points`).
std::string read_subkeys(lua_State* L, int index, Ruleset& rules, bool complete,
                         const RuleField& field) {
  std::string names, form;
  std::vector<std::string> keys;
  for (const RuleField& sub : field.subkeys) {
    names += (names.empty() ? "" : ", ") + std::string(sub.key);
    form += (form.empty() ? "" : ", ") + std::string(sub.key) + " = ...";
    keys.emplace_back(sub.key);
  }
  if (!lua_istable(L, index)) return "must be a table {" + form + "}" + got(L, index);
  index = lua_absindex(L, index);
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    const RuleField* sub = nullptr;
    std::string key;
    if (lua_type(L, -2) == LUA_TSTRING) {
      key = lua_tostring(L, -2);
      for (const RuleField& s : field.subkeys) {
        if (key == s.key) sub = &s;
      }
    }
    if (!sub) {  // ".sequense is not a key of points (did you mean 'sequence'?); its keys ..."
      std::string shown = key.size() <= 40 ? "." + key : "." + key.substr(0, 40) + "...";
      if (lua_type(L, -2) == LUA_TNUMBER && lua_isinteger(L, -2)) {
        shown = "[" + std::to_string(lua_tointeger(L, -2)) + "]";
      } else if (lua_type(L, -2) != LUA_TSTRING) {
        shown = "[" + std::string(luaL_typename(L, -2)) + "]";
      }
      const std::string guess = key.empty() ? "" : suggest_key(key, keys);
      lua_pop(L, 2);
      return shown + " is not a key of " + field.key +
             (guess.empty() ? "" : " (did you mean '" + guess + "'?)") + "; its keys are " + names;
    }
    std::string why = sub->read(L, -1, rules, complete, *sub);
    lua_pop(L, 1);
    if (!why.empty()) {
      lua_pop(L, 1);
      return "." + key + (why[0] == '.' || why[0] == '[' ? "" : " ") + why;
    }
  }
  if (complete) {
    for (const RuleField& sub : field.subkeys) {
      lua_pushstring(L, sub.key);
      const bool missing = lua_rawget(L, index) == LUA_TNIL;
      lua_pop(L, 1);
      if (missing && sub.required) return std::string("must give ") + sub.key;
    }
  }
  return {};
}

}  // namespace zetema::scripting
