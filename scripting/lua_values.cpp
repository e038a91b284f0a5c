#include "scripting/lua_values.h"

#include <cmath>
#include <cstdio>
#include <lua.hpp>

namespace zetema::scripting {

std::string quote_value(lua_State* L, int index) {
  if (lua_type(L, index) == LUA_TNUMBER) {
    char buf[32];
    if (lua_isinteger(L, index)) {
      std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(lua_tointeger(L, index)));
    } else {
      std::snprintf(buf, sizeof buf, "%.14g", lua_tonumber(L, index));
    }
    return std::string(", got ") + buf;
  }
  std::string out = std::string(", got ") + luaL_typename(L, index);
  if (lua_type(L, index) == LUA_TSTRING && lua_rawlen(L, index) <= 40) {
    out += std::string(" \"") + lua_tostring(L, index) + "\"";
  }
  return out;
}

namespace {

// The message of a value that is not a whole number in [lo, hi]: built only
// when one is refused, so a call that returns a good value builds no text.
[[gnu::cold]] std::string not_whole_number(lua_State* L, int index, long long lo, long long hi) {
  return "an integer from " + std::to_string(lo) + " to " + std::to_string(hi) +
         quote_value(L, index);
}

}  // namespace

std::string read_whole_number(lua_State* L, int index, long long lo, long long hi, int& out) {
  long long v = 0;
  if (lua_isinteger(L, index)) {
    v = static_cast<long long>(lua_tointeger(L, index));
  } else if (lua_type(L, index) == LUA_TNUMBER) {
    // A float counts only if it is whole and in range (checked before any
    // conversion: a cast of NaN or of a huge value would be undefined).
    const double d = static_cast<double>(lua_tonumber(L, index));
    if (!std::isfinite(d) || d != std::floor(d) || d < static_cast<double>(lo) ||
        d > static_cast<double>(hi)) {
      return not_whole_number(L, index, lo, hi);
    }
    v = static_cast<long long>(d);
  } else {
    return not_whole_number(L, index, lo, hi);
  }
  if (v < lo || v > hi) return not_whole_number(L, index, lo, hi);
  out = static_cast<int>(v);
  return {};
}

}  // namespace zetema::scripting
