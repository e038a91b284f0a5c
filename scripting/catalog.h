// The variants in a folder: every <id>.lua, each loaded (so a broken file
// shows its error rather than disappearing from the list).
#pragma once

#include <string>
#include <vector>

#include "scripting/variant_loader.h"

namespace zetema::scripting {

struct CatalogEntry {
  std::string id;
  LoadedVariant variant;
};

// The four historical rule sets first (sackson, rules_site, book1881,
// rummy_site), then the rest by id.
std::vector<CatalogEntry> list_variants(const std::string& dir,
                                        const std::string& shown_dir = "variants");
// The same over a folder and the user's own beside it (an id in both is
// listed once, as the error that names both files).
std::vector<CatalogEntry> list_variants(const VariantFolder& folder);

}  // namespace zetema::scripting
