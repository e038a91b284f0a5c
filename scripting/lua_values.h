// Reading numbers from Lua values, the same way for data tables and hook
// results: an integer, or a float with no fractional part, within a range;
// anything else is an error that quotes the value.
#pragma once

#include <string>

struct lua_State;

namespace zetema::scripting {

// Reads the value at `index` into `out`; returns "" or what is wrong
// ("an integer from 0 to 1000000, got 150.5").
std::string read_whole_number(lua_State* L, int index, long long lo, long long hi, int& out);

// ", got 6", ", got string \"spades\"", ", got table"
std::string quote_value(lua_State* L, int index);

}  // namespace zetema::scripting
