// Every sample replay loads, re-derives to a finished game, and round-trips
// through JSON and binary to the identical game (same event-log hash).
#include <doctest/doctest.h>

#include <filesystem>
#include <set>

#include "replays/codec.h"
#include "replays/cursor.h"
#include "replays/record.h"
#include "replays/replay_file.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::replays;

TEST_CASE("every sample replay verifies and round-trips") {
  int samples = 0;
  std::set<std::string> variants;
  std::set<int> player_counts;
  for (const auto& entry :
       std::filesystem::directory_iterator(ZETEMA_SOURCE_DIR "/replays/samples")) {
    if (entry.path().extension() != ".json") continue;
    CAPTURE(entry.path().string());
    const Decoded d = load_replay(entry.path().string());
    REQUIRE_MESSAGE(d.ok, d.error);
    ResolvedVariant v = resolve_variant(d.replay, test::variants_dir());
    REQUIRE_MESSAGE(v.ok, v.error);
    CHECK_FALSE(v.embedded);  // the samples match the shipped variant files
    const Verified checked = verify_replay(d.replay, v.variant.rules);
    REQUIRE_MESSAGE(checked.ok, checked.error);  // re-derives exactly as recorded
    const Rederived& game = checked.game;
    CHECK(game.finished);
    const std::string hash = events_sha256(game.events, v.variant.rules);
    for (Encoding e : {Encoding::Json, Encoding::Binary}) {
      const Decoded again = decode(encode(d.replay, e));
      REQUIRE(again.ok);
      CHECK(again.replay == d.replay);
      CHECK(events_sha256(rederive(again.replay, v.variant.rules).events, v.variant.rules) == hash);
    }
    // The embedded sources alone give the same game.
    ResolvedVariant embedded = embedded_variant(d.replay);
    REQUIRE_MESSAGE(embedded.ok, embedded.error);
    CHECK(events_sha256(rederive(d.replay, embedded.variant.rules).events, v.variant.rules) ==
          hash);
    variants.insert(d.replay.variant);
    player_counts.insert(d.replay.players);
    ++samples;
  }
  CHECK(samples >= 12);
  CHECK(variants == std::set<std::string>{"sackson", "rules_site", "book1881", "rummy_site",
                                          "house_example", "parlett"});
  CHECK(player_counts == std::set<int>{2, 3, 4, 5, 6});
}
