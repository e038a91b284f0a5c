// The rule keys under "End of game" in the reference (rule_keys.h): the
// target, and when the game ends.
#include "scripting/rule_keys.h"

#include "scripting/rule_readers.h"

namespace zetema::scripting::rule_keys {

namespace {

constexpr const char* kEnd = "End of game";

std::string rd_target(lua_State* L, int i, Ruleset& r, bool complete, const RuleField& f) {
  if (lua_isboolean(L, i) && !lua_toboolean(L, i)) {
    r.target.fill(std::nullopt);  // false: no target at all
    return {};
  }
  return read_per_players(L, i, complete, [&](int n) -> std::string {
    if (lua_isboolean(L, -1) && !lua_toboolean(L, -1)) {
      r.target[n].reset();
      return {};
    }
    int v = 0;
    std::string why = read_int_into(L, -1, v, f);
    if (why.empty()) r.target[n] = v;
    return why.empty() ? why
                       : "must be an integer from " + std::to_string(f.min) + " to " +
                             std::to_string(f.max) + ", or false" + got(L, -1);
  });
}

std::string sh_target(const Ruleset& r) {
  return per_players(r.target, optional_int);
}

void pu_target(lua_State* L, const Ruleset& r) {
  push_per_players(L, r.target, [&](const std::optional<int>& v) {
    push_optional_int(L, v);
    return true;
  });
}

}  // namespace

RuleField target() {
  return {.key = "target",
          .group = kEnd,
          .type = "per player count: integer or `false`; or `false`",
          .min = 1,
          .max = kMaxPoints,
          .also = "or `false`",
          .default_value = "{ [2] = 300, [3] = 300, [4] = 200, [5] = 200, [6] = 200 }",
          .meaning =
              "The score a side must reach. `false` for a count: no target with that many "
              "players; `target = false`: no target at all.",
          .decision = "D16",
          .read = rd_target,
          .show = sh_target,
          .push = pu_target};
}

RuleField end_at_target() {
  return {
      .key = "end_at_target",
      .group = kEnd,
      .type = "name",
      .values = {{"immediate",
                  "The game stops at the scoring event that reaches the target; that side wins."},
                 {"end_of_hand", "The hand is played out; then the highest total wins."}},
      .default_value = "\"immediate\"",
      .meaning = "When reaching the target ends the game.",
      .decision = "D16",
      .read = rd_enum<&Ruleset::end_at_target>,
      .show = sh_enum<&Ruleset::end_at_target>,
      .push = pu_enum<&Ruleset::end_at_target>};
}

RuleField game_length() {
  return {.key = "game_length",
          .group = kEnd,
          .type = "name",
          .values = {{"until_target",
                      "Hands are dealt until the target ends the game. Needs a target for every "
                      "player count."},
                     {"one_deal",
                      "The game is one hand; the highest total wins, and ties stand. A target, if "
                      "one is set, can still end it earlier."}},
          .default_value = "\"until_target\"",
          .meaning = "How many hands a game has.",
          .decision = "D16",
          .read = rd_enum<&Ruleset::game_length>,
          .show = sh_enum<&Ruleset::game_length>,
          .push = pu_enum<&Ruleset::game_length>};
}

}  // namespace zetema::scripting::rule_keys
