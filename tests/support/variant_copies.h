// A scratch folder holding copies of the shipped variants (so edits never
// touch the repository) and an empty config folder, for studio session tests.
#pragma once

#include <filesystem>
#include <string>

#include "scripting/variant_loader.h"
#include "tests/support/scratch.h"
#include "tests/support/variants.h"

namespace zetema::test {

struct VariantCopies {
  Scratch tmp;
  explicit VariantCopies(const std::string& tag) : tmp(tag) {
    std::filesystem::create_directories(tmp.root / "variants");
    std::filesystem::create_directories(tmp.root / "config");
    for (const auto& e : std::filesystem::directory_iterator(variants_dir())) {
      if (e.is_regular_file())
        std::filesystem::copy_file(e.path(), tmp.root / "variants" / e.path().filename());
    }
  }
  scripting::VariantFolder folder() const { return {(tmp.root / "variants").string(), "variants"}; }
  std::string config() const { return (tmp.root / "config").string(); }
  // The copy of variant `id`, and any other file in the scratch folder.
  std::string file(const std::string& id) const {
    return (tmp.root / "variants" / (id + ".lua")).string();
  }
  std::string path(const std::string& name) const { return (tmp.root / name).string(); }
};

}  // namespace zetema::test
