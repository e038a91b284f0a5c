// Issue 13 through a replay: a replay carries the Lua of its variant, so the
// sandbox's attacks can come in a replay file as well. Each is refused when
// the embedded sources are loaded, with the replay's file:line and kind, in
// bounded time, and the real `zetema` exits with an error, never a signal.
// Also: the same variant and seed give byte-identical output in several
// processes (tostring and pairs are deterministic).
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/match.h"
#include "replays/record.h"
#include "replays/replay_file.h"
#include "scripting/lua_hooks.h"
#include "tests/support/hostile_lua.h"
#include "tests/support/hostile_replay.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::replays;
using test::carrying;
using test::carrying_hook;
using test::Scratch;

namespace {

struct Refused {
  std::string error;
  double seconds = 0;
};

Refused open(const Replay& r) {
  const auto t0 = std::chrono::steady_clock::now();
  const ResolvedVariant v = resolve_variant(r, test::variants_dir());
  Refused out;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  CHECK_FALSE(v.ok);
  out.error = v.error;
  return out;
}

// The load limits every command uses (SandboxLimits' defaults).
const scripting::SandboxLimits kDefaults;

// Runs the real CLI; its exit status, or 128 + the signal that ended it.
int run_cli(const std::string& args, const std::string& out_file) {
  // The CLI runs natively even where this test runs under valgrind: it
  // keeps the real deadlines, not the scale (ZETEMA_DEADLINE_SCALE) that
  // allows for valgrind. Scaled 30-fold, a fast machine reached the 2 MiB
  // comparisons' budget (12 s) before their deadline.
  const std::string cmd = "env -u ZETEMA_DEADLINE_SCALE " + std::string(ZETEMA_CLI) + " " + args +
                          " >" + out_file + " 2>&1";
  const int status = std::system(cmd.c_str());
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);  // the shell's 128 + signal if the program was killed
}

// `file`, a replay saved alone in its folder, stopped by the real CLI's
// verify, show and diff: each exits 1 saying `where` and `says` (after the
// note on the replay's own sources, before they ran), and changes nothing
// (the replay byte for byte; no file added). Output goes to `out`.
void stops_every_command(const std::string& file, const std::string& out, const std::string& where,
                         const std::string& says) {
  const std::string bytes = test::read_all(file);
  const std::filesystem::path dir = std::filesystem::path(file).parent_path();
  for (const std::string& command :
       {"replay verify " + file, "replay show " + file, "diff " + file + " --under sackson"}) {
    CAPTURE(command);
    const auto c0 = std::chrono::steady_clock::now();
    const int status = run_cli(command, out);
    const double cli_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - c0).count();
    const std::string text = test::read_all(out);
    CHECK_MESSAGE(status == 1, text);
    CHECK_MESSAGE(text.find(where) != std::string::npos, text);
    CHECK_MESSAGE(text.find(says) != std::string::npos, text);
    CHECK(text.rfind(file + ": note: ", 0) == 0);
    MESSAGE(command << ": " << cli_seconds << " s");
    CHECK(test::read_all(file) == bytes);
    size_t files = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++files;
    CHECK(files == 1);
  }
}

}  // namespace

TEST_CASE("hostile replay: the coroutine close chain is refused, by every command, no segfault") {
  // 5,000 deep: within the load's budget, far past the native stack allowed.
  const Replay r = carrying(test::close_chain(5000));
  const Refused in_process = open(r);
  CHECK(in_process.error ==
        "the embedded variant does not load: replay/hostile.lua:14: runtime error: coroutines "
        "nested too deeply (the sandbox allows 512 KiB of native stack)");
  // The real CLI: verify, show and diff exit 1 with the message (a
  // segfault, 139, before the coroutine functions checked the stack).
  const Scratch tmp("zetema-hostile-chain");
  const std::string dir = tmp.root.string();
  const std::string file = dir + "/chain.json";
  REQUIRE(save_replay(file, r).empty());
  for (const std::string& command :
       {"replay verify " + file, "replay show " + file, "diff " + file + " --under sackson"}) {
    const std::string out = dir + "/out.txt";
    CHECK_MESSAGE(run_cli(command, out) == 1, command, "\n", test::read_all(out));
    CHECK_MESSAGE(test::read_all(out).find("coroutines nested too deeply") != std::string::npos,
                  command, "\n", test::read_all(out));
  }
}

TEST_CASE("hostile replay: hangs in the embedded sources stop within twice the budget") {
  // Each stops at the load's budget of 10^7 instructions, in well under
  // twice the load's deadline.
  const struct {
    const char* code;
    const char* error;
  } hangs[] = {
      {"xpcall(function() while true do end end, function() while true do end end)\n",
       "replay/hostile.lua:1: budget error: instruction budget of 10000000 exceeded"},
      {"local n = #string.rep('', 2^53)\n",
       "replay/hostile.lua:1: budget error: instruction budget of 10000000 exceeded (string.rep "
       "would do about 9e+15 instructions' work)"},
      {"local s = string.rep('a', 9000)\nfor i = 1, 100 do s:find('a*b') end\n",
       "replay/hostile.lua:2: budget error: instruction budget of 10000000 exceeded (a pattern "
       "with 1 quantifiers on a 9000-byte subject would do about 324072004 instructions' work)"},
      {"local s = string.rep('a', 1 << 20)\nwhile true do utf8.len(s) end\n",
       "replay/hostile.lua:2: budget error: instruction budget of 10000000 exceeded (utf8 would "
       "do about 1048576 instructions' work)"},
  };
  for (const auto& h : hangs) {
    const Refused r = open(carrying(h.code));
    CHECK(r.error == std::string("the embedded variant does not load: ") + h.error);
  }
}

TEST_CASE("determinism: the same variant and seed give byte-identical output in every process") {
  // A hook that takes the first key pairs() gives over string keys and
  // shows a table with tostring: before both were made deterministic, the
  // hash seed and the addresses changed from process to process.
  const Scratch tmp("zetema-hostile-determinism");
  const std::string dir = tmp.root.string();
  const std::string variant = dir + "/order.lua";
  std::ofstream(variant)
      << "return {\n"
         "  id = 'order', name = 'Order', source = 'test', extends = 'sackson',\n"
         "  score_declaration = function(state, d)\n"
         "    local t = {}\n"
         "    for _, w in ipairs({'north', 'south', 'east', 'west', 'up', "
         "'down', 'left', 'right', 'in', 'out', 'red', 'blue'}) do\n"
         "      t[w] = #w\n"
         "    end\n"
         "    local first = next(t)\n"
         "    for k in pairs(t) do first = k break end\n"
         "    return { points = d.points + #first, reason = first .. ' in ' .. "
         "tostring(t) }\n"
         "  end,\n"
         "}\n";
  std::string first;
  for (int run = 0; run < 4; ++run) {
    const std::string out = dir + "/play" + std::to_string(run) + ".txt";
    REQUIRE(run_cli("play --variant " + variant + " --players 3 --seed 7 --bots greedy", out) == 0);
    const std::string text = test::read_all(out);
    CHECK(text.find(" in table: #") != std::string::npos);  // the hook's reasons are shown
    if (run == 0) first = text;
    CHECK(text == first);
  }
  // The same through a replay: recorded in one process, its own sources
  // (the variant is not installed) re-derive the same events in others.
  const std::string game = dir + "/order.json";
  REQUIRE(
      run_cli("play --variant " + variant + " --players 3 --seed 7 --bots greedy --record " + game,
              dir + "/record.txt") == 0);
  for (int run = 0; run < 3; ++run) {
    const std::string out = dir + "/verify" + std::to_string(run) + ".txt";
    CHECK_MESSAGE(run_cli("replay verify " + game, out) == 0, test::read_all(out));
    CHECK(test::read_all(out).find(": ok: order (embedded sources") != std::string::npos);
  }
}

TEST_CASE("hostile replay: a child's globals carried in a replay cannot change its parent's hook") {
  // A game recorded under a parent whose hook computes with math.floor;
  // the replay then carries a child of it that replaces `math` at its top
  // level. It verifies only if the parent's hook still sees the real math
  // (a floor of 1000 would change every declaration's points).
  const Scratch tmp("zetema-hostile-child-parent");
  const std::string dir = tmp.root.string();
  const std::string parent = dir + "/parent.lua";
  std::ofstream(parent) << "return {\n  id = 'parent', name = 'Parent', source = 'test', "
                           "extends = 'sackson',\n"
                           "  score_declaration = function(state, d)\n"
                           "    return { points = math.floor(d.points * 1.0) }\n"
                           "  end,\n}\n";
  scripting::LoadedVariant v = scripting::load_variant_spec(parent, test::variants_dir());
  REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
  test::RecordedGame g = test::record_game(v, 3, 5, "greedy");
  size_t declared = 0;
  for (const Event& e : g.match.events) declared += e.type == EventType::Declare;
  REQUIRE(declared > 0);  // the parent's hook scored
  Replay& r = g.replay;
  test::carry(r,
              "math = { floor = function() return 1000 end }\n"
              "return { id = 'hostile', name = 'Hostile', source = 'test', extends = 'parent' }\n",
              r.sources);
  const ResolvedVariant carried = resolve_variant(r, test::variants_dir());
  REQUIRE_MESSAGE(carried.ok, carried.error);
  const Verified checked = verify_replay(r, carried.variant.rules);
  CHECK_MESSAGE(checked.ok, checked.error);
  // And through the real CLI, from the file.
  REQUIRE(save_replay(dir + "/game.json", r).empty());
  CHECK(run_cli("replay verify " + dir + "/game.json", dir + "/out.txt") == 0);
}

TEST_CASE("hostile replay: every hook attack of the shared table stops verify, show and diff") {
  // The attacks of tests/support/hostile_lua.h, run by a replay's own hook:
  // in process with the instruction count, then through the real CLI, where
  // each command stops with the file:line and kind, in bounded time, and
  // changes nothing (the replay byte for byte; no file added).
  const Scratch tmp("zetema-hostile-hook-attacks"), outputs("zetema-hostile-hook-attacks-out");
  const std::string dir = tmp.root.string();
  int kept = 0;
  const std::string out = (outputs.root / "out.txt").string();
  for (const test::HookAttack& a : test::hook_attacks()) {
    CAPTURE(a.name);
    const Replay r = carrying_hook(a);
    const ResolvedVariant v = resolve_variant(r, test::variants_dir());
    REQUIRE_MESSAGE(v.ok, v.error);  // its top level is harmless: the hook is not
    const auto t0 = std::chrono::steady_clock::now();
    const Verified checked = verify_replay(r, v.variant.rules);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    CHECK_FALSE(checked.ok);
    const std::string where =
        "replay/hostile.lua:" + std::to_string(3 + a.line) + ": " + a.kind + " error: ";
    CHECK_MESSAGE(checked.error.find(where) != std::string::npos, checked.error);
    CHECK_MESSAGE(checked.error.find(a.says) != std::string::npos, checked.error);
    auto* hooks = dynamic_cast<scripting::LuaHooks*>(v.variant.rules.hooks.get());
    REQUIRE(hooks);
    CHECK(hooks->sandbox().last_call_instructions() <= 2 * kDefaults.call_instructions);
    MESSAGE(a.name << ": " << seconds << " s in process");

    const std::string file = dir + "/attack.json";
    REQUIRE(save_replay(file, r).empty());
    // ZETEMA_ATTACK_REPLAYS=DIR keeps each as DIR/N.json, for measuring the
    // CLI by hand (docs/hardening.md).
    if (const char* keep = std::getenv("ZETEMA_ATTACK_REPLAYS")) {
      REQUIRE(save_replay(std::string(keep) + "/" + std::to_string(++kept) + ".json", r).empty());
    }
    stops_every_command(file, out, where, a.says);
  }
}

TEST_CASE("hostile replay: a score_hand_end table of acts stops every command with its error") {
  // Read wrongly, such a table once unbalanced the Lua stack, and the CLI
  // aborted (exit 134) on an unprotected Lua error at the hand's end.
  const Replay r = carrying(
      "return {\n  id = 'hostile', name = 'Hostile', source = 'test', extends = 'sackson',\n"
      "  score_hand_end = function(state)\n"
      "    return { awards = {}, effects = { { move = 'ZZ', to = 'shown' } } }\n"
      "  end,\n}\n");
  const ResolvedVariant v = resolve_variant(r, test::variants_dir());
  REQUIRE_MESSAGE(v.ok, v.error);
  const std::string error =
      "replay/hostile.lua:3: runtime error: score_hand_end must return effect 1: move = a card";
  const Verified checked = verify_replay(r, v.variant.rules);
  CHECK_FALSE(checked.ok);
  CHECK_MESSAGE(checked.error.find(error) != std::string::npos, checked.error);
  const Scratch tmp("zetema-hostile-hand-end-acts");
  const std::string file = tmp.root.string() + "/acts.json";
  REQUIRE(save_replay(file, r).empty());
  const std::string out = tmp.root.string() + "/out.txt";
  for (const std::string& command :
       {"replay verify " + file, "replay show " + file, "diff " + file + " --under sackson"}) {
    CAPTURE(command);
    CHECK_MESSAGE(run_cli(command, out) == 1, test::read_all(out));
    CHECK_MESSAGE(test::read_all(out).find(error) != std::string::npos, test::read_all(out));
  }
}

TEST_CASE("hostile replay: every choice of the shared table refused at load stops every command") {
  // The choices of tests/support/hostile_lua.h a file may not declare,
  // carried as a replay's own variant: refused as its sources are loaded.
  const Scratch tmp("zetema-hostile-choice-loads"), outputs("zetema-hostile-choice-loads-out");
  const std::string file = tmp.root.string() + "/choice.json";
  const std::string out = (outputs.root / "out.txt").string();
  for (const test::ChoiceLoadAttack& a : test::choice_load_attacks()) {
    CAPTURE(a.name);
    const Replay r = carrying(test::choice_file(a.choice));
    const std::string where = "replay/hostile.lua:3: load error: ";
    const Refused refused = open(r);
    CHECK(refused.error.rfind("the embedded variant does not load: " + where, 0) == 0);
    CHECK_MESSAGE(refused.error.find(a.says) != std::string::npos, refused.error);
    REQUIRE(save_replay(file, r).empty());
    stops_every_command(file, out, where, a.says);
  }
}

TEST_CASE("hostile replay: every choice attack of the shared table stops at the recorded pick") {
  // Recorded under a harmless apply, replayed under the hostile one: the
  // recorded pick runs it, in process and through the real CLI.
  const Scratch tmp("zetema-hostile-choice-picks"), outputs("zetema-hostile-choice-picks-out");
  const std::string file = tmp.root.string() + "/pick.json";
  const std::string out = (outputs.root / "out.txt").string();
  for (const test::ChoiceAttack& a : test::choice_attacks()) {
    CAPTURE(a.name);
    const Replay r = test::carrying_choice(a);
    const ResolvedVariant v = resolve_variant(r, test::variants_dir());
    REQUIRE_MESSAGE(v.ok, v.error);
    const Verified checked = verify_replay(r, v.variant.rules);
    CHECK_FALSE(checked.ok);
    const std::string where =
        "replay/hostile.lua:" + std::to_string(a.line) + ": " + a.kind + " error: ";
    CHECK_MESSAGE(checked.error.find(where) != std::string::npos, checked.error);
    CHECK_MESSAGE(checked.error.find(a.says) != std::string::npos, checked.error);
    auto* hooks = dynamic_cast<scripting::LuaHooks*>(v.variant.rules.hooks.get());
    REQUIRE(hooks);
    CHECK(hooks->sandbox().last_call_instructions() <= 2 * kDefaults.call_instructions);
    REQUIRE(save_replay(file, r).empty());
    stops_every_command(file, out, where, a.says);
  }
}
