// The variant's rules as hooks and kinds' finders read them:
// `state.rules`, a read-only table of every key of the registry
// (rule_fields.h) as a variant file writes it, resolved over the variant's
// parents (a child's `points = { sequence = 15 }` shows with the parent's
// flush and flush_sequence beside it).
//
// Made once, when the variant is loaded, and kept in the sandbox: the rules
// never change after loading, and a hook that reads them many times costs
// one lookup each. Every table of it is a proxy: reading works as on a plain
// table (`t.K`, `t[2]`, `#t`, `pairs`, `ipairs`), assigning is an error.
#pragma once

#include "engine/ruleset.h"

struct lua_State;

namespace zetema::scripting {

// Builds the table and leaves it in the registry; returns its ref. Raises
// a Lua error if memory runs out: call it under protection.
int create_rules_view(lua_State* L, const Ruleset& rules);

// Pushes the plain (unguarded) table of the rules: what the proxies read,
// and what a test reads back with the registry's readers.
void push_plain_rules(lua_State* L, const Ruleset& rules);

}  // namespace zetema::scripting
