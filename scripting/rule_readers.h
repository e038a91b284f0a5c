// What the registry's keys are declared with (rule_fields.h): reading a
// value from Lua into the Ruleset, and showing it as `zetema rules-table`
// does. The generic readers (a boolean, a name, an integer) and shows serve
// most keys; a key with a form of its own has its reader and show function
// beside its declaration, in its section's file (rule_keys.h).
//
// Every read is raw (lua_rawget, lua_rawgeti, lua_next): a table in a
// variant file may carry metamethods, and reading rules must never run them.
#pragma once

#include <lua.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "engine/rule_parameters.h"
#include "engine/ruleset.h"
#include "scripting/lua_values.h"
#include "scripting/rule_fields.h"

namespace zetema::scripting::rule_keys {

// The most points any table may give.
inline constexpr int kMaxPoints = 1'000'000;

// ", got 6", as the messages end.
inline std::string got(lua_State* L, int index) {
  return quote_value(L, index);
}

std::string read_bool_into(lua_State* L, int index, bool& out);
std::string read_int_into(lua_State* L, int index, int& out, long long lo, long long hi);
// The integer range a field declares.
std::string read_int_into(lua_State* L, int index, int& out, const RuleField& f);

// Whether `name` is one of the field's declared values.
bool declared(const RuleField& f, const char* name);

// One of the field's declared names, parsed by `parse`.
template <class E, class Parse>
std::string read_name_into(lua_State* L, int index, E& out, const RuleField& f, Parse&& parse) {
  if (lua_type(L, index) != LUA_TSTRING || !declared(f, lua_tostring(L, index)) ||
      !parse(lua_tostring(L, index), out)) {
    const std::string seen = lua_type(L, index) == LUA_TSTRING && lua_rawlen(L, index) <= 40
                                 ? std::string(", got \"") + lua_tostring(L, index) + "\""
                                 : got(L, index);
    return "must be one of " + quoted_values(f) + seen;
  }
  return {};
}
template <class E>
std::string read_enum_into(lua_State* L, int index, E& out, const RuleField& f) {
  return read_name_into(L, index, out, f,
                        [](const char* s, E& e) { return parse_enum(std::string_view(s), e); });
}

// A table keyed by player count (2..6). `read_one` reads the value on top.
template <class F>
std::string read_per_players(lua_State* L, int index, bool complete, F&& read_one) {
  if (!lua_istable(L, index))
    return "must be a table keyed by player count, as {[2] = 6, ...}" + got(L, index);
  index = lua_absindex(L, index);
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    if (!lua_isinteger(L, -2) || lua_tointeger(L, -2) < kMinPlayers ||
        lua_tointeger(L, -2) > kMaxPlayers) {
      lua_pop(L, 2);
      return "keys must be player counts 2 to 6";
    }
    const int n = static_cast<int>(lua_tointeger(L, -2));
    std::string why = read_one(n);
    lua_pop(L, 1);
    if (!why.empty()) {
      lua_pop(L, 1);
      return "[" + std::to_string(n) + "] " + why;
    }
  }
  if (complete) {
    for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
      if (lua_rawgeti(L, index, n) == LUA_TNIL) {
        lua_pop(L, 1);
        return "must give every player count from 2 to 6; [" + std::to_string(n) + "] is missing";
      }
      lua_pop(L, 1);
    }
  }
  return {};
}

// A table keyed by rank ("A", "2", ..., "K"; "other" for every rank not named).
std::string read_rank_points(lua_State* L, int index, RankPoints& out, bool complete,
                             const RuleField& f);

// --- generic readers: a boolean, a name, an integer ------------------------

template <bool Ruleset::*M>
std::string rd_bool(lua_State* L, int i, Ruleset& r, bool, const RuleField&) {
  return read_bool_into(L, i, r.*M);
}
template <auto M>
std::string rd_enum(lua_State* L, int i, Ruleset& r, bool, const RuleField& f) {
  return read_enum_into(L, i, r.*M, f);
}
template <int Ruleset::*M>
std::string rd_int(lua_State* L, int i, Ruleset& r, bool, const RuleField& f) {
  return read_int_into(L, i, r.*M, f);
}

// --- how rules-table shows a value ------------------------------------------

inline std::string optional_int(const std::optional<int>& v) {
  return v ? std::to_string(*v) : "none";
}

template <bool Ruleset::*M>
std::string sh_bool(const Ruleset& r) {
  return yes_no(r.*M);
}
template <auto M>
std::string sh_enum(const Ruleset& r) {
  return std::string(to_string(r.*M));
}
template <int Ruleset::*M>
std::string sh_int(const Ruleset& r) {
  return std::to_string(r.*M);
}

// --- how state.rules gives a value (FieldPush) ------------------------------

template <bool Ruleset::*M>
void pu_bool(lua_State* L, const Ruleset& r) {
  lua_pushboolean(L, r.*M);
}
template <auto M>
void pu_enum(lua_State* L, const Ruleset& r) {
  const std::string_view name = to_string(r.*M);
  lua_pushlstring(L, name.data(), name.size());
}
template <int Ruleset::*M>
void pu_int(lua_State* L, const Ruleset& r) {
  lua_pushinteger(L, r.*M);
}
// An optional integer: the number, or false (as a file writes "none").
void push_optional_int(lua_State* L, const std::optional<int>& v);
// A table keyed by player count, 2 to 6, each value pushed by `push_one`
// (which may push nothing for a count a file leaves out).
template <class T, class F>
void push_per_players(lua_State* L, const PerPlayers<T>& v, F&& push_one) {
  lua_createtable(L, kMaxPlayers, 0);
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    if (push_one(v[n])) lua_rawseti(L, -2, n);
  }
}
// A table keyed by rank ("A", "2", ..., "T", "J", "Q", "K"), every rank given.
void push_rank_points(lua_State* L, const RankPoints& p);

}  // namespace zetema::scripting::rule_keys
