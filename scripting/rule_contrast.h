// The rules behind a difference of two rule sets: when B refuses what A
// allowed, or the turn passes to another seat, which rule of B decides it
// and how A has that rule -- each with its value, where it was set and the
// source's words quoted there. What `zetema diff` and the studio's Diff
// print beside a divergence (docs/replay-format.md, "Diff").
#pragma once

#include <string>
#include <vector>

#include "scripting/rule_quotes.h"
#include "scripting/variant_loader.h"

namespace zetema::scripting {

// One rule as a rule set has it.
struct RuleAsSet {
  std::string key;    // a rule key ("declare_after_stock_empty", "points.flush") or a hook
  std::string value;  // as the reference shows it ("false", "30"); a hook: "a Lua hook" or "none"
  std::string location;  // "variants/book1881.lua:40", or "built-in" (Sackson's default)
  std::string source;    // the source text the rule follows ("sources/book-1881.txt"), if any
  std::string words;     // the source's words quoted above the rule's line, if any
};

struct RuleContrast {
  RuleAsSet a, b;
};

// `key` (a rule key or a hook's name) as `v` has it; `quotes` are v's.
RuleAsSet rule_as_set(const std::string& key, const LoadedVariant& v, const RuleQuotes& quotes);

// The rules behind a divergence whose reason is `reason`: the rule keys and
// hooks the reason names ("... (declare_after_stock_empty, D13)", "refused
// by allow_declaration (...)"); for a turn that passed to another seat
// ("it is P3's turn, not P2's"), the rules of the turn, the deal and the
// zetemas that A and B set differently. At most `limit`, in the reason's
// (else the reference's) order.
std::vector<RuleContrast> rules_behind(const std::string& reason, const LoadedVariant& a,
                                       const LoadedVariant& b, size_t limit = 4);

}  // namespace zetema::scripting
