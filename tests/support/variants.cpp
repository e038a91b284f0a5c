#include "tests/support/variants.h"

#include <doctest/doctest.h>

#include <map>
#include <memory>

#include "scripting/variant_loader.h"

namespace zetema::test {

std::string variants_dir() {
  return ZETEMA_VARIANTS_DIR;
}

std::string cookbook_file(const std::string& id) {
  return variants_dir() + "/examples/" + id + ".lua";
}

const Ruleset& variant(const std::string& id) {
  static std::map<std::string, std::unique_ptr<Ruleset>> cache;
  auto it = cache.find(id);
  if (it == cache.end()) {
    scripting::LoadedVariant v = scripting::load_variant_spec(id, variants_dir());
    if (!v.ok) FAIL("variant " << id << " does not load: " << v.error->describe());
    it = cache.emplace(id, std::make_unique<Ruleset>(std::move(v.rules))).first;
  }
  return *it->second;
}

State table(const Ruleset& rules, const Layout& layout) {
  LayoutResult r = build_state(rules, layout);
  if (!r.ok) FAIL("bad test layout: " << r.error);
  return r.state;
}

State table(const std::string& id, const Layout& layout) {
  return table(variant(id), layout);
}

}  // namespace zetema::test
