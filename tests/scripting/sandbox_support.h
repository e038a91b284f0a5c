// Shared by the scripting tests: load a variant given as text, and a table
// where the next discard completes a zetema (so score_zetema runs).
#pragma once

#include <doctest/doctest.h>

#include <string>

#include "engine/game.h"
#include "scripting/variant_loader.h"
#include "tests/support/variants.h"

namespace zetema::test {

inline scripting::LoadedVariant load_text(const std::string& text,
                                          const std::string& file = "test/house.lua",
                                          const scripting::SandboxLimits& limits = {}) {
  return scripting::load_variant(scripting::VariantSource{"", file, text},
                                 scripting::folder_resolver(variants_dir()), limits);
}

// A house variant over sackson whose hooks are `body` (a Lua table body).
inline std::string house(const std::string& body) {
  return "return {\n"
         "  id = \"house\", name = \"House\", source = \"test\", extends = \"sackson\",\n" +
         body + "\n}\n";
}

// Two players; P1 (seat 0) to move, holding the fifth 7; four 7s on the tableau.
inline State zetema_table(const Ruleset& rules) {
  Layout l;
  l.players = 2;
  l.current = 0;
  l.hands = {"7S' 2C 3D 9H JC KD", "AC 4D 8H TC QH 6S"};
  l.tableau = "7C 7D 7H 7S";
  return table(rules, l);
}

}  // namespace zetema::test
