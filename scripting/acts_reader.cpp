// Reading a hook's acts: reason, awards, effects and turn control
// (scripting/acts_reader.h).
#include "scripting/acts_reader.h"

#include <algorithm>
#include <lua.hpp>
#include <string_view>

#include "engine/choices.h"
#include "engine/event.h"
#include "engine/state.h"
#include "scripting/lua_values.h"

namespace zetema::scripting {

namespace {

constexpr int kMaxAwards = 16;

}  // namespace

std::string read_points(lua_State* L, int index, int& out) {
  return read_whole_number(L, index, -1'000'000, 1'000'000, out);
}

// The optional reason (at most 200 bytes kept) of the hook's table at `t`,
// counted among this run's reasons.
std::string read_reason(lua_State* L, int t, Reason& out, RunReasons& reasons) {
  const int type = lua_getfield(L, t, "reason");
  std::string why;
  if (type == LUA_TSTRING) {
    size_t len = 0;
    const char* text = lua_tolstring(L, -1, &len);
    why = reasons.keep(std::string_view(text, std::min<size_t>(len, 200)), out);
  } else if (type != LUA_TNIL) {
    why = std::string("reason must be a string, got ") + luaL_typename(L, -1);
  }
  lua_pop(L, 1);
  return why;
}

namespace {

// One award {player = n | side = n, points = n, reason = "..."} at `t`.
std::string read_award(lua_State* L, int t, const State& s, Award& out, RunReasons& reasons) {
  if (!lua_istable(L, t)) return std::string("an award table, got ") + luaL_typename(L, t);
  const bool by_player = lua_getfield(L, t, "player") != LUA_TNIL;
  lua_pop(L, 1);
  const bool by_side = lua_getfield(L, t, "side") != LUA_TNIL;
  lua_pop(L, 1);
  if (by_player == by_side) return "an award names a player or a side (one of them)";
  int who = 0;
  lua_getfield(L, t, by_player ? "player" : "side");
  std::string why = read_whole_number(L, -1, 1, by_player ? s.players : s.sides, who);
  lua_pop(L, 1);
  if (!why.empty())
    return std::string(by_player ? "award player" : "award side") + " must be " + why;
  out.side = by_player ? s.side_of[who - 1] : who - 1;
  lua_getfield(L, t, "points");
  why = read_points(L, -1, out.points);
  lua_pop(L, 1);
  if (!why.empty()) return "award points must be " + why;
  return read_reason(L, t, out.reason, reasons);
}

}  // namespace

// A list of awards at `t`.
std::string read_awards(lua_State* L, int t, const State& s, std::vector<Award>& out,
                        RunReasons& reasons) {
  if (!lua_istable(L, t)) return std::string("awards must be a list, got ") + luaL_typename(L, t);
  const lua_Unsigned n = lua_rawlen(L, t);
  if (n > kMaxAwards) return "at most " + std::to_string(kMaxAwards) + " awards";
  for (lua_Unsigned i = 1; i <= n; ++i) {
    lua_rawgeti(L, t, static_cast<lua_Integer>(i));
    Award a;
    std::string why = read_award(L, lua_gettop(L), s, a, reasons);
    lua_pop(L, 1);
    if (!why.empty()) return "award " + std::to_string(i) + ": " + why;
    out.push_back(std::move(a));
  }
  return {};
}

// {skip = n | "next" | again = true | reverse = true, reason = "..."} at `t`: one
// change to the order of play (TurnControl).
std::string read_turn(lua_State* L, int t, const State& s, TurnControl& out, RunReasons& reasons) {
  if (!lua_istable(L, t)) return std::string("turn must be a table, got ") + luaL_typename(L, t);
  int given = 0;
  if (lua_getfield(L, t, "skip") != LUA_TNIL) {
    ++given;
    out.change = TurnChange::Skip;
    const bool next =
        lua_type(L, -1) == LUA_TSTRING && std::string_view(lua_tostring(L, -1)) == "next";
    int seat = 0;
    const std::string why = next ? std::string() : read_whole_number(L, -1, 1, s.players, seat);
    lua_pop(L, 1);
    if (!why.empty()) return "turn.skip must be \"next\" or " + why;
    // "next": the seat after the scorer's in the order of play as it stands.
    out.seat = next ? s.next_seat(s.current == kNoPlayer ? 0 : s.current) : seat - 1;
  } else {
    lua_pop(L, 1);
  }
  for (const auto& [key, change] :
       {std::pair{"again", TurnChange::Again}, std::pair{"reverse", TurnChange::Reverse}}) {
    const int type = lua_getfield(L, t, key);
    const bool yes = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (type == LUA_TNIL) continue;
    if (type != LUA_TBOOLEAN || !yes) return std::string("turn.") + key + " must be true";
    ++given;
    out.change = change;
  }
  if (given != 1) {
    return "turn must give one of skip = player (or \"next\"), again = true, reverse = true";
  }
  return read_reason(L, t, out.reason, reasons);
}

namespace {

// A place: "stock", "stock_bottom", "tableau", "marriages", "shown",
// "zetemas" or {hand = seat}.
std::string read_place(lua_State* L, int index, const State& s, Place& out) {
  if (lua_istable(L, index)) {
    if (lua_getfield(L, index, "hand") == LUA_TNIL) {
      lua_pop(L, 1);
      return "a place table names a seat: {hand = n}";
    }
    int seat = 0;
    std::string why = read_whole_number(L, -1, 1, s.players, seat);
    lua_pop(L, 1);
    if (!why.empty()) return "hand = " + why;
    out = Place{Zone::Hand, static_cast<uint8_t>(seat - 1)};
    return {};
  }
  Zone zone = Zone::Stock;
  if (lua_type(L, index) != LUA_TSTRING || !parse_zone(lua_tostring(L, index), zone) ||
      zone == Zone::Hand) {
    return "\"stock\", \"stock_bottom\", \"tableau\", \"marriages\", \"shown\", \"zetemas\" or "
           "{hand = n}" +
           quote_value(L, index);
  }
  out = Place{zone};
  return {};
}

// Every key of the table at `t` is one of `allowed`.
std::string only_keys(lua_State* L, int t, std::initializer_list<std::string_view> allowed) {
  lua_pushnil(L);
  while (lua_next(L, t) != 0) {
    lua_pop(L, 1);
    const std::string_view key = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      lua_pop(L, 1);
      std::string list;
      for (std::string_view k : allowed) list += (list.empty() ? "" : ", ") + std::string(k);
      return "an effect has the fields " + list + " only";
    }
  }
  return {};
}

// {move = card | "top" | "bottom", from = place, to = place, reason = "..."}.
std::string read_move(lua_State* L, int t, const State& s, Effect& out) {
  if (std::string why = only_keys(L, t, {"move", "from", "to", "reason"}); !why.empty()) return why;
  lua_getfield(L, t, "move");
  size_t length = 0;
  const char* text = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &length) : nullptr;
  const std::string_view which = text ? std::string_view(text, length) : std::string_view();
  std::string why;
  if (which == "top" || which == "bottom") {
    out.pick = which == "top" ? Effect::Pick::Top : Effect::Pick::Bottom;
  } else {
    const CardParse c = text ? parse_card(which, s.rules->imperial_suit)
                             : CardParse{false, Card(), "a card in notation (\"7S\")"};
    if (c.ok) {
      out.card = c.card;
    } else {
      why = "move = a card, \"top\" or \"bottom\" (of the stock): " + c.error;
    }
  }
  lua_pop(L, 1);
  if (!why.empty()) return why;
  if (lua_getfield(L, t, "from") != LUA_TNIL) {
    Place from;
    why = read_place(L, lua_gettop(L), s, from);
    out.from = from;
    if (why.empty() && out.pick != Effect::Pick::Named && from.zone != Zone::Stock) {
      why = "move = \"top\" or \"bottom\" takes from the stock";
    }
  } else if (out.pick != Effect::Pick::Named) {
    out.from = Place{Zone::Stock};
  }
  lua_pop(L, 1);
  if (!why.empty()) return "from = " + why;
  if (lua_getfield(L, t, "to") == LUA_TNIL) {
    lua_pop(L, 1);
    return "a move names where the card goes: to = place";
  }
  why = read_place(L, lua_gettop(L), s, out.to);
  lua_pop(L, 1);
  return why.empty() ? why : "to = " + why;
}

std::string read_effect(lua_State* L, int t, const State& s, Effect& out, RunReasons& reasons) {
  if (!lua_istable(L, t)) return std::string("an effect table, got ") + luaL_typename(L, t);
  const bool shuffle = lua_getfield(L, t, "shuffle") != LUA_TNIL;
  lua_pop(L, 1);
  std::string why;
  if (shuffle) {
    out.kind = Effect::Kind::Shuffle;
    why = only_keys(L, t, {"shuffle", "reason"});
    if (why.empty()) {
      lua_getfield(L, t, "shuffle");
      why = read_place(L, lua_gettop(L), s, out.to);
      lua_pop(L, 1);
      if (!why.empty()) why = "shuffle = " + why;
    }
  } else {
    why = read_move(L, t, s, out);
  }
  if (!why.empty()) return why;
  return read_reason(L, t, out.reason, reasons);
}

// offer = "name" or {choice = "name", player = n}: a choice to put.
std::string read_offer(lua_State* L, int t, const State& s, Acts& out) {
  const bool table = lua_istable(L, t);
  if (table) lua_getfield(L, t, "choice");
  const char* name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : nullptr;
  out.offer = name ? choice_index(*s.rules, name) : -1;
  const std::string named = name ? name : "";
  if (table) lua_pop(L, 1);
  if (!name) return "offer = a choice's name, or {choice = name, player = n}";
  // Read after "HOOK must return ": what the field must be, then what it got.
  if (out.offer < 0)
    return "offer = the name of one of this variant's choices, got '" + named + "'";
  if (!table || lua_getfield(L, t, "player") == LUA_TNIL) {
    if (table) lua_pop(L, 1);
    return {};
  }
  int player = 0;
  std::string why = read_whole_number(L, -1, 1, s.players, player);
  lua_pop(L, 1);
  out.offer_to = player - 1;
  return why.empty() ? why : "offer.player = " + why;
}

}  // namespace

std::string read_effects(lua_State* L, int t, const State& s, std::vector<Effect>& out,
                         RunReasons& reasons) {
  if (!lua_istable(L, t)) return std::string("effects must be a list, got ") + luaL_typename(L, t);
  const lua_Unsigned n = lua_rawlen(L, t);
  if (n > kMaxEffects) {
    return "at most " + std::to_string(kMaxEffects) + " effects in one call, got " +
           std::to_string(n);
  }
  out.reserve(n);
  for (lua_Unsigned i = 1; i <= n; ++i) {
    lua_rawgeti(L, t, static_cast<lua_Integer>(i));
    Effect e;
    std::string why = read_effect(L, lua_gettop(L), s, e, reasons);
    lua_pop(L, 1);
    if (!why.empty()) return "effect " + std::to_string(i) + ": " + why;
    out.push_back(e);
  }
  return {};
}

std::string read_acts(lua_State* L, int t, const State& s, Acts& out, RunReasons& reasons) {
  std::string why = read_reason(L, t, out.reason, reasons);
  if (!why.empty()) return why;
  if (lua_getfield(L, t, "awards") != LUA_TNIL) {
    why = read_awards(L, lua_gettop(L), s, out.awards, reasons);
  }
  lua_pop(L, 1);
  if (!why.empty()) return why;
  if (lua_getfield(L, t, "effects") != LUA_TNIL) {
    why = read_effects(L, lua_gettop(L), s, out.effects, reasons);
  }
  lua_pop(L, 1);
  if (!why.empty()) return why;
  if (lua_getfield(L, t, "offer") != LUA_TNIL) why = read_offer(L, lua_gettop(L), s, out);
  lua_pop(L, 1);
  if (!why.empty()) return why;
  if (lua_getfield(L, t, "turn") != LUA_TNIL) {
    why = read_turn(L, lua_gettop(L), s, out.turn, reasons);
    if (why.empty() && out.turn.reason.empty()) out.turn.reason = out.reason;
  }
  lua_pop(L, 1);
  return why;
}

std::string read_acts_or_nil(lua_State* L, const State& s, Acts& out, RunReasons& reasons) {
  if (lua_isnil(L, -1)) return {};
  if (!lua_istable(L, -1)) {
    return std::string(
               "nil or a table {effects = ..., awards = ..., turn = ..., offer = ...}, "
               "got ") +
           luaL_typename(L, -1);
  }
  return read_acts(L, lua_gettop(L), s, out, reasons);
}

}  // namespace zetema::scripting
