// The environments of variant files (sandbox_globals.cpp); the shared
// globals below them are made by Sandbox::make_globals.
#pragma once

struct lua_State;

namespace zetema::scripting {

// Pushes a fresh environment for one file: an empty proxy whose reads go
// to the file's own globals, then to the shared ones, and whose writes
// land in the file's own table (until frozen). So a child's `math = {...}`
// changes nothing its parent's code sees.
void push_file_environment(lua_State* L);

}  // namespace zetema::scripting
