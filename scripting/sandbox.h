// The Lua 5.4 sandbox a variant runs in (DESIGN.md §4).
//
// - Text chunks only: bytecode is refused at load.
// - An allow-list of globals (base functions without load/dofile/loadfile/
//   require/collectgarbage/rawset, and string/table/math/utf8/coroutine);
//   no io, os, package, debug; string.dump removed; math.random bound to
//   the engine's seeded generator; setmetatable refuses __gc finalizers.
// - Globals are read-only once the variant is loaded; reading an undefined
//   global is an error that names it (as Redis does).
// - Each call has an instruction budget and the whole state a memory cap.
//   Once either is exceeded the sandbox raises an error at every following
//   instruction and allocation, so a pcall inside the script cannot swallow
//   it; the call is reported as a budget or memory error with file:line.
//
// Model: Redis's script_lua.c (allow-lists, read-only globals, count hook).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

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
};

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
  std::optional<ScriptError> call(int nargs, int nresults, uint64_t budget);

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
  // once killed): what the attack tests hold to twice the budget.
  uint64_t last_call_instructions() const { return spent_; }

  // Internal, used by the C callbacks.
  static Sandbox* from(lua_State* L);
  void on_count(lua_State* L, lua_Debug* ar);
  void* on_alloc(void* ptr, size_t osize, size_t nsize);
  Rng& rng() { return rng_ ? *rng_ : load_rng_; }
  void note_error_location(lua_State* L);

 private:
  enum class Kill : uint8_t { None, Budget, Memory };
  template <class F>
  static void invoke(void* f) {
    (*static_cast<F*>(f))();
  }
  std::optional<ScriptError> protect_impl(void (*fn)(void*), void* arg);
  void begin_call(uint64_t budget);
  std::optional<ScriptError> end_call(int status);
  void capture_location(lua_State* L, int level_from);

  SandboxLimits limits_;
  lua_State* L_ = nullptr;
  size_t used_ = 0;
  size_t peak_ = 0;
  bool in_call_ = false;
  uint64_t budget_ = 0;
  uint64_t spent_ = 0;
  Kill kill_ = Kill::None;
  std::string where_file_;
  int where_line_ = 0;
  Rng* rng_ = nullptr;
  Rng load_rng_{0};
};

}  // namespace zetema::scripting
