// Issue 13 through the real `zetema` binary: what a file holds never drives
// the terminal, a save never follows a link, a replay running its own Lua
// says so first, and command-line numbers are read strictly.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/scratch.h"

namespace fs = std::filesystem;

namespace {

struct Run {
  int status = -1;
  std::string output;  // standard output and error together
};

// Runs `zetema ARGS` through the shell (arguments are ours, quoted as needed).
Run run_zetema(const std::string& args) {
  const std::string command = std::string(ZETEMA_BINARY) + " " + args + " 2>&1";
  Run r;
  FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::array<char, 4096> buf{};
  for (size_t n; (n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0;)
    r.output.append(buf.data(), n);
  const int raw = ::pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

bool has_control(const std::string& s) {
  for (unsigned char c : s) {
    if ((c < 0x20 && c != '\n') || c == 0x7f) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("a variant's name and error() message reach the terminal escaped") {
  zetema::test::Scratch tmp("zetema-cli-h13");
  const fs::path lua = tmp.root / "evil.lua";
  std::ofstream(lua) << "return {\n"
                        "  id = \"evil\", name = \"Evil\\27[2J\\rok\", source = \"test\",\n"
                        "  extends = \"sackson\",\n"
                        "  score_zetema = function(state, z)\n"
                        "    error(\"\\27]0;pwned\\7\\rgame 1: ok\")\n"
                        "  end,\n"
                        "}\n";
  const Run r = run_zetema("check " + lua.string() + " --games 3");
  CHECK(r.status == 1);
  CHECK_FALSE(has_control(r.output));
  CHECK(r.output.find("loaded evil (Evil\\x1b[2J\\rok)") != std::string::npos);
  CHECK(r.output.find("\\x1b]0;pwned\\x07\\rgame 1: ok") != std::string::npos);
}

TEST_CASE("--record onto a symbolic link or a FIFO is refused, the target is untouched") {
  zetema::test::Scratch tmp("zetema-cli-h13");
  const fs::path victim = tmp.root / "victim.txt";
  std::ofstream(victim) << "precious";
  const fs::path link = tmp.root / "game.json";
  fs::create_symlink(victim, link);
  const Run r = run_zetema("play --seed 3 --record " + link.string());
  CHECK(r.status == 1);
  CHECK(r.output.find("zetema play: refusing to write " + link.string() +
                      ": it is a symbolic link, and a save only ever replaces a regular file") !=
        std::string::npos);
  CHECK(fs::is_symlink(link));
  CHECK(zetema::test::read_all(victim) == "precious");
  const fs::path fifo = tmp.root / "fifo.json";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const Run f = run_zetema("replay convert " ZETEMA_SOURCE_DIR
                           "/replays/samples/sackson-4p-pairs.json --to json --force --out " +
                           fifo.string());
  CHECK(f.status == 1);
  CHECK(f.output.find(": it is a FIFO, and a save only ever replaces a regular file") !=
        std::string::npos);
  CHECK(fs::is_fifo(fifo));
}

TEST_CASE("every replay command says so before running a replay's own sources") {
  // Claims the id sackson but carries other sources (hashed to match): a
  // game recorded under an edited copy of sackson.lua.
  zetema::test::Scratch tmp("zetema-cli-h13");
  const fs::path lua = tmp.root / "sackson.lua";
  fs::copy_file(ZETEMA_SOURCE_DIR "/variants/sackson.lua", lua);
  std::ofstream(lua, std::ios::app) << "\n-- not the installed file\n";
  const fs::path game = tmp.root / "game.json";
  REQUIRE(
      run_zetema("play --variant " + lua.string() + " --seed 4 --record " + game.string()).status ==
      0);
  const std::string note =
      "note: the replay's variant 'sackson' differs from the installed file of that id (SHA-256 "
      "differs): running the Lua sources embedded in the replay (code that came with the file)";
  for (const std::string& cmd :
       {"replay verify " + game.string(), "replay show " + game.string() + " --at 3",
        "diff " + game.string() + " --under book1881",
        "export " + game.string() + " --to zgn --out " + (tmp.root / "game.zgn").string()}) {
    CAPTURE(cmd);
    const Run r = run_zetema(cmd);
    CHECK(r.status == 0);
    CHECK(r.output.rfind(game.string() + ": " + note, 0) == 0);  // first of all
  }
  // The commands that do not run a replay's Lua say nothing of it.
  const Run convert = run_zetema("replay convert " + game.string() + " --to bin");
  CHECK(convert.status == 0);
  CHECK(convert.output.find("note:") == std::string::npos);
}

TEST_CASE("a replay whose embedded sources were edited is refused by verify") {
  zetema::test::Scratch tmp("zetema-cli-h13");
  std::string json =
      zetema::test::read_all(ZETEMA_SOURCE_DIR "/replays/samples/sackson-2p-two-player-chain.json");
  const size_t at = json.find("-- ");
  REQUIRE(at != std::string::npos);
  json.insert(at, "-- edited\\n");
  const fs::path file = tmp.root / "edited.json";
  std::ofstream(file) << json;
  const Run r = run_zetema("replay verify " + file.string());
  CHECK(r.status == 1);
  CHECK(r.output == file.string() +
                        ": $.variant.sha256: the embedded variant sources do not match the "
                        "replay's own SHA-256: the file is corrupt (or was edited)\n");
}

TEST_CASE("command-line numbers are read whole and in range, or refused in words") {
  struct Case {
    std::string args;
    int status;
    std::string message;
  };
  const std::string seed_range = "a whole number from 0 to 18446744073709551615 (2^64-1)";
  for (const Case& c : std::vector<Case>{
           {"play --seed 18446744073709551616", 2,
            "--seed: 18446744073709551616 is out of range: give " + seed_range},
           {"play --seed -1", 2, "--seed: -1 is out of range: give " + seed_range},
           {"play --seed 0x10", 2, "--seed: '0x10' is not " + seed_range},
           {"play --max-hands -5", 2,
            "--max-hands: -5 is out of range: give a whole number from 1 to 1000"},
           {"play --max-hands 2000 --record /nonexistent/x.json", 2,
            "--max-hands: 2000 is out of range: give a whole number from 1 to 1000"},
           {"play --players 3abc", 2, "--players: '3abc' is not a whole number from 2 to 6"},
           {"compare --a sackson --b book1881 --shard 0/4abc", 2,
            "zetema compare: --shard is i/n: part i of n, with 0 <= i < n, n whole number from 1 "
            "to 1000000 (e.g. 0/4); n: '4abc' is not a whole number from 1 to 1000000"},
           {"compare --a sackson --b book1881 --shard 4294967296/4294967297", 2,
            "n: 4294967297 is out of range: give a whole number from 1 to 1000000"},
           {"compare --a sackson --b book1881 --deals 0", 2,
            "--deals: 0 is out of range: give a whole number from 1 to 100000000"},
           {"compare --a sackson --b book1881 --deals 2 --bots mc:4294967297", 1,
            "unknown bot 'mc:4294967297' (bots: random, greedy, imperial, hoarder, assembler, "
            "mc[:N], ismcts[:N]; N playouts (mc) or search iterations (ismcts) a decision, from 1 "
            "to 100000; ismcts[:N]+no-KIND never declares KIND)"},
       }) {
    CAPTURE(c.args);
    const Run r = run_zetema(c.args);
    CHECK(r.status == c.status);
    CHECK(r.output.find(c.message) != std::string::npos);
    CAPTURE(r.output);
  }
  // In range, read as given: the largest seed is that seed, not a saturated one.
  const Run top = run_zetema("play --seed 18446744073709551615 --max-hands 1");
  CHECK(top.status == 0);
  CHECK(top.output.find("seed 18446744073709551615") != std::string::npos);
}

// Bad values a new user types: each is a usage error (exit 2) naming the
// option and what it wants, before any work is done.
TEST_CASE("bad option values are usage errors that name the option and what it wants") {
  struct Case {
    std::string args;
    std::string message;
  };
  const std::string ab = "compare --a sackson --b book1881 --deals 3 ";
  const std::string no_name = "give a file name (an empty name writes nothing)";
  for (const Case& c : std::vector<Case>{
           // An empty file name wrote nothing (--record, --out, --csv) or the
           // default file (convert, import, export), silently.
           {"play --record ''", "--record: " + no_name},
           {"play --record=", "--record: 1 required TEXT missing"},
           {ab + "--out ''", "--out: " + no_name},
           {ab + "--csv ''", "--csv: " + no_name},
           {"rules-table --out ''", "--out: " + no_name},
           {"merge a.json --out ''", "--out: " + no_name},
           {"diff x.json --under book1881 --csv ''", "--csv: " + no_name},
           {"replay convert x.json --to bin --out ''", "--out: " + no_name},
           {"import x.zgn --out ''", "--out: " + no_name},
           {"export x.json --to zgn --out ''", "--out: " + no_name},
           // CLI11 alone said "Could not convert: --h0 = abc" and the like.
           {ab + "--test win:P1 --h0 abc --h1 0.5",
            "--h0: 'abc' is not a number: give a decimal number, such as 0.5"},
           {ab + "--test win:P1 --h0 0 --h1 nan",
            "--h1: 'nan' is not a number: give a decimal number, such as 0.5"},
           {ab + "--test win:P1 --h0 0 --h1 1e999",
            "--h1: 1e999 is out of range: give a decimal number, such as 0.5"},
           {ab + "--until win:P1 --resolution -0.1",
            "--resolution: -0.1 is out of range: give a decimal number above 0, such as 0.05"},
           {ab + "--until win:P1 --resolution 0.1x",
            "--resolution: '0.1x' is not a number: give a decimal number above 0, such as 0.05"},
           {ab + "--ladder 1,x", "--ladder: 'x' is not a whole number from 1 to 50000"},
           {ab + "--ladder 0", "--ladder: 0 is out of range: give a whole number from 1 to 50000"},
           {ab + "--ladder 50001",
            "--ladder: 50001 is out of range: give a whole number from 1 to 50000"},
           // compare took "--bots ," for greedy and "--teams bogus" at run time.
           {ab + "--bots ,", "zetema compare: --bots needs at least one bot (random, greedy"},
           {ab + "--teams bogus", "--teams: bogus not in {default,off,pairs,threes}"},
       }) {
    CAPTURE(c.args);
    const Run r = run_zetema(c.args);
    CAPTURE(r.output);
    CHECK(r.status == 2);
    CHECK(r.output.find(c.message) != std::string::npos);
  }
}

// --record as --out is elsewhere: an existing file is replaced only with
// --force, and is refused before the game is played.
TEST_CASE("play --record keeps an existing file unless --force is given") {
  zetema::test::Scratch tmp("zetema-cli-record");
  const fs::path game = tmp.root / "game.json";
  std::ofstream(game) << "precious";
  const Run refused = run_zetema("play --seed 3 --record " + game.string());
  CHECK(refused.status == 2);
  CHECK(refused.output.find("zetema play: " + game.string() +
                            " exists; give --force to replace it, or --record for another "
                            "name") != std::string::npos);
  CHECK(refused.output.find("final scores") == std::string::npos);  // nothing was played
  CHECK(zetema::test::read_all(game) == "precious");

  const Run forced = run_zetema("play --seed 3 --record " + game.string() + " --force");
  CHECK(forced.status == 0);
  CHECK(run_zetema("replay verify " + game.string()).status == 0);
}

// A file that cannot be written or read is reported before the work it
// would have cost (a whole corpus, a game), and a FIFO never blocks a read.
TEST_CASE("outputs and inputs are checked before the work") {
  zetema::test::Scratch tmp("zetema-cli-probe");
  const std::string sample =
      std::string(ZETEMA_SOURCE_DIR) + "/replays/samples/sackson-2p-two-player-chain.json";
  const fs::path fifo = tmp.root / "part.fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  struct Case {
    std::string args, message, not_run;
  };
  for (const Case& c : std::vector<Case>{
           {"diff " + sample + " " + sample + " --under book1881 --csv " + tmp.root.string(),
            "zetema diff: refusing to write " + tmp.root.string() + ": it is a folder",
            "corpus diff:"},
           {"diff " + sample + " " + sample + " --under book1881 --out /proc/x.json",
            "zetema diff: cannot write /proc/x.json", "corpus diff:"},
           {"play --seed 3 --record /proc/x.json", "zetema play: cannot write /proc/x.json", ""},
           {"merge " + fifo.string() + " --out " + (tmp.root / "m.json").string(),
            "zetema merge: cannot read " + fifo.string() + ": it is not a regular file", ""},
           {"merge " + tmp.root.string() + " --out " + (tmp.root / "m.json").string(),
            "zetema merge: cannot read " + tmp.root.string() + ": it is a folder", ""},
           {"merge " + (tmp.root / "nosuch.json").string() + " --out m.json",
            "zetema merge: cannot read " + (tmp.root / "nosuch.json").string() +
                ": No such file or directory",
            ""},
           {"merge " + std::string(ZETEMA_SOURCE_DIR) + "/tests/lab/legacy/v1-part0.json --out " +
                tmp.root.string(),
            "zetema merge: refusing to write " + tmp.root.string() + ": it is a folder", ""},
       }) {
    CAPTURE(c.args);
    const Run r = run_zetema(c.args);
    CAPTURE(r.output);
    CHECK(r.status == 1);
    CHECK(r.output.find(c.message) != std::string::npos);
    if (!c.not_run.empty()) CHECK(r.output.find(c.not_run) == std::string::npos);
  }
  CHECK_FALSE(fs::exists(tmp.root / "m.json"));
}

TEST_CASE("ismcts: the same seed and budget give the same game in every process") {
  // Three processes, one game each, byte for byte (hooks and all).
  const std::string args =
      "play --variant house_example --players 3 --seed 9 --bots ismcts:48,greedy,ismcts --json "
      "--max-hands 1";
  const Run first = run_zetema(args);
  REQUIRE_MESSAGE(first.status == 0, first.output);
  CHECK(first.output.find("\"ismcts:48\"") != std::string::npos);
  for (int i = 0; i < 2; ++i) CHECK(run_zetema(args).output == first.output);
}
