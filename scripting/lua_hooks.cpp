// Calling a variant's hooks: each call's arguments pushed (the reused
// tables refilled), the function run under the sandbox's budget, and what it
// returns read and checked. Making a LuaHooks is in lua_hooks_setup.cpp.
#include "scripting/lua_hooks.h"

#include <algorithm>
#include <lua.hpp>

#include "engine/event.h"
#include "engine/state.h"
#include "scripting/acts_reader.h"
#include "scripting/lua_values.h"
#include "scripting/state_view.h"

namespace zetema::scripting {

namespace {

// t[key] = nil.
void clear_key(lua_State* L, int names, int t, Key key) {
  lua_rawgeti(L, names, name_index(key));
  lua_pushnil(L);
  lua_rawset(L, t);
}

}  // namespace

void LuaHooks::fill(lua_State* L, int nargs) {
  sandbox_->set_filling_arguments(true);
  lua_call(L, nargs, 0);  // stores into the tables only: nothing in it can fail
  sandbox_->set_filling_arguments(false);
}

void LuaHooks::push_declaration(lua_State* L, const State& s, const DeclarationInfo& d) {
  push_names(L);
  const int names = lua_gettop(L);
  const bool marriages = d.kind == DeclKind::Marriages;
  const bool assembly = d.kind == DeclKind::Assembly;
  // A field absent at the last call is absent still (none can be added),
  // so only the fields the last call had and this one has not are cleared.
  if ((!marriages && args_.had_marriage_fields) || (!assembly && args_.had_rank)) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, args_.declaration);
    const int t = lua_gettop(L);
    if (!marriages && args_.had_marriage_fields) {
      for (Key k : {Key::Marriages, Key::Imperial, Key::ImperialBefore, Key::Base, Key::Bonus}) {
        clear_key(L, names, t, k);
      }
    }
    if (!assembly && args_.had_rank) clear_key(L, names, t, Key::Rank);
    lua_pop(L, 1);
  }
  args_.had_marriage_fields = marriages;
  args_.had_rank = assembly;
  // The card list: entries 1..n set, the previous call's beyond them cleared.
  lua_rawgeti(L, LUA_REGISTRYINDEX, args_.cards);
  int n = 0;
  d.cards.for_each([&](Card c) {
    lua_rawgeti(L, names, name_index(c));
    lua_rawseti(L, -2, ++n);
  });
  for (int i = n + 1; i <= args_.cards_length; ++i) {
    lua_pushnil(L);
    lua_rawseti(L, -2, i);
  }
  args_.cards_length = n;
  lua_pop(L, 1);
  // The fields.
  const int filler = marriages  ? args_.fill_marriages
                     : assembly ? args_.fill_assembly
                                : args_.fill_other;
  lua_rawgeti(L, LUA_REGISTRYINDEX, filler);
  lua_pushinteger(L, d.player + 1);
  if (marriages && !s.rules->custom_kind(d.kind)) {
    lua_rawgeti(L, names, name_index(Key::Marriages));  // the kind's name is the key's
  } else {
    const std::string kind = kind_name(d.kind, *s.rules);
    lua_pushlstring(L, kind.data(), kind.size());
  }
  lua_pushinteger(L, d.table_points);
  int nargs = 3;
  if (marriages) {
    lua_pushinteger(L, d.marriages);
    lua_pushinteger(L, d.imperial);
    lua_pushinteger(L, d.imperial_before);
    lua_pushinteger(L, d.base);
    lua_pushinteger(L, d.bonus);
    nargs += 5;
  } else if (assembly) {
    lua_rawgeti(L, names, name_index_of_rank(d.cards.cards().front().rank()));
    nargs += 1;
  }
  fill(L, nargs);
  lua_pop(L, 1);  // the names
  lua_rawgeti(L, LUA_REGISTRYINDEX, args_.declaration);
}

void LuaHooks::push_zetema(lua_State* L, const ZetemaInfo& z) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, args_.fill_zetema);
  lua_pushinteger(L, z.player + 1);
  push_rank(L, z.rank);
  lua_pushinteger(L, z.table_points);
  lua_pushinteger(L, z.fed_by + 1);
  fill(L, 4);
  lua_rawgeti(L, LUA_REGISTRYINDEX, args_.zetema);
}

namespace {

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

// Points, or {points = n, reason = "...", awards = {...}, effects = {...}, turn = {...}}.
std::string read_scored(lua_State* L, const State& s, Scored& out, RunReasons& reasons) {
  if (!lua_istable(L, -1)) {
    std::string why = read_points(L, -1, out.points);
    const size_t got = why.find(", got");
    if (got != std::string::npos) {
      why.insert(got, " or a table {points = n, reason = ..., awards = {...}}");
    }
    return why;
  }
  const int t = lua_gettop(L);
  lua_getfield(L, t, "points");
  std::string why = read_points(L, -1, out.points);
  lua_pop(L, 1);
  if (!why.empty()) return "points = " + why;
  return read_acts(L, t, s, out, reasons);
}

// Only after a declaration or marriages does a discard follow a step.
bool takes_discard(FlowStep step) {
  return step == FlowStep::AfterDeclaration || step == FlowStep::AfterMarriages;
}

// Two results: allowed[, reason].
std::string read_verdict(lua_State* L, AllowVerdict& v) {
  if (!lua_isboolean(L, -2)) return std::string("a boolean, got ") + luaL_typename(L, -2);
  v.allowed = lua_toboolean(L, -2);
  if (lua_type(L, -1) == LUA_TSTRING) v.reason = lua_tostring(L, -1);
  return {};
}

void push_step_rule(lua_State* L, FlowStep step, const StepRule& r) {
  push_names(L);
  const int names = lua_gettop(L);
  lua_createtable(L, 0, 2);
  const int t = lua_gettop(L);
  if (r.draw != DrawRule::None) {
    lua_pushinteger(L, r.amount);
    set_key(L, names, t, r.draw == DrawRule::Refill ? Key::Refill : Key::Draw);
  }
  if (takes_discard(step)) {
    const std::string_view d = to_string(r.discard);
    lua_pushlstring(L, d.data(), d.size());
    set_key(L, names, t, Key::Discard);
  }
  lua_remove(L, names);
}

// nil (the tables' rule) or {refill = n | draw = n, discard = "..."}; a
// field left out keeps the tables' value.
std::string read_step_rule(lua_State* L, FlowStep step, const StepRule& by_table, StepRule& out) {
  out = by_table;
  if (lua_isnil(L, -1)) return {};
  if (!lua_istable(L, -1)) {
    return std::string("nil or a table {refill = n | draw = n, discard = ...}, got ") +
           luaL_typename(L, -1);
  }
  const int t = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, t) != 0) {
    lua_pop(L, 1);
    const char* key = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    if (std::string_view(key) != "refill" && std::string_view(key) != "draw" &&
        std::string_view(key) != "discard") {
      lua_pop(L, 1);
      return "a table with refill, draw and discard only";
    }
  }
  const bool refill = lua_getfield(L, t, "refill") != LUA_TNIL;
  const bool draw = lua_getfield(L, t, "draw") != LUA_TNIL;
  lua_pop(L, 2);
  if (refill && draw) return "refill or draw, not both";
  if (refill || draw) {
    lua_getfield(L, t, refill ? "refill" : "draw");
    std::string why = refill ? read_whole_number(L, -1, -13, 13, out.amount)
                             : read_whole_number(L, -1, 0, kDeckSize, out.amount);
    lua_pop(L, 1);
    if (!why.empty()) return std::string(refill ? "refill" : "draw") + " = " + why;
    out.draw = refill ? DrawRule::Refill : DrawRule::Count;
  }
  if (lua_getfield(L, t, "discard") != LUA_TNIL) {
    if (!takes_discard(step)) {
      lua_pop(L, 1);
      return "no discard at " + std::string(to_string(step)) +
             ": only after_declaration and after_marriages are followed by a discard";
    }
    const bool ok = lua_type(L, -1) == LUA_TSTRING && parse_enum(lua_tostring(L, -1), out.discard);
    lua_pop(L, 1);
    if (!ok) return "discard = \"required\", \"skip\" or \"from_meld\"";
  } else {
    lua_pop(L, 1);
  }
  return {};
}

// A list of card sets, each a list of cards in notation.
std::string read_card_sets(lua_State* L, Suit imperial, std::vector<CardSet>& out) {
  if (!lua_istable(L, -1)) {
    return std::string("a list of card lists, got ") + luaL_typename(L, -1);
  }
  const int t = lua_gettop(L);
  const lua_Unsigned n = lua_rawlen(L, t);
  if (n > 1024) return "at most 1024 card sets";
  for (lua_Unsigned i = 1; i <= n; ++i) {
    lua_rawgeti(L, t, static_cast<lua_Integer>(i));
    const int set = lua_gettop(L);
    std::string why;
    CardSet cards;
    if (!lua_istable(L, set)) {
      why = std::string("a list of cards, got ") + luaL_typename(L, set);
    } else {
      const lua_Unsigned m = lua_rawlen(L, set);
      for (lua_Unsigned j = 1; j <= m && j <= kDeckSize + 1 && why.empty(); ++j) {
        lua_rawgeti(L, set, static_cast<lua_Integer>(j));
        // With its length: a NUL inside ("3C\0junk") is part of the text.
        size_t length = 0;
        const char* text = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &length) : "";
        const CardParse c = lua_type(L, -1) == LUA_TSTRING
                                ? parse_card(std::string_view(text, length), imperial)
                                : CardParse{false, Card(), "a card in notation (\"7S\")"};
        lua_pop(L, 1);
        if (!c.ok) {
          why = c.error;
        } else if (cards.contains(c.card)) {
          why = "card " + to_string(c.card) + " twice";
        } else {
          cards.insert(c.card);
        }
      }
    }
    lua_pop(L, 1);
    if (!why.empty()) return "set " + std::to_string(i) + ": " + why;
    out.push_back(cards);
  }
  return {};
}

std::string read_boolean(lua_State* L, bool& out) {
  if (!lua_isboolean(L, -1)) return std::string("a boolean, got ") + luaL_typename(L, -1);
  out = lua_toboolean(L, -1);
  return {};
}

}  // namespace

int LuaHooks::kind_ref(int kind, KindHook h) const {
  if (kind < 0 || kind >= static_cast<int>(kinds_.size())) return -1;
  return kinds_[static_cast<size_t>(kind)][static_cast<int>(h)].ref;
}

SourceLocation LuaHooks::where_kind(int kind, KindHook h) const {
  if (kind_ref(kind, h) < 0) return {};
  return kinds_[static_cast<size_t>(kind)][static_cast<int>(h)].where;
}

template <class T, class PushArgs, class Read>
HookReturn<T> LuaHooks::invoke(const Function& f, const State& s, Rng& rng, PushArgs&& push_args,
                               Read&& read, int nresults) {
  lua_State* L = sandbox_->L();
  HookReturn<T> out;
  lua_rawgeti(L, LUA_REGISTRYINDEX, f.ref);
  *view_state_ = &s;
  lua_rawgeti(L, LUA_REGISTRYINDEX, view_ref_);
  const int nargs = 1 + push_args(L);
  sandbox_->set_rng(&rng);
  out.error = sandbox_->call(nargs, nresults, sandbox_->limits().call_instructions);
  sandbox_->set_rng(nullptr);
  *view_state_ = nullptr;
  if (out.error) return out;
  const std::string bad = read(L, out.value);
  lua_pop(L, nresults);
  if (!bad.empty()) {
    out.error = ScriptError{ScriptError::Kind::Runtime, f.where.file, f.where.line,
                            f.name + " must return " + bad};
  }
  return out;
}

HookReturn<Scored> LuaHooks::score_declaration(const State& s, Rng& rng, const DeclarationInfo& d) {
  return invoke<Scored>(
      Hook::ScoreDeclaration, s, rng,
      [&](lua_State* L) {
        push_declaration(L, s, d);
        return 1;
      },
      [&](lua_State* L, Scored& v) { return read_scored(L, s, v, reasons_); });
}

HookReturn<Scored> LuaHooks::score_marriages(const State& s, Rng& rng, const DeclarationInfo& d) {
  return invoke<Scored>(
      Hook::ScoreMarriages, s, rng,
      [&](lua_State* L) {
        push_declaration(L, s, d);
        return 1;
      },
      [&](lua_State* L, Scored& v) { return read_scored(L, s, v, reasons_); });
}

HookReturn<Scored> LuaHooks::score_zetema(const State& s, Rng& rng, const ZetemaInfo& z) {
  return invoke<Scored>(
      Hook::ScoreZetema, s, rng,
      [&](lua_State* L) {
        push_zetema(L, z);
        return 1;
      },
      [&](lua_State* L, Scored& v) { return read_scored(L, s, v, reasons_); });
}

HookReturn<AllowVerdict> LuaHooks::allow_declaration(const State& s, Rng& rng,
                                                     const DeclarationInfo& d) {
  // Two results: allowed[, reason].
  return invoke<AllowVerdict>(
      Hook::AllowDeclaration, s, rng,
      [&](lua_State* L) {
        push_declaration(L, s, d);
        return 1;
      },
      read_verdict, 2);
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

HookReturn<StepRule> LuaHooks::flow_step(const State& s, Rng& rng, FlowStep step,
                                         const StepRule& by_table) {
  return invoke<StepRule>(
      Hook::FlowStep, s, rng,
      [&](lua_State* L) {
        const std::string_view name = to_string(step);
        lua_pushlstring(L, name.data(), name.size());
        push_step_rule(L, step, by_table);
        return 2;
      },
      [&](lua_State* L, StepRule& v) { return read_step_rule(L, step, by_table, v); });
}

HookReturn<AllowVerdict> LuaHooks::allow_discard(const State& s, Rng& rng, Card card) {
  // Two results: allowed[, reason].
  return invoke<AllowVerdict>(
      Hook::AllowDiscard, s, rng,
      [&](lua_State* L) {
        const std::string text = to_string(card);
        lua_pushlstring(L, text.data(), text.size());
        return 1;
      },
      read_verdict, 2);
}

HookReturn<Acts> LuaHooks::score_hand_end(const State& s, Rng& rng) {
  return invoke<Acts>(
      Hook::ScoreHandEnd, s, rng, [](lua_State*) { return 0; },
      [&](lua_State* L, Acts& v) -> std::string {
        if (lua_isnil(L, -1)) return {};
        if (!lua_istable(L, -1)) {
          return std::string(
                     "nil, a list of awards or a table {awards = ..., effects = ...}, got ") +
                 luaL_typename(L, -1);
        }
        // A list of awards, or a table of acts (its fields named).
        const int t = lua_gettop(L);
        bool named = false;
        for (const char* key : {"awards", "effects", "turn", "reason"}) {
          // Each field pushed and popped: `named || lua_getfield(...)` would
          // skip the push but not the pop, and unbalance the stack.
          const bool has = lua_getfield(L, t, key) != LUA_TNIL;
          lua_pop(L, 1);
          named = named || has;
        }
        return named ? read_acts(L, t, s, v, reasons_) : read_awards(L, t, s, v.awards, reasons_);
      });
}

HookReturn<Acts> LuaHooks::moment(const State& s, Rng& rng, Hook h) {
  return invoke<Acts>(
      h, s, rng, [](lua_State*) { return 0; },
      [&](lua_State* L, Acts& v) { return read_acts_or_nil(L, s, v, reasons_); });
}

HookReturn<Acts> LuaHooks::choose(const State& s, Rng& rng, const Action& picked, int chooser) {
  const ChoiceDef& c = s.rules->choices[picked.choice];
  return invoke<Acts>(
      choices_[picked.choice], s, rng,
      [&](lua_State* L) {
        // The option as Lua reads it: a card's notation, a boolean, a
        // player (1-based) or a number.
        if (c.options == OptionKind::Cards) {
          const std::string card = to_string(picked.card);
          lua_pushlstring(L, card.data(), card.size());
        } else if (c.options == OptionKind::YesNo) {
          lua_pushboolean(L, picked.value != 0);
        } else {
          lua_pushinteger(L, picked.value + (c.options == OptionKind::Seat ? 1 : 0));
        }
        lua_pushinteger(L, chooser + 1);  // who picked it
        return 2;
      },
      [&](lua_State* L, Acts& v) { return read_acts_or_nil(L, s, v, reasons_); });
}

HookReturn<std::vector<CardSet>> LuaHooks::find_kind(const State& s, Rng& rng, int kind) {
  const Function& f = kinds_[static_cast<size_t>(kind)][static_cast<int>(KindHook::Find)];
  const bool tableau = s.rules->kinds[static_cast<size_t>(kind)].tableau;
  return invoke<std::vector<CardSet>>(
      f, s, rng,
      [&](lua_State* L) {
        push_card_list(L, s.hand(s.current));
        if (!tableau) return 1;
        push_card_list(L, s.tableau());
        return 2;
      },
      [&](lua_State* L, std::vector<CardSet>& v) {
        return read_card_sets(L, s.rules->imperial_suit, v);
      });
}

HookReturn<Scored> LuaHooks::score_kind(const State& s, Rng& rng, int kind,
                                        const DeclarationInfo& d) {
  const Function& f = kinds_[static_cast<size_t>(kind)][static_cast<int>(KindHook::Score)];
  return invoke<Scored>(
      f, s, rng,
      [&](lua_State* L) {
        push_declaration(L, s, d);
        return 1;
      },
      [&](lua_State* L, Scored& v) { return read_scored(L, s, v, reasons_); });
}

}  // namespace zetema::scripting
