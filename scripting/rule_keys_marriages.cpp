// The rule keys under "Marriages" in the reference (rule_keys.h): their
// points, the imperial bonus and what a declaration of them takes.
#include "scripting/rule_keys.h"

#include "scripting/rule_readers.h"

namespace zetema::scripting::rule_keys {

namespace {

constexpr const char* kMarriages = "Marriages";

std::string rd_marriage_base(lua_State* L, int i, Ruleset& r, bool, const RuleField& f) {
  if (!lua_istable(L, i) || lua_rawlen(L, i) != 5) {
    return "must be a list of the points for 1 to 5 marriages at once, as {10, 30, 60, 100, 150}";
  }
  for (int k = 0; k < 5; ++k) {
    lua_rawgeti(L, i, k + 1);
    std::string why = read_int_into(L, -1, r.marriage_base[k], f);
    lua_pop(L, 1);
    if (!why.empty()) return "[" + std::to_string(k + 1) + "] " + why;
  }
  return {};
}

std::string sh_marriage_base(const Ruleset& r) {
  std::string out;
  for (int v : r.marriage_base) out += (out.empty() ? "" : "/") + std::to_string(v);
  return out;
}

void pu_marriage_base(lua_State* L, const Ruleset& r) {
  lua_createtable(L, static_cast<int>(r.marriage_base.size()), 0);
  for (size_t k = 0; k < r.marriage_base.size(); ++k) {
    lua_pushinteger(L, r.marriage_base[k]);
    lua_rawseti(L, -2, static_cast<lua_Integer>(k + 1));
  }
}

}  // namespace

RuleField marriage_base() {
  return {.key = "marriage_base",
          .group = kMarriages,
          .type = "list of 5 integers",
          .min = 0,
          .max = kMaxPoints,
          .default_value = "{ 10, 30, 60, 100, 150 }",
          .meaning =
              "Points for 1, 2, 3, 4, 5 marriages declared at once. Five at once scores its "
              "value flat, with no imperial bonus.",
          .decision = "D7",
          .read = rd_marriage_base,
          .show = sh_marriage_base,
          .push = pu_marriage_base};
}

RuleField imperial_bonus() {
  return {.key = "imperial_bonus",
          .group = kMarriages,
          .type = "name",
          .values = {{"second10_both20",
                      "+10 for a declaration holding the second imperial marriage of the hand "
                      "(counting everyone's), +20 for both at once."},
                     {"second10_only",
                      "+10 for any declaration holding the second imperial marriage; never +20."},
                     {"none", "No bonus."}},
          .default_value = "\"second10_both20\"",
          .meaning = "The bonus for marriages in the imperial suit.",
          .decision = "D7",
          .read = rd_enum<&Ruleset::imperial_bonus>,
          .show = sh_enum<&Ruleset::imperial_bonus>,
          .push = pu_enum<&Ruleset::imperial_bonus>};
}

RuleField rules_site_literal() {
  return {.key = "rules_site_literal",
          .group = kMarriages,
          .type = "boolean",
          .default_value = "false",
          .meaning =
              "`true` turns `second10_both20` into `second10_only` (the literal reading of "
              "rules-site.txt).",
          .decision = "§3, \"The rules_site profile\"",
          .read = rd_bool<&Ruleset::rules_site_literal>,
          .show = sh_bool<&Ruleset::rules_site_literal>,
          .push = pu_bool<&Ruleset::rules_site_literal>,
          .required = false};
}

RuleField marriage_hand_card() {
  return {.key = "marriage_hand_card",
          .group = kMarriages,
          .type = "name",
          .values = {{"per_declaration",
                      "One card of the whole declaration must come from hand; the others may come "
                      "from the tableau."},
                     {"per_marriage",
                      "Each marriage needs its own card from hand; at most its partner comes from "
                      "the tableau."}},
          .default_value = "\"per_declaration\"",
          .meaning = "How many cards of a marriage declaration must come from hand.",
          .decision = "D8",
          .read = rd_enum<&Ruleset::marriage_hand_card>,
          .show = sh_enum<&Ruleset::marriage_hand_card>,
          .push = pu_enum<&Ruleset::marriage_hand_card>};
}

RuleField marriage_mode() {
  return {
      .key = "marriage_mode",
      .group = kMarriages,
      .type = "name",
      .values = {{"declare_then_discard",
                  "After the marriages the turn still ends with a discard."},
                 {"instead_of_play",
                  "The marriages are the turn's play: no discard follows (with `play_then_draw`, "
                  "the player draws back up)."},
                 {"marriage_then_play_card", "Another name for `\"declare_then_discard\"`."}},
      .default_value = "\"declare_then_discard\"",
      .meaning = "What follows a marriage declaration.",
      .decision = "D9",
      .read = rd_enum<&Ruleset::marriage_mode>,
      .show = sh_enum<&Ruleset::marriage_mode>,
      .push = pu_enum<&Ruleset::marriage_mode>};
}

}  // namespace zetema::scripting::rule_keys
