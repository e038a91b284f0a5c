#include "scripting/catalog.h"

#include <algorithm>
#include <filesystem>

namespace zetema::scripting {

std::vector<CatalogEntry> list_variants(const std::string& dir, const std::string& shown_dir) {
  static const std::vector<std::string> kFirst = {"sackson", "rules_site", "book1881",
                                                  "rummy_site"};
  std::vector<std::string> ids;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (entry.path().extension() == ".lua") ids.push_back(entry.path().stem().string());
  }
  auto rank = [&](const std::string& id) {
    const auto it = std::find(kFirst.begin(), kFirst.end(), id);
    return it == kFirst.end() ? kFirst.size() : static_cast<size_t>(it - kFirst.begin());
  };
  std::sort(ids.begin(), ids.end(), [&](const std::string& a, const std::string& b) {
    return rank(a) != rank(b) ? rank(a) < rank(b) : a < b;
  });
  std::vector<CatalogEntry> out;
  for (const std::string& id : ids) out.push_back({id, load_variant_spec(id, dir, {}, shown_dir)});
  return out;
}

}  // namespace zetema::scripting
