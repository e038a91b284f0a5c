// How a rule's value is shown: one (name, value) row of `zetema
// rules-table`, and the text helpers the rule registry's show functions
// use (scripting/rule_fields.h, which lists every rule and compares rule
// sets: same_rules).
#pragma once

#include <string>
#include <vector>

#include "engine/ruleset.h"

namespace zetema {

struct RuleParameter {
  std::string name;   // as in a variant file, e.g. "points.flush_sequence"
  std::string value;  // e.g. "50", "none", "6 (2-5), 5 (6)"
};

// How a value is shown by the rule registry (scripting/rule_fields.h).
std::string yes_no(bool b);
// "6 (2-5), 5 (6)": runs of equal values by player count.
template <class T, class F>
std::string per_players(const PerPlayers<T>& v, F&& show) {
  std::string out;
  int start = kMinPlayers;
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    if (n < kMaxPlayers && v[n + 1] == v[start]) continue;
    if (!out.empty()) out += ", ";
    out += show(v[start]) + " (" + std::to_string(start) +
           (n > start ? "-" + std::to_string(n) : "") + ")";
    start = n + 1;
  }
  return out;
}
// "K/Q 130, J 120, A/5 110, other 100".
std::string rank_points(const RankPoints& p);
// "draw 1", "refill to hand+1", "refill to hand, discard skip": a step's rule.
std::string flow_step_text(const Ruleset& r, FlowStep step);
// The kinds a variant declares: the built-in ones it keeps, then its own
// with their points ("sequence, ..., marriages, pair-of-sevens (15)").
std::string kinds_text(const Ruleset& r);

}  // namespace zetema
