#include "scripting/catalog.h"

#include <algorithm>
#include <filesystem>
#include <set>

namespace zetema::scripting {

std::vector<CatalogEntry> list_variants(const std::string& dir, const std::string& shown_dir) {
  return list_variants(VariantFolder{dir, shown_dir, "", ""});
}

std::vector<CatalogEntry> list_variants(const VariantFolder& folder) {
  static const std::vector<std::string> kFirst = {"sackson", "rules_site", "book1881",
                                                  "rummy_site"};
  std::set<std::string> found;
  for (const std::string& dir : {folder.path, folder.user_path}) {
    std::error_code ec;
    if (dir.empty()) continue;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
      if (entry.path().extension() == ".lua") found.insert(entry.path().stem().string());
    }
  }
  std::vector<std::string> ids(found.begin(), found.end());
  auto rank = [&](const std::string& id) {
    const auto it = std::find(kFirst.begin(), kFirst.end(), id);
    return it == kFirst.end() ? kFirst.size() : static_cast<size_t>(it - kFirst.begin());
  };
  std::sort(ids.begin(), ids.end(), [&](const std::string& a, const std::string& b) {
    return rank(a) != rank(b) ? rank(a) < rank(b) : a < b;
  });
  std::vector<CatalogEntry> out;
  for (const std::string& id : ids) out.push_back({id, load_variant_spec(id, folder)});
  return out;
}

}  // namespace zetema::scripting
