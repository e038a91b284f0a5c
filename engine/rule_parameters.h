// Every parameter of a Ruleset as (name, value) text, in a fixed order:
// what `zetema rules-table` prints side by side, and what two Rulesets
// are compared by (same_rules).
#pragma once

#include <string>
#include <vector>

#include "engine/ruleset.h"

namespace zetema {

struct RuleParameter {
  std::string name;   // as in a variant file, e.g. "points.flush_sequence"
  std::string value;  // e.g. "50", "none", "6 (2-5), 5 (6)"
};

std::vector<RuleParameter> list_parameters(const Ruleset& rules);

// True if the two play identically by their tables (hooks not compared).
bool same_rules(const Ruleset& a, const Ruleset& b);

}  // namespace zetema
