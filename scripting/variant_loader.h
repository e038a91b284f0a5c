// Loading a variant file into a Ruleset.
//
// A variant file returns a table: metadata (id, name, source, follows,
// extends), data tables read once into the Ruleset, and hook functions kept
// for the engine to call. With `extends = "<id>"` the parent is loaded
// first (into the same sandbox) and the file overrides it key by key; in a
// keyed table (points, hand_size, assembly_points, ...) only the entries
// given are overridden. A variant without `extends` must give every rule.
// The format is documented in docs/variant-authoring.md.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/hooks.h"
#include "engine/ruleset.h"
#include "scripting/sandbox.h"

namespace zetema::scripting {

struct VariantSource {
  std::string id;    // the id it was asked for ("" for the file given by path)
  std::string file;  // as shown in messages, e.g. "variants/sackson.lua"
  std::string text;
};

// Finds the source of a parent variant by id; on failure returns nullopt
// and says why in `error`.
using VariantResolver =
    std::function<std::optional<VariantSource>(const std::string& id, std::string& error)>;

struct [[nodiscard]] LoadedVariant {
  bool ok = false;
  Ruleset rules;
  std::vector<VariantSource> sources;  // the file first, then each ancestor; ids filled in
  std::optional<ScriptError> error;
};

LoadedVariant load_variant(const VariantSource& top, const VariantResolver& resolve,
                           const SandboxLimits& limits = {});

struct VariantFolder;
// Variants by id in a folder: <dir>/<id>.lua, shown as "<shown_dir>/<id>.lua".
VariantResolver folder_resolver(const std::string& dir, const std::string& shown_dir = "variants");
// ...and in the user's own folder beside it, where the folder has one.
VariantResolver folder_resolver(const VariantFolder& folder);

// Reads a file; nullopt (with error) if it cannot.
std::optional<VariantSource> read_variant_file(const std::string& path, std::string& error);

// A folder of variant files, and how its files are named in messages,
// origins and replays ("variants/sackson.lua" for the shipped folder).
struct VariantFolder {
  std::string path;
  std::string shown = "variants";
  // The user's own variants, listed and found beside these ("" for none);
  // an id in both folders is an error that names both files.
  std::string user_path{};
  std::string user_shown{};
};

// `spec` is an id of a variant in `dir`, or a path to a .lua file (whose
// parents are looked up in `dir`). Files from `dir` are named
// "<shown_dir>/<id>.lua" in messages, origins and replays.
LoadedVariant load_variant_spec(const std::string& spec, const std::string& dir,
                                const SandboxLimits& limits = {},
                                const std::string& shown_dir = "variants");
LoadedVariant load_variant_spec(const std::string& spec, const VariantFolder& folder,
                                const SandboxLimits& limits = {});

}  // namespace zetema::scripting
