// Why an event happened and who says so: the rule, the variant and file:line
// that defined it (a table entry or a Lua hook), and the source text the
// rule follows. What the studio's score-explanation panel shows.
#pragma once

#include <string>

#include "engine/event.h"
#include "engine/state.h"

namespace zetema::studio {

struct Explanation {
  std::string what;  // "P2 declares flush-sequence 4S ... : +50"
  int points = 0;
  bool scores = false;
  std::string rule;      // "points.flush_sequence", or "score_zetema hook"
  std::string variant;   // the variant whose file defined it
  std::string location;  // "variants/sackson.lua:31"
  std::string source;    // "sources/sackson.txt"
  std::string detail;    // e.g. "marriage_base 30 + imperial bonus 10"
};

// `s` is any position of the same game (for names of players and sides).
Explanation explain(const Event& e, const State& s);

}  // namespace zetema::studio
