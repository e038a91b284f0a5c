// The editor reads Lua text with scripting/lua_text.h (the same reading the
// rule quotes use); its names, in the studio's namespace.
#pragma once

#include "scripting/lua_text.h"

namespace zetema::studio {

using scripting::comment_above;
using scripting::FileLine;
using scripting::find_file_lines;
using scripting::line_at;
using scripting::line_starts;
using scripting::lua_tokens;
using scripting::LuaToken;
using scripting::LuaTokenKind;
using scripting::split_lines;

}  // namespace zetema::studio
