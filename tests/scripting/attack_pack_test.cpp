// The sandbox attack pack: the known shapes of Lua sandbox escapes and
// denials of service. Each is stopped within twice the instruction budget,
// reported with file:line and its kind, keeps the sandbox's memory under its
// cap, and leaves the game exactly as it was.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "scripting/lua_hooks.h"
#include "tests/scripting/sandbox_support.h"

using namespace zetema;
using test::house;
using test::load_text;

namespace {

constexpr uint64_t kBudget = 200'000;
constexpr size_t kCap = 16u << 20;

struct Attack {
  ApplyResult result;
  uint64_t instructions = 0;
  size_t memory = 0;
  double seconds = 0;
};

// Runs the discard that completes a zetema under a variant whose
// score_zetema body (after `prelude` at file level) is the attack; a second
// discard runs it again (for attacks that need an earlier call).
Attack attack(const std::string& body, const std::string& prelude = "", int calls = 1) {
  scripting::SandboxLimits limits;
  limits.call_instructions = kBudget;
  limits.memory_bytes = kCap;
  const std::string src =
      prelude + house("  score_zetema = function(state, z)\n" + body + "\n  end,");
  scripting::LoadedVariant v = load_text(src, "test/attack.lua", limits);
  REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
  auto* hooks = dynamic_cast<scripting::LuaHooks*>(v.rules.hooks.get());
  REQUIRE(hooks);
  Attack out;
  for (int i = 0; i < calls; ++i) {
    State s = test::zetema_table(v.rules);
    const State before = s;
    EventLog log;
    const auto t0 = std::chrono::steady_clock::now();
    out.result = apply(s, Action::discard(Card(6, Suit::Spades, 1)), log);
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    out.instructions = hooks->sandbox().last_call_instructions();
    out.memory = std::max(out.memory, hooks->sandbox().peak_memory());
    if (!out.result.ok) {
      CHECK(s == before);  // the game is exactly as it was
      CHECK(log.empty());
    }
  }
  return out;
}

// With ZETEMA_ATTACK_FIGURES set, each attack prints its figures as a
// Markdown table row (docs/hardening.md holds them).
void report(const char* what, const ScriptError& e, const Attack& a) {
  if (!std::getenv("ZETEMA_ATTACK_FIGURES")) return;
  std::printf("| %s | %s | %s:%d | %llu | %.2f | %.3f |\n", what,
              std::string(to_string(e.kind)).c_str(), e.file.c_str(), e.line,
              static_cast<unsigned long long>(a.instructions),
              static_cast<double>(a.memory) / (1 << 20), a.seconds * 1000);
}

void stopped(const Attack& a, ScriptError::Kind kind, int line, const char* what) {
  REQUIRE(a.result.script.has_value());
  CHECK(a.result.script->kind == kind);
  CHECK(a.result.script->file == "test/attack.lua");
  CHECK(a.result.script->line == line);
  CHECK(a.instructions <= 2 * kBudget);
  CHECK(a.memory <= kCap + (1u << 20));
  report(what, *a.result.script, a);
}

}  // namespace

TEST_CASE("attack: string.rep bombs, inside pcall, with the garbage left behind") {
  // Kept across calls (the file's own `keep`): one call's budget pays for
  // about 1.6 MiB of blocks (an instruction per 8 bytes), so the 16 MiB
  // cap is reached over calls, each within its budget.
  const Attack a = attack(
      "    for i = 1, 2000 do pcall(function() keep[#keep + 1] = string.rep('x', 200) .. i end) "
      "end\n"
      "    return 1",
      "local keep = {}\n", 80);
  stopped(a, ScriptError::Kind::Memory, 5, "string.rep bombs in pcall, kept over calls");
  // collectgarbage, which such attacks call to dodge the cap, is not there.
  stopped(attack("    collectgarbage('collect') return 1"), ScriptError::Kind::Runtime, 4,
          "collectgarbage called");
}

TEST_CASE("attack: table.unpack over a huge range") {
  // Charged one instruction a value before it runs: refused by the budget.
  const Attack a = attack("    return select('#', table.unpack({}, 1, 1e8))");
  stopped(a, ScriptError::Kind::Budget, 4, "table.unpack 1..1e8");
  CHECK(a.result.script->message ==
        "instruction budget of 200000 exceeded (table.unpack would do about 100000000 "
        "instructions' work)");
}

TEST_CASE("attack: tampering with the string metatable") {
  const Attack a = attack("    getmetatable('').__index = function() return 'pwned' end return 5");
  stopped(a, ScriptError::Kind::Runtime, 4,
          "getmetatable('').__index set");  // getmetatable('') is false: nothing to index
  stopped(attack("    string.upper = nil return 5"), ScriptError::Kind::Runtime, 4,
          "string.upper = nil");
  stopped(attack("    rawset(string, 'upper', nil) return 5"), ScriptError::Kind::Runtime, 4,
          "rawset(string, 'upper', nil)");
}

TEST_CASE("attack: catastrophic pattern matching") {
  const Attack a = attack(
      "    return string.find(string.rep('a', 4000), string.rep('a?', 40) .. string.rep('a', 40)) "
      "and 1 or 0");
  stopped(a, ScriptError::Kind::Budget, 4, "string.find, 40 × 'a?'");
  CHECK(a.result.script->message ==
        "instruction budget of 200000 exceeded (a pattern with 40 quantifiers on a 4000-byte "
        "subject would do more than 10^18 instructions' work)");
}

TEST_CASE("attack: an infinite loop inside a coroutine made in an earlier call") {
  // The first call makes the coroutine and scores normally; the second
  // resumes it, and it never yields again.
  const Attack a = attack(
      "    if not co then co = coroutine.create(function() coroutine.yield() while true do end "
      "end)\n"
      "      coroutine.resume(co) return z.points end\n"
      "    coroutine.resume(co) return z.points",
      "local co\n", 2);
  // `co` is a file-level local (an upvalue): not a global, so it may be set.
  // The loop is in the coroutine's function, written on line 5.
  stopped(a, ScriptError::Kind::Budget, 5, "loop in a coroutine from an earlier call");
}

TEST_CASE("attack: finalizers that loop") {
  stopped(attack("    setmetatable({}, {__gc = function() while true do end end}) return 5"),
          ScriptError::Kind::Runtime, 4, "__gc that loops");
  const Attack close = attack(
      "    local guard <close> = setmetatable({}, {__close = function() while true do end end})\n"
      "    return 5");
  stopped(close, ScriptError::Kind::Budget, 4, "__close that loops");
}

TEST_CASE("attack: recursion 10,000 deep through metamethods") {
  const Attack a = attack(
      "    local t = setmetatable({}, {__index = function(t, k) return t[k + 1] end})\n"
      "    return t[1]");
  stopped(a, ScriptError::Kind::Runtime, 4, "__index recursion");
  const Attack deep = attack(
      "    local function f(n) if n == 0 then return 0 end return 1 + f(n - 1) end\n"
      "    return f(10000000)");
  // Lua calls, unlike C calls, are not capped at 200 levels: the budget ends it.
  stopped(deep, ScriptError::Kind::Budget, 4, "plain recursion 10^7 deep");
}

TEST_CASE("attack: a 10 MiB source") {
  std::string huge = "return {\n  id = 'big', name = 'Big', source = 'x', extends = 'sackson',\n";
  huge += "  follows = '" + std::string(10u << 20, 'x') + "',\n}\n";
  const auto t0 = std::chrono::steady_clock::now();
  const scripting::LoadedVariant v = load_text(huge, "test/attack.lua");
  Attack a;  // no call: the file is refused before it is compiled
  a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  REQUIRE_FALSE(v.ok);
  report("a 10 MiB source", *v.error, a);
  CHECK(v.error->kind == ScriptError::Kind::Memory);
  CHECK(v.error->file == "test/attack.lua");
  CHECK(v.error->line == 0);  // the whole file is at fault, not a line of it
  CHECK(v.error->message.find("the limit is") != std::string::npos);
}

TEST_CASE("attack: an error object whose __tostring loops") {
  const Attack a =
      attack("    error(setmetatable({}, {__tostring = function() while true do end end}))");
  stopped(a, ScriptError::Kind::Runtime, 4, "__tostring that loops");
  CHECK(a.result.script->message == "(error object is a table value)");
}
