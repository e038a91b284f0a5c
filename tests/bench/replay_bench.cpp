// Replay benchmarks (Google Benchmark), recorded in docs/benchmarks.md:
//   build/release/tests/bench/replay_bench --benchmark_repetitions=5
//       --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <iostream>

#include "replays/codec.h"
#include "replays/cursor.h"
#include "replays/diff.h"
#include "replays/replay_file.h"

using namespace zetema;
using namespace zetema::replays;

namespace {

// The longest sample: rummy_site with 6 players, 8 hands.
const char* kLongest = ZETEMA_SOURCE_DIR "/replays/samples/rummy_site-6p.json";

Replay load(const char* path) {
  const Decoded d = load_replay(path);
  if (!d.ok) {
    std::cerr << path << ": " << d.error << "\n";
    std::exit(1);
  }
  return d.replay;
}

const scripting::LoadedVariant& variant(const std::string& id) {
  static std::map<std::string, scripting::LoadedVariant> cache;
  auto it = cache.find(id);
  if (it == cache.end())
    it = cache.emplace(id, scripting::load_variant_spec(id, ZETEMA_VARIANTS_DIR)).first;
  return it->second;
}

// Seek to positions spread over the whole game, in a scrambled order.
void BM_SeekLongestSample(benchmark::State& state) {
  const Replay r = load(kLongest);
  std::string error;
  auto cursor = ReplayCursor::open(r, variant(r.variant).rules, error);
  const size_t n = cursor->size();
  Rng rng(1);
  for (auto _ : state) {
    cursor->seek(rng.below(static_cast<uint32_t>(n + 1)));
    benchmark::DoNotOptimize(cursor->state().score[0]);
  }
  state.counters["events"] = static_cast<double>(n);
}
BENCHMARK(BM_SeekLongestSample)->Unit(benchmark::kMicrosecond);

// The cursor itself: re-derive and take the snapshots.
void BM_OpenCursorLongestSample(benchmark::State& state) {
  const Replay r = load(kLongest);
  for (auto _ : state) {
    std::string error;
    auto cursor = ReplayCursor::open(r, variant(r.variant).rules, error);
    benchmark::DoNotOptimize(cursor->size());
  }
}
BENCHMARK(BM_OpenCursorLongestSample)->Unit(benchmark::kMillisecond);

// A 6-player multi-hand game re-run under another rule set.
void BM_Diff6PlayerUnderSackson(benchmark::State& state) {
  const Replay r = load(kLongest);
  DiffPolicy bot;
  bot.kind = DiffPolicy::Kind::Bot;
  bot.bot = "greedy";
  for (auto _ : state) {
    DiffResult d = diff_replay(r, variant("rummy_site").rules, variant("sackson").rules,
                               state.range(0) == 0 ? DiffPolicy{} : bot);
    benchmark::DoNotOptimize(d.rows.size());
  }
}
BENCHMARK(BM_Diff6PlayerUnderSackson)
    ->Arg(0)
    ->Arg(1)
    ->ArgNames({"bot"})
    ->Unit(benchmark::kMillisecond);

// Load (decode) and verify (resolve the variant, re-derive), per encoding.
void BM_LoadAndVerify(benchmark::State& state) {
  const Encoding e = state.range(0) == 0 ? Encoding::Json : Encoding::Binary;
  const std::string bytes = encode(load(kLongest), e);
  for (auto _ : state) {
    const Decoded d = decode(bytes);
    const Rederived g = rederive(d.replay, variant(d.replay.variant).rules);
    benchmark::DoNotOptimize(g.events.size());
  }
  state.counters["replays/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["bytes"] = static_cast<double>(bytes.size());
}
BENCHMARK(BM_LoadAndVerify)->Arg(0)->Arg(1)->ArgNames({"binary"})->Unit(benchmark::kMillisecond);

// Decoding alone, and the variant check a full verify adds (resolve: load
// the installed file and hash its sources).
void BM_Decode(benchmark::State& state) {
  const Encoding e = state.range(0) == 0 ? Encoding::Json : Encoding::Binary;
  const std::string bytes = encode(load(kLongest), e);
  for (auto _ : state) benchmark::DoNotOptimize(decode(bytes).ok);
}
BENCHMARK(BM_Decode)->Arg(0)->Arg(1)->ArgNames({"binary"})->Unit(benchmark::kMicrosecond);

void BM_ResolveVariant(benchmark::State& state) {
  const Replay r = load(kLongest);
  for (auto _ : state) benchmark::DoNotOptimize(resolve_variant(r, ZETEMA_VARIANTS_DIR).ok);
}
BENCHMARK(BM_ResolveVariant)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
