// libFuzzer harness: the variant loader with arbitrary Lua source, parents
// resolved among the shipped variants (read once). A variant that loads is
// played for one hand, so its hooks run inside the sandbox too.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

#include "engine/match.h"
#include "scripting/lua_hooks.h"
#include "scripting/variant_loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace zetema;
  static const std::map<std::string, scripting::VariantSource> shipped = [] {
    std::map<std::string, scripting::VariantSource> m;
    for (const char* id : {"sackson", "rules_site", "book1881", "rummy_site", "house_example"}) {
      std::string why;
      if (auto src = scripting::folder_resolver(ZETEMA_VARIANTS_DIR)(id, why)) m[id] = *src;
    }
    return m;
  }();
  const scripting::VariantResolver resolve =
      [](const std::string& id, std::string& why) -> std::optional<scripting::VariantSource> {
    const auto it = shipped.find(id);
    if (it == shipped.end()) {
      why = "no such variant";
      return std::nullopt;
    }
    return it->second;
  };
  scripting::SandboxLimits limits;
  limits.call_instructions = 20'000;
  limits.load_instructions = 200'000;
  limits.memory_bytes = 8u << 20;
  const std::string text(reinterpret_cast<const char*>(data), size);
  scripting::LoadedVariant v = scripting::load_variant({"", "fuzz.lua", text}, resolve, limits);
  if (v.ok) {
    // All the hand's hook calls together, as `zetema check` bounds a game:
    // hooks that each stay under their 20,000 could otherwise sum to more
    // than the 10 s a unit may take (a 2,000-turn hand asks them each turn).
    if (auto* lua = dynamic_cast<scripting::LuaHooks*>(v.rules.hooks.get())) {
      lua->sandbox().set_session_budget(20'000'000);
    }
    MatchConfig c;
    c.setup.players = 2;
    c.seed = size;
    c.max_hands = 1;
    (void)play_match(v.rules, c);
  }
  return 0;
}
