// Where a variant file's Lua source sets each key of the table it returns:
// the `file:line` the loader cites for a rule, a per-rank entry, a subkey, an
// unknown key or a badly typed metadata key or hook.
//
// A Lua-aware scan, not a text search: `--` comments, `--[[ ]]` and
// `--[==[ ]==]` long comments, short strings (with escapes) and long strings
// are skipped, so a comment or string that mentions a key never moves its
// line. It follows the table constructor the chunk returns (`return { ... }`)
// and, one level at a time, the constructors nested in it as values of named
// keys (`points = { sequence = 10 }` gives "points.sequence";
// `assembly_points = { K = 130, ["5"] = 110 }` gives "assembly_points.K" and
// "assembly_points.5"; `[2] = 6` gives ".2"). A chunk that builds its table in
// a local first is followed too: `local v = { ... }` (or `v = { ... }`) at
// chunk level, then `v.points = { ... }`, `v.points.flush = 30` or
// `v["points"] = ...`, then `return v`; the last assignment in the text wins,
// and assigning a table replaces what was set inside the old one.
//
// Anything the scan cannot follow (a table built by a function call, keys set
// in a loop or a branch, paths more than 32 keys deep, any key of a text
// nested deeper than Lua itself accepts) has line 0, never a guess. Hostile
// text is safe: unterminated strings and comments end at the end of the text,
// and the scan is linear in the length of the text.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace zetema::scripting {

class KeyLines {
 public:
  KeyLines() = default;
  explicit KeyLines(std::string_view lua_source);

  // The line where the returned table's key `path` is set ("hand_size",
  // "points.sequence", "assembly_points.5"), or 0 if the scan cannot tell.
  int line(std::string_view path) const;

 private:
  struct Node {
    int line = 0;   // where the value at this path was last set; 0: never
    int epoch = 0;  // when (in scan order); a descendant set before this is stale
    int parent = -1;
    int depth = 0;  // of the path
  };
  class Scanner;  // the scan of one text (key_lines.cpp)

  int child(int parent, std::string_view key);             // finds or adds; -1: too deep
  int find_child(int parent, std::string_view key) const;  // -1 if none

  std::vector<Node> nodes_;
  // (parent node, key) -> node; the key is "<parent>\x1f<key>".
  std::unordered_map<std::string, int> children_;
  int result_ = -1;  // the node of the returned table
  int epoch_ = 0;
};

}  // namespace zetema::scripting
