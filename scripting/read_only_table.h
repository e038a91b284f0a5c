// A read-only view of a Lua table, as the sandbox gives hooks the library
// tables (sandbox_globals.cpp) and the variant's resolved rules
// (rules_view.h).
#pragma once

#include <lua.hpp>

namespace zetema::scripting {

// Pushes a proxy of the table at `index`: reads, `#` and `pairs` go to the
// table (pairs in the sandbox's sorted order, sandbox_determinism.h); a
// write calls `refuse`, which raises the error; the proxy's metatable can be
// neither read nor replaced.
void push_read_only(lua_State* L, int index, lua_CFunction refuse);

}  // namespace zetema::scripting
