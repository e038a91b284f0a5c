#include "scripting/lua_hooks.h"

#include <lua.hpp>

#include "engine/state.h"
#include "scripting/lua_values.h"
#include "scripting/state_view.h"

namespace zetema::scripting {

namespace {

void push_declaration(lua_State* L, const DeclarationInfo& d) {
  lua_createtable(L, 0, 9);
  lua_pushinteger(L, d.player + 1);
  lua_setfield(L, -2, "player");
  const std::string_view kind = to_string(d.kind);
  lua_pushlstring(L, kind.data(), kind.size());
  lua_setfield(L, -2, "kind");
  push_card_list(L, d.cards);
  lua_setfield(L, -2, "cards");
  lua_pushinteger(L, d.table_points);
  lua_setfield(L, -2, "points");
  if (d.kind == DeclKind::Marriages) {
    lua_pushinteger(L, d.marriages);
    lua_setfield(L, -2, "marriages");
    lua_pushinteger(L, d.imperial);
    lua_setfield(L, -2, "imperial");
    lua_pushinteger(L, d.imperial_before);
    lua_setfield(L, -2, "imperial_before");
    lua_pushinteger(L, d.base);
    lua_setfield(L, -2, "base");
    lua_pushinteger(L, d.bonus);
    lua_setfield(L, -2, "bonus");
  } else if (d.kind == DeclKind::Assembly) {
    push_rank(L, d.cards.cards().front().rank());
    lua_setfield(L, -2, "rank");
  }
}

void push_zetema(lua_State* L, const ZetemaInfo& z) {
  lua_createtable(L, 0, 3);
  lua_pushinteger(L, z.player + 1);
  lua_setfield(L, -2, "player");
  push_rank(L, z.rank);
  lua_setfield(L, -2, "rank");
  lua_pushinteger(L, z.table_points);
  lua_setfield(L, -2, "points");
}

// false, or the list of winning sides (1-based).
void push_verdict(lua_State* L, const GameVerdict& v, int sides) {
  if (!v.over) {
    lua_pushboolean(L, 0);
    return;
  }
  lua_newtable(L);
  int n = 0;
  for (int side = 0; side < sides; ++side) {
    if (v.winners & (1u << side)) {
      lua_pushinteger(L, side + 1);
      lua_rawseti(L, -2, ++n);
    }
  }
  if (n == 0) {  // "highest wins" is said as true
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
  }
}

// Hook points: whole numbers within the tables' own range.
std::string read_integer(lua_State* L, int& out) {
  return read_whole_number(L, -1, -1'000'000, 1'000'000, out);
}

std::string read_boolean(lua_State* L, bool& out) {
  if (!lua_isboolean(L, -1)) return std::string("a boolean, got ") + luaL_typename(L, -1);
  out = lua_toboolean(L, -1);
  return {};
}

}  // namespace

LuaHooks::LuaHooks(std::shared_ptr<Sandbox> sandbox) : sandbox_(std::move(sandbox)) {
  refs_.fill(-1);
  view_ref_ = create_state_view(sandbox_->L());
}

LuaHooks::~LuaHooks() = default;  // the refs die with the sandbox's Lua state

void LuaHooks::set(Hook h, const SourceLocation& where) {
  lua_State* L = sandbox_->L();
  int& ref = refs_[static_cast<int>(h)];
  if (ref >= 0) luaL_unref(L, LUA_REGISTRYINDEX, ref);
  ref = luaL_ref(L, LUA_REGISTRYINDEX);
  where_[static_cast<int>(h)] = where;
}

bool LuaHooks::any() const {
  for (int r : refs_) {
    if (r >= 0) return true;
  }
  return false;
}

template <class T, class PushArgs, class Read>
HookReturn<T> LuaHooks::invoke(Hook h, const State& s, Rng& rng, PushArgs&& push_args, Read&& read,
                               int nresults) {
  lua_State* L = sandbox_->L();
  HookReturn<T> out;
  lua_rawgeti(L, LUA_REGISTRYINDEX, refs_[static_cast<int>(h)]);
  bind_state_view(L, view_ref_, &s);
  lua_rawgeti(L, LUA_REGISTRYINDEX, view_ref_);
  const int nargs = 1 + push_args(L);
  sandbox_->set_rng(&rng);
  out.error = sandbox_->call(nargs, nresults, sandbox_->limits().call_instructions);
  sandbox_->set_rng(nullptr);
  bind_state_view(L, view_ref_, nullptr);
  if (out.error) return out;
  const std::string bad = read(L, out.value);
  lua_pop(L, nresults);
  if (!bad.empty()) {
    const SourceLocation at = where(h);
    out.error = ScriptError{ScriptError::Kind::Runtime, at.file, at.line,
                            std::string(hook_name(h)) + " must return " + bad};
  }
  return out;
}

HookReturn<int> LuaHooks::score_declaration(const State& s, Rng& rng, const DeclarationInfo& d) {
  return invoke<int>(
      Hook::ScoreDeclaration, s, rng,
      [&](lua_State* L) {
        push_declaration(L, d);
        return 1;
      },
      read_integer);
}

HookReturn<int> LuaHooks::score_marriages(const State& s, Rng& rng, const DeclarationInfo& d) {
  return invoke<int>(
      Hook::ScoreMarriages, s, rng,
      [&](lua_State* L) {
        push_declaration(L, d);
        return 1;
      },
      read_integer);
}

HookReturn<int> LuaHooks::score_zetema(const State& s, Rng& rng, const ZetemaInfo& z) {
  return invoke<int>(
      Hook::ScoreZetema, s, rng,
      [&](lua_State* L) {
        push_zetema(L, z);
        return 1;
      },
      read_integer);
}

HookReturn<AllowVerdict> LuaHooks::allow_declaration(const State& s, Rng& rng,
                                                     const DeclarationInfo& d) {
  // Two results: allowed[, reason].
  return invoke<AllowVerdict>(
      Hook::AllowDeclaration, s, rng,
      [&](lua_State* L) {
        push_declaration(L, d);
        return 1;
      },
      [](lua_State* L, AllowVerdict& v) -> std::string {
        if (!lua_isboolean(L, -2)) return std::string("a boolean, got ") + luaL_typename(L, -2);
        v.allowed = lua_toboolean(L, -2);
        if (lua_type(L, -1) == LUA_TSTRING) v.reason = lua_tostring(L, -1);
        return {};
      },
      2);
}

HookReturn<bool> LuaHooks::after_zetema(const State& s, Rng& rng, const ZetemaInfo& z, bool chain) {
  return invoke<bool>(
      Hook::AfterZetema, s, rng,
      [&](lua_State* L) {
        push_zetema(L, z);
        lua_pushboolean(L, chain);
        return 2;
      },
      read_boolean);
}

HookReturn<bool> LuaHooks::hand_over(const State& s, Rng& rng, bool by_table) {
  return invoke<bool>(
      Hook::HandOver, s, rng,
      [&](lua_State* L) {
        lua_pushboolean(L, by_table);
        return 1;
      },
      read_boolean);
}

HookReturn<GameVerdict> LuaHooks::game_over(const State& s, Rng& rng, GameMoment when,
                                            const GameVerdict& by_table) {
  const int sides = s.sides;
  return invoke<GameVerdict>(
      Hook::GameOver, s, rng,
      [&](lua_State* L) {
        lua_pushstring(L, when == GameMoment::Score ? "score" : "hand_end");
        push_verdict(L, by_table, sides);
        return 2;
      },
      [&](lua_State* L, GameVerdict& v) -> std::string {
        // nil/false: goes on; true: over, highest wins; {sides}: those win.
        const int t = lua_type(L, -1);
        if (t == LUA_TNIL || t == LUA_TBOOLEAN) {
          v.over = lua_toboolean(L, -1);
          return {};
        }
        if (t != LUA_TTABLE) {
          return std::string("false, true or a list of winning sides, got ") + luaL_typename(L, -1);
        }
        v.over = true;
        const lua_Unsigned n = lua_rawlen(L, -1);
        for (lua_Unsigned i = 1; i <= n && i <= 8; ++i) {
          lua_rawgeti(L, -1, static_cast<lua_Integer>(i));
          const lua_Integer side = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 0;
          lua_pop(L, 1);
          if (side < 1 || side > sides)
            return "winning sides numbered 1 to " + std::to_string(sides);
          v.winners = static_cast<uint8_t>(v.winners | (1u << (side - 1)));
        }
        return {};
      });
}

}  // namespace zetema::scripting
