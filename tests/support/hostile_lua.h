// Hostile Lua shared by the sandbox tests and the same attacks carried by a
// replay (issue 13).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace zetema::test {

// A chain of coroutines, each closing the previous one from a __close
// handler, `depth` long; the error of the innermost close is passed out.
// Deep enough (20,000), it overflowed the native stack before the guard.
inline std::string close_chain(int depth) {
  return "local prev\n"
         "for i = 1, " +
         std::to_string(depth) +
         " do\n"
         "  local p = prev\n"
         "  local co = coroutine.create(function()\n"
         "    local x <close> = setmetatable({}, {__close = function()\n"
         "      if p then local ok, e = coroutine.close(p) if not ok then error(e, 0) end end\n"
         "    end})\n"
         "    coroutine.yield()\n"
         "  end)\n"
         "  coroutine.resume(co)\n"
         "  prev = co\n"
         "end\n"
         "local ok, e = coroutine.close(prev)\n"
         "if not ok then error(e, 0) end\n";
}

// The attacks a hook can make once it runs (issue 13), one table for the
// variant tests (tests/scripting) and the same attacks carried by a replay
// (tests/replays). `body` is the inside of a hook function, each line
// indented four spaces; it never returns normally, or returns what the
// engine refuses.
struct HookAttack {
  std::string name;
  std::string body;
  int line = 0;      // the line of `body` (from 1) the stop is reported at; 0: the hook's own
  std::string kind;  // as ScriptError's kind prints: budget, memory, deadline, runtime
  // Said in the error's message ("": nothing in particular).
  std::string says;
  // The hook `body` is, where the attack needs one that acts (effects,
  // moments); "": each test's own, as a body that never returns stops in any.
  std::string hook;
  // More of the variant's table, on the lines after the hook's "end,"
  // (another hook the body sets off), each line ending in a newline.
  std::string more;

  HookAttack() = default;
  HookAttack(std::string name_, std::string body_, int line_, std::string kind_)
      : name(std::move(name_)), body(std::move(body_)), line(line_), kind(std::move(kind_)) {}
  // An attack through effects or moments (docs/variant-authoring.md): by
  // default in turn_start, which every game's first turn calls.
  static HookAttack acting(std::string name, std::string body, int line, std::string kind,
                           std::string says, std::string hook = "turn_start",
                           std::string more = "") {
    HookAttack a(std::move(name), std::move(body), line, std::move(kind));
    a.says = std::move(says);
    a.hook = std::move(hook);
    a.more = std::move(more);
    return a;
  }

  // The variant table's fields that make the attack: its hook (`fallback`
  // where it names none) as `function(state, arg)`, then `more`.
  std::string fields(const std::string& fallback) const {
    return "  " + (hook.empty() ? fallback : hook) + " = function(state, arg)\n" + body +
           "\n  end,\n" + more;
  }
};

inline std::vector<HookAttack> hook_attacks() {
  return {
      {"a loop", "    while true do end", 1, "budget"},
      {"an xpcall handler that loops",
       "    xpcall(function() while true do end end, function(m) while true do end end)\n"
       "    while true do end",
       1, "budget"},
      {"string.rep('', 2^53)", "    local n = #string.rep('', 2^53)\n    while true do end", 1,
       "budget"},
      {"table.move over 2^63 - 2 slots",
       "    table.move({1}, 1, math.maxinteger - 1, 2)\n    while true do end", 1, "budget"},
      {"utf8.len of 64 KiB in a loop",
       "    local s = string.rep('a', 1 << 16)\n    while true do utf8.len(s) end", 2, "budget"},
      {"table.concat of 5,000 in a loop",
       "    local t = {} for i = 1, 5000 do t[i] = 'x' end\n"
       "    while true do table.concat(t) end",
       2, "budget"},
      {"plain find in 64 KiB in a loop",
       "    local s = string.rep('a', 1 << 16)\n    while true do s:find('b', 1, true) end", 2,
       "budget"},
      {"one quantifier beside a 4,000-byte literal",
       "    local s = string.rep('a', 4000)\n"
       "    local f = s:find('a*' .. string.rep('a', 4000) .. 'b')\n"
       "    while true do end",
       2, "budget"},
      {"100 x 'a*b' on 9,000 bytes",
       "    local s = string.rep('a', 9000)\n    for i = 1, 100 do s:find('a*b') end\n"
       "    while true do end",
       2, "budget"},
      // 5 MiB in one string: one block over the cap on a single allocation,
      // refused before it is charged. (Memory spread over many blocks is
      // charged as it grows: within one call the budget comes first.)
      {"a memory bomb",
       "    local s, t = string.rep('x', 1 << 16), {}\n"
       "    for i = 1, 1e9 do t[i] = s:rep(80) end",
       2, "memory"},
      // One instruction compares 128 KiB: charged by the length of the
      // strings alive, so the budget stops it, on any machine.
      {"128 KiB string comparisons in a loop",
       "    local a, b = ('a'):rep(2048):rep(64), ('a'):rep(2048):rep(64)\n"
       "    local n = 0 while a == b do n = n + 1 end",
       2, "budget"},
      // A million effects: the list is never finished, the budget stops
      // the loop (with more room, the reader's cap would:
      // tests/scripting/effects_limits_test.cpp).
      HookAttack::acting("a million effects",
                         "    local e, t = { shuffle = 'stock' }, {}\n"
                         "    for i = 1, 1000000 do t[i] = e end\n"
                         "    return { effects = t }",
                         2, "budget", "instruction budget of"),
      HookAttack::acting("257 effects",
                         "    local t = {}\n"
                         "    for i = 1, 257 do t[i] = { shuffle = 'stock' } end\n"
                         "    return { effects = t }",
                         0, "runtime", "turn_start must return at most 256 effects in one call"),
      HookAttack::acting(
          "a card moved twice by one hook",
          "    local c = state:hand_of(state.player)[1]\n"
          "    return { effects = { { move = c, to = 'shown' }, { move = c, to = 'stock' } } }",
          0, "runtime", " is moved twice by one hook"),
      // The whole stock taken, and stock_empty (line 8) putting a card back
      // to take it out again: stopped at its second move of that card.
      HookAttack::acting(
          "the stock_empty recursion",
          "    local t = {}\n"
          "    for i = 1, state.stock do t[i] = { move = 'top', to = 'shown' } end\n"
          "    return { effects = t }",
          5, "runtime", "stock_empty effect 2: ", "turn_start",
          "  stock_empty = function(state)\n"
          "    local c = state:hand_of(state.player)[1]\n"
          "    return { effects = { { move = c, to = 'stock' }, { move = 'top', to = 'shown' } } "
          "}\n"
          "  end,\n"),
      HookAttack::acting("a turn_start that empties the hand",
                         "    local t = {}\n"
                         "    for i, c in ipairs(state:hand_of(state.player)) do\n"
                         "      t[i] = { move = c, to = 'shown' }\n"
                         "    end\n"
                         "    return { effects = t }",
                         0, "runtime", ", whose turn it is, no card to play"),
  };
}

}  // namespace zetema::test
