#include "scripting/sandbox.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <lua.hpp>

namespace zetema::scripting {

namespace {

// Instructions between two calls of the count hook in normal running.
constexpr int kHookInterval = 1000;
constexpr const char* kEnvKey = "zetema.env";
constexpr const char* kFrozenKey = "zetema.frozen";

void* alloc_fn(void* ud, void* ptr, size_t osize, size_t nsize) {
  return static_cast<Sandbox*>(ud)->on_alloc(ptr, osize, nsize);
}

void count_hook(lua_State* L, lua_Debug* ar) {
  Sandbox::from(L)->on_count(L, ar);
}

int message_handler(lua_State* L) {
  Sandbox::from(L)->note_error_location(L);
  // Never call __tostring here: an error object's metamethods are the
  // script's, and could loop.
  if (lua_type(L, 1) != LUA_TSTRING) {
    lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  return 1;
}

int panic(lua_State* L) {
  // Every call into Lua goes through a protected call; reaching here is a
  // bug in the host, not something a script can cause.
  std::fprintf(stderr, "zetema: unprotected Lua error: %s\n", lua_tostring(L, -1));
  std::abort();
}

// math.random on the engine's generator (rng.h), with Lua 5.4's interface:
// random() in [0,1), random(m) in [1,m], random(m,n) in [m,n], random(0) all bits.
int l_random(lua_State* L) {
  Rng& rng = Sandbox::from(L)->rng();
  const int n = lua_gettop(L);
  if (n == 0) {
    lua_pushnumber(L, static_cast<lua_Number>(rng.next() >> 11) * 0x1.0p-53);
    return 1;
  }
  lua_Integer lo = 1;
  lua_Integer hi = 0;
  if (n == 1) {
    hi = luaL_checkinteger(L, 1);
    if (hi == 0) {
      lua_pushinteger(L, static_cast<lua_Integer>(rng.next()));
      return 1;
    }
  } else if (n == 2) {
    lo = luaL_checkinteger(L, 1);
    hi = luaL_checkinteger(L, 2);
  } else {
    return luaL_error(L, "wrong number of arguments");
  }
  luaL_argcheck(L, lo <= hi, n, "interval is empty");
  const uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
  luaL_argcheck(L, span < 0xffffffffull, n, "interval too large (at most 2^32 - 1 values)");
  lua_pushinteger(L, lo + static_cast<lua_Integer>(rng.below(static_cast<uint32_t>(span + 1))));
  return 1;
}

// setmetatable that refuses finalizers: a __gc could run at any later
// allocation, outside any budget. Lua only registers a finalizer if __gc is
// present when the metatable is set, so checking here is enough.
int l_setmetatable(lua_State* L) {
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 2) != LUA_TNIL) {
      return luaL_error(L, "finalizers (__gc) are not allowed in variant files");
    }
    lua_pop(L, 1);
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

// Lua's pattern matcher backtracks inside one C call, where the instruction
// budget cannot see: with k quantifiers (* + - ?) a subject of n bytes can
// cost about n^(k+1) steps. A pattern function refuses a subject for which
// that passes 10^8; plain finds and patterns without quantifiers are linear.
int pattern_quantifiers(std::string_view p) {
  int k = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    const char c = p[i];
    if (c == '%') {
      ++i;  // an escape: the next character is literal
    } else if (c == '[') {
      // A set: '-' there is a range, not a quantifier.
      ++i;
      if (i < p.size() && p[i] == '^') ++i;
      if (i < p.size() && p[i] == ']') ++i;
      while (i < p.size() && p[i] != ']') i += p[i] == '%' ? 2 : 1;
    } else if (c == '*' || c == '+' || c == '-' || c == '?') {
      ++k;
    }
  }
  return k;
}

int l_guarded_pattern(lua_State* L) {
  size_t n = 0, plen = 0;
  luaL_checklstring(L, 1, &n);
  const char* pattern = luaL_checklstring(L, 2, &plen);
  const bool plain = lua_toboolean(L, lua_upvalueindex(2)) && lua_toboolean(L, 4);
  const int k = plain ? 0 : pattern_quantifiers(std::string_view(pattern, plen));
  if (k > 0) {
    double cost = 1;
    for (int i = 0; i <= k; ++i) cost *= static_cast<double>(n) + 1;
    if (cost > 1e8) {
      return luaL_error(L,
                        "pattern with %d quantifiers is too costly for a %d-byte subject "
                        "(sandbox limit: subject^(quantifiers+1) <= 10^8)",
                        k, static_cast<int>(n));
    }
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

int l_undefined_global(lua_State* L) {
  if (lua_type(L, 2) == LUA_TSTRING) {
    return luaL_error(L, "undefined global '%s'", lua_tostring(L, 2));
  }
  return luaL_error(L, "undefined global");
}

int l_set_global(lua_State* L) {
  lua_getfield(L, LUA_REGISTRYINDEX, kFrozenKey);
  const bool frozen = lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (frozen || lua_type(L, 2) != LUA_TSTRING) {
    return luaL_error(L,
                      "cannot set global '%s': globals are read-only once a variant is loaded "
                      "(use a local)",
                      lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?");
  }
  lua_settop(L, 3);
  lua_rawset(L, lua_upvalueindex(1));  // into the globals table behind the proxy
  return 0;
}

int l_read_only(lua_State* L) {
  return luaL_error(L, "library tables are read-only");
}

// Pushes a read-only proxy of the table at `index`.
void push_read_only(lua_State* L, int index) {
  index = lua_absindex(L, index);
  lua_newtable(L);
  lua_newtable(L);
  lua_pushvalue(L, index);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, l_read_only);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
}

struct Trampoline {
  void (*fn)(void*);
  void* arg;
};
int run_trampoline(lua_State* L) {
  auto* t = static_cast<Trampoline*>(lua_touserdata(L, 1));
  lua_pop(L, 1);
  t->fn(t->arg);
  return 0;
}

// "file:12: message" -> "message" when the prefix names the reported place.
std::string strip_location(std::string msg, const std::string& file, int line) {
  const std::string prefix = file + ":" + std::to_string(line) + ": ";
  if (msg.rfind(prefix, 0) == 0) msg.erase(0, prefix.size());
  return msg;
}

}  // namespace

Sandbox::Sandbox(SandboxLimits limits) : limits_(limits) {
  L_ = lua_newstate(alloc_fn, this);
  *static_cast<Sandbox**>(lua_getextraspace(L_)) = this;
  lua_atpanic(L_, panic);

  luaL_requiref(L_, LUA_GNAME, luaopen_base, 1);
  lua_pop(L_, 1);
  luaL_requiref(L_, LUA_STRLIBNAME, luaopen_string, 0);
  lua_pushnil(L_);
  lua_setfield(L_, -2, "dump");  // no bytecode out, as none goes in
  // The pattern functions, guarded (in the library table itself, which the
  // strings' metatable also uses, so s:find(...) is guarded too).
  for (const char* name : {"find", "match", "gmatch", "gsub"}) {
    lua_getfield(L_, -1, name);
    lua_pushboolean(L_, std::string_view(name) == "find");  // has a `plain` argument
    lua_pushcclosure(L_, l_guarded_pattern, 2);
    lua_setfield(L_, -2, name);
  }
  lua_pop(L_, 1);
  luaL_requiref(L_, LUA_TABLIBNAME, luaopen_table, 0);
  lua_pop(L_, 1);
  luaL_requiref(L_, LUA_MATHLIBNAME, luaopen_math, 0);
  lua_pop(L_, 1);
  luaL_requiref(L_, LUA_UTF8LIBNAME, luaopen_utf8, 0);
  lua_pop(L_, 1);
  luaL_requiref(L_, LUA_COLIBNAME, luaopen_coroutine, 0);
  lua_pop(L_, 1);

  // The strings' metatable is shared by every string; hide it.
  lua_pushliteral(L_, "");
  lua_getmetatable(L_, -1);
  lua_pushboolean(L_, 0);
  lua_setfield(L_, -2, "__metatable");
  lua_pop(L_, 2);

  // The globals a variant sees.
  lua_newtable(L_);  // globals
  const int globals = lua_gettop(L_);
  lua_pushglobaltable(L_);
  for (const char* name :
       {"assert", "error", "ipairs", "next", "pairs", "pcall", "select", "tonumber", "tostring",
        "type", "xpcall", "rawequal", "rawlen", "rawget", "getmetatable", "_VERSION"}) {
    lua_getfield(L_, -1, name);
    lua_setfield(L_, globals, name);
  }
  lua_getfield(L_, -1, "setmetatable");
  lua_pushcclosure(L_, l_setmetatable, 1);
  lua_setfield(L_, globals, "setmetatable");
  lua_pop(L_, 1);  // the real global table

  lua_getfield(L_, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  for (const char* lib : {LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_UTF8LIBNAME, LUA_COLIBNAME}) {
    lua_getfield(L_, -1, lib);
    push_read_only(L_, -1);
    lua_setfield(L_, globals, lib);
    lua_pop(L_, 1);
  }
  // math: a copy without randomseed and with the engine's random.
  lua_getfield(L_, -1, LUA_MATHLIBNAME);
  lua_newtable(L_);
  lua_pushnil(L_);
  while (lua_next(L_, -3) != 0) {
    lua_pushvalue(L_, -2);
    lua_insert(L_, -2);
    lua_rawset(L_, -4);
  }
  lua_pushnil(L_);
  lua_setfield(L_, -2, "randomseed");
  lua_pushcfunction(L_, l_random);
  lua_setfield(L_, -2, "random");
  push_read_only(L_, -1);
  lua_setfield(L_, globals, LUA_MATHLIBNAME);
  lua_pop(L_, 3);  // math copy, math, loaded table

  // Reading an undefined global is an error that names it.
  lua_newtable(L_);
  lua_pushcfunction(L_, l_undefined_global);
  lua_setfield(L_, -2, "__index");
  lua_pushboolean(L_, 0);
  lua_setfield(L_, -2, "__metatable");
  lua_setmetatable(L_, globals);

  // The environment chunks run in: an empty proxy over the globals, so an
  // existing global can never be reassigned once frozen.
  lua_newtable(L_);
  lua_newtable(L_);
  lua_pushvalue(L_, globals);
  lua_setfield(L_, -2, "__index");
  lua_pushvalue(L_, globals);
  lua_pushcclosure(L_, l_set_global, 1);
  lua_setfield(L_, -2, "__newindex");
  lua_pushboolean(L_, 0);
  lua_setfield(L_, -2, "__metatable");
  lua_setmetatable(L_, -2);
  lua_setfield(L_, LUA_REGISTRYINDEX, kEnvKey);
  lua_pop(L_, 1);  // globals

  lua_sethook(L_, count_hook, LUA_MASKCOUNT, kHookInterval);
}

Sandbox::~Sandbox() {
  if (L_) lua_close(L_);
}

Sandbox* Sandbox::from(lua_State* L) {
  return *static_cast<Sandbox**>(lua_getextraspace(L));
}

void Sandbox::freeze_globals() {
  lua_pushboolean(L_, 1);
  lua_setfield(L_, LUA_REGISTRYINDEX, kFrozenKey);
}

void* Sandbox::on_alloc(void* ptr, size_t osize, size_t nsize) {
  const size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    std::free(ptr);
    used_ -= old;
    return nullptr;
  }
  // Only growth inside a script call may fail: Lua requires shrinking to
  // succeed, and the host's own pushes between calls must never fail.
  if (in_call_ && nsize > old &&
      (kill_ == Kill::Memory || used_ - old + nsize > limits_.memory_bytes)) {
    if (kill_ == Kill::None) {
      kill_ = Kill::Memory;
      capture_location(L_, 0);
      lua_sethook(L_, count_hook, LUA_MASKCOUNT, 1);
    }
    return nullptr;
  }
  void* p = std::realloc(ptr, nsize);
  if (p) {
    used_ = used_ - old + nsize;
    peak_ = std::max(peak_, used_);
  }
  return p;
}

void Sandbox::on_count(lua_State* L, lua_Debug* ar) {
  if (!in_call_) return;
  if (kill_ == Kill::None) {
    spent_ += kHookInterval;
    if (spent_ <= budget_) return;
    kill_ = Kill::Budget;
    if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0) {
      where_file_ = ar->source[0] == '@' ? ar->source + 1 : ar->short_src;
      where_line_ = ar->currentline;
    } else {
      capture_location(L, 0);
    }
    // From now on every instruction fails, in this thread and the main one,
    // so no pcall in the script can carry on.
    lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
    if (L != L_) lua_sethook(L_, count_hook, LUA_MASKCOUNT, 1);
  } else {
    ++spent_;  // instructions run after the kill, on the way out
  }
  luaL_error(L, kill_ == Kill::Budget ? "instruction budget exceeded" : "memory cap exceeded");
}

void Sandbox::capture_location(lua_State* L, int level_from) {
  lua_Debug ar;
  for (int level = level_from; lua_getstack(L, level, &ar); ++level) {
    if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
      where_file_ = ar.source[0] == '@' ? ar.source + 1 : ar.short_src;
      where_line_ = ar.currentline;
      return;
    }
  }
}

void Sandbox::note_error_location(lua_State* L) {
  if (kill_ == Kill::None && where_line_ == 0) capture_location(L, 0);
}

void Sandbox::begin_call(uint64_t budget) {
  in_call_ = true;
  budget_ = budget;
  spent_ = 0;
  peak_ = used_;
  kill_ = Kill::None;
  where_file_.clear();
  where_line_ = 0;
}

std::optional<ScriptError> Sandbox::end_call(int status) {
  in_call_ = false;
  lua_sethook(L_, count_hook, LUA_MASKCOUNT, kHookInterval);
  const Kill kill = kill_;
  kill_ = Kill::None;
  if (status == LUA_OK && kill == Kill::None) return std::nullopt;
  ScriptError e;
  e.file = where_file_;
  e.line = where_line_;
  if (kill == Kill::Budget) {
    e.kind = ScriptError::Kind::Budget;
    e.message = "instruction budget of " + std::to_string(budget_) + " exceeded";
  } else if (kill == Kill::Memory || status == LUA_ERRMEM) {
    e.kind = ScriptError::Kind::Memory;
    e.message = "memory cap of " + std::to_string(limits_.memory_bytes >> 20) + " MiB exceeded";
  } else {
    e.kind = ScriptError::Kind::Runtime;
    const char* msg = lua_tostring(L_, -1);
    e.message = strip_location(msg ? msg : "error", e.file, e.line);
  }
  if (status != LUA_OK) lua_pop(L_, 1);  // the error value
  if (kill != Kill::None) lua_gc(L_, LUA_GCCOLLECT);
  return e;
}

std::optional<ScriptError> Sandbox::run_chunk(std::string_view source, const std::string& file) {
  if (source.size() > limits_.max_source_bytes) {
    return ScriptError{ScriptError::Kind::Memory, file, 0,
                       "variant file is " + std::to_string(source.size()) +
                           " bytes; the limit is " + std::to_string(limits_.max_source_bytes)};
  }
  // A UTF-8 byte-order mark, as some editors write, is not Lua (luaL_loadfile
  // skips it; a buffer load does not).
  if (source.substr(0, 3) == "\xEF\xBB\xBF") source.remove_prefix(3);
  if (!source.empty() && source[0] == LUA_SIGNATURE[0]) {
    return ScriptError{ScriptError::Kind::Syntax, file, 0,
                       "precompiled (bytecode) chunks are not accepted; give Lua source text"};
  }
  const std::string chunkname = "@" + file;
  begin_call(limits_.load_instructions);
  const int loaded = luaL_loadbufferx(L_, source.data(), source.size(), chunkname.c_str(), "t");
  in_call_ = false;
  if (loaded != LUA_OK) {
    ScriptError e;
    e.file = file;
    std::string msg = lua_tostring(L_, -1) ? lua_tostring(L_, -1) : "cannot load";
    lua_pop(L_, 1);
    kill_ = Kill::None;
    if (loaded == LUA_ERRMEM) {
      e.kind = ScriptError::Kind::Memory;
      e.message = "memory cap exceeded while compiling";
      return e;
    }
    e.kind = ScriptError::Kind::Syntax;
    // "<chunk id>:LINE: message"; Lua shortens a long chunk id ("...ath/x.lua"),
    // so take the first ":<digits>: " rather than the file name.
    for (size_t at = msg.find(':'); at != std::string::npos; at = msg.find(':', at + 1)) {
      size_t end = at + 1;
      while (end < msg.size() && std::isdigit(static_cast<unsigned char>(msg[end]))) ++end;
      if (end > at + 1 && msg.compare(end, 2, ": ") == 0) {
        e.line = std::atoi(msg.c_str() + at + 1);
        msg.erase(0, end + 2);
        break;
      }
    }
    e.message = msg;
    return e;
  }
  lua_getfield(L_, LUA_REGISTRYINDEX, kEnvKey);
  lua_setupvalue(L_, -2, 1);  // _ENV
  return call(0, 1, limits_.load_instructions);
}

std::optional<ScriptError> Sandbox::call(int nargs, int nresults, uint64_t budget) {
  const int func = lua_gettop(L_) - nargs;
  lua_pushcfunction(L_, message_handler);
  lua_insert(L_, func);
  begin_call(budget);
  const int status = lua_pcall(L_, nargs, nresults, func);
  lua_remove(L_, func);
  return end_call(status);
}

std::optional<ScriptError> Sandbox::protect_impl(void (*fn)(void*), void* arg) {
  Trampoline t{fn, arg};
  lua_pushcfunction(L_, run_trampoline);
  lua_pushlightuserdata(L_, &t);
  return call(1, 0, limits_.load_instructions);
}

}  // namespace zetema::scripting
