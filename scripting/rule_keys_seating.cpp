// The rule keys under "Seating" in the reference (rule_keys.h): the first
// dealer and player, and the direction of play and of the deal.
#include "scripting/rule_keys.h"

#include "scripting/rule_readers.h"

namespace zetema::scripting::rule_keys {

namespace {

constexpr const char* kSeating = "Seating";

}  // namespace

RuleField first_dealer() {
  return {.key = "first_dealer",
          .group = kSeating,
          .type = "name",
          .values = {{"high_card_draw"}, {"first_seat"}},
          .default_value = "\"high_card_draw\"",
          .meaning = "How the first dealer is chosen: a high-card draw, or seat 1.",
          .decision = "D2",
          .read = rd_enum<&Ruleset::first_dealer>,
          .show = sh_enum<&Ruleset::first_dealer>,
          .push = pu_enum<&Ruleset::first_dealer>};
}

RuleField first_player() {
  return {.key = "first_player",
          .group = kSeating,
          .type = "name",
          .values = {{"dealer_left"}, {"dealer"}},
          .default_value = "\"dealer_left\"",
          .meaning = "Who plays first in a hand.",
          .decision = "D2",
          .read = rd_enum<&Ruleset::first_player>,
          .show = sh_enum<&Ruleset::first_player>,
          .push = pu_enum<&Ruleset::first_player>};
}

RuleField direction() {
  return {.key = "direction",
          .group = kSeating,
          .type = "name",
          .values = {{"clockwise"}, {"anticlockwise"}},
          .default_value = "\"clockwise\"",
          .meaning = "Direction of play and of the deal.",
          .decision = "D2",
          .read = rd_enum<&Ruleset::direction>,
          .show = sh_enum<&Ruleset::direction>,
          .push = pu_enum<&Ruleset::direction>};
}

RuleField deal_rotation() {
  return {.key = "deal_rotation",
          .group = kSeating,
          .type = "name",
          .values = {{"clockwise"}, {"anticlockwise"}, {"stays"}},
          .default_value = "\"clockwise\"",
          .meaning = "How the deal passes after each hand.",
          .decision = "D2",
          .read = rd_enum<&Ruleset::deal_rotation>,
          .show = sh_enum<&Ruleset::deal_rotation>,
          .push = pu_enum<&Ruleset::deal_rotation>};
}

}  // namespace zetema::scripting::rule_keys
