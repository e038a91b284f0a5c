#include "scripting/sandbox_lib.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <lua.hpp>
#include <string>
#include <string_view>

#include "scripting/sandbox.h"
#include "scripting/sandbox_determinism.h"

namespace zetema::scripting {

namespace {

// ---------------------------------------------------------------------------
// Reading arguments without raising: a bad argument costs nothing here, and
// the original function then raises its own error.

lua_Integer int_arg(lua_State* L, int i, lua_Integer otherwise) {
  if (lua_isinteger(L, i)) return lua_tointeger(L, i);
  if (lua_type(L, i) == LUA_TNUMBER) {
    const double d = static_cast<double>(lua_tonumber(L, i));
    // Only a value a lua_Integer holds; anything else the original refuses.
    if (std::isfinite(d) && d >= -0x1p63 && d < 0x1p63) return static_cast<lua_Integer>(d);
  }
  return otherwise;
}

size_t len_arg(lua_State* L, int i) {
  size_t n = 0;
  if (lua_type(L, i) == LUA_TSTRING) lua_tolstring(L, i, &n);
  return n;
}

lua_Integer rawlen_arg(lua_State* L, int i) {
  return lua_type(L, i) == LUA_TTABLE ? static_cast<lua_Integer>(lua_rawlen(L, i)) : 0;
}

// The number of values in i..j (0 if empty), saturating.
uint64_t span(lua_Integer i, lua_Integer j) {
  if (j < i) return 0;
  const uint64_t d = static_cast<uint64_t>(j) - static_cast<uint64_t>(i);
  return d == UINT64_MAX ? d : d + 1;
}

// Costs past 10^18 are all "too much"; kept there so sums cannot wrap.
uint64_t saturate(double cost) {
  return cost >= 1e18 ? 1'000'000'000'000'000'000u : static_cast<uint64_t>(cost);
}

// ---------------------------------------------------------------------------
// Charged functions: each cost model says how many instructions' worth of
// work the original will do with these arguments (one per loop step or per
// backtracking step; copying is charged by the allocator instead).

using CostModel = uint64_t (*)(lua_State* L, std::string& what);

template <CostModel cost>
int l_charged(lua_State* L) {
  std::string what;
  const uint64_t units = cost(L, what);
  Sandbox::from(L)->charge(L, units, what.c_str());
  return call_original(L);
}

uint64_t cost_rep(lua_State* L, std::string& what) {
  what = "string.rep";
  const lua_Integer n = int_arg(L, 2, 0);
  if (n <= 0) return 0;
  const double piece = static_cast<double>(len_arg(L, 1) + len_arg(L, 3));
  // A result too large for one block fails at its allocation, as a memory
  // error; copying what fits is charged by the allocator. What is left is
  // the loop itself: one step per copy, which for "" is all there is.
  if (piece * static_cast<double>(n) >
      static_cast<double>(Sandbox::from(L)->limits().max_allocation_bytes)) {
    return 0;
  }
  return piece == 0 ? static_cast<uint64_t>(n) : static_cast<uint64_t>(n) / 16;
}

// Lua's matcher backtracks inside one C call, where the count hook cannot
// see: with k quantifiers (* + - ?) or back-references, each of the
// subject's n + 1 starting places can try (n + 1)^k ways, each comparing up
// to m pattern items. A pattern with no special characters, or a plain
// find, is a memory search: (n + 1)(m + 1) byte comparisons at most.
struct PatternShape {
  int quantifiers = 0;
  bool specials = false;
  bool anchored = false;
};

PatternShape pattern_shape(std::string_view p) {
  PatternShape s;
  s.anchored = !p.empty() && p[0] == '^';
  for (size_t i = 0; i < p.size(); ++i) {
    const char c = p[i];
    if (std::strchr("^$*+?.([%-", c) != nullptr) s.specials = true;
    if (c == '%') {
      ++i;  // an escape: the next character is literal, or a class
      if (i < p.size() && p[i] >= '0' && p[i] <= '9') ++s.quantifiers;  // %1: a back-reference
      // %bxy scans from each start to the end of the subject, as a
      // quantifier does; %f[set] looks at one place.
      if (i < p.size() && p[i] == 'b') ++s.quantifiers;
      if (i < p.size() && (p[i] == 'b' || p[i] == 'f')) i += 2;  // %bxy, %f[set]
    } else if (c == '[') {
      // A set: '-' there is a range, not a quantifier.
      ++i;
      if (i < p.size() && p[i] == '^') ++i;
      if (i < p.size() && p[i] == ']') ++i;
      while (i < p.size() && p[i] != ']') i += p[i] == '%' ? 2 : 1;
    } else if (c == '*' || c == '+' || c == '-' || c == '?') {
      ++s.quantifiers;
    }
  }
  return s;
}

template <bool has_plain>
uint64_t cost_pattern(lua_State* L, std::string& what) {
  const size_t n = len_arg(L, 1);
  size_t m = 0;
  const char* p = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &m) : "";
  const PatternShape shape = pattern_shape(std::string_view(p, m));
  const bool plain = (has_plain && lua_toboolean(L, 4)) || !shape.specials;
  const double subject = static_cast<double>(n) + 1;
  double cost = subject * (static_cast<double>(m) + 1);
  if (!plain) {
    cost = (shape.anchored ? 1 : subject) * std::pow(subject, shape.quantifiers) *
           (static_cast<double>(m) + 1);
  }
  what = "a pattern with " + std::to_string(shape.quantifiers) + " quantifiers on a " +
         std::to_string(n) + "-byte subject";
  // A plain search compares whole words at a time.
  return plain ? saturate(cost / 16) : saturate(cost);
}

uint64_t cost_format(lua_State* L, std::string& what) {
  what = "string.format";
  return len_arg(L, 1);
}

uint64_t cost_byte(lua_State* L, std::string& what) {
  what = "string.byte";
  const lua_Integer i = int_arg(L, 2, 1);
  return std::min<uint64_t>(span(i, int_arg(L, 3, i)), len_arg(L, 1));
}

// string.pack/unpack/packsize: one step per format option.
uint64_t cost_pack(lua_State* L, std::string& what) {
  what = "string.pack";
  return len_arg(L, 1);
}

// Each piece is read from the table, checked and appended to a growing
// buffer: about four plain instructions' worth of CPU (docs/hardening.md,
// "CPU time against the budget").
uint64_t cost_concat(lua_State* L, std::string& what) {
  what = "table.concat";
  return 4 * span(int_arg(L, 3, 1), int_arg(L, 4, rawlen_arg(L, 1)));
}

uint64_t cost_move(lua_State* L, std::string& what) {
  what = "table.move";
  return span(int_arg(L, 2, 1), int_arg(L, 3, 0));
}

uint64_t cost_unpack(lua_State* L, std::string& what) {
  what = "table.unpack";
  return span(int_arg(L, 2, 1), int_arg(L, 3, rawlen_arg(L, 1)));
}

// table.insert and table.remove shift the elements after the place.
uint64_t cost_shift(lua_State* L, std::string& what) {
  what = "table.insert/remove";
  return static_cast<uint64_t>(rawlen_arg(L, 1));
}

uint64_t cost_sort(lua_State* L, std::string& what) {
  what = "table.sort";
  const auto n = static_cast<uint64_t>(rawlen_arg(L, 1));
  return n * static_cast<uint64_t>(std::bit_width(n) + 1);
}

// table.sort. Lua's quicksort picks its pivot from the clock on large,
// unbalanced arrays (ltablib.c, above RANLIMIT), so elements the comparison
// calls equal came out in an order that changed from run to run. Above that
// size a merge sort runs instead: stable, so equal elements keep their order.
constexpr lua_Integer kLuaSortRandomAbove = 100;

// Whether the value at `a` sorts before the one at `b` (by the comparison
// function at index 2, or by <).
bool sort_less(lua_State* L, int a, int b, bool has_cmp) {
  if (!has_cmp) return lua_compare(L, a, b, LUA_OPLT);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, a);
  lua_pushvalue(L, b);
  lua_call(L, 2, 1);
  const bool less = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return less;
}

// One bottom-up pass: merges runs of `width` from list `src` into `dst`.
void merge_pass(lua_State* L, int src, int dst, lua_Integer n, lua_Integer width, bool has_cmp) {
  for (lua_Integer lo = 1; lo <= n; lo += 2 * width) {
    const lua_Integer mid = std::min(lo + width, n + 1);
    const lua_Integer hi = std::min(lo + 2 * width, n + 1);
    lua_Integer i = lo, j = mid;
    for (lua_Integer k = lo; k < hi; ++k) {
      bool right = i >= mid;
      if (i < mid && j < hi) {
        lua_rawgeti(L, src, j);
        lua_rawgeti(L, src, i);
        const int top = lua_gettop(L);
        right = sort_less(L, top - 1, top, has_cmp);  // only a strictly smaller one goes first
        lua_pop(L, 2);
      }
      lua_rawgeti(L, src, right ? j++ : i++);
      lua_rawseti(L, dst, k);
    }
  }
}

int l_sort(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  std::string what;
  Sandbox::from(L)->charge(L, cost_sort(L, what), what.c_str());
  const lua_Integer n = luaL_len(L, 1);
  if (n <= kLuaSortRandomAbove) return call_original(L);
  luaL_argcheck(L, n < (1 << 24), 1, "array too big");
  const bool has_cmp = !lua_isnoneornil(L, 2);
  if (has_cmp) luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_settop(L, 2);
  lua_createtable(L, static_cast<int>(n), 0);
  int src = 3, dst = 4;
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_geti(L, 1, i);
    lua_rawseti(L, src, i);
  }
  lua_createtable(L, static_cast<int>(n), 0);
  for (lua_Integer width = 1; width < n; width *= 2) {
    merge_pass(L, src, dst, n, width, has_cmp);
    std::swap(src, dst);
  }
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, src, i);
    lua_seti(L, 1, i);
  }
  return 0;
}

// utf8.len, utf8.codepoint, utf8.offset: a walk over the string's bytes.
uint64_t cost_utf8(lua_State* L, std::string& what) {
  what = "utf8";
  return len_arg(L, 1);
}

uint64_t cost_args(lua_State* L, std::string& what) {
  what = "utf8.char";
  return static_cast<uint64_t>(lua_gettop(L));
}

uint64_t cost_tonumber(lua_State* L, std::string& what) {
  what = "tonumber";
  return len_arg(L, 1) / 16;
}

// string.format without %p (an address), and with tables and functions
// shown by number (push_object_name, sandbox_determinism.h).
int l_format(lua_State* L) {
  size_t n = 0;
  const char* f = luaL_checklstring(L, 1, &n);
  for (size_t i = 0; i + 1 < n; ++i) {
    if (f[i] != '%') continue;
    size_t j = i + 1;
    while (j < n && std::strchr("-+ #0123456789.", f[j]) != nullptr) ++j;
    if (j < n && f[j] == 'p') {
      return luaL_error(L,
                        "string.format: %%p shows an address, which differs from run to run; "
                        "not allowed in a variant");
    }
    i = j;
  }
  for (int a = 2; a <= lua_gettop(L); ++a) {
    if (push_object_name(L, a)) lua_replace(L, a);
  }
  std::string what;
  Sandbox::from(L)->charge(L, cost_format(L, what), what.c_str());
  return call_original(L);
}

// ---------------------------------------------------------------------------
// xpcall: the script's message handler is not called once the call has
// been killed. A kill raised from the count hook runs the handler with
// hooks switched off, so a looping handler would never be stopped.

int l_guarded_handler(lua_State* L) {
  if (Sandbox::from(L)->killed()) return 1;  // the error as it is
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

int finish_xpcall(lua_State* L, int, lua_KContext) {
  return lua_gettop(L);
}

int l_xpcall(lua_State* L) {
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, l_guarded_handler, 1);
  lua_replace(L, 2);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  // With a continuation, so a coroutine may still yield inside xpcall.
  lua_callk(L, lua_gettop(L) - 1, LUA_MULTRET, 0, finish_xpcall);
  return lua_gettop(L);
}

// ---------------------------------------------------------------------------
// Coroutines. Lua 5.4.4 bounds C calls within one thread (LUAI_MAXCCALLS,
// 200), but coroutine.close runs the closed thread's __close handlers on
// that thread's own count, starting near zero: a chain of coroutines each
// closing the previous one from a __close handler recursed on the native
// stack until it overflowed. Every way into another thread checks the
// native stack the call has used first.
//
// A thread stopped by the sandbox from inside the count hook dies with
// hooks switched off for good (Lua restores them only for pcall), so its
// pending __close handlers must never run: such a thread is dead with an
// error and its hook count 1 (what a kill sets), and closing it does nothing.

bool killed_thread(lua_State* co) {
  const int status = lua_status(co);
  return status != LUA_OK && status != LUA_YIELD && lua_gethookcount(co) == 1;
}

// A coroutine costs more CPU than the instructions it runs and the bytes it
// allocates show: a new Lua thread set up and later collected, a switch of
// threads at each resume, the unwinding of its stack and to-be-closed
// variables when closed. Charged as that many plain instructions' worth
// (measured: docs/hardening.md, "CPU time against the budget").
constexpr uint64_t kCoroutineCreateCost = 1000;
constexpr uint64_t kCoroutineResumeCost = 50;
constexpr uint64_t kCoroutineCloseCost = 300;

int l_co_create(lua_State* L) {
  Sandbox::from(L)->charge(L, kCoroutineCreateCost, "coroutine.create");
  return call_original(L);
}

int l_co_resume(lua_State* L) {
  Sandbox* sandbox = Sandbox::from(L);
  sandbox->charge(L, kCoroutineResumeCost, "coroutine.resume");
  sandbox->check_native_stack(L);
  // The coroutine runs with the call's count-hook interval; once it yields
  // or ends, this thread runs again (also when an error unwinds through).
  struct Running {
    Sandbox* sandbox;
    lua_State* previous;
    ~Running() { sandbox->leave_thread(previous); }
  } running{sandbox, sandbox->enter_thread(lua_tothread(L, 1))};
  return call_original(L);
}

int l_co_close(lua_State* L) {
  Sandbox::from(L)->charge(L, kCoroutineCloseCost, "coroutine.close");
  Sandbox::from(L)->check_native_stack(L);
  lua_State* co = lua_tothread(L, 1);
  if (co != nullptr && killed_thread(co)) {
    lua_pushboolean(L, 0);
    lua_pushliteral(L, "coroutine was stopped by the sandbox");
    return 2;
  }
  return call_original(L);
}

// The function coroutine.wrap returns: upvalue 1 the thread, 2 our resume,
// 3 our close.
int l_co_wrapped(lua_State* L) {
  const int n = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_rotate(L, 1, 2);
  lua_call(L, n + 1, LUA_MULTRET);
  if (lua_toboolean(L, 1)) {
    lua_remove(L, 1);
    return lua_gettop(L);
  }
  lua_settop(L, 2);  // false, the error
  // As Lua's own wrap: close the dead thread, then raise with the place.
  lua_pushvalue(L, lua_upvalueindex(3));
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_call(L, 1, 0);
  if (lua_type(L, 2) == LUA_TSTRING) {
    luaL_where(L, 1);
    lua_insert(L, 2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

// coroutine.wrap: upvalue 1 coroutine.create, 2 our resume, 3 our close.
int l_co_wrap(lua_State* L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_settop(L, 1);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, 1, 1);
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_pushvalue(L, lua_upvalueindex(3));
  lua_pushcclosure(L, l_co_wrapped, 3);
  return 1;
}

// ---------------------------------------------------------------------------
// Installing them.

// Replaces lib[name] by `fn` with the original as upvalue 1.
void replace(lua_State* L, int lib, const char* name, lua_CFunction fn) {
  lua_getfield(L, lib, name);
  lua_pushcclosure(L, fn, 1);
  lua_setfield(L, lib, name);
}

void install_string(lua_State* L, int lib) {
  replace(L, lib, "rep", l_charged<cost_rep>);
  replace(L, lib, "find", l_charged<cost_pattern<true>>);
  for (const char* name : {"match", "gmatch", "gsub"}) {
    replace(L, lib, name, l_charged<cost_pattern<false>>);
  }
  replace(L, lib, "format", l_format);
  replace(L, lib, "byte", l_charged<cost_byte>);
  for (const char* name : {"pack", "unpack", "packsize"}) {
    replace(L, lib, name, l_charged<cost_pack>);
  }
}

void install_table(lua_State* L, int lib) {
  replace(L, lib, "concat", l_charged<cost_concat>);
  replace(L, lib, "move", l_charged<cost_move>);
  replace(L, lib, "unpack", l_charged<cost_unpack>);
  replace(L, lib, "insert", l_charged<cost_shift>);
  replace(L, lib, "remove", l_charged<cost_shift>);
  replace(L, lib, "sort", l_sort);
}

void install_utf8(lua_State* L, int lib) {
  for (const char* name : {"len", "codepoint", "offset"}) {
    replace(L, lib, name, l_charged<cost_utf8>);
  }
  replace(L, lib, "char", l_charged<cost_args>);
}

void install_coroutine(lua_State* L, int lib) {
  replace(L, lib, "create", l_co_create);  // before wrap, which creates with it
  replace(L, lib, "resume", l_co_resume);
  replace(L, lib, "close", l_co_close);
  lua_getfield(L, lib, "create");
  lua_getfield(L, lib, "resume");
  lua_getfield(L, lib, "close");
  lua_pushcclosure(L, l_co_wrap, 3);
  lua_setfield(L, lib, "wrap");
}

void install_base(lua_State* L, int globals) {
  replace(L, globals, "xpcall", l_xpcall);
  replace(L, globals, "tonumber", l_charged<cost_tonumber>);
  lua_pushcfunction(L, l_tostring);
  lua_setfield(L, globals, "tostring");
  lua_pushcfunction(L, l_next);
  lua_setfield(L, globals, "next");
  lua_getfield(L, globals, "pairs");
  lua_pushcfunction(L, l_next);
  lua_pushcclosure(L, l_pairs, 2);
  lua_setfield(L, globals, "pairs");
}

}  // namespace

void install_guarded_library(lua_State* L, int globals) {
  globals = lua_absindex(L, globals);
  make_determinism_tables(L);
  lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  const int loaded = lua_gettop(L);
  const struct {
    const char* name;
    void (*install)(lua_State*, int);
  } libs[] = {{LUA_STRLIBNAME, install_string},
              {LUA_TABLIBNAME, install_table},
              {LUA_UTF8LIBNAME, install_utf8},
              {LUA_COLIBNAME, install_coroutine}};
  for (const auto& lib : libs) {
    lua_getfield(L, loaded, lib.name);
    lib.install(L, lua_gettop(L));
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  install_base(L, globals);
}

}  // namespace zetema::scripting
