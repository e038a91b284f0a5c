// Memory under load: many replays verified, or many games played, in one
// process, with the live heap measured every tenth of the way. After the
// first tenth (the warm-up: caches and allocator pools filled) the live heap
// must not grow by more than a few KiB; a leak of even 16 bytes a replay or a
// game over the other nine tenths would exceed the limit.
//
//   load_check replays DIR COUNT   records COUNT replays into DIR (JSON and
//                                  binary, every shipped variant, 2-6 players),
//                                  then verifies them all as `zetema replay
//                                  verify` does
//   load_check games COUNT         plays COUNT bot games (every shipped
//                                  variant, 2-6 players, greedy and random)
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "engine/match.h"
#include "replays/record.h"
#include "replays/replay_file.h"
#include "scripting/variant_loader.h"
#include "tests/load/heap_meter.h"

namespace {

using namespace zetema;

constexpr size_t kGrowthLimitBytes = 8 * 1024;
const std::vector<std::string> kVariants = {"sackson", "rules_site", "book1881", "rummy_site",
                                            "house_example"};

// The i-th game of the load: its variant, player count, bots and seed.
MatchConfig game_config(size_t i) {
  MatchConfig c;
  c.setup.players = 2 + static_cast<int>(i / kVariants.size() % 5);
  c.seed = 1 + i;
  c.bots =
      i % 2 ? std::vector<std::string>{"greedy", "random"} : std::vector<std::string>{"random"};
  return c;
}

// Runs `step` for 0..count-1, sampling the live heap every hundredth and
// printing it every tenth; returns whether every step succeeded and the heap
// stayed within the limit. The baseline is the highest sample of the first
// tenth, so the swing of Lua's incremental collector (the variants' hooks
// keep their Lua states alive between games) is in the baseline, not counted
// as growth.
bool measure(size_t count, const std::function<bool(size_t)>& step) {
  const size_t tenth = count < 10 ? 1 : count / 10;
  const size_t hundredth = count < 100 ? 1 : count / 100;
  size_t baseline = 0, highest = 0, failures = 0;
  std::printf("heap measured by %s\n%10s %14s %10s\n", load::heap_meter_name(), "done",
              "live heap (B)", "RSS (KiB)");
  for (size_t i = 0; i < count; ++i) {
    if (!step(i)) ++failures;
    const size_t done = i + 1;
    if (done % hundredth != 0 && done != count) continue;
    const size_t heap = load::heap_in_use();
    if (done <= tenth) baseline = std::max(baseline, heap);
    highest = std::max(highest, heap);
    if (done % tenth == 0 || done == count)
      std::printf("%10zu %14zu %10ld\n", done, heap, load::rss_kib());
  }
  const size_t growth = highest > baseline ? highest - baseline : 0;
  std::printf("baseline (highest sample of the first tenth): %zu B; highest sample: %zu B\n",
              baseline, highest);
  std::printf("growth after the warm-up: %zu bytes (limit %zu); failures: %zu\n", growth,
              kGrowthLimitBytes, failures);
  return failures == 0 && (growth <= kGrowthLimitBytes || load::under_valgrind());
}

int record_and_verify(const std::string& dir, size_t count) {
  std::filesystem::create_directories(dir);
  std::vector<scripting::LoadedVariant> variants;
  for (const std::string& id : kVariants) {
    variants.push_back(scripting::load_variant_spec(id, ZETEMA_VARIANTS_DIR));
    if (!variants.back().ok) {
      std::fprintf(stderr, "%s\n", variants.back().error->describe().c_str());
      return 1;
    }
  }
  std::vector<std::string> files;
  for (size_t i = 0; i < count; ++i) {
    const scripting::LoadedVariant& v = variants[i % variants.size()];
    const MatchConfig c = game_config(i);
    const MatchRecord m = play_match(v.rules, c);
    if (!m.ok) {
      std::fprintf(stderr, "game %zu: %s\n", i, m.error.c_str());
      return 1;
    }
    std::vector<std::string> seats;
    for (int p = 0; p < c.setup.players; ++p) seats.push_back(seat_bot(c.bots, p));
    const replays::Replay r =
        replays::make_replay(v, m.final_state, c.seed, seats, m.hands, m.events);
    files.push_back(dir + "/game-" + std::to_string(i) + (i % 2 ? ".zrb" : ".json"));
    if (std::string why = replays::save_replay(files.back(), r); !why.empty()) {
      std::fprintf(stderr, "%s\n", why.c_str());
      return 1;
    }
  }
  std::printf("recorded %zu replays in %s; verifying them\n", count, dir.c_str());
  const bool ok = measure(count, [&](size_t i) {
    const replays::Decoded d = replays::load_replay(files[i]);
    if (!d.ok) return false;
    const replays::ResolvedVariant v = replays::resolve_variant(d.replay, ZETEMA_VARIANTS_DIR);
    return v.ok && replays::verify_replay(d.replay, v.variant.rules).ok;
  });
  return ok ? 0 : 1;
}

int play_games(size_t count) {
  std::vector<Ruleset> rules;
  for (const std::string& id : kVariants) {
    scripting::LoadedVariant v = scripting::load_variant_spec(id, ZETEMA_VARIANTS_DIR);
    if (!v.ok) {
      std::fprintf(stderr, "%s\n", v.error->describe().c_str());
      return 1;
    }
    rules.push_back(std::move(v.rules));
  }
  const bool ok = measure(count, [&](size_t i) {
    const MatchRecord m = play_match(rules[i % rules.size()], game_config(i));
    return m.ok;
  });
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  load::exec_without_tcache(argv);
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "replays" && argc == 4)
    return record_and_verify(argv[2], std::strtoul(argv[3], nullptr, 10));
  if (mode == "games" && argc == 3) return play_games(std::strtoul(argv[2], nullptr, 10));
  std::fprintf(stderr, "usage: load_check replays DIR COUNT | load_check games COUNT\n");
  return 2;
}
