// Why an event happened and who says so: the rule, the variant and file:line
// that defined it (a table entry or a Lua hook), and the source text the
// rule follows. What the studio's score-explanation panel shows.
#pragma once

#include <string>

#include "engine/event.h"
#include "engine/state.h"
#include "scripting/rule_quotes.h"

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
  // From the variant's text (with `quotes`): the defining line, which gives
  // the rule's value as written, and the source's words quoted above it.
  std::string definition;  // "points = { sequence = 10, flush = 30, flush_sequence = 50 },"
  std::string quote;       // "sackson.txt, \"Scoring Combinations\": sequence 10, ..."
};

// `s` is any position of the same game (for names of players and sides).
// `quotes` (optional) are those of the variant that `s.rules` came from.
// `shown` as for describe (engine/event.h): whose hidden cards it may name.
Explanation explain(const Event& e, const State& s, const scripting::RuleQuotes* quotes = nullptr,
                    SeatsShown shown = SeatsShown::every());

}  // namespace zetema::studio
