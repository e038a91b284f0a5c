// Replays that carry hostile Lua (issue 13): a recorded sackson game whose
// embedded sources are replaced, hashed to match, so a reader does not
// refuse the file as corrupt and runs them. Used by the replay tests and
// the studio's session tests, with the attacks of hostile_lua.h.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "engine/match.h"
#include "replays/record.h"
#include "scripting/variant_loader.h"
#include "tests/support/hostile_lua.h"
#include "tests/support/scratch.h"
#include "tests/support/variants.h"

namespace zetema::test {

// A game of `players` seats, each played by `bot` from `seed` under `v`:
// the match and its replay.
struct RecordedGame {
  MatchRecord match;
  replays::Replay replay;
};
inline RecordedGame record_game(const scripting::LoadedVariant& v, int players, uint64_t seed,
                                const std::string& bot) {
  MatchConfig c;
  c.setup.players = players;
  c.seed = seed;
  c.bots = {bot};
  RecordedGame g{play_match(v.rules, c), {}};
  REQUIRE(g.match.ok);
  g.replay =
      replays::make_replay(v, g.match.final_state, c.seed, c.bots, g.match.hands, g.match.events);
  return g;
}

// Makes `r` carry `text` as its variant 'hostile' (the file
// replay/hostile.lua) before the sources `parents`, hashed to match.
inline void carry(replays::Replay& r, const std::string& text,
                  std::vector<replays::ReplaySource> parents) {
  r.variant = "hostile";
  parents.insert(parents.begin(), {"hostile", "replay/hostile.lua", text});
  r.sources = std::move(parents);
  r.variant_sha256 = replays::sources_sha256(r.sources);
}

// `top_level` (code before the table) in a variant 'hostile' over sackson,
// as the file replay/hostile.lua; a `top_level` that starts with "return {"
// is the whole file.
inline replays::Replay carrying(const std::string& top_level) {
  scripting::LoadedVariant v = scripting::load_variant_spec("sackson", variants_dir());
  REQUIRE(v.ok);
  replays::Replay r = record_game(v, 2, 3, "random").replay;
  const std::string text =
      top_level.rfind("return {", 0) == 0
          ? top_level
          : top_level +
                "return { id = 'hostile', name = 'Hostile', source = 'test', extends = 'sackson' "
                "}\n";
  carry(r, text, {{"sackson", "variants/sackson.lua", read_all(variants_dir() + "/sackson.lua")}});
  return r;
}

// A variant whose hook runs the attack's body (the file's line 4 on; the
// hook on line 3): the sources load, and the attack runs at the game's
// first discard (allow_discard, where it names no hook of its own).
inline replays::Replay carrying_hook(const HookAttack& a) {
  return carrying(
      "return {\n  id = 'hostile', name = 'Hostile', source = 'test', extends = "
      "'sackson',\n" +
      a.fields("allow_discard") + "}\n");
}

// A game recorded under the attack's harmless variant (turn_start offers
// the choice, its apply does nothing), carrying the hostile one: its first
// pick, repeated to make the attack's picks in a row, runs the hostile apply.
inline replays::Replay carrying_choice(const ChoiceAttack& a) {
  scripting::LoadedVariant v = scripting::load_variant({"", "replay/hostile.lua", a.file(true)},
                                                       scripting::folder_resolver(variants_dir()));
  REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
  replays::Replay r = record_game(v, 2, 3, "random").replay;
  REQUIRE_FALSE(r.hands.empty());
  std::vector<std::string>& actions = r.hands[0].actions;
  REQUIRE_FALSE(actions.empty());
  REQUIRE(actions[0].rfind("choose pick ", 0) == 0);  // the first turn_start's offer
  actions.insert(actions.begin() + 1, static_cast<size_t>(a.picks - 1), actions[0]);
  carry(r, a.file(),
        {{"sackson", "variants/sackson.lua", read_all(variants_dir() + "/sackson.lua")}});
  return r;
}

}  // namespace zetema::test
