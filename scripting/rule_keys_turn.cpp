// The rule keys under "The turn" in the reference (rule_keys.h): when cards
// are drawn, what a declaration allows, and the `flow` and `kinds` tables of
// the open turn (read by turn_fields.cpp).
#include "scripting/rule_keys.h"

#include "scripting/rule_readers.h"
#include "scripting/turn_fields.h"

namespace zetema::scripting::rule_keys {

namespace {

constexpr const char* kTurn = "The turn";

template <FlowStep S>
std::string sh_flow_step(const Ruleset& r) {
  return flow_step_text(r, S);
}

std::string rd_flow(lua_State* L, int i, Ruleset& r, bool complete, const RuleField&) {
  return read_flow(L, i, r, complete);
}

std::string sh_kinds(const Ruleset& r) {
  return kinds_text(r);
}

std::string rd_kinds(lua_State* L, int i, Ruleset& r, bool complete, const RuleField&) {
  return check_kinds_shape(L, i, r, complete);
}

// One step of the turn's flow (section 3a of docs/variant-authoring.md).
template <FlowStep S>
RuleField flow_step_field(const char* key, const char* when, bool discards) {
  return RuleField{.key = key,
                   .type = discards ? "table: refill or draw, discard" : "table: refill or draw",
                   .default_value = nullptr,
                   .meaning = when,
                   .decision = "D1, D9, D12, D26",
                   .show = sh_flow_step<S>,
                   .required = false};
}

}  // namespace

RuleField draw_mode() {
  return {
      .key = "draw_mode",
      .group = kTurn,
      .type = "name",
      .values = {{"refill_before",
                  "Draw up to the hand size, declare, discard. The first turn draws nothing."},
                 {"refill_plus_one_before",
                  "Draw up to the hand size + 1, declare, discard (7 cards held when declaring "
                  "with 6-card hands)."},
                 {"play_then_draw", "Declare, play one card, draw back to the hand size at once."}},
      .default_value = "\"refill_before\"",
      .meaning = "When cards are drawn, and so how many are held when declaring.",
      .decision = "D1",
      .read = rd_enum<&Ruleset::draw_mode>,
      .show = sh_enum<&Ruleset::draw_mode>};
}

RuleField discard_from_meld() {
  return {.key = "discard_from_meld",
          .group = kTurn,
          .type = "boolean",
          .default_value = "true",
          .meaning =
              "`true`: after a sequence, flush, flush sequence or assembly, the discard must "
              "be one of its cards. `false`: any card.",
          .decision = "D12",
          .read = rd_bool<&Ruleset::discard_from_meld>,
          .show = sh_bool<&Ruleset::discard_from_meld>};
}

RuleField max_declarations_per_turn() {
  return {.key = "max_declarations_per_turn",
          .group = kTurn,
          .type = "integer",
          .min = 1,
          .max = 10,
          .default_value = "1",
          .meaning =
              "Declarations allowed in one turn. Several marriages declared together count "
              "as one.",
          .decision = "D19",
          .read = rd_int<&Ruleset::max_declarations_per_turn>,
          .show = sh_int<&Ruleset::max_declarations_per_turn>};
}

RuleField declare_after_stock_empty() {
  return {.key = "declare_after_stock_empty",
          .group = kTurn,
          .type = "boolean",
          .default_value = "true",
          .meaning = "`false`: no declarations once the stock is empty.",
          .decision = "D13",
          .read = rd_bool<&Ruleset::declare_after_stock_empty>,
          .show = sh_bool<&Ruleset::declare_after_stock_empty>};
}

RuleField flow() {
  return {.key = "flow",
          .group = kTurn,
          .type = "table by step",
          .default_value = nullptr,
          .meaning =
              "The card flow of each step of the turn, over the presets draw_mode, "
              "marriage_mode and discard_from_meld name: `refill = n` draws up to the hand "
              "size + n, `draw = n` draws n, `discard` is \"required\", \"skip\" or "
              "\"from_meld\". Not given: the presets alone.",
          .decision = "D1, D9, D12, D26",
          .read = rd_flow,
          .required = false,
          .subkeys = {
              flow_step_field<FlowStep::TurnStart>("turn_start",
                                                   "Before the player's first action.", false),
              flow_step_field<FlowStep::AfterDeclaration>(
                  "after_declaration",
                  "After a sequence, flush, flush sequence, assembly or a variant's kind.", true),
              flow_step_field<FlowStep::AfterMarriages>("after_marriages",
                                                        "After a declaration of marriages.", true),
              flow_step_field<FlowStep::AfterDiscard>(
                  "after_discard",
                  "At the end of the play: after the discard, or where a step skipped it.", false),
              flow_step_field<FlowStep::AfterZetema>(
                  "after_zetema", "After a discard that made a zetema.", false)}};
}

RuleField kinds() {
  return {.key = "kinds",
          .group = kTurn,
          .type = "table by kind name",
          .also = "a kind is `{points, find, tableau, discard, source}` or `false`",
          .default_value = nullptr,
          .meaning =
              "Combination kinds the variant adds (`find` lists the card sets), removes "
              "(`flush = false`) or replaces (a table under a built-in name). Not given: "
              "the five built-in kinds.",
          .decision = "—",
          .read = rd_kinds,
          .show = sh_kinds,
          .required = false};
}

}  // namespace zetema::scripting::rule_keys
