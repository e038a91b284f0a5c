// The variants in a folder: every <id>.lua, each loaded once to read what
// the list shows (so a broken file shows its error rather than
// disappearing), then let go: the list keeps no sources and no Lua state.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "scripting/variant_loader.h"

namespace zetema::scripting {

struct CatalogEntry {
  std::string id;
  std::string name, source, parent;  // the variant's, when it loads
  std::optional<ScriptError> error;  // why it does not load
  bool ok() const { return !error.has_value(); }
};

// What a folder may hold: past either, the files after are not loaded
// (by name; the list's note says how many and why).
inline constexpr size_t kMaxListedVariants = 1000;
inline constexpr uintmax_t kMaxListedBytes = 64u << 20;

// The four historical rule sets first (sackson, rules_site, book1881,
// rummy_site), then the rest by id. `note` (if given) says what a cap left
// out ("" when nothing).
std::vector<CatalogEntry> list_variants(const std::string& dir,
                                        const std::string& shown_dir = "variants");
// The same over a folder and the user's own beside it (an id in both is
// listed once, as the error that names both files).
std::vector<CatalogEntry> list_variants(const VariantFolder& folder, std::string* note = nullptr);

}  // namespace zetema::scripting
