#include "engine/rule_parameters.h"

namespace zetema {

std::string yes_no(bool b) {
  return b ? "true" : "false";
}

// "K/Q 130, J 120, A/5 110, other 100": ranks grouped by value, the most
// common value called "other".
std::string rank_points(const RankPoints& p) {
  int other = p[1];
  int best = 0;
  for (int r = 0; r < kRanks; ++r) {
    int count = 0;
    for (int q = 0; q < kRanks; ++q) count += p[q] == p[r];
    if (count > best) {
      best = count;
      other = p[r];
    }
  }
  std::string out;
  std::vector<bool> done(kRanks, false);
  // K Q J A 5, then the rest high to low: the order the sources list them.
  const int order[kRanks] = {12, 11, 10, 0, 4, 9, 8, 7, 6, 5, 3, 2, 1};
  for (int r : order) {
    if (done[r] || p[r] == other) continue;
    std::string group(1, rank_char(r));
    for (int q : order) {
      if (q != r && !done[q] && p[q] == p[r]) {
        group += std::string("/") + rank_char(q);
        done[q] = true;
      }
    }
    done[r] = true;
    out += (out.empty() ? "" : ", ") + group + " " + std::to_string(p[r]);
  }
  return out + (out.empty() ? "" : ", ") + "other " + std::to_string(other);
}

// "draw 1", "refill to hand+1", "refill to hand, discard skip": a step's rule.
std::string flow_step_text(const Ruleset& r, FlowStep step) {
  const StepRule rule = r.flow_rule(step);
  std::string out;
  if (rule.draw == DrawRule::Count) out = "draw " + std::to_string(rule.amount);
  if (rule.draw == DrawRule::Refill) {
    out = "refill to hand";
    if (rule.amount != 0) out += (rule.amount > 0 ? "+" : "") + std::to_string(rule.amount);
  }
  if (step == FlowStep::AfterDeclaration || step == FlowStep::AfterMarriages) {
    out += (out.empty() ? "discard " : ", discard ") + std::string(to_string(rule.discard));
  }
  return out.empty() ? "none" : out;
}

// The kinds a variant declares: the built-in ones it keeps, then its own
// with their points.
std::string kinds_text(const Ruleset& r) {
  std::string out;
  for (int k = 0; k < kBuiltinKinds + static_cast<int>(r.kinds.size()); ++k) {
    const auto kind = static_cast<DeclKind>(k);
    if (!r.kind_enabled(kind)) continue;
    out += (out.empty() ? "" : ", ") + kind_name(kind, r);
    if (const KindDef* def = r.custom_kind(kind)) out += " (" + std::to_string(def->points) + ")";
  }
  return out;
}

}  // namespace zetema
