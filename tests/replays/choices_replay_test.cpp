// Choices in replays: a bot game of a variant that puts a yes/no choice and
// a card choice every turn records, saves (JSON and binary), loads, verifies
// and goes through notation and back; and a diff against the parent, which
// offers no choice, stops at the first `choose`.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "engine/match.h"
#include "replays/choice_tally.h"
#include "replays/codec.h"
#include "replays/diff.h"
#include "replays/record.h"
#include "replays/replay_file.h"
#include "replays/zgn.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::replays;

namespace {

// Sackson, and at each turn's start a yes/no choice; a yes puts a card
// choice: the chosen card of the hand goes under the stock for its bottom.
const char* kSource =
    "return { id = 'ch_test', name = 'Choices test', source = 'test', extends = 'sackson',\n"
    "  turn_start = function(state)\n"
    "    if state.stock > 0 then return { offer = 'trade', reason = 'trade with the stock' } end\n"
    "  end,\n"
    "  choices = {\n"
    "    trade = { options = 'yes_no', apply = function(state, yes)\n"
    "      if yes then return { offer = 'swap', reason = 'pick the card to give' } end\n"
    "    end },\n"
    "    swap = { options = { cards = 'hand' }, apply = function(state, card)\n"
    "      return { effects = { { move = 'bottom', to = { hand = state.player } },\n"
    "                           { move = card, to = 'stock_bottom' } } }\n"
    "    end },\n"
    "  },\n"
    "}\n";

// Loaded afresh for each use: a variant kept for the whole run would keep
// its Lua state past the test binary's end.
scripting::LoadedVariant choice_variant() {
  scripting::LoadedVariant v = scripting::load_variant(
      {"", "test/ch_test.lua", kSource}, scripting::folder_resolver(test::variants_dir()));
  REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
  return v;
}

// A seeded bot game of the choice variant as its replay.
Replay choice_game(uint64_t seed) {
  const scripting::LoadedVariant v = choice_variant();
  MatchConfig c;
  c.setup.players = 3;
  c.seed = seed;
  c.bots = {"greedy", "random"};
  c.max_hands = 2;
  const MatchRecord m = play_match(v.rules, c);
  REQUIRE_MESSAGE(m.ok, m.error);
  std::vector<std::string> seats;
  for (int p = 0; p < c.setup.players; ++p) seats.push_back(seat_bot(c.bots, p));
  return make_replay(v, m.final_state, seed, seats, m.hands, m.events);
}

// How many recorded actions are `choose NAME ...`.
int chosen(const Replay& r, const std::string& name) {
  int n = 0;
  for (const ReplayHand& h : r.hands)
    for (const std::string& a : h.actions) n += a.rfind("choose " + name + " ", 0) == 0 ? 1 : 0;
  return n;
}

std::string verified_sha(const Replay& r) {
  const scripting::LoadedVariant rules = choice_variant();
  const Verified v = verify_replay(r, rules.rules);
  REQUIRE_MESSAGE(v.ok, v.error);
  return events_sha256(v.game.events, rules.rules);
}

}  // namespace

TEST_CASE("a game with choices saves as JSON and binary, loads and verifies the same") {
  const Replay r = choice_game(3);
  CHECK(chosen(r, "trade") > 0);
  CHECK(chosen(r, "swap") > 0);
  const std::string sha = verified_sha(r);
  const auto dir = std::filesystem::temp_directory_path() / "zetema-choices-replay";
  std::filesystem::create_directories(dir);
  for (const char* name : {"game.json", "game.zrp"}) {
    CAPTURE(name);
    const std::string path = (dir / name).string();
    REQUIRE(save_replay(path, r).empty());
    const Decoded d = load_replay(path);
    REQUIRE_MESSAGE(d.ok, d.error);
    CHECK(d.replay == r);
    CHECK(verified_sha(d.replay) == sha);
  }
  CHECK(encode(r, Encoding::Json) != encode(r, Encoding::Binary));
  std::filesystem::remove_all(dir);
}

TEST_CASE("a game with choices exports to notation and imports back with the same actions") {
  for (uint64_t seed : {3, 8}) {
    CAPTURE(seed);
    const Replay r = choice_game(seed);
    const scripting::LoadedVariant v = choice_variant();
    const ZgnExport text = export_zgn(r, v.rules);
    REQUIRE_MESSAGE(text.ok, text.error);
    CHECK(text.text.find("choose trade ") != std::string::npos);
    CHECK(text.text.find("choose swap ") != std::string::npos);
    const ZgnImport back = import_zgn(text.text, [](const std::string& id) {
      if (id == "ch_test") return choice_variant();
      return scripting::load_variant_spec(
          id, scripting::VariantFolder{test::variants_dir(), "variants"});
    });
    REQUIRE_MESSAGE(back.ok, std::string(back.error.describe() + "\n" + text.text));
    for (size_t h = 0; h < r.hands.size(); ++h) CHECK(back.replay.hands[h] == r.hands[h]);
    CHECK(back.replay == r);
    CHECK(verified_sha(back.replay) == verified_sha(r));
  }
}

TEST_CASE("a diff against the parent stops at the first choice, which the parent does not offer") {
  const Replay r = choice_game(3);
  const scripting::LoadedVariant a = choice_variant();
  const DiffResult d = diff_replay(r, a.rules, test::variant("sackson"), {});
  REQUIRE_MESSAGE(d.ok, d.error);
  REQUIRE_FALSE(d.divergences.empty());
  const Divergence& first = d.divergences.front();
  CAPTURE(first.reason);
  CHECK(first.what.find("choose trade ") != std::string::npos);
  CHECK(first.hand == 0);
  CHECK(first.action == 0);  // the first turn's trade comes before any move
  CHECK(first.reason.find("choice") != std::string::npos);
  CHECK(first.followed == "stopped");
}

TEST_CASE("the choice tally counts each choice put and each option picked") {
  const Replay r = choice_game(3);
  const scripting::LoadedVariant rules = choice_variant();
  const Verified v = verify_replay(r, rules.rules);
  REQUIRE_MESSAGE(v.ok, v.error);
  const std::vector<ChoiceCount> t = tally_choices(v.game.events, rules.rules);
  REQUIRE(t.size() == 2);
  for (const ChoiceCount& c : t) {
    CAPTURE(c.name);
    int picked = 0;
    for (const auto& [option, n] : c.picks) picked += n;
    // Every choice put was answered (the game records each answer).
    CHECK(picked == chosen(r, c.name));
    CHECK(c.offered >= picked);
    CHECK(c.offered <= picked + 1);  // only the last may stand unanswered
    if (c.name == "trade") {
      for (const auto& [option, n] : c.picks) CHECK((option == "yes" || option == "no"));
      CHECK(c.picks.size() == 2);
    }
  }
  // A yes to trade puts swap (the hand is never empty at a turn's start).
  int yes = 0;
  for (const auto& [option, n] : t[0].name == "trade" ? t[0].picks : t[1].picks)
    yes += option == "yes" ? n : 0;
  CHECK((t[0].name == "swap" ? t[0] : t[1]).offered == yes);
}
