// The registry of rule keys: every key a variant file may hold is declared
// here once -- name, type, allowed values, default, meaning, the decision of
// docs/decisions.md it implements -- with the function that reads it into the
// Ruleset and the one that shows it. That one declaration drives:
//   - the loader (scripting/variant_loader.cpp walks the registry; a key it
//     does not name is an error, "unknown rule 'hand_sise' (did you mean
//     'hand_size'?)", and a subkey likewise);
//   - the loader's messages ("must be one of ..." lists the declared values;
//     "must give flush_sequence" the declared subkeys);
//   - `zetema rules-table`, whose rows are the registry's keys and subkeys;
//   - `zetema rules-table --keys`, the rule-key reference checked in as
//     section 2 of docs/variant-authoring.md (a test keeps them equal);
//   - the origin of each rule (RuleId), found by its rule_name() as a path;
//   - `state.rules`, the resolved tables hooks read (rules_view.h).
//
// Adding a rule: one RuleField in the file of its section (rule_keys.h,
// with designated initialisers, as the others) plus its reader, its show
// and its push function, and its place in the registry's list in rule_fields.cpp; most
// readers, shows and pushes are the generic ones (rule_readers.h: a boolean,
// a name, an integer).
// A table with named subkeys (as `points`) declares each subkey as a
// RuleField of its own in `subkeys`, reads with `read_subkeys` and leaves
// `show` null: each subkey is then a row of its own ("points.sequence"),
// gets its own origin line, and may itself have subkeys.
#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include "engine/hooks.h"
#include "engine/rule_parameters.h"
#include "engine/ruleset.h"

struct lua_State;

namespace zetema::scripting {

struct RuleField;

// Reads the value at `index` into `rules`; `complete` asks a keyed table to
// give every entry (a variant without a parent). Returns "" or what is wrong,
// starting with a word ("must be ...") or with "." or "[" for an entry
// (".sequence must be ..."); the loader puts the key in front.
using FieldReader = std::string (*)(lua_State* L, int index, Ruleset& rules, bool complete,
                                    const RuleField& field);

// The value as `zetema rules-table` shows it ("6 (2-5), 5 (6)").
using FieldShow = std::string (*)(const Ruleset& rules);

// Pushes the value as a variant file would write it, resolved (what the
// Ruleset holds after every layer): what a hook reads as `state.rules.KEY`
// (scripting/rules_view.h). Reading the pushed value back with the field's
// reader gives the same rules (a test checks every shipped variant).
using FieldPush = void (*)(lua_State* L, const Ruleset& rules);

// One allowed name of a name-valued key, and what choosing it means ("" when
// the key's meaning says it all).
struct RuleValue {
  const char* name;
  const char* meaning = "";
};

struct RuleField {
  const char* key;         // as written in a file (a subkey: its name inside the table)
  const char* group = "";  // the heading it is listed under in the reference
  const char* type = "";   // the form of value: "boolean", "name", "integer", "per rank", ...
  std::vector<RuleValue> values = {};   // a name (or names per player count): all the allowed names
  long long min = 0, max = 0;           // integers: the range the reader allows
  const char* also = "";                // other values allowed besides, as "or `false`"
  const char* default_value = nullptr;  // as Lua text: the built-in Ruleset's (Sackson's) value;
                                        // for an optional key, what a file without it gets
                                        // (nullptr: see `meaning`)
  const char* meaning = "";             // one line
  const char* decision = "";            // docs/decisions.md: "D6", "D4, D24", "§3 `zetema_points`"
  FieldReader read = nullptr;
  FieldShow show = nullptr;  // null: the subkeys are the rows
  FieldPush push = nullptr;  // null: a table of the subkeys' values
  bool required = true;      // in a variant without a parent
  // Per-rank origins (the rank tables): where the loader records each rank's.
  std::array<RuleOrigin, kRanks> Ruleset::*rank_origins = nullptr;
  std::vector<RuleField> subkeys = {};  // a table with named entries: one field per entry
};

std::span<const RuleField> rule_fields();

// The field at a path ("draw_mode", "points.sequence"), or null.
const RuleField* find_rule_field(const std::string& path);

// Every row of `zetema rules-table`: (path, value) for each key or subkey
// that has a show function, in the registry's order.
std::vector<RuleParameter> show_rules(const Ruleset& rules);

// The first rule two rule sets set differently, "name: A against B", by
// every row of the registry (and the rank tables exactly); "" when they
// play alike by their tables (hooks are not compared).
std::string first_rule_difference(const Ruleset& a, const Ruleset& b);
inline bool same_rules(const Ruleset& a, const Ruleset& b) {
  return first_rule_difference(a, b).empty();
}

// The rules whose origin (Ruleset::origins) a key at `path` sets: those whose
// rule_name() is the path ("points.sequence" -> SequencePoints).
std::vector<RuleId> rules_at(const std::string& path);

// "\"refill_before\", \"refill_plus_one_before\", \"play_then_draw\"": the
// declared names, as the messages list them.
std::string quoted_values(const RuleField& field);

// The generic reader of a table with named subkeys (as `points`): each entry
// read by its subkey's reader; an entry not declared is an error naming the
// declared ones, and with `complete` every required subkey must be given.
std::string read_subkeys(lua_State* L, int index, Ruleset& rules, bool complete,
                         const RuleField& field);

// Metadata keys (strings) and hook names are not rules but are allowed.
bool is_metadata_key(const std::string& key);

// The closest known key to a misspelt one, or "": rule keys, metadata keys
// and hook names (or, with `among`, those names only).
std::string suggest_key(const std::string& key);
std::string suggest_key(const std::string& key, const std::vector<std::string>& among);

}  // namespace zetema::scripting
