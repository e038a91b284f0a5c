// Test support: the shipped variants, loaded once per test binary, and a
// table set up by hand under one of them.
#pragma once

#include <string>

#include "engine/layout.h"
#include "engine/ruleset.h"
#include "engine/state.h"

namespace zetema::test {

// The variant variants/<id>.lua, loaded through the Lua host. Fails the
// test run (with the loader's message) if it does not load.
const Ruleset& variant(const std::string& id);

// build_state under variant `id`; fails the test with the layout's error.
State table(const std::string& id, const Layout& layout);
State table(const Ruleset& rules, const Layout& layout);

// The folder of the shipped variant files.
std::string variants_dir();
// The cookbook's file variants/examples/<id>.lua.
std::string cookbook_file(const std::string& id);

}  // namespace zetema::test
