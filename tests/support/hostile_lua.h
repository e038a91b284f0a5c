// Hostile Lua shared by the sandbox tests and the same attacks carried by a
// replay (issue 13).
#pragma once

#include <string>

namespace zetema::test {

// A chain of coroutines, each closing the previous one from a __close
// handler, `depth` long; the error of the innermost close is passed out.
// Deep enough (20,000), it overflowed the native stack before the guard.
inline std::string close_chain(int depth) {
  return "local prev\n"
         "for i = 1, " +
         std::to_string(depth) +
         " do\n"
         "  local p = prev\n"
         "  local co = coroutine.create(function()\n"
         "    local x <close> = setmetatable({}, {__close = function()\n"
         "      if p then local ok, e = coroutine.close(p) if not ok then error(e, 0) end end\n"
         "    end})\n"
         "    coroutine.yield()\n"
         "  end)\n"
         "  coroutine.resume(co)\n"
         "  prev = co\n"
         "end\n"
         "local ok, e = coroutine.close(prev)\n"
         "if not ok then error(e, 0) end\n";
}

}  // namespace zetema::test
