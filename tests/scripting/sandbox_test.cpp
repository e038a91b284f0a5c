// The sandbox (docs/architecture.md, "The sandbox"): every failure
// reported with its kind and file:line, none able to escape, and a failed
// hook leaving the game exactly as it was.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "engine/match.h"
#include "tests/scripting/sandbox_support.h"

using namespace zetema;
using test::house;
using test::load_text;

namespace {

// Runs the discard that completes a zetema under a variant whose
// score_zetema hook is `hook_body`, and returns the refused result, after
// checking the state and log were left exactly as they were.
ApplyResult failing_zetema(const std::string& hook_body, const std::string& extra = "") {
  const std::string src =
      house(extra + "  score_zetema = function(state, z)\n" + hook_body + "\n  end,");
  scripting::LoadedVariant v = load_text(src);
  REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
  State s = test::zetema_table(v.rules);
  const State before = s;
  EventLog log;
  const ApplyResult r = apply(s, Action::discard(Card(6, Suit::Spades, 1)), log);
  CHECK_FALSE(r.ok);
  CHECK(s == before);  // a failed hook leaves the game exactly as it was
  CHECK(log.empty());
  REQUIRE(r.script.has_value());
  return r;
}

}  // namespace

TEST_CASE("a failed scoring hook of a declaration leaves the game exactly as it was") {
  // With no hook but the scoring ones, a declaration runs on the state
  // itself (no copy): its hook is called before anything changes, and the
  // generator's draws the hook made are put back.
  for (const char* hook : {"score_marriages", "score_declaration"}) {
    CAPTURE(hook);
    scripting::LoadedVariant v = load_text(house(std::string("  ") + hook +
                                                 " = function(state, d)\n"
                                                 "    local n = math.random(1, 100)\n"
                                                 "    error('refused after drawing ' .. n)\n"
                                                 "  end,"));
    REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
    const bool marriages = std::string_view(hook) == "score_marriages";
    Layout l;
    l.players = 2;
    l.current = 0;
    const std::string held = marriages ? "KD QD 2C 3C 4C 9H" : "2C 3D 4H 5S 6C 7D";
    l.hands = {held, "AC 4D 8H TC QH 6S"};
    l.tableau = "9C 9D";
    State s = test::table(v.rules, l);
    const State before = s;
    CardSet cards;
    for (Card c : parse_cards(marriages ? "KD QD" : held, v.rules.imperial_suit).cards) {
      cards.insert(c);
    }
    const Action a = Action::declare(marriages ? DeclKind::Marriages : DeclKind::Sequence, cards);
    EventLog log;
    const ApplyResult r = apply(s, a, log);
    CHECK_FALSE(r.ok);
    REQUIRE(r.script.has_value());
    CHECK(r.script->message.find("refused after drawing") != std::string::npos);
    CHECK(s == before);  // the hook generator too
    CHECK(log.empty());
  }
}

TEST_CASE("an infinite loop in a hook is stopped: budget error at its line") {
  // Lines: 1 return, 2 id..., 3 score_zetema = function, 4 the loop.
  const ApplyResult r = failing_zetema("    while true do end");
  CHECK(r.script->kind == ScriptError::Kind::Budget);
  CHECK(r.script->file == "test/house.lua");
  CHECK(r.script->line == 4);
  CHECK(r.script->describe() ==
        "test/house.lua:4: budget error: instruction budget of 1000000 exceeded");
}

TEST_CASE("pcall cannot swallow the budget") {
  const ApplyResult r = failing_zetema(
      "    local ok = pcall(function() while true do end end)\n"
      "    while true do pcall(function() while true do end end) end\n"
      "    return 5");
  CHECK(r.script->kind == ScriptError::Kind::Budget);
  CHECK(r.script->file == "test/house.lua");
  CHECK(r.script->line == 4);
}

TEST_CASE("a memory bomb hits the cap: memory error with file:line") {
  // 2 MiB: within one call the allocator's charge (an instruction per 8
  // bytes) lets a call build about 8 MiB before the budget stops it.
  scripting::SandboxLimits limits;
  limits.memory_bytes = 2u << 20;
  const std::string src = house(
      "  score_zetema = function(state, z)\n"
      "    local t = {}\n"
      "    for i = 1, 1e9 do t[i] = string.rep('x', 200) .. i end\n"
      "  end,");
  scripting::LoadedVariant v = load_text(src, "test/bomb.lua", limits);
  REQUIRE(v.ok);
  State s = test::zetema_table(v.rules);
  const State before = s;
  EventLog log;
  const ApplyResult r = apply(s, Action::discard(Card(6, Suit::Spades, 1)), log);
  REQUIRE(r.script.has_value());
  CHECK(r.script->kind == ScriptError::Kind::Memory);
  CHECK(r.script->file == "test/bomb.lua");
  CHECK(r.script->line == 5);
  CHECK(s == before);
  // One string.rep of 256 MiB, above the 64 MiB default cap, fails the same way.
  const ApplyResult big = failing_zetema("    return #string.rep('x', 1 << 28)");
  CHECK(big.script->kind == ScriptError::Kind::Memory);
  CHECK(big.script->line == 4);
}

TEST_CASE("pcall cannot swallow the memory cap") {
  scripting::SandboxLimits limits;
  limits.memory_bytes = 2u << 20;
  const std::string src = house(
      "  score_zetema = function(state, z)\n"
      "    local keep = {}\n"
      "    for i = 1, 100 do pcall(function() keep[#keep + 1] = string.rep('y', 1 << 20) .. i end) "
      "end\n"
      "    return 5\n"
      "  end,");
  scripting::LoadedVariant v = load_text(src, "test/bomb.lua", limits);
  REQUIRE(v.ok);
  State s = test::zetema_table(v.rules);
  EventLog log;
  const ApplyResult r = apply(s, Action::discard(Card(6, Suit::Spades, 1)), log);
  REQUIRE(r.script.has_value());
  CHECK(r.script->kind == ScriptError::Kind::Memory);
  CHECK(r.script->file == "test/bomb.lua");
  CHECK(r.script->line == 5);
}

TEST_CASE("a runtime error in a hook: runtime error at its line, state unchanged") {
  const ApplyResult r = failing_zetema("    return z.points + nil");
  CHECK(r.script->kind == ScriptError::Kind::Runtime);
  CHECK(r.script->file == "test/house.lua");
  CHECK(r.script->line == 4);
  CHECK(r.script->message == "attempt to perform arithmetic on a nil value");
  const ApplyResult thrown = failing_zetema("    error('house rule broken')");
  CHECK(thrown.script->line == 4);
  CHECK(thrown.script->message == "house rule broken");
  // An error object that is not a string is reported without calling it.
  const ApplyResult table_error = failing_zetema(
      "    error(setmetatable({}, {__tostring = function() while true do end end}))");
  CHECK(table_error.script->kind == ScriptError::Kind::Runtime);
  CHECK(table_error.script->message == "(error object is a table value)");
}

TEST_CASE("a hook returning the wrong type is an error naming the hook") {
  const ApplyResult r = failing_zetema("    return 'five'");
  CHECK(r.script->kind == ScriptError::Kind::Runtime);
  CHECK(r.script->line == 3);  // where the hook is defined
  CHECK(r.script->message ==
        "score_zetema must return an integer from -1000000 to 1000000 or a table "
        "{points = n, reason = ..., awards = {...}}, got string \"five\"");
  // Floats count only when whole and in range (never an undefined cast).
  CHECK(failing_zetema("    return 7.5").script->message ==
        "score_zetema must return an integer from -1000000 to 1000000 or a table "
        "{points = n, reason = ..., awards = {...}}, got 7.5");
  CHECK(failing_zetema("    return 0/0").script->message.find("got -nan") != std::string::npos);
  CHECK(failing_zetema("    return 1.5e9").script->message ==
        "score_zetema must return an integer from -1000000 to 1000000 or a table "
        "{points = n, reason = ..., awards = {...}}, got 1500000000");
}

TEST_CASE("each forbidden global is absent: an error that names it") {
  for (const char* name : {"io", "os", "package", "require", "debug", "load", "dofile", "loadfile",
                           "collectgarbage", "rawset", "print"}) {
    CAPTURE(name);
    const ApplyResult r = failing_zetema(std::string("    return ") + name + " ~= nil and 1 or 2");
    CHECK(r.script->kind == ScriptError::Kind::Runtime);
    CHECK(r.script->file == "test/house.lua");
    CHECK(r.script->line == 4);
    CHECK(r.script->message == std::string("undefined global '") + name + "'");
  }
  const ApplyResult dump = failing_zetema("    return string.dump(function() end)");
  CHECK(dump.script->kind == ScriptError::Kind::Runtime);
  CHECK(dump.script->file == "test/house.lua");
  CHECK(dump.script->line == 4);
  CHECK(dump.script->message.find("dump") != std::string::npos);
  const ApplyResult seed = failing_zetema("    math.randomseed(1) return 1");
  CHECK(seed.script->kind == ScriptError::Kind::Runtime);
  CHECK(seed.script->file == "test/house.lua");
  CHECK(seed.script->line == 4);
  CHECK(seed.script->message.find("randomseed") != std::string::npos);
}

TEST_CASE("a bytecode chunk is refused") {
  const std::string bytecode = std::string("\x1bLua\x54\x00", 6) + "rest of a dump";
  scripting::LoadedVariant v = load_text(bytecode, "test/compiled.lua");
  REQUIRE_FALSE(v.ok);
  CHECK(v.error->kind == ScriptError::Kind::Syntax);
  CHECK(v.error->file == "test/compiled.lua");
  CHECK(v.error->line == 0);  // refused before compiling: the whole file, no line
  CHECK(v.error->message.find("bytecode") != std::string::npos);
}

TEST_CASE("a syntax error names its line") {
  scripting::LoadedVariant v =
      load_text("return {\n  id = 'x',\n  name = = 'y',\n}\n", "test/bad.lua");
  REQUIRE_FALSE(v.ok);
  CHECK(v.error->kind == ScriptError::Kind::Syntax);
  CHECK(v.error->file == "test/bad.lua");
  CHECK(v.error->line == 3);
  CHECK(v.error->message.find("unexpected symbol") != std::string::npos);
}

TEST_CASE("globals are frozen after load, library tables are read-only") {
  const ApplyResult r = failing_zetema("    counter = 1 return 5");
  CHECK(
      r.script->message ==
      "cannot set global 'counter': globals are read-only once a variant is loaded (use a local)");
  const ApplyResult lib = failing_zetema("    string.rep = nil return 5");
  CHECK(lib.script->message == "library tables are read-only");
  const ApplyResult meta = failing_zetema("    return getmetatable('').__index");
  CHECK(meta.script->kind == ScriptError::Kind::Runtime);  // indexing false
  // Top-level helpers may still be defined while the file loads.
  scripting::LoadedVariant v =
      load_text("function helper(x) return x * 2 end\n" +
                house("  score_zetema = function(state, z) return helper(z.points) end,"));
  REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
  State s = test::zetema_table(v.rules);
  EventLog log;
  REQUIRE(apply(s, Action::discard(Card(6, Suit::Spades, 1)), log).ok);
  CHECK(s.score[0] == 10);  // a 7 zetema is 5, doubled
}

TEST_CASE("a library table reads through its read-only view: pairs and # see its contents") {
  // Points: how many functions math offers (math.floor among them, listed
  // by pairs in sorted order), plus # of a read-only sequence (0 here).
  scripting::LoadedVariant v =
      load_text(house("  score_zetema = function(state, z)\n"
                      "    local n, floor, last = 0, false, ''\n"
                      "    for k in pairs(math) do n = n + 1; floor = floor or k == 'floor';\n"
                      "      assert(k > last); last = k end\n"
                      "    return (floor and n or -1) + #string\n"
                      "  end,"));
  REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
  State s = test::zetema_table(v.rules);
  EventLog log;
  const ApplyResult r = apply(s, Action::discard(Card(6, Suit::Spades, 1)), log);
  REQUIRE_MESSAGE(r.ok, (r.script ? r.script->describe() : r.reason));
  CHECK(s.score[0] > 20);  // math has some 25 fields (less randomseed)
}

TEST_CASE("pairs over a read-only view hands out no table a hook could write") {
  // pairs returns (next, state, nil): the state is the view, not the table
  // behind it, so writing through it is refused like any other write.
  const ApplyResult lib =
      failing_zetema("    local _, t = pairs(string)\n    t.rep = nil return 5");
  REQUIRE(lib.script.has_value());
  CHECK(lib.script->message == "library tables are read-only");
  const ApplyResult rules =
      failing_zetema("    local _, t = pairs(state.rules)\n    t.decoy = 1 return 5");
  REQUIRE(rules.script.has_value());
  CHECK(rules.script->message.find("the rules are read-only") != std::string::npos);
}

TEST_CASE("catastrophic patterns are refused before they run") {
  // The worst case of a pattern is charged to the budget before it runs:
  // (5000 + 1)^5 steps times the pattern's length.
  const ApplyResult r = failing_zetema(
      "    local s = string.rep('a', 5000)\n"
      "    return s:find('.-.-.-.-b') and 1 or 0");
  CHECK(r.script->kind == ScriptError::Kind::Budget);
  CHECK(r.script->line == 5);
  CHECK(r.script->message ==
        "instruction budget of 1000000 exceeded (a pattern with 4 quantifiers on a 5000-byte "
        "subject would do more than 10^18 instructions' work)");
  // Ordinary patterns on short strings, and plain finds, still work.
  scripting::LoadedVariant v =
      load_text(house("  score_zetema = function(state, z)\n"
                      "    local name = ('rank %s'):format(z.rank)\n"
                      "    assert(name:match('^rank (%w)$') == z.rank)\n"
                      "    assert(string.rep('x', 100000):find('x.x', 1, true) == nil)\n"
                      "    return z.points\n"
                      "  end,"));
  REQUIRE(v.ok);
  State s = test::zetema_table(v.rules);
  EventLog log;
  CHECK(apply(s, Action::discard(Card(6, Suit::Spades, 1)), log).ok);
}

TEST_CASE("finalizers are refused") {
  const ApplyResult r =
      failing_zetema("    setmetatable({}, {__gc = function() while true do end end}) return 5");
  CHECK(r.script->message == "finalizers (__gc) are not allowed in variant files");
}

TEST_CASE("the state view is read-only") {
  const ApplyResult write = failing_zetema("    state.stock = 0 return 5");
  CHECK(write.script->message == "the state is read-only");
  const ApplyResult unknown = failing_zetema("    return state.nonsense");
  CHECK(unknown.script->message == "the state has no field 'nonsense'");
}

TEST_CASE("math.random is the engine's seeded generator: same seed, same game") {
  scripting::LoadedVariant v = load_text(
      house("  score_zetema = function(state, z) return z.points + math.random(1, 100) end,"));
  REQUIRE(v.ok);
  auto run = [&](uint64_t seed) {
    MatchConfig c;
    c.setup.players = 3;
    c.seed = seed;
    c.bots = {"random"};
    MatchRecord m = play_match(v.rules, c);
    REQUIRE_MESSAGE(m.ok, m.error);
    std::vector<int> points;
    for (const Event& e : m.events) {
      if (e.type == EventType::Zetema) points.push_back(e.points);
    }
    return points;
  };
  const auto a = run(11), b = run(11), c = run(12);
  CHECK(a == b);
  CHECK(a != c);
  bool above_table = false;
  for (int p : a) above_table = above_table || p > 50;
  CHECK(above_table);  // the hook's numbers were used
}
