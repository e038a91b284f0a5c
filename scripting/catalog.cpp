#include "scripting/catalog.h"

#include <algorithm>
#include <filesystem>
#include <map>

namespace zetema::scripting {

std::vector<CatalogEntry> list_variants(const std::string& dir, const std::string& shown_dir) {
  return list_variants(VariantFolder{dir, shown_dir, "", ""});
}

namespace {

// Each id's file size (the larger, for an id in both folders), as the
// folders list them: names only, nothing read.
std::map<std::string, uintmax_t> variant_files(const VariantFolder& folder) {
  std::map<std::string, uintmax_t> found;
  for (const std::string& dir : {folder.path, folder.user_path}) {
    std::error_code ec;
    if (dir.empty()) continue;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
      if (entry.path().extension() != ".lua") continue;
      // What loading it reads: a file past the source limit is refused
      // after that much.
      std::error_code size_ec;
      const uintmax_t size =
          std::min<uintmax_t>(entry.file_size(size_ec), SandboxLimits{}.max_source_bytes + 1);
      uintmax_t& kept = found[entry.path().stem().string()];
      kept = std::max(kept, size_ec ? 0 : size);
    }
  }
  return found;
}

CatalogEntry summary(const std::string& id, const VariantFolder& folder) {
  const LoadedVariant v = load_variant_spec(id, folder);
  CatalogEntry e{id, {}, {}, {}, v.error};
  if (v.ok) {
    e.name = v.rules.name;
    e.source = v.rules.source;
    e.parent = v.rules.parent;
  }
  return e;
}

}  // namespace

std::vector<CatalogEntry> list_variants(const VariantFolder& folder, std::string* note) {
  static const std::vector<std::string> kFirst = {"sackson", "rules_site", "book1881",
                                                  "rummy_site"};
  const std::map<std::string, uintmax_t> found = variant_files(folder);
  std::vector<std::string> ids;
  for (const auto& [id, size] : found) ids.push_back(id);
  auto rank = [&](const std::string& id) {
    const auto it = std::find(kFirst.begin(), kFirst.end(), id);
    return it == kFirst.end() ? kFirst.size() : static_cast<size_t>(it - kFirst.begin());
  };
  std::sort(ids.begin(), ids.end(), [&](const std::string& a, const std::string& b) {
    return rank(a) != rank(b) ? rank(a) < rank(b) : a < b;
  });
  std::vector<CatalogEntry> out;
  uintmax_t bytes = 0;
  size_t left_out = 0;
  for (const std::string& id : ids) {
    const uintmax_t size = found.at(id);
    if (out.size() == kMaxListedVariants || bytes + size > kMaxListedBytes) {
      ++left_out;
      continue;
    }
    bytes += size;
    out.push_back(summary(id, folder));  // loaded, read, let go
  }
  if (note) {
    *note = left_out == 0
                ? ""
                : std::to_string(left_out) + " more variant file(s) not listed: at most " +
                      std::to_string(kMaxListedVariants) + " files and " +
                      std::to_string(kMaxListedBytes >> 20) +
                      " MiB are listed from the variant folders";
  }
  return out;
}

}  // namespace zetema::scripting
