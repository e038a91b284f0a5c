// Replays that carry hostile Lua (issue 13): a recorded sackson game whose
// embedded sources are replaced, hashed to match, so a reader does not
// refuse the file as corrupt and runs them. Used by the replay tests and
// the studio's session tests, with the attacks of hostile_lua.h.
#pragma once

#include <doctest/doctest.h>

#include <string>

#include "engine/match.h"
#include "replays/record.h"
#include "tests/support/scratch.h"
#include "tests/support/variants.h"

namespace zetema::test {

// `top_level` (code before the table) in a variant 'hostile' over sackson,
// as the file replay/hostile.lua; a `top_level` that starts with "return {"
// is the whole file.
inline replays::Replay carrying(const std::string& top_level) {
  scripting::LoadedVariant v = scripting::load_variant_spec("sackson", variants_dir());
  REQUIRE(v.ok);
  MatchConfig c;
  c.setup.players = 2;
  c.seed = 3;
  c.bots = {"random"};
  const MatchRecord m = play_match(v.rules, c);
  REQUIRE(m.ok);
  replays::Replay r = replays::make_replay(v, m.final_state, c.seed, c.bots, m.hands, m.events);
  const std::string text =
      top_level.rfind("return {", 0) == 0
          ? top_level
          : top_level +
                "return { id = 'hostile', name = 'Hostile', source = 'test', extends = 'sackson' "
                "}\n";
  r.variant = "hostile";
  r.sources = {{"hostile", "replay/hostile.lua", text},
               {"sackson", "variants/sackson.lua", read_all(variants_dir() + "/sackson.lua")}};
  r.variant_sha256 = replays::sources_sha256(r.sources);
  return r;
}

// A variant whose allow_discard hook runs `body` (the file's line 4 on): the
// sources load, and the attack runs at the game's first discard.
inline replays::Replay carrying_hook(const std::string& body) {
  return carrying(
      "return {\n  id = 'hostile', name = 'Hostile', source = 'test', extends = "
      "'sackson',\n  allow_discard = function(state, card)\n" +
      body + "\n  end,\n}\n");
}

}  // namespace zetema::test
