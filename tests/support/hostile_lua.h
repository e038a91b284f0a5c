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
      // Offers (docs/variant-authoring.md, "Choices: asking a player").
      HookAttack::acting("an offer of a choice the variant does not have",
                         "    return { offer = 'nowhere' }", 0, "runtime",
                         "turn_start must return offer = the name of one of this variant's "
                         "choices, got 'nowhere'"),
      HookAttack::acting(
          "an offer to a seat that does not exist",
          "    return { offer = { choice = 'pick', player = 7 } }", 0, "runtime",
          "turn_start must return offer.player = an integer from 1 to 2, got 7", "turn_start",
          "  choices = { pick = { options = 'yes_no', apply = function() end } },\n"),
  };
}

// A variant's choice refused when the file is loaded (issue 13): `choice`
// is the value of choices.pick, on line 4 of choice_file(); the error is
// reported at the line of `choices` (3).
struct ChoiceLoadAttack {
  std::string name;
  std::string choice;
  std::string says;  // said in the error's message
};

inline std::string choice_file(const std::string& choice) {
  return "return {\n  id = 'hostile', name = 'Hostile', source = 'test', extends = 'sackson',\n"
         "  choices = {\n    pick = " +
         choice + ",\n  },\n}\n";
}

inline std::vector<ChoiceLoadAttack> choice_load_attacks() {
  return {
      {"a choice of a million numbers",
       "{ options = { number = { 1, 1000000 } }, apply = function() end }",
       "choices.pick: options.number = {lo, hi}, at most 100 numbers: "},
      {"a number range upside down", "{ options = { number = { 5, 1 } }, apply = function() end }",
       "choices.pick: options.number = {lo, hi}, at most 100 numbers: "},
      {"a number range of three numbers",
       "{ options = { number = { 1, 2, 3 } }, apply = function() end }",
       "choices.pick: options.number = {lo, hi}"},
      {"options of an unknown kind", "{ options = 'colour', apply = function() end }",
       "choices.pick: options = \"yes_no\", \"seat\", {cards = zone} or {number = {lo, hi}}"},
      {"cards from nowhere", "{ options = { cards = 'nowhere' }, apply = function() end }",
       "choices.pick: options.cards = \"hand\", \"tableau\", \"shown\", \"marriages\" or "
       "\"zetemas\""},
      {"cards from the stock", "{ options = { cards = 'stock' }, apply = function() end }",
       "choices.pick: options.cards = "},
      {"options a number", "{ options = 42, apply = function() end }",
       "choices.pick: options = \"yes_no\", \"seat\""},
      {"options a table of nothing known",
       "{ options = { colour = 'red' }, apply = function() end }",
       "choices.pick: options = \"yes_no\", \"seat\""},
      {"a choice that is not a table", "'yes_no'",
       "choices.pick: must be a table {options = ..., apply = function}"},
      {"an apply that is not a function", "{ options = 'yes_no', apply = 'yes' }",
       "choices.pick: apply must be a function(state, option)"},
      {"a choice without apply", "{ options = 'seat' }",
       "choices.pick: apply must be a function(state, option)"},
  };
}

// A choice's apply that attacks when a player picks (issue 13): turn_start
// offers the choice at every turn, and the pick runs `body` (the file's
// line 10 on; apply is on line 9). `picks` is the number of picks in a row
// that reaches the stop: the one an apply offering its own choice again
// needs is the first past the engine's limit.
struct ChoiceAttack {
  std::string name;
  std::string body;  // lines indented eight spaces
  int line = 0;      // the stop's line in the file
  std::string kind;  // as ScriptError's kind prints
  std::string says;
  int picks = 1;

  // The variant; with `harmless`, apply returns nil instead (a game to
  // record, whose picks the hostile apply is then given).
  std::string file(bool harmless = false) const {
    return "return {\n  id = 'hostile', name = 'Hostile', source = 'test', extends = 'sackson',\n"
           "  turn_start = function(state)\n"
           "    return { offer = 'pick', reason = 'a pick' }\n"
           "  end,\n"
           "  choices = {\n"
           "    pick = {\n"
           "      options = 'yes_no',\n"
           "      apply = function(state, option, chooser)\n" +
           (harmless ? std::string("        return nil") : body) +
           "\n      end,\n    },\n  },\n}\n";
  }
};

inline std::vector<ChoiceAttack> choice_attacks() {
  return {
      {"an apply that raises an error", "        error('no such pick')", 10, "runtime",
       "no such pick"},
      {"an apply that loops", "        while true do end", 10, "budget", "instruction budget of"},
      {"an apply that allocates without bound",
       "        local s, t = string.rep('x', 1 << 16), {}\n"
       "        for i = 1, 1e9 do t[i] = s:rep(80) end",
       11, "memory", ""},
      {"an apply that offers its own choice for ever", "        return { offer = 'pick' }", 9,
       "runtime",
       "offers pick as choice 17 in a row offered by a choice's apply: at most 16; choices that "
       "offer choices again and again stop here",
       17},
      {"an apply that moves a card twice",
       "        local c = state:hand_of(state.player)[1]\n"
       "        return { effects = { { move = c, to = 'shown' }, { move = c, to = 'stock' } } }",
       9, "runtime", " is moved twice by one hook"},
      {"an apply that returns a number", "        return 42", 9, "runtime",
       "choices.pick.apply must return nil or a table {effects = ..., awards = ..., turn = ..., "
       "offer = ...}, got number"},
  };
}

}  // namespace zetema::test
