// The rules of the open turn in a variant file: the `flow` table (the card
// flow of each step, engine/flow.h) and the `kinds` table (combination kinds
// the variant defines, removes or replaces). docs/architecture.md, "The open turn".
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/hooks.h"
#include "engine/ruleset.h"
#include "scripting/key_lines.h"

struct lua_State;

namespace zetema::scripting {

class LuaHooks;

// Reads `flow = { step = { refill = n | draw = n, discard = "..." } }` at
// `index` over `rules.flow`: each field given replaces the parent's.
std::string read_flow(lua_State* L, int index, Ruleset& rules, bool complete);

// Checks the shape of `kinds` at `index` (a table keyed by kind name); its
// contents are read by KindsReader once every layer is known.
std::string check_kinds_shape(lua_State* L, int index, Ruleset& rules, bool complete);

// One variant file, as the kinds reader cites it.
struct KindsLayer {
  std::string file;
  std::string text;
  std::string id;
  std::string source;
};

// Collects the `kinds` tables of every layer, root first (a child may
// redefine or remove a parent's kind), then reads the result into the
// Ruleset and the hooks.
class KindsReader {
 public:
  explicit KindsReader(lua_State* L) : L_(L) {}
  ~KindsReader();
  KindsReader(const KindsReader&) = delete;
  KindsReader& operator=(const KindsReader&) = delete;

  // The layer's variant table is on top of the stack.
  std::optional<ScriptError> add_layer(const KindsLayer& layer);
  std::optional<ScriptError> finish(Ruleset& rules, LuaHooks& hooks);

 private:
  struct Pending {
    std::string name;
    int ref = -1;  // the kind's table; -1: removed
    int layer = 0;
    int line = 0;
  };
  lua_State* L_;
  std::vector<KindsLayer> layers_;
  std::vector<KeyLines> lines_;  // per layer
  std::vector<Pending> kinds_;
};

}  // namespace zetema::scripting
