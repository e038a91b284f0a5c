// The rule keys under "Zetemas" in the reference (rule_keys.h): the points
// for completing a rank's pile, and what a zetema needs or starts.
#include "scripting/rule_keys.h"

#include "scripting/rule_readers.h"

namespace zetema::scripting::rule_keys {

namespace {

constexpr const char* kZetemas = "Zetemas";

std::string rd_zetema_points(lua_State* L, int i, Ruleset& r, bool complete, const RuleField& f) {
  return read_rank_points(L, i, r.zetema_points, complete, f);
}

std::string sh_zetema_points(const Ruleset& r) {
  return rank_points(r.zetema_points);
}

void pu_zetema_points(lua_State* L, const Ruleset& r) {
  push_rank_points(L, r.zetema_points);
}

}  // namespace

RuleField zetema_points() {
  return {.key = "zetema_points",
          .group = kZetemas,
          .type = "per rank: integer",
          .min = 0,
          .max = kMaxPoints,
          .default_value = "{ K = 50, Q = 50, J = 20, A = 15, [\"5\"] = 15, other = 5 }",
          .meaning = "Points for the discard that completes a rank's pile of five.",
          .decision = "§3 `zetema_points`",
          .read = rd_zetema_points,
          .show = sh_zetema_points,
          .push = pu_zetema_points,
          .rank_origins = &Ruleset::zetema_origins};
}

RuleField kq_zetema_requires_assembly() {
  return {.key = "kq_zetema_requires_assembly",
          .group = kZetemas,
          .type = "boolean",
          .default_value = "false",
          .meaning =
              "`true`: a king or queen zetema scores 0 unless the assembly of that rank was "
              "declared earlier in the hand.",
          .decision = "D10",
          .read = rd_bool<&Ruleset::kq_zetema_requires_assembly>,
          .show = sh_bool<&Ruleset::kq_zetema_requires_assembly>,
          .push = pu_bool<&Ruleset::kq_zetema_requires_assembly>};
}

RuleField two_player_chain() {
  return {.key = "two_player_chain",
          .group = kZetemas,
          .type = "boolean",
          .default_value = "true",
          .meaning =
              "`true`: in a game begun with two players, a discard that completes a zetema "
              "while the stock is empty must be followed by another discard (discard only), "
              "until one completes nothing or the hand is empty.",
          .decision = "D15",
          .read = rd_bool<&Ruleset::two_player_chain>,
          .show = sh_bool<&Ruleset::two_player_chain>,
          .push = pu_bool<&Ruleset::two_player_chain>};
}

}  // namespace zetema::scripting::rule_keys
