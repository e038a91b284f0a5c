#include "scripting/sandbox.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <lua.hpp>

#include "scripting/sandbox_determinism.h"
#include "scripting/sandbox_globals.h"
#include "scripting/sandbox_lib.h"

namespace zetema::scripting {

namespace {

// Set by interrupt_scripts (a signal handler may call it): lock-free, so
// reading and writing it is safe there.
std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

// Allocation growth charged as one instruction per this many bytes: what
// building the block costs (copying it, hashing a new string, moving a
// table's entries in a rehash, the collector's later look at it).
constexpr size_t kBytesPerInstruction = 8;
// Strings this long or longer are tracked while alive; comparing shorter
// ones costs about as much as an instruction.
constexpr size_t kTrackedStringBytes = 256;
// Bytes of a string comparison charged as one instruction.
constexpr size_t kCompareBytesPerInstruction = 64;
// The count hook's shortest interval: 1 marks a thread the sandbox stopped
// (sandbox_lib.cpp's killed_thread), so running never uses it.
constexpr int kShortestInterval = 2;
// How much allocation between two looks at the clock and the interrupt
// flag from the allocator (a string-building loop runs few instructions).
constexpr size_t kAllocationCheckBytes = 1u << 20;

// Instructions between two calls of the count hook in normal running.
constexpr int kHookInterval = 1000;

void* alloc_fn(void* ud, void* ptr, size_t osize, size_t nsize) {
  return static_cast<Sandbox*>(ud)->on_alloc(ptr, osize, nsize);
}

void count_hook(lua_State* L, lua_Debug* ar) {
  Sandbox::from(L)->on_count(L, ar);
}

}  // namespace

void interrupt_scripts() noexcept {
  g_interrupted.store(true, std::memory_order_relaxed);
}
void clear_script_interrupt() noexcept {
  g_interrupted.store(false, std::memory_order_relaxed);
}
bool scripts_interrupted() noexcept {
  return g_interrupted.load(std::memory_order_relaxed);
}
const std::atomic<bool>& script_interrupt_flag() noexcept {
  return g_interrupted;
}

double deadline_scale() {
  static const double scale = [] {
    const char* text = std::getenv("ZETEMA_DEADLINE_SCALE");
    const double v = text ? std::atof(text) : 1;
    return v >= 1 ? v : 1;
  }();
  return scale;
}

namespace {

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

// An error's text past this many bytes is cut, with a mark saying how much
// (an error() of 4 MiB printed as a 16 MiB line).
constexpr size_t kMaxMessageBytes = 1000;

std::string shortened(std::string msg) {
  if (msg.size() <= kMaxMessageBytes) return msg;
  const size_t whole = msg.size();
  msg.resize(kMaxMessageBytes);
  // Not in the middle of a UTF-8 sequence.
  while (!msg.empty() && (static_cast<unsigned char>(msg.back()) & 0xC0) == 0x80) msg.pop_back();
  if (!msg.empty() && static_cast<unsigned char>(msg.back()) >= 0xC0) msg.pop_back();
  return msg + "... (" + std::to_string(whole - msg.size()) + " more bytes cut)";
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

  make_globals();
  // The count hook is set only while a call runs (begin_call): the engine's
  // own Lua between calls (lua_hooks_setup.cpp's fill functions) runs without it.
  // Every call's message handler, left at the bottom of the stack (not
  // pushed and removed around each call).
  lua_pushcfunction(L_, message_handler);
  message_handler_ = lua_gettop(L_);
}

Sandbox::~Sandbox() {
  if (L_) lua_close(L_);
}

Sandbox* Sandbox::from(lua_State* L) {
  return *static_cast<Sandbox**>(lua_getextraspace(L));
}

void* Sandbox::on_alloc(void* ptr, size_t osize, size_t nsize) {
  const size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    if (old >= kTrackedStringBytes) untrack_string(ptr);
    std::free(ptr);
    used_ -= old;
    return nullptr;
  }
  // Only growth inside a script call may fail: Lua requires shrinking to
  // succeed, and the host's own pushes between calls must never fail.
  if (in_call_ && nsize > old) {
    if (kill_ != Kill::None) return nullptr;
    Kill why = Kill::None;
    if (used_ - old + nsize > limits_.memory_bytes || nsize > limits_.max_allocation_bytes) {
      why = Kill::Memory;
    } else {
      // Building memory costs time the count hook does not see.
      spent_ += (nsize - old) / kBytesPerInstruction;
      allocated_since_check_ += nsize - old;
      if (allocated_since_check_ >= kAllocationCheckBytes || spent_ > budget_) {
        allocated_since_check_ = 0;
        why = should_stop();
      }
    }
    if (why != Kill::None) {
      kill_ = why;
      if (why == Kill::Memory && nsize > limits_.max_allocation_bytes) {
        kill_detail_ = "one block of " + std::to_string(nsize) + " bytes is over the limit of " +
                       std::to_string(limits_.max_allocation_bytes) + " for a single allocation";
      }
      capture_location(L_, 0);
      lua_sethook(L_, count_hook, LUA_MASKCOUNT, 1);
      return nullptr;  // a memory error now; the kind reported is kill_'s
    }
  }
  void* p = std::realloc(ptr, nsize);
  if (p) {
    used_ = used_ - old + nsize;
    peak_ = std::max(peak_, used_);
    // A new object's osize is its type (Lua 5.4's allocator contract);
    // strings are never resized.
    if (!ptr && osize == LUA_TSTRING && nsize >= kTrackedStringBytes) track_string(p, nsize);
  }
  return p;
}

void Sandbox::track_string(const void* block, size_t bytes) {
  long_strings_.emplace(block, bytes);
  ++long_string_lengths_[bytes];
  update_weight();
}

void Sandbox::untrack_string(const void* block) {
  const auto it = long_strings_.find(block);
  if (it == long_strings_.end()) return;
  const auto length = long_string_lengths_.find(it->second);
  if (--length->second == 0) long_string_lengths_.erase(length);
  long_strings_.erase(it);
  update_weight();
}

void Sandbox::update_weight() {
  // The second longest string alive: no comparison of two strings reads
  // more than the shorter one.
  size_t second = 0;
  if (!long_string_lengths_.empty()) {
    const auto longest = long_string_lengths_.rbegin();
    if (longest->second > 1) {
      second = longest->first;
    } else if (long_string_lengths_.size() > 1) {
      second = std::next(longest)->first;
    }
  }
  const uint64_t before = instruction_weight_;
  instruction_weight_ = 1 + second / kCompareBytesPerInstruction;
  // A rise reaches the running code at once (a fall waits for the next
  // count hook): the count hook's interval shrinks with the weight.
  if (instruction_weight_ > before && in_call_ && kill_ == Kill::None) {
    lua_sethook(L_, count_hook, LUA_MASKCOUNT, hook_interval());
    if (running_thread_) lua_sethook(running_thread_, count_hook, LUA_MASKCOUNT, hook_interval());
  }
}

int Sandbox::hook_interval() const {
  const uint64_t n = kHookInterval / instruction_weight_;
  return n < kShortestInterval ? kShortestInterval : static_cast<int>(n);
}

lua_State* Sandbox::enter_thread(lua_State* co) {
  lua_State* previous = running_thread_;
  if (co && in_call_ && kill_ == Kill::None) {
    lua_sethook(co, count_hook, LUA_MASKCOUNT, hook_interval());
    running_thread_ = co;
  }
  return previous;
}

Sandbox::Kill Sandbox::should_stop() const {
  if (spent_ > budget_) return Kill::Budget;
  if (session_budget_ > 0 && total_ + spent_ - session_start_ > session_budget_) {
    return Kill::Session;
  }
  if (g_interrupted.load(std::memory_order_relaxed)) return Kill::Interrupted;
  if (std::chrono::steady_clock::now() > deadline_) return Kill::Deadline;
  return Kill::None;
}

namespace {

const char* kill_text(int why) {
  switch (why) {
    case 1:
      return "instruction budget exceeded";
    case 2:
      return "memory cap exceeded";
    case 3:
      return "deadline passed";
    case 5:
      return "total instruction budget exceeded";
    default:
      return "interrupted";
  }
}

}  // namespace

void Sandbox::on_count(lua_State* L, lua_Debug* ar) {
  if (!in_call_) return;
  if (kill_ == Kill::None) {
    const int interval = lua_gethookcount(L);
    spent_ += static_cast<uint64_t>(interval) * instruction_weight_;
    const Kill why = should_stop();
    if (why == Kill::None) {
      if (interval != hook_interval()) lua_sethook(L, count_hook, LUA_MASKCOUNT, hook_interval());
      return;
    }
    kill_ = why;
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
  luaL_error(L, "%s", kill_text(static_cast<int>(kill_)));
}

void Sandbox::kill(lua_State* L, Kill why, std::string detail) {
  if (kill_ == Kill::None) {
    kill_ = why;
    kill_detail_ = std::move(detail);
    capture_location(L, 0);
    lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
    if (L != L_) lua_sethook(L_, count_hook, LUA_MASKCOUNT, 1);
  }
  luaL_error(L, "%s", kill_text(static_cast<int>(kill_)));
  std::abort();  // luaL_error does not return
}

void Sandbox::charge(lua_State* L, uint64_t units, const char* what) {
  if (!in_call_) return;
  if (kill_ != Kill::None) kill(L, kill_, {});
  if (units > budget_ - std::min(spent_, budget_)) {
    // Refused before it runs: what was spent stays what the call ran.
    char cost[32];
    const auto approx = static_cast<double>(units);
    std::snprintf(cost, sizeof cost, approx < 1e9 ? "about %.0f" : "about %.2g", approx);
    kill(L, Kill::Budget,
         std::string(what) + " would do " + (approx >= 1e18 ? "more than 10^18" : cost) +
             " instructions' work");
  }
  spent_ += units;
  const Kill why = should_stop();
  if (why != Kill::None) kill(L, why, {});
}

void Sandbox::check_native_stack(lua_State* L) {
  const char* here = static_cast<const char*>(__builtin_frame_address(0));
  if (stack_base_ == nullptr) return;
  const size_t used =
      static_cast<size_t>(stack_base_ > here ? stack_base_ - here : here - stack_base_);
  if (used > limits_.native_stack_bytes) {
    // Without a position: the place is the script line that reports it.
    lua_pushfstring(L, "coroutines nested too deeply (the sandbox allows %d KiB of native stack)",
                    static_cast<int>(limits_.native_stack_bytes >> 10));
    lua_error(L);
  }
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

void Sandbox::begin_call(uint64_t budget, double seconds) {
  in_call_ = true;
  budget_ = budget;
  spent_ = 0;
  peak_ = used_;
  kill_ = Kill::None;
  kill_detail_.clear();
  allocated_since_check_ = 0;
  seconds_ = seconds * deadline_scale();
  deadline_ = std::chrono::steady_clock::now() +
              std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                  std::chrono::duration<double>(seconds_));
  where_file_.clear();
  where_line_ = 0;
  running_thread_ = nullptr;
  lua_sethook(L_, count_hook, LUA_MASKCOUNT, hook_interval());
}

namespace {

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g s", s);
  return buf;
}

}  // namespace

std::optional<ScriptError> Sandbox::end_call(int status) {
  in_call_ = false;
  running_thread_ = nullptr;
  total_ += spent_;
  lua_sethook(L_, nullptr, 0, 0);
  const Kill kill = kill_;
  kill_ = Kill::None;
  if (status == LUA_OK && kill == Kill::None) return std::nullopt;
  ScriptError e;
  e.file = where_file_;
  e.line = where_line_;
  const std::string detail = kill_detail_.empty() ? "" : " (" + kill_detail_ + ")";
  if (kill == Kill::Budget) {
    e.kind = ScriptError::Kind::Budget;
    e.message = "instruction budget of " + std::to_string(budget_) + " exceeded" + detail;
  } else if (kill == Kill::Session) {
    e.kind = ScriptError::Kind::Budget;
    e.message = "total instruction budget of " + std::to_string(session_budget_) +
                " for the whole run exceeded (zetema --budget N sets it)";
  } else if (kill == Kill::Deadline) {
    e.kind = ScriptError::Kind::Deadline;
    e.message = "the machine ran out of time: " + seconds_text(seconds_) +
                " of wall clock passed with " + std::to_string(spent_) + " of the budget's " +
                std::to_string(budget_) +
                " instructions used (a backstop for a stalled or overloaded machine, not a "
                "verdict on the file)";
  } else if (kill == Kill::Interrupted) {
    e.kind = ScriptError::Kind::Interrupted;
    e.message = "interrupted";
  } else if (kill == Kill::Memory || status == LUA_ERRMEM) {
    e.kind = ScriptError::Kind::Memory;
    // One block over its own cap is said as such: the whole cap was not reached.
    e.message =
        kill_detail_.empty()
            ? "memory cap of " + std::to_string(limits_.memory_bytes >> 20) + " MiB exceeded"
            : kill_detail_;
  } else {
    e.kind = ScriptError::Kind::Runtime;
    size_t length = 0;
    const char* msg = lua_tolstring(L_, -1, &length);
    e.message = shortened(strip_location(msg ? std::string(msg, length) : "error", e.file, e.line));
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
  begin_call(limits_.load_instructions, limits_.load_seconds);
  const int loaded = luaL_loadbufferx(L_, source.data(), source.size(), chunkname.c_str(), "t");
  in_call_ = false;
  lua_sethook(L_, nullptr, 0, 0);
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
  push_file_environment(L_);
  lua_setupvalue(L_, -2, 1);  // _ENV
  return call(0, 1, limits_.load_instructions, limits_.load_seconds);
}

std::optional<ScriptError> Sandbox::call(int nargs, int nresults, uint64_t budget, double seconds) {
  restart_object_ids(L_);  // tostring's numbers: this call's own (docs/variant-authoring.md)
  begin_call(budget, seconds > 0 ? seconds : limits_.call_seconds);
  // Where the call starts on the native stack: coroutines may go this deep
  // below it and no further.
  stack_base_ = static_cast<const char*>(__builtin_frame_address(0));
  const int status = lua_pcall(L_, nargs, nresults, message_handler_);
  stack_base_ = nullptr;
  return end_call(status);
}

std::optional<ScriptError> Sandbox::protect_impl(void (*fn)(void*), void* arg) {
  Trampoline t{fn, arg};
  lua_pushcfunction(L_, run_trampoline);
  lua_pushlightuserdata(L_, &t);
  return call(1, 0, limits_.load_instructions, limits_.load_seconds);
}

}  // namespace zetema::scripting
