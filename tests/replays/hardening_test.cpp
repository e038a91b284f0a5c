// Issue 13, files and replays: a replay is checked, not trusted; saves never
// follow links; text from a file is escaped on its way out. Each test asserts
// the refusal, its message, and that nothing was changed or lost.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "replays/codec.h"
#include "replays/record.h"
#include "replays/replay_file.h"
#include "replays/text.h"
#include "tests/support/scratch.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::replays;
namespace fs = std::filesystem;

namespace {

const std::string kSample = ZETEMA_SOURCE_DIR "/replays/samples/sackson-2p-two-player-chain.json";

Replay sample() {
  const Decoded d = load_replay(kSample);
  REQUIRE_MESSAGE(d.ok, d.error);
  return d.replay;
}

// `text` with the first `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("embedded sources that do not match the replay's own hash make it corrupt") {
  // The installed sackson.lua matches the recorded hash, which used to be
  // enough: the tampered embedded sources were never checked.
  Replay r = sample();
  r.sources.front().text += "\n-- tampered";
  for (Encoding e : {Encoding::Json, Encoding::Binary}) {
    const Decoded d = decode(encode(r, e));
    CHECK_FALSE(d.ok);
    CHECK(d.error ==
          "$.variant.sha256: the embedded variant sources do not match the replay's own SHA-256: "
          "the file is corrupt (or was edited)");
  }
  const ResolvedVariant v = resolve_variant(r, test::variants_dir());
  CHECK_FALSE(v.ok);
  CHECK(v.error.find("do not match the replay's own SHA-256") != std::string::npos);
}

TEST_CASE("a replay that runs its own sources says so before they load") {
  // Claims the id sackson, carries other sources (hashed to match): the
  // note comes before the embedded Lua is loaded -- here it does not even
  // compile, and the note was still given first.
  Replay r = sample();
  r.sources.front().text = "return {  -- not sackson at all\n";
  r.variant_sha256 = sources_sha256(r.sources);
  std::vector<std::string> told;
  const ResolvedVariant v = resolve_variant(r, test::variants_dir(), "variants",
                                            [&](const std::string& n) { told.push_back(n); });
  REQUIRE(told.size() == 1);
  CHECK(told[0] ==
        "the replay's variant 'sackson' differs from the installed file of that id (SHA-256 "
        "differs): running the Lua sources embedded in the replay (code that came with the file)");
  CHECK_FALSE(v.ok);
  CHECK(v.error.rfind("the embedded variant does not load: ", 0) == 0);
  CHECK(v.notes == told);
}

TEST_CASE("duplicate JSON keys are refused, in the replay's shape and outside it") {
  const std::string json = test::read_all(kSample);
  const Decoded twice = decode(replaced(json, "\"seed\": 2", "\"seed\": 2, \"seed\": 3"));
  CHECK_FALSE(twice.ok);
  CHECK(twice.error ==
        "$.table: the key \"seed\" is given twice (JSON readers disagree on which one counts)");
  // In a member the reader skips, a large object (checked when it ends).
  std::string big = "\"extra\": {";
  for (int i = 0; i < 40; ++i) big += "\"k" + std::to_string(i) + "\": 1, ";
  big += "\"k7\": 2}, \"format\"";
  const Decoded hidden = decode(replaced(json, "\"format\"", big));
  CHECK_FALSE(hidden.ok);
  CHECK(hidden.error ==
        "$.extra: a key is given twice (JSON readers disagree on which one counts)");
  // Unknown members without duplicates are skipped, and the game is the same.
  const Decoded extra =
      decode(replaced(json, "\"format\"", "\"extra\": [1, {\"a\": [2]}], \"format\""));
  REQUIRE_MESSAGE(extra.ok, extra.error);
  CHECK(extra.replay == sample());
}

TEST_CASE("invalid UTF-8 is refused in either encoding") {
  const std::string json = test::read_all(kSample);
  // A surrogate (ED A0 80) inside an action.
  const std::string bad = replaced(json, "\"discard ", "\"\xED\xA0\x80");
  const Decoded d = decode(bad);
  CHECK_FALSE(d.ok);
  CHECK(d.error.rfind("invalid UTF-8 at byte ", 0) == 0);
  CHECK(d.error.find("(a replay's text is UTF-8)") != std::string::npos);
  Replay r = sample();
  r.hands[0].actions[0] = "discard \xC0\xAF";  // an overlong '/'
  const Decoded b = decode(encode(r, Encoding::Binary));
  CHECK_FALSE(b.ok);
  CHECK(b.error == "invalid UTF-8 in a text field (a replay's text is UTF-8)");
}

TEST_CASE("a byte-order mark before a JSON replay is skipped, as for variant files") {
  const Decoded d = decode("\xEF\xBB\xBF" + test::read_all(kSample));
  REQUIRE_MESSAGE(d.ok, d.error);
  CHECK(d.replay == sample());
}

TEST_CASE("a dealer that does not pass one seat clockwise is refused (D2)") {
  Replay r = sample();
  REQUIRE(r.hands.size() >= 2);
  const Ruleset& rules = test::variant("sackson");
  REQUIRE(rederive(r, rules).ok);
  r.hands[1].dealer = r.hands[0].dealer;  // deals again
  const Rederived d = rederive(r, rules);
  CHECK_FALSE(d.ok);
  CHECK(d.error == "hand 2: the dealer is P1, but after P1 the deal passes to P2 (D2)");
  CHECK(d.failed_hand == 1);
}

TEST_CASE("a file over the size cap is refused by its size, before it is read") {
  test::Scratch tmp("zetema-h13");
  const fs::path big = tmp.root / "big.json";
  { std::ofstream(big) << "{"; }
  fs::resize_file(big, kMaxFileBytes + 1);  // sparse: no 64 MiB written
  const Decoded d = load_replay(big.string());
  CHECK_FALSE(d.ok);
  CHECK(d.error ==
        big.string() + " is 67108865 bytes; replays are at most 67108864 bytes (64 MiB)");
  // A FIFO named as a replay is refused, not waited on.
  const fs::path fifo = tmp.root / "fifo.json";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const Decoded f = load_replay(fifo.string());
  CHECK(f.error == "cannot read " + fifo.string() + ": it is a FIFO, not a replay file");
}

namespace {

// The peak RSS (KiB) of a child process that loads `path`.
long child_peak_kib(const std::string& path) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const Decoded d = load_replay(path);
    ::_exit(d.ok ? 0 : 1);
  }
  int status = 0;
  struct rusage use {};
  REQUIRE(::wait4(pid, &status, 0, &use) == pid);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  return use.ru_maxrss;
}

}  // namespace

TEST_CASE("peak memory of a large replay with one unknown array stays near the file's size") {
  // 24 MB of "0," in a member the reader does not know: it was built into
  // the document at 16 bytes a value (8x the file); now it is parsed and
  // dropped, so the growth is the file's own bytes and little more.
  test::Scratch tmp("zetema-h13");
  const fs::path path = tmp.root / "unknown-array.json";
  const std::string json = test::read_all(kSample);
  const size_t values = 12'000'000;
  {
    std::ofstream out(path, std::ios::binary);
    out << json.substr(0, json.find("\"format\"")) << "\"padding\": [";
    const std::string chunk = [] {
      std::string c;
      for (int i = 0; i < 1000; ++i) c += "0,";
      return c;
    }();
    for (size_t i = 0; i < values / 1000; ++i) out << chunk;
    out << "0], " << json.substr(json.find("\"format\""));
  }
  const auto size = static_cast<long>(fs::file_size(path));
  const long base = child_peak_kib(kSample);
  const long peak = child_peak_kib(path.string());
  const double growth = static_cast<double>(peak - base) * 1024.0 / static_cast<double>(size);
  MESSAGE("file ", size, " B; peak RSS ", base, " KiB for the sample, ", peak,
          " KiB for the padded file: ", growth, "x the file's size");
  CHECK(growth < 2.0);
}

TEST_CASE("the writer never writes what the reader refuses") {
  test::Scratch tmp("zetema-h13");
  Replay r = sample();
  const ReplayHand last = r.hands.back();
  while (r.hands.size() <= kMaxHands) r.hands.push_back(last);
  const fs::path out = tmp.root / "long.json";
  const std::string why = save_replay(out.string(), r);
  CHECK(why == "not saving " + out.string() +
                   ": the replay would not load ($.hands: more than the 1000 entries allowed)");
  CHECK_FALSE(fs::exists(out));
  CHECK(fs::is_empty(tmp.root));  // no temporary file either
}

TEST_CASE("saves replace only a regular file and never follow a link") {
  test::Scratch tmp("zetema-h13");
  const fs::path victim = tmp.root / "victim.txt";
  { std::ofstream(victim) << "precious"; }
  // A symbolic link at the target: refused, the link and its target untouched.
  const fs::path link = tmp.root / "game.json";
  fs::create_symlink(victim, link);
  CHECK(write_file_atomically(link.string(), "new") ==
        "refusing to write " + link.string() +
            ": it is a symbolic link, and a save only ever replaces a regular file");
  CHECK(fs::is_symlink(link));
  CHECK(test::read_all(victim) == "precious");
  // A FIFO: refused (writing to it used to block or replace it).
  const fs::path fifo = tmp.root / "fifo.json";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK(write_file_atomically(fifo.string(), "new").find(": it is a FIFO, and a save only") !=
        std::string::npos);
  CHECK(fs::is_fifo(fifo));
  // A folder.
  CHECK(write_file_atomically(tmp.root.string(), "new").find(": it is a folder") !=
        std::string::npos);
  // A link planted at the old predictable temporary name gets nothing.
  const fs::path target = tmp.root / "replay.json";
  const fs::path planted = tmp.root / ("replay.json.tmp." + std::to_string(::getpid()));
  fs::create_symlink(victim, planted);
  CHECK(write_file_atomically(target.string(), "saved") == "");
  CHECK(test::read_all(target) == "saved");
  CHECK(test::read_all(victim) == "precious");
  CHECK(fs::is_symlink(planted));
  // A regular file is replaced, keeping its permissions; no temporary left.
  fs::permissions(target, fs::perms::owner_read | fs::perms::owner_write);
  CHECK(write_file_atomically(target.string(), "again") == "");
  CHECK(test::read_all(target) == "again");
  CHECK(fs::status(target).permissions() == (fs::perms::owner_read | fs::perms::owner_write));
  size_t entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(tmp.root)) ++entries;
  CHECK(entries == 5);  // victim, link, fifo, planted, target
}

TEST_CASE("a device node is not replaced by a save") {
  // /dev/null is a device everywhere; its folder is not ours, so the save
  // must stop before creating anything there.
  const std::string why = write_file_atomically("/dev/null", "x");
  CHECK(why ==
        "refusing to write /dev/null: it is a device, and a save only ever replaces a "
        "regular file");
  struct stat st {};
  REQUIRE(::stat("/dev/null", &st) == 0);
  CHECK(S_ISCHR(st.st_mode));
}

TEST_CASE("printable escapes every control character and keeps ordinary text") {
  CHECK(printable("Zetema \xE2\x99\xA0 r\xC3\xA8gles") == "Zetema \xE2\x99\xA0 r\xC3\xA8gles");
  CHECK(printable("a\x1b[2Jb") == "a\\x1b[2Jb");
  CHECK(printable("ok\rFAKE\nline\t") == "ok\\rFAKE\\nline\\t");
  CHECK(printable("\x7f\x01") == "\\x7f\\x01");
  CHECK(printable("\xC2\x9B"
                  "31m") == "\\u{009b}31m");              // C1 CSI
  CHECK(printable("x\xE2\x80\xAEy") == "x\\u{202e}y");    // right-to-left override
  CHECK(printable("\xFF\xC0\xAF") == "\\xff\\xc0\\xaf");  // not UTF-8
  CHECK(printable_lines("one\ntwo\x1b") == "one\ntwo\\x1b");
  CHECK(valid_utf8("\xE2\x99\xA0"));
  CHECK_FALSE(valid_utf8("\xED\xA0\x80"));
  CHECK_FALSE(valid_utf8("\xF4\x90\x80\x80"));  // above U+10FFFF
  // The stream filter the programs install: the same function, a line at a time.
  std::ostringstream sink;
  {
    EscapedOutput escaped(sink);
    sink << "name: \x1b]0;pwned\x07"
         << "\n"
         << "tail\r";
  }
  CHECK(sink.str() == "name: \\x1b]0;pwned\\x07\ntail\\r");
}
