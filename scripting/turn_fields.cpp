#include "scripting/turn_fields.h"

#include <algorithm>
#include <lua.hpp>
#include <string_view>

#include "scripting/key_lines.h"
#include "scripting/lua_hooks.h"
#include "scripting/lua_values.h"

namespace zetema::scripting {

namespace {

// Reads are raw (lua_rawget, lua_next): a table in a variant file may carry
// metamethods, and reading rules must never run them.

// One step's table: refill = n | draw = n, discard = "...".
std::string read_step(lua_State* L, int t, FlowStep step, StepOverride& out) {
  const std::string name(to_string(step));
  if (!lua_istable(L, t)) {
    return "." + name + " must be a table {refill = n | draw = n, discard = ...}" +
           quote_value(L, t);
  }
  const bool takes_discard = step == FlowStep::AfterDeclaration || step == FlowStep::AfterMarriages;
  lua_pushnil(L);
  while (lua_next(L, t) != 0) {
    const std::string key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    std::string why;
    if (key == "refill" || key == "draw") {
      if (out.draw && out.draw != (key == "refill" ? DrawRule::Refill : DrawRule::Count)) {
        // The same table giving both; a parent's value is simply replaced.
        lua_pushstring(L, key == "refill" ? "draw" : "refill");
        const bool both = lua_rawget(L, t) != LUA_TNIL;
        lua_pop(L, 1);
        if (both) why = "gives refill and draw: one of them";
      }
      if (why.empty()) {
        why = key == "refill" ? read_whole_number(L, -1, -13, 13, out.amount)
                              : read_whole_number(L, -1, 0, kDeckSize, out.amount);
        if (!why.empty()) why = "must be " + why;
        out.draw = key == "refill" ? DrawRule::Refill : DrawRule::Count;
      }
    } else if (key == "discard" && takes_discard) {
      DiscardRule d{};
      if (lua_type(L, -1) != LUA_TSTRING || !parse_enum(lua_tostring(L, -1), d)) {
        why = "must be one of \"required\", \"skip\", \"from_meld\"" + quote_value(L, -1);
      } else if (step == FlowStep::AfterMarriages && d == DiscardRule::FromMeld) {
        why = "cannot be from_meld: married cards leave the hand";
      }
      out.discard = d;
    } else if (key == "discard") {
      why =
          "is not a rule of this step: only after_declaration and after_marriages are "
          "followed by a discard";
    } else {
      why = "is not a rule of a step (refill, draw, discard)";
    }
    lua_pop(L, 1);
    if (!why.empty()) {
      lua_pop(L, 1);
      return "." + name + "." + key + " " + why;
    }
  }
  return {};
}

// The words of the game notation (docs/notation.md) a hand's lines begin
// with: a kind named so would be written out and not read back.
constexpr std::string_view kNotationWords[] = {"discard", "hand",   "deal",       "stock",
                                               "expose",  "dealer", "missed-draw"};

bool notation_word(const std::string& name) {
  return std::find(std::begin(kNotationWords), std::end(kNotationWords), name) !=
         std::end(kNotationWords);
}

bool valid_kind_name(const std::string& name) {
  if (name.empty() || name.size() > 32 || name[0] < 'a' || name[0] > 'z') return false;
  for (char c : name) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_')) return false;
  }
  return true;
}

int builtin_index(const std::string& name) {
  DeclKind k;
  return parse_decl_kind(name, k) ? static_cast<int>(k) : -1;
}

}  // namespace

std::string read_flow(lua_State* L, int index, Ruleset& r, bool) {
  if (!lua_istable(L, index)) {
    return "must be a table keyed by step (turn_start, after_declaration, after_marriages, "
           "after_discard, after_zetema)" +
           quote_value(L, index);
  }
  index = lua_absindex(L, index);
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    const std::string key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    FlowStep step;
    std::string why;
    if (!parse_flow_step(key, step)) {
      why = "." + key +
            " is not a step of the turn (turn_start, after_declaration, after_marriages, "
            "after_discard, after_zetema)";
    } else {
      why = read_step(L, lua_gettop(L), step, r.flow[static_cast<int>(step)]);
    }
    lua_pop(L, 1);
    if (!why.empty()) {
      lua_pop(L, 1);
      return why;
    }
  }
  return {};
}

std::string check_kinds_shape(lua_State* L, int index, Ruleset&, bool) {
  if (!lua_istable(L, index)) {
    return "must be a table keyed by kind name, as {[\"pair-of-sevens\"] = {...}, flush = false}" +
           quote_value(L, index);
  }
  return {};
}

KindsReader::~KindsReader() {
  for (const Pending& k : kinds_) {
    if (k.ref >= 0) luaL_unref(L_, LUA_REGISTRYINDEX, k.ref);
  }
}

std::optional<ScriptError> KindsReader::add_layer(const KindsLayer& layer) {
  const int layer_index = static_cast<int>(layers_.size());
  layers_.push_back(layer);
  lines_.emplace_back(layer.text);
  lua_pushliteral(L_, "kinds");
  if (lua_rawget(L_, -2) == LUA_TNIL) {
    lua_pop(L_, 1);
    return std::nullopt;
  }
  const int t = lua_gettop(L_);
  const KeyLines& lines = lines_.back();
  auto error = [&](const std::string& key, const std::string& why) {
    lua_settop(L_, t - 1);
    return ScriptError{ScriptError::Kind::Load, layer.file, lines.line("kinds." + key),
                       "kinds." + key + " " + why};
  };
  // The kinds in the order the file writes them (by line, then by name):
  // Lua's own table order changes from process to process, and the order of
  // the kinds is the order of their legal actions.
  std::vector<std::pair<int, std::string>> order;
  lua_pushnil(L_);
  while (lua_next(L_, t) != 0) {
    lua_pop(L_, 1);
    if (lua_type(L_, -1) != LUA_TSTRING) return error("?", "keys are kind names (strings)");
    const std::string name = lua_tostring(L_, -1);
    order.emplace_back(lines.line("kinds." + name), name);
  }
  std::sort(order.begin(), order.end());
  for (const auto& [line, name] : order) {
    lua_pushlstring(L_, name.data(), name.size());
    lua_rawget(L_, t);
    if (!valid_kind_name(name)) {
      return error(name,
                   "is not a kind name: lower-case letters, digits, - and _, starting with a "
                   "letter, at most 32 characters");
    }
    if (notation_word(name)) {
      return error(name,
                   "is a word of the game notation (discard, hand, deal, stock, expose, dealer, "
                   "missed-draw): a game with such a kind could not be read back; choose "
                   "another name");
    }
    const bool removed = lua_isboolean(L_, -1) && !lua_toboolean(L_, -1);
    if (!removed && !lua_istable(L_, -1)) {
      return error(name, "must be a table {points = ..., find = function ... end} or false" +
                             quote_value(L_, -1));
    }
    Pending p{name, -1, layer_index, line};
    if (!removed) {
      lua_pushvalue(L_, -1);
      p.ref = luaL_ref(L_, LUA_REGISTRYINDEX);
    }
    lua_pop(L_, 1);
    bool replaced = false;
    for (Pending& k : kinds_) {
      if (k.name != name) continue;
      if (k.ref >= 0) luaL_unref(L_, LUA_REGISTRYINDEX, k.ref);
      k = p;
      replaced = true;
    }
    if (!replaced) {
      if (!removed && builtin_index(name) < 0 &&
          static_cast<int>(kinds_.size()) >= kMaxKinds + kBuiltinKinds) {
        if (p.ref >= 0) luaL_unref(L_, LUA_REGISTRYINDEX, p.ref);
        return error(name, "is one kind too many: at most " + std::to_string(kMaxKinds));
      }
      kinds_.push_back(p);
    }
  }
  lua_pop(L_, 1);
  return std::nullopt;
}

std::optional<ScriptError> KindsReader::finish(Ruleset& rules, LuaHooks& hooks) {
  for (const Pending& k : kinds_) {
    const KindsLayer& layer = layers_[static_cast<size_t>(k.layer)];
    const KeyLines& lines = lines_[static_cast<size_t>(k.layer)];
    const int builtin = builtin_index(k.name);
    if (builtin >= 0) rules.builtin_kind_off[builtin] = true;  // removed, or replaced below
    if (k.ref < 0) continue;  // removed (a built-in one, or a parent's)
    auto error = [&](const std::string& field, const std::string& why) {
      const std::string key = "kinds." + k.name + (field.empty() ? "" : "." + field);
      const int line = lines.line(key);
      return ScriptError{ScriptError::Kind::Load, layer.file, line > 0 ? line : k.line,
                         key + " " + why};
    };
    KindDef def;
    def.name = k.name;
    def.origin = RuleOrigin{layer.file, k.line, layer.id, layer.source};
    const int index = static_cast<int>(rules.kinds.size());
    lua_rawgeti(L_, LUA_REGISTRYINDEX, k.ref);
    const int t = lua_gettop(L_);
    std::optional<ScriptError> err;
    lua_pushnil(L_);
    while (!err && lua_next(L_, t) != 0) {
      const std::string key = lua_type(L_, -2) == LUA_TSTRING ? lua_tostring(L_, -2) : "?";
      const int type = lua_type(L_, -1);
      std::string why;
      if (key == "points" && type == LUA_TFUNCTION) {
        lua_Debug ar;
        lua_pushvalue(L_, -1);
        lua_getinfo(L_, ">S", &ar);
        lua_pushvalue(L_, -1);
        hooks.set_kind(index, KindHook::Score, k.name, SourceLocation{layer.file, ar.linedefined});
        def.points_line = ar.linedefined;
      } else if (key == "points") {
        why = read_whole_number(L_, -1, -1'000'000, 1'000'000, def.points);
        if (!why.empty()) why = "must be " + why + ", or a function";
        def.points_line = lines.line("kinds." + k.name + ".points");
      } else if (key == "find") {
        if (type != LUA_TFUNCTION) {
          why = std::string("must be a function, got ") + lua_typename(L_, type);
        } else {
          lua_Debug ar;
          lua_pushvalue(L_, -1);
          lua_getinfo(L_, ">S", &ar);
          lua_pushvalue(L_, -1);
          hooks.set_kind(index, KindHook::Find, k.name, SourceLocation{layer.file, ar.linedefined});
        }
      } else if (key == "tableau") {
        if (type != LUA_TBOOLEAN) why = "must be true or false" + quote_value(L_, -1);
        def.tableau = lua_toboolean(L_, -1);
      } else if (key == "discard") {
        DiscardRule d{};
        if (type != LUA_TSTRING || !parse_enum(lua_tostring(L_, -1), d)) {
          why = "must be one of \"required\", \"skip\", \"from_meld\"" + quote_value(L_, -1);
        }
        def.discard = d;
      } else if (key == "source") {
        if (type != LUA_TSTRING) why = "must be a string" + quote_value(L_, -1);
        if (type == LUA_TSTRING) def.origin.source = lua_tostring(L_, -1);
      } else {
        why = "is not a field of a kind (points, find, tableau, discard, source)";
      }
      lua_pop(L_, 1);
      if (!why.empty()) {
        lua_pop(L_, 1);
        err = error(key, why);
      }
    }
    lua_settop(L_, t - 1);
    if (err) return err;
    if (!hooks.defines_kind(index, KindHook::Find)) {
      return error("",
                   "needs a find function: function(state, hand[, tableau]) returning the "
                   "card sets it can declare");
    }
    rules.kinds.push_back(std::move(def));
  }
  return std::nullopt;
}

}  // namespace zetema::scripting
