// Zetema Game Notation: export then import gives the identical replay --
// for every sample replay and for 1,000 seeded bot games over the shipped
// variants and player counts -- and a game whose stock order is unknown
// imports to the same play.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <sstream>

#include "engine/match.h"
#include "replays/codec.h"
#include "replays/record.h"
#include "replays/replay_file.h"
#include "replays/zgn.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::replays;

namespace {

const scripting::VariantFolder& folder() {
  static const scripting::VariantFolder f{test::variants_dir(), "variants"};
  return f;
}

// The shipped variants, each loaded once (with their sources, for replays).
const scripting::LoadedVariant& loaded(const std::string& id) {
  static std::map<std::string, scripting::LoadedVariant> cache;
  auto it = cache.find(id);
  if (it == cache.end()) it = cache.emplace(id, scripting::load_variant_spec(id, folder())).first;
  REQUIRE_MESSAGE(it->second.ok, id);
  return it->second;
}

ZgnVariantLookup cached_lookup() {
  return [](const std::string& id) { return loaded(id); };
}

// Export, import, and the same replay back, byte for byte in JSON.
void check_round_trip(const Replay& r, const Ruleset& rules) {
  const ZgnExport text = export_zgn(r, rules);
  REQUIRE_MESSAGE(text.ok, text.error);
  const ZgnImport back = import_zgn(text.text, cached_lookup());
  REQUIRE_MESSAGE(back.ok, std::string(back.error.describe() + "\n" + text.text));
  CHECK(back.replay == r);
  CHECK(encode(back.replay, Encoding::Json) == encode(r, Encoding::Json));
}

// The file without its stock lines (the keyword's line and the indented
// lines that carry on its cards): the stock order becomes unknown.
std::string without_stock(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  bool in_stock = false;
  for (std::string line; std::getline(in, line);) {
    in_stock = line.rfind("stock", 0) == 0 || (in_stock && line.rfind("     ", 0) == 0);
    if (!in_stock) out += line + "\n";
  }
  return out;
}

// The actions of every hand, and what each declaration and discard did.
std::vector<std::string> play_of(const Replay& r, const Ruleset& rules) {
  const Rederived game = rederive(r, rules);
  REQUIRE_MESSAGE(game.ok, game.error);
  std::vector<std::string> out;
  for (const ReplayHand& h : r.hands) out.insert(out.end(), h.actions.begin(), h.actions.end());
  for (const Event& e : game.events) {
    if (e.type == EventType::Declare || e.type == EventType::Discard || e.type == EventType::Zetema)
      out.push_back(describe(e, game.final_state));
  }
  return out;
}

}  // namespace

TEST_CASE("zgn: every sample replay exports and imports back identical") {
  int samples = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(ZETEMA_SOURCE_DIR "/replays/samples")) {
    if (entry.path().extension() != ".json") continue;
    CAPTURE(entry.path().string());
    const Decoded d = load_replay(entry.path().string());
    REQUIRE_MESSAGE(d.ok, d.error);
    check_round_trip(d.replay, loaded(d.replay.variant).rules);
    ++samples;
  }
  CHECK(samples >= 13);
}

TEST_CASE("zgn: the sample games in notation import, verify and export back to themselves") {
  int games = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(ZETEMA_SOURCE_DIR "/replays/samples")) {
    if (entry.path().extension() != ".zgn") continue;
    CAPTURE(entry.path().string());
    std::string text;
    REQUIRE(read_file_bounded(entry.path().string(), text).empty());
    const ZgnImport game = import_zgn(text, cached_lookup());
    REQUIRE_MESSAGE(game.ok, game.error.describe());
    const Verified v = verify_replay(game.replay, game.variant.rules);
    REQUIRE_MESSAGE(v.ok, v.error);
    check_round_trip(game.replay, game.variant.rules);
    // The same file as an editor that writes a byte-order mark saves it.
    const ZgnImport marked = import_zgn("\xEF\xBB\xBF" + text, cached_lookup());
    REQUIRE_MESSAGE(marked.ok, marked.error.describe());
    CHECK(marked.replay == game.replay);
    ++games;
  }
  CHECK(games >= 2);
}

// The heavy one (a few seconds in release): 1,000 games, every shipped
// variant at every player count it plays, random and greedy bots.
TEST_CASE("zgn: 1000 seeded games export and import back identical" * doctest::test_suite("slow")) {
  const std::vector<std::string> ids = {"sackson",    "rules_site", "book1881",
                                        "rummy_site", "parlett",    "house_example"};
  const std::vector<std::vector<std::string>> bots = {{"random"}, {"greedy"}, {"greedy", "random"}};
  int games = 0;
  for (uint64_t seed = 1; games < 1000; ++seed) {
    const scripting::LoadedVariant& v = loaded(ids[seed % ids.size()]);
    MatchConfig c;
    c.setup.players = 2 + static_cast<int>(seed / ids.size() % 5);
    c.seed = seed;
    c.bots = bots[seed % bots.size()];
    c.max_hands = 3;  // enough for several hands, unfinished games too, in a few seconds
    const MatchRecord m = play_match(v.rules, c);
    if (!m.ok) continue;  // a table the variant does not allow (e.g. compulsory teams)
    CAPTURE(seed);
    std::vector<std::string> seats;
    for (int p = 0; p < c.setup.players; ++p) seats.push_back(seat_bot(c.bots, p));
    check_round_trip(make_replay(v, m.final_state, seed, seats, m.hands, m.events), v.rules);
    ++games;
  }
  CHECK(games == 1000);
}

TEST_CASE("zgn: a game without its stock order imports to the same play") {
  int games = 0;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    const std::string id = seed % 3 == 0 ? "book1881" : seed % 3 == 1 ? "sackson" : "rummy_site";
    const scripting::LoadedVariant& v = loaded(id);
    MatchConfig c;
    c.setup.players = 2 + static_cast<int>(seed % 4);
    c.seed = seed;
    c.bots = {"greedy"};
    c.max_hands = 2;
    const MatchRecord m = play_match(v.rules, c);
    if (!m.ok) continue;
    CAPTURE(seed);
    const Replay r = make_replay(v, m.final_state, seed, {}, m.hands, m.events);
    const ZgnExport text = export_zgn(r, v.rules);
    REQUIRE(text.ok);
    const std::string guessed = without_stock(text.text);
    REQUIRE(guessed.find("stock") == std::string::npos);
    const ZgnImport back = import_zgn(guessed, cached_lookup());
    REQUIRE_MESSAGE(back.ok, back.error.describe());
    CHECK(play_of(back.replay, v.rules) == play_of(r, v.rules));
    ++games;
  }
  CHECK(games >= 50);
}
