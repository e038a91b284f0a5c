// The corpus counterfactual: the rule behind a divergence, the summary's
// counts and intervals against hand-computed ones, games that cannot change
// (a corpus re-run under its own rules), bad files among good ones, and
// shards that merge into exactly one run.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "studio/lab/corpus_diff.h"
#include "studio/lab/metrics.h"

using namespace zetema;
using namespace zetema::lab;
namespace fs = std::filesystem;

namespace {

const scripting::VariantFolder kFolder{ZETEMA_VARIANTS_DIR, "variants"};
const std::string kSamples = ZETEMA_SOURCE_DIR "/replays/samples";

std::vector<std::string> samples_of(const std::string& prefix) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(kSamples)) {
    const std::string name = e.path().filename().string();
    if (name.rfind(prefix, 0) == 0 && e.path().extension() == ".json") out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

CorpusGame decided(std::vector<long long> a, std::vector<long long> b, unsigned win_a,
                   unsigned win_b) {
  CorpusGame g;
  g.file = "g";
  g.players = static_cast<int>(a.size());
  g.finished_a = g.finished_b = true;
  g.score_a = std::move(a);
  g.score_b = std::move(b);
  g.win_a = win_a;
  g.win_b = win_b;
  return g;
}

}  // namespace

TEST_CASE("the rule behind a divergence, from the engine's refusal") {
  CHECK(divergence_cause("imperial flushes do not count in this variant "
                         "(imperial_flush_allowed, D5)") == "imperial_flush_allowed (D5)");
  CHECK(divergence_cause("a short hand can never score a sequence or flush (D18)") == "D18");
  CHECK(divergence_cause("this variant has no flush (kinds.flush = false)") == "kinds.flush");
  CHECK(divergence_cause("sequences and flushes are off with 5-card hands "
                         "(short_hand_melds = none, D6)") == "short_hand_melds (D6)");
  CHECK(divergence_cause("under book1881 it is P2's turn, not P1's") == "turn order");
  CHECK(divergence_cause("under book1881 hand 2 is already over") == "hand end");
  CHECK(divergence_cause("refused by allow_declaration (x.lua:3): not on Sundays") ==
        "allow_declaration hook");
  CHECK(divergence_cause("card 4C is not in P1's hand") ==
        "card flow (the card is not in hand under B)");
  CHECK(divergence_cause("something new") == "other");
}

TEST_CASE("the summary: flips with Wilson's interval, score change per seat, histograms") {
  CorpusResult r;
  r.games.push_back(decided({100, 80}, {90, 120}, 1u, 2u));  // flipped
  r.games.push_back(decided({100, 60}, {110, 60}, 1u, 1u));  // same winner
  r.games.push_back(decided({70, 100}, {70, 100}, 2u, 2u));  // unchanged
  r.games.push_back(decided({50, 100, 20}, {50, 100, 40}, 2u, 2u));
  r.games[0].diverged = r.games[1].diverged = r.games[3].diverged = true;
  r.games[0].hand = 1, r.games[0].turn = 3, r.games[0].cause = "b";
  r.games[1].hand = 2, r.games[1].turn = 3, r.games[1].cause = "a";
  r.games[3].hand = 1, r.games[3].turn = 0, r.games[3].cause = "b";
  CorpusGame unfinished = decided({1, 2}, {3, 4}, 1u, 0u);
  unfinished.finished_b = false;  // cannot flip: no winner under B
  r.games.push_back(unfinished);
  CorpusGame bad;
  bad.file = "bad.json";
  bad.error = "not a replay";
  r.games.push_back(bad);

  const CorpusSummary s = summarize_corpus(r);
  CHECK(s.files == 6);
  CHECK(s.errors == 1);
  CHECK(s.decided == 4);
  CHECK(s.flips == 1);
  CHECK(s.diverged == 3);
  const Estimate want = proportion(std::vector<double>{1, 0, 0, 0});
  CHECK(s.flip_rate.mean == doctest::Approx(0.25));
  CHECK(s.flip_rate.lo == doctest::Approx(want.lo));
  CHECK(s.flip_rate.hi == doctest::Approx(want.hi));
  REQUIRE(s.seat_change.size() == 3);
  // P1: -10, +10, 0, 0 -> mean 0; P2: +40, 0, 0, 0 -> mean 10; P3: +20 (one game).
  CHECK(s.seat_change[0].mean == doctest::Approx(0.0));
  CHECK(s.seat_change[1].mean == doctest::Approx(10.0));
  CHECK(s.seat_change[1].n == 4);
  const double sd = std::sqrt((30.0 * 30 + 3 * 10.0 * 10) / 3);  // deviations from 10
  CHECK(s.seat_change[1].hi - s.seat_change[1].mean == doctest::Approx(1.96 * sd / 2));
  CHECK(s.seat_change[2].n == 1);
  CHECK(s.seat_change[2].mean == doctest::Approx(20.0));
  CHECK(s.by_hand == std::vector<std::pair<int, uint64_t>>{{1, 2}, {2, 1}});
  CHECK(s.by_turn == std::vector<std::pair<int, uint64_t>>{{0, 1}, {3, 2}});
  CHECK(s.causes == std::vector<std::pair<std::string, uint64_t>>{{"b", 2}, {"a", 1}});
}

TEST_CASE("a corpus re-run under its own rules: nothing diverges or flips") {
  CorpusConfig c;
  c.inputs = samples_of("sackson-");
  REQUIRE(c.inputs.size() >= 3);
  c.under = "sackson";
  const CorpusResult r = run_corpus_diff(c, kFolder);
  REQUIRE(r.error.empty());
  const CorpusSummary s = summarize_corpus(r);
  CHECK(s.files == c.inputs.size());
  CHECK(s.errors == 0);
  CHECK(s.diverged == 0);
  CHECK(s.flips == 0);
  for (const Estimate& e : s.seat_change) CHECK(e.mean == 0.0);
}

TEST_CASE("a corpus under another rule set: bad files are counted, the rest run") {
  CorpusConfig c;
  c.inputs = {kSamples, ZETEMA_SOURCE_DIR "/tests/cli/broken/corrupt_replay.json",
              "/nonexistent/game.json"};
  c.under = "book1881";
  const CorpusResult r = run_corpus_diff(c, kFolder);
  REQUIRE(r.error.empty());
  const size_t samples = samples_of("").size();
  REQUIRE(r.games.size() == samples + 2);  // the folder's .zgn and other files are left out
  const CorpusSummary s = summarize_corpus(r);
  CHECK(s.errors == 2);
  CHECK(!r.games[samples].error.empty());
  CHECK(!r.games[samples + 1].error.empty());
  CHECK(s.diverged > 0);
  // Each flip is a decided game whose winning seats differ.
  uint64_t flips = 0;
  for (const CorpusGame& g : r.games) flips += g.decided() && g.win_a != g.win_b;
  CHECK(s.flips == flips);
  for (const CorpusGame& g : r.games) {
    if (g.diverged) {
      CHECK(g.hand >= 1);
      CHECK(!g.cause.empty());
    }
  }
}

TEST_CASE("B or the policy that cannot be used stops the run before any file") {
  CorpusConfig c;
  c.inputs = {kSamples};
  c.under = "no_such_variant";
  CHECK(!run_corpus_diff(c, kFolder).error.empty());
  c.under = "book1881";
  c.policy = "bot:nobody";
  CHECK(run_corpus_diff(c, kFolder).error.find("unknown bot") != std::string::npos);
}

TEST_CASE("a corpus with no replay file in it is an error, not an empty run") {
  // An empty folder (or one with no .json or .zrb file) re-runs nothing:
  // the run fails, as one where no file re-ran does (docs/lab.md).
  const fs::path empty = ZETEMA_SOURCE_DIR "/tests/cli/empty_dir";
  CorpusConfig c;
  c.inputs = {empty.string()};
  c.under = "book1881";
  const CorpusResult r = run_corpus_diff(c, kFolder);
  CHECK(r.games.empty());
  CHECK(r.error == "no replay (.json or .zrb file) in " + empty.string());
  c.inputs = {empty.string(), empty.string()};
  CHECK(run_corpus_diff(c, kFolder).error ==
        "no replay (.json or .zrb file) in " + empty.string() + ", " + empty.string());
}

TEST_CASE("shards of a corpus merge into exactly one run, a missing shard is named") {
  CorpusConfig c;
  c.inputs = {kSamples};
  c.under = "rules_site";
  const CorpusResult one = run_corpus_diff(c, kFolder);
  std::vector<CorpusResult> parts;
  c.shards = 4;
  for (c.shard = 0; c.shard < 4; ++c.shard) parts.push_back(run_corpus_diff(c, kFolder));
  std::string error;
  const CorpusResult merged = merge_corpus({parts[3], parts[1], parts[0], parts[2]}, error);
  CHECK(error.empty());
  REQUIRE(merged.games.size() == one.games.size());
  for (size_t i = 0; i < one.games.size(); ++i) {
    CHECK(merged.games[i].file == one.games[i].file);
    CHECK(merged.games[i].score_b == one.games[i].score_b);
    CHECK(merged.games[i].win_b == one.games[i].win_b);
    CHECK(merged.games[i].cause == one.games[i].cause);
  }
  // Why merging these parts is refused.
  const auto refusal = [](const std::vector<CorpusResult>& some) {
    std::string why;
    [[maybe_unused]] const CorpusResult refused = merge_corpus(some, why);
    return why;
  };
  CHECK(refusal({parts[0], parts[2], parts[3]}).find("are in no part") != std::string::npos);
  CHECK(refusal({parts[0], parts[0], parts[1], parts[2], parts[3]}).find("hold the same files") !=
        std::string::npos);
  CorpusResult other = parts[1];
  other.policy = "stop";
  CHECK(refusal({parts[0], other, parts[2], parts[3]}).find("not of one corpus run") !=
        std::string::npos);
}

TEST_CASE("a corpus result file that is not one is refused") {
  CorpusResult r;
  std::string error;
  CHECK(!read_corpus_json("[1, 2", r, error));
  CHECK(!read_corpus_json("{\"kind\":\"compare\"}", r, error));
  CHECK(!read_corpus_json(std::string(100000, '[') + std::string(100000, ']'), r, error));
  const std::string head =
      "{\"kind\":\"corpus-diff\",\"format\":1,\"under\":\"x\",\"b\":\"x\",\"b_sha256\":\"\","
      "\"policy\":\"stop\",\"engine\":\"1\",\"files_total\":1,\"first\":0,";
  CHECK(!read_corpus_json(head + "\"count\":2,\"games\":[{\"file\":\"a\",\"error\":\"e\"}]}", r,
                          error));
  CorpusResult ok;
  CHECK(read_corpus_json(head + "\"count\":1,\"games\":[{\"file\":\"a\",\"error\":\"e\"}]}", ok,
                         error));
  CHECK(ok.games.size() == 1);
  CHECK(is_corpus_json(head));
  CHECK(!is_corpus_json("{\"config\":{}}"));
}

TEST_CASE("a stopped corpus run keeps the games done, and says how many files there were") {
  CorpusConfig c;
  c.inputs = {kSamples};
  c.under = "book1881";
  std::atomic<bool> stop{false};
  uint64_t seen = 0;
  const CorpusResult r = run_corpus_diff(
      c, kFolder, {},
      [&](uint64_t done, uint64_t) {
        seen = done;
        if (done == 3) stop = true;
      },
      &stop);
  CHECK(seen == 3);
  CHECK(r.games.size() == 3);
  CHECK(r.files_total == samples_of("").size());
}
