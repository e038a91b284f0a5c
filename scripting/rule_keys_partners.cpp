// The rule keys under "Partnerships" in the reference (rule_keys.h): who
// plays with whom at each player count.
#include "scripting/rule_keys.h"

#include "scripting/rule_readers.h"

namespace zetema::scripting::rule_keys {

namespace {

constexpr const char* kPartners = "Partnerships";

std::string rd_partnerships(lua_State* L, int i, Ruleset& r, bool complete, const RuleField& f) {
  if (complete)
    r.partnerships.fill(Partnerships::Off);  // a root variant: unnamed counts play alone
  return read_per_players(L, i, false,
                          [&](int n) { return read_enum_into(L, -1, r.partnerships[n], f); });
}

std::string sh_partnerships(const Ruleset& r) {
  return per_players(r.partnerships, [](Partnerships p) { return std::string(to_string(p)); });
}

void pu_partnerships(lua_State* L, const Ruleset& r) {
  push_per_players(L, r.partnerships, [&](Partnerships p) {
    const std::string_view name = to_string(p);
    lua_pushlstring(L, name.data(), name.size());
    return true;
  });
}

}  // namespace

RuleField partnerships() {
  return {.key = "partnerships",
          .group = kPartners,
          .type = "per player count: name",
          .values = {{"off"}, {"pairs"}, {"teams_of_three"}},
          .default_value = "{ [4] = \"pairs\", [6] = \"pairs\" }",
          .meaning =
              "The usual seating for each count. Pairs only at 4 and 6 (seats 1+3 and 2+4; "
              "at 6: 1+4, 2+5, 3+6); teams of three only at 6 (1, 3, 5 against 2, 4, 6). In "
              "a root variant, counts not given play individually.",
          .decision = "D17",
          .read = rd_partnerships,
          .show = sh_partnerships,
          .push = pu_partnerships};
}

RuleField partnerships_compulsory() {
  return {.key = "partnerships_compulsory",
          .group = kPartners,
          .type = "boolean",
          .default_value = "false",
          .meaning =
              "`true`: where the usual seating has partners, a game may not switch them off "
              "(`zetema play --teams off` is refused).",
          .decision = "D17",
          .read = rd_bool<&Ruleset::partnerships_compulsory>,
          .show = sh_bool<&Ruleset::partnerships_compulsory>,
          .push = pu_bool<&Ruleset::partnerships_compulsory>};
}

RuleField teams_of_three_allowed() {
  return {.key = "teams_of_three_allowed",
          .group = kPartners,
          .type = "boolean",
          .default_value = "true",
          .meaning = "Whether six players may play as two teams of three.",
          .decision = "D17",
          .read = rd_bool<&Ruleset::teams_of_three_allowed>,
          .show = sh_bool<&Ruleset::teams_of_three_allowed>,
          .push = pu_bool<&Ruleset::teams_of_three_allowed>};
}

}  // namespace zetema::scripting::rule_keys
