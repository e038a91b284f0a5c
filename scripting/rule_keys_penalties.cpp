// The rule key under "1881 penalties" in the reference (rule_keys.h).
#include "scripting/rule_keys.h"

#include "scripting/rule_readers.h"

namespace zetema::scripting::rule_keys {

namespace {

constexpr const char* kPenalties = "1881 penalties";

}  // namespace

RuleField penalties_1881() {
  return {.key = "penalties_1881",
          .group = kPenalties,
          .type = "boolean",
          .default_value = "false",
          .meaning =
              "The 1881 penalties for an exposed or out-of-turn card and a missed draw. Bots "
              "never commit these irregularities, so they never arise in `zetema check` or "
              "`zetema play`.",
          .decision = "D18",
          .read = rd_bool<&Ruleset::penalties_1881>,
          .show = sh_bool<&Ruleset::penalties_1881>,
          .push = pu_bool<&Ruleset::penalties_1881>};
}

}  // namespace zetema::scripting::rule_keys
