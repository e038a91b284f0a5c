#include "scripting/choices_reader.h"

#include <algorithm>
#include <lua.hpp>
#include <vector>

#include "engine/choices.h"
#include "scripting/lua_hooks.h"
#include "scripting/lua_values.h"

namespace zetema::scripting {

namespace {

// t[key], raw: a file's tables are read without their metatables.
int raw_field(lua_State* L, int t, const char* key) {
  lua_pushstring(L, key);
  return lua_rawget(L, t);
}

// A choice's name is a word of its notation: "choose NAME OPTION".
bool valid_name(const std::string& name) {
  if (name.empty() || name.size() > 32) return false;
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

std::string read_cards_zone(lua_State* L, int t, ChoiceDef& out) {
  raw_field(L, t, "cards");
  Zone zone = Zone::Hand;
  const bool ok = lua_type(L, -1) == LUA_TSTRING && parse_zone(lua_tostring(L, -1), zone) &&
                  zone != Zone::Stock && zone != Zone::StockBottom;
  lua_pop(L, 1);
  if (!ok) {
    return "options.cards = \"hand\", \"tableau\", \"shown\", \"marriages\" or \"zetemas\"";
  }
  out.options = OptionKind::Cards;
  out.zone = zone;
  return {};
}

std::string read_number_range(lua_State* L, int t, ChoiceDef& out) {
  raw_field(L, t, "number");
  std::string why;
  if (!lua_istable(L, -1) || lua_rawlen(L, -1) != 2) {
    why = "options.number = {lo, hi}";
  } else {
    lua_rawgeti(L, -1, 1);
    why = read_whole_number(L, -1, -10000, 10000, out.lo);
    lua_pop(L, 1);
    lua_rawgeti(L, -1, 2);
    if (why.empty()) why = read_whole_number(L, -1, out.lo, out.lo + kMaxNumberOptions - 1, out.hi);
    lua_pop(L, 1);
    if (!why.empty()) {
      why = "options.number = {lo, hi}, at most " + std::to_string(kMaxNumberOptions) +
            " numbers: " + why;
    }
  }
  lua_pop(L, 1);
  out.options = OptionKind::Number;
  return why;
}

// options = "yes_no" | "seat" | {cards = zone} | {number = {lo, hi}}.
std::string read_options(lua_State* L, int t, ChoiceDef& out) {
  raw_field(L, t, "options");
  const int o = lua_gettop(L);
  std::string why;
  if (lua_type(L, o) == LUA_TSTRING && std::string_view(lua_tostring(L, o)) == "yes_no") {
    out.options = OptionKind::YesNo;
  } else if (lua_type(L, o) == LUA_TSTRING && std::string_view(lua_tostring(L, o)) == "seat") {
    out.options = OptionKind::Seat;
  } else if (lua_istable(L, o) && raw_field(L, o, "cards") != LUA_TNIL) {
    lua_pop(L, 1);
    why = read_cards_zone(L, o, out);
  } else if (lua_istable(L, o)) {
    lua_pop(L, 1);
    why = raw_field(L, o, "number") != LUA_TNIL
              ? (lua_pop(L, 1), read_number_range(L, o, out))
              : (lua_pop(L, 1), std::string("options = \"yes_no\", \"seat\", {cards = zone} or "
                                            "{number = {lo, hi}}"));
  } else {
    why =
        "options = \"yes_no\", \"seat\", {cards = zone} or {number = {lo, hi}}" + quote_value(L, o);
  }
  lua_pop(L, 1);
  return why;
}

// One choice's table at `t`: its options and its apply function.
std::string read_choice(lua_State* L, int t, const std::string& file, int index, ChoiceDef& def,
                        LuaHooks& hooks) {
  if (!lua_istable(L, t)) return "must be a table {options = ..., apply = function}";
  if (std::string why = read_options(L, t, def); !why.empty()) return why;
  if (raw_field(L, t, "apply") != LUA_TFUNCTION) {
    lua_pop(L, 1);
    return "apply must be a function(state, option)";
  }
  lua_Debug ar;
  lua_pushvalue(L, -1);
  lua_getinfo(L, ">S", &ar);
  const std::string at = ar.source[0] == '@' ? ar.source + 1 : file;
  def.origin.file = at;
  def.origin.line = ar.linedefined;
  hooks.set_choice(index, def.name, SourceLocation{at, ar.linedefined});  // pops the function
  return {};
}

}  // namespace

std::string read_choices(lua_State* L, int index, const std::string& file, Ruleset& rules,
                         LuaHooks& hooks) {
  if (!lua_istable(L, index)) return "choices must be a table keyed by choice name";
  // By name, not in the table's own order, which differs from one load to
  // the next: a choice's index must be the same in every process.
  std::vector<std::string> names;
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    lua_pop(L, 1);
    if (lua_type(L, -1) != LUA_TSTRING || !valid_name(lua_tostring(L, -1)) ||
        names.size() > static_cast<size_t>(kMaxChoices)) {
      const std::string bad = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
      lua_pop(L, 1);
      return names.size() > static_cast<size_t>(kMaxChoices)
                 ? "at most " + std::to_string(kMaxChoices) + " choices"
                 : "choices are named by words of a-z, 0-9, _ and - (at most 32), not '" + bad +
                       "'";
    }
    names.emplace_back(lua_tostring(L, -1));
  }
  std::sort(names.begin(), names.end());
  for (const std::string& name : names) {
    lua_pushlstring(L, name.data(), name.size());
    lua_rawget(L, index);
    int at = choice_index(rules, name);
    if (at < 0) {
      if (rules.choices.size() >= static_cast<size_t>(kMaxChoices)) {
        lua_pop(L, 1);
        return "at most " + std::to_string(kMaxChoices) + " choices";
      }
      at = static_cast<int>(rules.choices.size());
      rules.choices.emplace_back();
    }
    ChoiceDef def;
    def.name = name;
    std::string why = read_choice(L, lua_gettop(L), file, at, def, hooks);
    lua_pop(L, 1);  // the choice's table
    if (!why.empty()) return "choices." + name + ": " + why;
    rules.choices[static_cast<size_t>(at)] = def;
  }
  return {};
}

}  // namespace zetema::scripting
