// The keys a variant file may hold, and how each is read into the Ruleset.
// One entry per rule; the loader walks this list, so a key the list does not
// name is an error ("unknown rule 'hand_sise' (did you mean 'hand_size'?)").
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/hooks.h"
#include "engine/ruleset.h"

struct lua_State;

namespace zetema::scripting {

// Reads the value at `index` into `rules`; `complete` asks a keyed table to
// give every entry (a variant without a parent). Returns "" or what is wrong.
using FieldReader = std::string (*)(lua_State* L, int index, Ruleset& rules, bool complete);

struct RuleField {
  const char* key;
  FieldReader read;
  bool required;                     // in a variant without a parent
  std::vector<RuleId> rules;         // the rules whose origin this key sets
  std::vector<const char*> subkeys;  // for rules read from a keyed table: the entry per rule
};

std::span<const RuleField> rule_fields();

// Metadata keys (strings) and hook names are not rules but are allowed.
bool is_metadata_key(const std::string& key);

// The closest known key to a misspelt one, or "".
std::string suggest_key(const std::string& key);

}  // namespace zetema::scripting
