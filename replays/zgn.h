// Zetema Game Notation (.zgn, docs/notation.md): a game written by hand in
// the PGN/PBN style -- tags, then per hand the cards dealt and the play in
// the engine's card and action notation -- and its translation to and from
// a replay. Importing is one more way to build a replay: the result is the
// same record the JSON reader gives, every action checked through the
// engine. Exporting then importing gives the identical replay.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "engine/state.h"
#include "replays/replay.h"
#include "replays/zgn_parse.h"
#include "scripting/variant_loader.h"

namespace zetema::replays {

// Finds the variant a game names by its id (the installed folder, or a file
// the user gives).
using ZgnVariantLookup = std::function<scripting::LoadedVariant(const std::string& id)>;
ZgnVariantLookup folder_lookup(const scripting::VariantFolder& folder);

struct ZgnImport {
  bool ok = false;
  Replay replay;
  scripting::LoadedVariant variant;  // the rules it was checked under
  ZgnError error;                    // where and why, when not ok
};
ZgnImport import_zgn(std::string_view text, const ZgnVariantLookup& lookup);

struct ZgnExport {
  bool ok = false;
  std::string text;
  std::string error;
};
// The replay must re-derive and verify under `rules` (its own variant).
ZgnExport export_zgn(const Replay& r, const Ruleset& rules);

// The Result tag of a game: "P1 wins", "P1+P3 win", ...; "*" while the game
// is not over.
std::string zgn_result(const State& s);

}  // namespace zetema::replays
