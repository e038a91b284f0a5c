// Ctrl-C through the real `zetema` binary (issue 13): a real SIGINT to a
// running command stops it, also while a hook is stuck (the time it took is
// reported, not asserted; a variant's load, bounded by its budget, is
// interrupted in tests/scripting/hostile_test.cpp); it prints what it kept,
// exits with 130, and what it kept is valid (a recorded replay verifies;
// nothing half-written).
#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/scratch.h"

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

struct Stopped {
  int status = -1;      // exit status; -1 if ended by a signal or killed by us
  double seconds = -1;  // from the SIGINT to the exit
  std::string output;   // standard output and error together
};

// Starts `zetema ARGS` (output to `log`), waits until `ready` appears in its
// output (or `at_least` seconds passed when `ready` is empty), sends one
// SIGINT and times the exit. A child still running 20 s later is killed.
Stopped interrupt_zetema(const std::vector<std::string>& args, const fs::path& log,
                         const std::string& ready, double at_least = 0) {
  std::vector<std::string> argv_text = {ZETEMA_BINARY};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0) ::_exit(127);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  Stopped s;
  int raw = 0;
  const auto started = Clock::now();
  auto elapsed = [](Clock::time_point since) {
    return std::chrono::duration<double>(Clock::now() - since).count();
  };
  // Waits for the sign that the command is at work (or ended too soon).
  for (;;) {
    if (::waitpid(pid, &raw, WNOHANG) == pid) {
      s.output = zetema::test::read_all(log);
      FAIL("the command ended before it was interrupted: " << s.output);
      return s;
    }
    const bool seen = ready.empty() || zetema::test::read_all(log).find(ready) != std::string::npos;
    if (seen && elapsed(started) >= at_least) break;
    if (elapsed(started) > 60) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &raw, 0);
      FAIL("no '" << ready << "' within 60 s: " << zetema::test::read_all(log));
      return s;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  REQUIRE(::kill(pid, SIGINT) == 0);
  const auto signalled = Clock::now();
  for (;;) {
    if (::waitpid(pid, &raw, WNOHANG) == pid) break;
    if (elapsed(signalled) > 20) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &raw, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  s.seconds = elapsed(signalled);
  s.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  s.output = zetema::test::read_all(log);
  MESSAGE("stopped " << s.seconds * 1000 << " ms after SIGINT");
  return s;
}

int run_zetema(const std::string& args, std::string* output = nullptr) {
  const std::string command = std::string(ZETEMA_BINARY) + " " + args + " 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buf[4096];
  std::string out;
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, n);
  const int raw = ::pclose(pipe);
  if (output) *output = out;
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

const std::string kSlowHook = ZETEMA_SOURCE_DIR "/tests/cli/broken/slow_hook.lua";

// What every interrupted command does: exits with 130 and
// says `said`.
void check_interrupted(const Stopped& s, const std::string& said) {
  CAPTURE(s.output);
  CHECK(s.status == 130);
  CHECK(contains(s.output, said));
}

// Records a game of `hands` hand(s) under the slow hook, from seed 5.
void record_slow_game(const fs::path& game, int hands) {
  REQUIRE(run_zetema("play --variant " + kSlowHook + " --max-hands " + std::to_string(hands) +
                     " --seed 5 --record " + game.string()) == 0);
}

// No scratch or temporary file is left in `dir`.
void check_no_temporary_file(const fs::path& dir) {
  for (const auto& e : fs::directory_iterator(dir))
    CHECK(e.path().filename().string().find(".tmp") == std::string::npos);
}

}  // namespace

TEST_CASE("Ctrl-C: play --record keeps the actions played as a replay that verifies") {
  zetema::test::Scratch tmp("zetema-cli-sigint");
  const fs::path game = tmp.root / "game.json";
  // A veto just under its budget on every discard: a long game.
  const Stopped s = interrupt_zetema({"play", "--variant", kSlowHook, "--max-hands", "1000",
                                      "--seed", "5", "--record", game.string()},
                                     tmp.root / "log", "", 1.5);
  check_interrupted(s, "zetema play: interrupted (Ctrl-C); the ");
  CAPTURE(s.output);
  CHECK(contains(s.output, "interrupted (Ctrl-C) in hand "));
  CHECK(contains(s.output, " hand(s) played are kept in " + game.string()));
  REQUIRE(fs::exists(game));
  check_no_temporary_file(tmp.root);
  std::string verified;
  CHECK(run_zetema("replay verify " + game.string(), &verified) == 0);
  CHECK(contains(verified, ": ok: slow_hook (embedded sources"));
  CHECK(contains(verified, "in progress"));
}

TEST_CASE("Ctrl-C: replay verify reports the replays verified before it") {
  zetema::test::Scratch tmp("zetema-cli-sigint");
  const fs::path game = tmp.root / "slow.json";
  record_slow_game(game, 1);
  // Many copies, each a few hundred ms of hooks: stopped in the middle.
  std::vector<std::string> args = {"replay", "verify"};
  for (int i = 0; i < 40; ++i) args.push_back(game.string());
  const Stopped s = interrupt_zetema(args, tmp.root / "log", ": ok: slow_hook");
  check_interrupted(s, "zetema replay verify: interrupted (Ctrl-C); ");
  CAPTURE(s.output);
  CHECK(contains(s.output, " of 40 replays verified, 0 failed, before it"));
  CHECK_FALSE(contains(s.output, "40 of 40"));
}

TEST_CASE("Ctrl-C: check reports the games finished") {
  zetema::test::Scratch tmp("zetema-cli-sigint");
  const Stopped s = interrupt_zetema({"check", kSlowHook, "--games", "200"}, tmp.root / "log",
                                     "loaded slow_hook", 0.5);
  check_interrupted(s, "zetema check: interrupted (Ctrl-C); the ");
  CAPTURE(s.output);
  CHECK(contains(s.output, " of 200 seeded games"));
  // The game cut short counts neither way: not reported as failed.
  CHECK_FALSE(contains(s.output, "interrupted error"));
}

TEST_CASE("Ctrl-C: replay show, diff, export and import stop inside a hook, nothing written") {
  zetema::test::Scratch tmp("zetema-cli-sigint");
  const fs::path game = tmp.root / "slow.json";
  // Hands enough that each command is still at work well after the 0.3 s
  // the signal waits for, on a fast machine too (3 hands took 0.35 s).
  record_slow_game(game, 8);
  const std::string bytes = zetema::test::read_all(game);
  // The same game in notation, for import (which re-plays it under the hook).
  const fs::path zgn = tmp.root / "slow.zgn", out = tmp.root / "out.zgn";
  REQUIRE(run_zetema("export " + game.string() + " --to zgn --out " + zgn.string()) == 0);
  const fs::path imported = tmp.root / "imported.json";
  for (const std::vector<std::string>& cmd :
       {std::vector<std::string>{"replay", "show", game.string()},
        std::vector<std::string>{"diff", game.string(), "--under", "sackson"},
        std::vector<std::string>{"export", game.string(), "--to", "zgn", "--out", out.string()},
        std::vector<std::string>{"import", zgn.string(), "--variant", kSlowHook, "--out",
                                 imported.string()}}) {
    const std::string name = cmd[0] == "replay" ? "replay show" : cmd[0];
    CAPTURE(name);
    // The note comes before the replay's own sources run; then its hooks.
    const Stopped s =
        interrupt_zetema(cmd, tmp.root / "log", cmd[0] == "import" ? "" : ": note: ", 0.3);
    check_interrupted(s, "zetema " + name + ": interrupted (Ctrl-C)");
    CAPTURE(s.output);
    CHECK(zetema::test::read_all(game) == bytes);
    CHECK_FALSE(fs::exists(out));  // nothing half-written
    CHECK_FALSE(fs::exists(imported));
  }
}

TEST_CASE("Ctrl-C: a corpus diff summarises the games re-run before it, nothing written") {
  zetema::test::Scratch tmp("zetema-cli-sigint");
  const fs::path corpus = tmp.root / "corpus";
  fs::create_directories(corpus);
  const fs::path game = corpus / "slow-00.json";
  record_slow_game(game, 1);
  // Many copies, each a few hundred ms of the replay's own hooks.
  for (int i = 1; i < 30; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "slow-%02d.json", i);
    fs::copy_file(game, corpus / name);
  }
  const fs::path out = tmp.root / "flips.json";
  const Stopped s =
      interrupt_zetema({"diff", "--under", "sackson", corpus.string(), "--out", out.string()},
                       tmp.root / "log", "slow-02.json: note: ");
  check_interrupted(s, "zetema diff: interrupted (Ctrl-C); ");
  CAPTURE(s.output);
  CHECK(contains(s.output, " games re-run and summarised above; no file written"));
  CHECK_FALSE(contains(s.output, "30 games re-run"));
  CHECK_FALSE(fs::exists(out));
}

TEST_CASE("Ctrl-C: compare keeps the deals finished, merge writes nothing") {
  zetema::test::Scratch tmp("zetema-cli-sigint");
  const fs::path result = tmp.root / "result.json", csv = tmp.root / "deals.csv";
  const Stopped c =
      interrupt_zetema({"compare", "--a", "sackson", "--b", "book1881", "--deals", "1000000",
                        "--threads", "2", "--out", result.string(), "--csv", csv.string()},
                       tmp.root / "log", "", 1.0);
  check_interrupted(c, "zetema compare: interrupted; ");
  CAPTURE(c.output);
  CHECK(contains(c.output, "INTERRUPTED"));
  CHECK(contains(c.output, " of 1000000 deals finished and kept"));
  // What it kept is a result merge reads (partial: deals are missing).
  std::string merged;
  CHECK(run_zetema(
            "merge " + result.string() + " --partial --out " + (tmp.root / "merged.json").string(),
            &merged) == 0);
  CHECK(contains(merged, "missing; the result is marked partial"));

  // A merge of many parts, stopped while it reads them: no output at all.
  const fs::path out = tmp.root / "all.json";
  std::vector<std::string> args = {"merge", "--out", out.string()};
  for (int i = 0; i < 400; ++i) args.push_back(result.string());
  const Stopped m = interrupt_zetema(args, tmp.root / "mlog", "", 0.3);
  check_interrupted(
      m, "zetema merge: interrupted (Ctrl-C); nothing written; " + out.string() + " is as it was");
  CHECK_FALSE(fs::exists(out));
  check_no_temporary_file(tmp.root);
}
