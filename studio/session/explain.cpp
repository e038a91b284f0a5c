#include "studio/session/explain.h"

namespace zetema::studio {

Explanation explain(const Event& e, const State& s, const scripting::RuleQuotes* quotes,
                    SeatsShown shown) {
  const Ruleset& rules = *s.rules;
  Explanation x;
  x.what = describe(e, s, shown);
  x.points = e.points;
  const Cause c = cause_of(e, rules);
  x.scores = !c.rule.empty();
  if (!x.scores) return x;
  x.rule = c.rule;
  x.variant = c.variant;
  x.location = c.file.empty() ? "built-in default" : c.file + ":" + std::to_string(c.line);
  x.source = c.source.empty() ? rules.source : c.source;
  if (const scripting::RuleQuote* q = quotes ? quotes->find(c.file, c.line) : nullptr) {
    x.definition = q->definition;
    x.quote = q->words;
  }
  if (c.by_hook) {
    x.detail =
        "computed by the variant's Lua hook" + (e.reason.empty() ? "" : ": " + e.reason.str());
  } else if (e.type == EventType::Declare && e.kind == DeclKind::Marriages && e.bonus != 0) {
    const RuleOrigin& b = rules.origins[static_cast<int>(RuleId::ImperialBonus)];
    x.detail = "marriage_base " + std::to_string(e.points - e.bonus) + " + imperial bonus " +
               std::to_string(e.bonus) + " (imperial_bonus @ " + b.file + ":" +
               std::to_string(b.line) + ")";
  }
  return x;
}

}  // namespace zetema::studio
