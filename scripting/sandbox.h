// The Lua 5.4 sandbox a variant runs in (docs/architecture.md, "The sandbox").
//
// - Text chunks only: bytecode is refused at load.
// - An allow-list of globals (base functions without load/dofile/loadfile/
//   require/collectgarbage/rawset, and string/table/math/utf8/coroutine);
//   no io, os, package, debug; string.dump removed; math.random bound to
//   the engine's seeded generator; setmetatable refuses __gc finalizers.
// - Each file runs in its own environment over shared, read-only library
//   tables: what one file sets at its top level no other file sees. Globals
//   are read-only once the variant is loaded; reading an undefined global is
//   an error that names it (as Redis does).
// - Each call has an instruction budget and the whole state a memory cap
//   (and a cap on any one allocation). Once one is exceeded the sandbox
//   raises an error at every following instruction and allocation, so
//   neither a pcall nor an xpcall message handler inside the script can
//   carry on; the call is reported as a budget, memory or interrupted error
//   with file:line. A file's verdict depends only on the file and these
//   budgets, never on the machine's speed or load.
// - The budget counts work, not only VM instructions: the library functions
//   that loop inside one C call (string.rep, the pattern functions,
//   table.move/concat/sort, utf8.len, ...) charge the work they will do
//   before they do it (sandbox_lib.cpp); every allocated byte is charged
//   (copying, hashing a new string, a table's rehash); and while two long
//   strings are alive, each instruction is charged as if it compared them
//   (a string comparison is one instruction whose work grows with length).
// - A wall-clock backstop per call (SandboxLimits::call_seconds) stops a
//   call the budget did not stop because the machine itself stalled; its
//   message says so: the machine ran out of time, not the file.
// - Coroutines cannot exhaust the native stack: resume, wrap and close check
//   how much of it the call has used.
// - tostring and pairs/next are deterministic (a per-state id, a sorted key
//   order), so the same variant and seed give the same game in any process.
//
// Model: Redis's script_lua.c (allow-lists, read-only globals, count hook).
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "engine/hooks.h"
#include "engine/rng.h"

struct lua_State;
struct lua_Debug;

namespace zetema::scripting {

struct SandboxLimits {
  uint64_t call_instructions = 1'000'000;   // per hook call
  uint64_t load_instructions = 10'000'000;  // for running a variant file's chunk
  size_t memory_bytes = 64u << 20;          // the whole Lua state
  size_t max_source_bytes = 1u << 20;       // a variant file
  // One block (a string, a table's array part): bounds what a single VM
  // instruction can cost (comparing or hashing a string), so the count hook
  // is never far away.
  size_t max_allocation_bytes = 4u << 20;
  // Wall-clock backstops, never a verdict on a file: every budgeted call
  // ends far sooner on any working machine (docs/hardening.md).
  double call_seconds = 10.0;              // wall clock per hook call
  double load_seconds = 30.0;              // wall clock for a file's chunk
  size_t native_stack_bytes = 512u << 10;  // C stack a call may use through coroutines
};

// Ctrl-C: makes every running and future script call stop with an
// "interrupted" error until cleared. Safe to call from a signal handler.
void interrupt_scripts() noexcept;
void clear_script_interrupt() noexcept;
bool scripts_interrupted() noexcept;
// The flag itself, for loops that take a stop flag (the lab's compare).
const std::atomic<bool>& script_interrupt_flag() noexcept;

// The factor every deadline is multiplied by: ZETEMA_DEADLINE_SCALE (at
// least 1), for running under tools that slow a process many times over
// (valgrind's memcheck runs the suite with 30).
double deadline_scale();

class Sandbox {
 public:
  explicit Sandbox(SandboxLimits limits = {});
  ~Sandbox();
  Sandbox(const Sandbox&) = delete;
  Sandbox& operator=(const Sandbox&) = delete;

  lua_State* L() const { return L_; }
  const SandboxLimits& limits() const { return limits_; }

  // Compiles `source` as a text chunk named `file` and runs it; on success
  // its one result is left on the stack.
  std::optional<ScriptError> run_chunk(std::string_view source, const std::string& file);

  // Calls the function below `nargs` arguments on the stack, under the
  // budget and cap, leaving `nresults` results. On error the stack is left
  // as before the function was pushed.
  // `seconds` is the wall-clock deadline (0: the limits' call_seconds).
  std::optional<ScriptError> call(int nargs, int nresults, uint64_t budget, double seconds = 0);

  // Runs a C++ reader under protection: Lua errors it raises (or memory
  // exhaustion) come back as an error instead of ending the process.
  template <class F>
  std::optional<ScriptError> protect(F& f) {
    return protect_impl(&invoke<F>, static_cast<void*>(&f));
  }

  void freeze_globals();
  // The generator behind math.random while a hook runs (null: a fixed one).
  void set_rng(Rng* rng) { rng_ = rng; }

  size_t memory_used() const { return used_; }
  // The most the state held at once since the last call (or chunk) began.
  size_t peak_memory() const { return peak_; }
  // Instructions the last call ran (counted every 1000, then one by one
  // once killed), with the work the library functions charged: what the
  // attack tests hold to twice the budget.
  uint64_t last_call_instructions() const { return spent_; }
  // Instructions charged over every call since the state was made.
  uint64_t total_instructions() const { return total_ + spent_; }
  // From now on, all calls together may run at most `instructions` (0: no
  // limit); `zetema check` gives each game it plays such a budget, so hooks
  // that each stay just under theirs cannot make it run for minutes.
  void set_session_budget(uint64_t instructions) {
    session_budget_ = instructions;
    session_start_ = total_;
  }
  uint64_t session_budget() const { return session_budget_; }
  uint64_t session_start() const { return session_start_; }
  // Puts back a budget read with the two above (RunBudget, run_budget.h).
  void restore_session_budget(uint64_t budget, uint64_t start) {
    session_budget_ = budget;
    session_start_ = start;
  }

  // Internal, used by the C callbacks.
  static Sandbox* from(lua_State* L);
  void on_count(lua_State* L, lua_Debug* ar);
  void* on_alloc(void* ptr, size_t osize, size_t nsize);
  Rng& rng() { return rng_ ? *rng_ : load_rng_; }
  void note_error_location(lua_State* L);
  // Charges `units` instructions of work a library function is about to do
  // (`what` says which, for the message); raises the budget, deadline or
  // interrupt error instead if the call may not go on.
  void charge(lua_State* L, uint64_t units, const char* what);
  // Raises an error if the call has used more native stack than allowed.
  void check_native_stack(lua_State* L);
  // The coroutine about to run (resume, wrap), or the one to return to:
  // its count hook is set to the current interval, and it is the thread a
  // rise in the instruction weight reaches at once. Returns the previous.
  lua_State* enter_thread(lua_State* co);
  void leave_thread(lua_State* previous) { running_thread_ = previous; }
  bool killed() const { return kill_ != Kill::None; }
  // The last number tostring gave an object since the numbering restarted
  // (sandbox_lib.cpp); 0: none, so a restart has nothing to clear.
  int64_t& last_object_id() { return last_object_id_; }
  // The state view's metatable (state_view.cpp), by address: how a view
  // checks its `self` without a registry lookup.
  const void* state_view_metatable() const { return state_view_metatable_; }
  // The registry ref of state_view.h's names table (0: not made yet).
  int& names_ref() { return names_ref_; }
  // The registry ref of the variant's rules as `state.rules` gives them
  // (rules_view.h; 0: none made).
  int& rules_ref() { return rules_ref_; }
  // While the engine fills a hook's reused argument tables (lua_hooks.cpp),
  // between calls: their read-only guard then stores instead of refusing.
  bool filling_arguments() const { return filling_arguments_ && !in_call_; }
  void set_filling_arguments(bool on) { filling_arguments_ = on; }
  void set_state_view_metatable(const void* m) { state_view_metatable_ = m; }

 private:
  enum class Kill : uint8_t { None, Budget, Memory, Deadline, Interrupted, Session };
  template <class F>
  static void invoke(void* f) {
    (*static_cast<F*>(f))();
  }
  std::optional<ScriptError> protect_impl(void (*fn)(void*), void* arg);
  void begin_call(uint64_t budget, double seconds);
  std::optional<ScriptError> end_call(int status);
  void capture_location(lua_State* L, int level_from);
  // Why the call must stop now (None: it may go on).
  Kill should_stop() const;
  [[noreturn]] void kill(lua_State* L, Kill why, std::string detail);
  void make_globals();
  // Long strings alive in the state, for the instruction weight.
  void track_string(const void* block, size_t bytes);
  void untrack_string(const void* block);
  void update_weight();
  int hook_interval() const;

  SandboxLimits limits_;
  lua_State* L_ = nullptr;
  size_t used_ = 0;
  size_t peak_ = 0;
  bool in_call_ = false;
  uint64_t budget_ = 0;
  uint64_t spent_ = 0;
  uint64_t total_ = 0;
  uint64_t session_budget_ = 0;
  uint64_t session_start_ = 0;
  Kill kill_ = Kill::None;
  std::string kill_detail_;  // what the budget was spent on, when a library function said
  std::chrono::steady_clock::time_point deadline_;
  double seconds_ = 0;  // the deadline's length, for the message
  size_t allocated_since_check_ = 0;
  const char* stack_base_ = nullptr;
  std::string where_file_;
  int where_line_ = 0;
  Rng* rng_ = nullptr;
  Rng load_rng_{0};
  int64_t last_object_id_ = 0;
  const void* state_view_metatable_ = nullptr;
  bool filling_arguments_ = false;
  int names_ref_ = 0;
  int rules_ref_ = 0;
  int message_handler_ = 0;  // the stack slot of the calls' message handler
  // Strings of kTrackedStringBytes or more, by block, and how many of each
  // length are alive: the second longest bounds what comparing two strings
  // can cost, so every instruction is charged that much (instruction_weight_).
  std::unordered_map<const void*, size_t> long_strings_;
  std::map<size_t, int> long_string_lengths_;
  uint64_t instruction_weight_ = 1;
  lua_State* running_thread_ = nullptr;  // the coroutine running inside a call, if any
};

}  // namespace zetema::scripting
