// libFuzzer harness: Zetema Game Notation, read and imported through the
// engine under the shipped variants (loaded once). Whatever imports must
// export and import back to the identical replay; anything else must be an
// error at a line and column, never a crash or a hang.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "replays/zgn.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace zetema;
  static const std::map<std::string, scripting::LoadedVariant> shipped = [] {
    std::map<std::string, scripting::LoadedVariant> m;
    for (const char* id : {"sackson", "rules_site", "book1881", "rummy_site", "parlett"}) {
      m[id] = scripting::load_variant_spec(id, ZETEMA_VARIANTS_DIR);
    }
    return m;
  }();
  const replays::ZgnVariantLookup lookup = [](const std::string& id) {
    const auto it = shipped.find(id);
    return it == shipped.end() ? scripting::LoadedVariant{} : it->second;
  };
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const replays::ZgnImport game = replays::import_zgn(text, lookup);
  if (!game.ok) {
    if (game.error.at.line < 1 || game.error.at.column < 1 || game.error.message.empty()) {
      __builtin_trap();
    }
    return 0;
  }
  const replays::ZgnExport written = replays::export_zgn(game.replay, game.variant.rules);
  if (!written.ok) __builtin_trap();
  const replays::ZgnImport again = replays::import_zgn(written.text, lookup);
  if (!again.ok || !(again.replay == game.replay)) __builtin_trap();
  return 0;
}
