// Making a LuaHooks: the argument tables reused from call to call, with
// their read-only guard and the Lua functions that fill them, and taking the
// functions a variant file defines as hooks. All of it runs while a variant
// loads; the calls themselves are in lua_hooks.cpp.
#include "scripting/lua_hooks.h"

#include <lua.hpp>
#include <string_view>

#include "scripting/state_view.h"

namespace zetema::scripting {

namespace {

int l_read_only_argument(lua_State* L) {
  // The engine's own fill functions (below) set a field a hook cleared, or
  // one absent at the last call, through here.
  if (Sandbox::from(L)->filling_arguments()) {
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 0;
  }
  return luaL_error(L,
                    "a hook's argument tables are read-only (the engine reuses them from call "
                    "to call); copy what you need into a local table");
}

// A table reused as a hook argument: kept in the registry, with a metatable
// that refuses new fields (and cannot be replaced), so what one call adds
// cannot reach the next; the fields the engine sets are all set again (or
// cleared) on every call.
int make_argument_table(lua_State* L, int narray, int nhash) {
  lua_createtable(L, narray, nhash);
  if (luaL_newmetatable(L, "zetema.HookArgument")) {
    lua_pushcfunction(L, l_read_only_argument);
    lua_setfield(L, -2, "__newindex");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
  }
  lua_setmetatable(L, -2);
  return luaL_ref(L, LUA_REGISTRYINDEX);
}

// The functions that fill the reused argument tables, run by the engine
// outside any hook call (LuaHooks::fill): a store in the VM costs a fraction
// of one through the C API (a key pushed, a value pushed, lua_rawset).
// Every field a shape has is set again, as a hook may have changed it.
constexpr std::string_view kFillers = R"(
local decl, cards, z = ...
local function other(player, kind, points)
  decl.player = player
  decl.kind = kind
  decl.cards = cards
  decl.points = points
end
local function marriages(player, kind, points, count, imperial, before, base, bonus)
  other(player, kind, points)
  decl.marriages = count
  decl.imperial = imperial
  decl.imperial_before = before
  decl.base = base
  decl.bonus = bonus
end
local function assembly(player, kind, points, rank)
  other(player, kind, points)
  decl.rank = rank
end
local function zetema(player, rank, points, fed_by)
  z.player = player
  z.rank = rank
  z.points = points
  z.fed_by = fed_by
end
return other, marriages, assembly, zetema
)";

}  // namespace

LuaHooks::LuaHooks(std::shared_ptr<Sandbox> sandbox) : sandbox_(std::move(sandbox)) {
  for (int h = 0; h < kHooks; ++h) hooks_[h].name = hook_name(static_cast<Hook>(h));
  view_ref_ = create_state_view(sandbox_->L());
  view_state_ = state_view_slot(sandbox_->L(), view_ref_);
  lua_State* L = sandbox_->L();
  args_.declaration = make_argument_table(L, 0, 10);
  args_.cards = make_argument_table(L, 16, 0);
  args_.zetema = make_argument_table(L, 0, 4);
  // The fill functions, with the three tables as their upvalues.
  if (luaL_loadbufferx(L, kFillers.data(), kFillers.size(), "=zetema.arguments", "t") != LUA_OK) {
    lua_error(L);  // a bug in kFillers: the panic handler reports it
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, args_.declaration);
  lua_rawgeti(L, LUA_REGISTRYINDEX, args_.cards);
  lua_rawgeti(L, LUA_REGISTRYINDEX, args_.zetema);
  lua_call(L, 3, 4);
  args_.fill_zetema = luaL_ref(L, LUA_REGISTRYINDEX);
  args_.fill_assembly = luaL_ref(L, LUA_REGISTRYINDEX);
  args_.fill_marriages = luaL_ref(L, LUA_REGISTRYINDEX);
  args_.fill_other = luaL_ref(L, LUA_REGISTRYINDEX);
}

LuaHooks::~LuaHooks() = default;  // the refs die with the sandbox's Lua state

namespace {

void take_function(lua_State* L, int& ref) {
  if (ref >= 0) luaL_unref(L, LUA_REGISTRYINDEX, ref);
  ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

}  // namespace

void LuaHooks::set(Hook h, const SourceLocation& where) {
  Function& f = hooks_[static_cast<int>(h)];
  take_function(sandbox_->L(), f.ref);
  f.where = where;
  mark_defined(h);
}

void LuaHooks::set_kind(int kind, KindHook h, const std::string& kind_name,
                        const SourceLocation& where) {
  if (static_cast<int>(kinds_.size()) <= kind) kinds_.resize(static_cast<size_t>(kind) + 1);
  Function& f = kinds_[static_cast<size_t>(kind)][static_cast<int>(h)];
  take_function(sandbox_->L(), f.ref);
  f.where = where;
  f.name = "kinds." + kind_name + (h == KindHook::Find ? ".find" : ".points");
}

void LuaHooks::set_choice(int choice, const std::string& choice_name, const SourceLocation& where) {
  if (static_cast<int>(choices_.size()) <= choice) {
    choices_.resize(static_cast<size_t>(choice) + 1);
  }
  Function& f = choices_[static_cast<size_t>(choice)];
  take_function(sandbox_->L(), f.ref);
  f.where = where;
  f.name = "choices." + choice_name + ".apply";
}

SourceLocation LuaHooks::where_choice(int choice) const {
  if (choice < 0 || choice >= static_cast<int>(choices_.size())) return {};
  return choices_[static_cast<size_t>(choice)].where;
}

bool LuaHooks::any() const {
  for (const Function& f : choices_) {
    if (f.ref >= 0) return true;
  }
  for (const Function& f : hooks_) {
    if (f.ref >= 0) return true;
  }
  for (const auto& k : kinds_) {
    if (k[0].ref >= 0 || k[1].ref >= 0) return true;
  }
  return false;
}

}  // namespace zetema::scripting
