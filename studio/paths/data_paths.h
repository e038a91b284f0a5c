// Where the programs find their data: relative to their own location, so an
// installed copy (P/bin/zetema with P/share/zetema/...) and a build tree
// (build/release/studio/zetema with build/release/share/zetema, links to the
// sources) find theirs alike, and no path of the build machine is compiled
// into a binary (docs/install.md).
#pragma once

#include <string>

#include "scripting/variant_loader.h"

namespace zetema::paths {

// <the running program's folder>/../share/zetema
std::string data_dir();
// The variants shipped with the program: data_dir()/variants.
std::string bundled_variants_dir();
// The variants folder to use: $ZETEMA_VARIANTS_DIR when set, else the bundled one.
std::string shipped_variants_dir();
// How a variants folder is named in messages, origins and replays:
// "variants" for the bundled one, else its path.
std::string shown_name(const std::string& variants_dir);
// The user's own variants: $XDG_DATA_HOME/zetema/variants, by default
// ~/.local/share/zetema/variants ("" when neither variable is set).
std::string user_variants_dir();
// The variants folder both programs use: `variants_dir` (named as
// shown_name says) with the user's own folder beside it, named
// "~/.local/share/zetema/variants" when under $HOME.
scripting::VariantFolder variant_folder(const std::string& variants_dir);
// The replay the studio opens at start: data_dir()/samples/<one sample>.
std::string sample_replay();
// The version both programs print (--version): the project's.
std::string version();

}  // namespace zetema::paths
