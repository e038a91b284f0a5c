// The `choices` table of a variant file (engine/ruleset.h, ChoiceDef; docs/
// variant-authoring.md, "Choices"):
//
//   choices = {
//     swap = { options = { cards = "hand" }, apply = function(state, card) ... end },
//     double = { options = "yes_no", apply = function(state, yes) ... end },
//   }
//
// options: "yes_no", "seat" (any other seat), { cards = "hand" | "tableau" |
// "shown" | "marriages" | "zetemas" } or { number = { lo, hi } } (at most 100
// numbers).
// A child's choice of a name replaces its parent's.
#pragma once

#include <string>

#include "engine/ruleset.h"

struct lua_State;

namespace zetema::scripting {

class LuaHooks;

// Reads the table at `index` (in name order); `file` is the layer's. "" or
// what is wrong.
std::string read_choices(lua_State* L, int index, const std::string& file, Ruleset& rules,
                         LuaHooks& hooks);

}  // namespace zetema::scripting
