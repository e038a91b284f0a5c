// Shared by the scripting tests: load a variant given as text, and a table
// where the next discard completes a zetema (so score_zetema runs).
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <vector>

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

// The cookbook's file <id> loaded, its parent from variants/; the load must
// succeed.
inline scripting::LoadedVariant load_cookbook(const std::string& id) {
  scripting::LoadedVariant v = scripting::load_variant_spec(cookbook_file(id), variants_dir());
  REQUIRE_MESSAGE(v.ok, "cookbook file " << id << ": " << (v.error ? v.error->describe() : ""));
  return v;
}

// The legal actions at `s`, in notation, in the order they are listed.
inline std::vector<std::string> listed(const State& s) {
  std::vector<Action> legal;
  REQUIRE_FALSE(legal_actions(s, legal).has_value());
  std::vector<std::string> out;
  for (const Action& a : legal) out.push_back(to_string(a, s.rules));
  return out;
}

// A house variant over `parent` whose hooks are `body` (a Lua table body).
inline std::string house(const std::string& body, const std::string& parent = "sackson") {
  return "return {\n"
         "  id = \"house\", name = \"House\", source = \"test\", extends = \"" +
         parent + "\",\n" + body + "\n}\n";
}

// A house variant loaded from `body` (test/house.lua), kept for the test's
// duration (a State points at its Ruleset); the load must succeed.
struct HouseVariant {
  scripting::LoadedVariant v;
  explicit HouseVariant(const std::string& body, const scripting::SandboxLimits& limits = {}) {
    load(house(body), limits);
  }
  HouseVariant(const std::string& body, const std::string& parent) {
    load(house(body, parent), {});
  }
  const Ruleset& rules() const { return v.rules; }

 private:
  void load(const std::string& text, const scripting::SandboxLimits& limits) {
    v = load_text(text, "test/house.lua", limits);
    REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
  }
};

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
