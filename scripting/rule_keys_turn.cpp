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

// A step's resolved rule as the `flow` table writes it: refill = n or
// draw = n (neither: no draw), and the discard of the steps that take one.
template <FlowStep S>
void pu_flow_step(lua_State* L, const Ruleset& r) {
  const StepRule rule = r.flow_rule(S);
  lua_createtable(L, 0, 2);
  if (rule.draw != DrawRule::None) {
    lua_pushinteger(L, rule.amount);
    lua_setfield(L, -2, rule.draw == DrawRule::Refill ? "refill" : "draw");
  }
  if (S == FlowStep::AfterDeclaration || S == FlowStep::AfterMarriages) {
    const std::string_view d = to_string(rule.discard);
    lua_pushlstring(L, d.data(), d.size());
    lua_setfield(L, -2, "discard");
  }
}

std::string rd_flow(lua_State* L, int i, Ruleset& r, bool complete, const RuleField&) {
  return read_flow(L, i, r, complete);
}

std::string sh_kinds(const Ruleset& r) {
  return kinds_text(r);
}

// The kinds a player may declare, in the order they are offered: the
// built-in ones the variant keeps, then its own (their finders are
// functions of the variant, not rules to read).
void pu_kinds(lua_State* L, const Ruleset& r) {
  lua_createtable(L, kBuiltinKinds + static_cast<int>(r.kinds.size()), 0);
  lua_Integer n = 0;
  for (int k = 0; k < kBuiltinKinds + static_cast<int>(r.kinds.size()); ++k) {
    if (!r.kind_enabled(static_cast<DeclKind>(k))) continue;
    const std::string name = kind_name(static_cast<DeclKind>(k), r);
    lua_pushlstring(L, name.data(), name.size());
    lua_rawseti(L, -2, ++n);
  }
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
                   .push = pu_flow_step<S>,
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
      .show = sh_enum<&Ruleset::draw_mode>,
      .push = pu_enum<&Ruleset::draw_mode>};
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
          .show = sh_bool<&Ruleset::discard_from_meld>,
          .push = pu_bool<&Ruleset::discard_from_meld>};
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
          .show = sh_int<&Ruleset::max_declarations_per_turn>,
          .push = pu_int<&Ruleset::max_declarations_per_turn>};
}

RuleField declare_after_stock_empty() {
  return {.key = "declare_after_stock_empty",
          .group = kTurn,
          .type = "boolean",
          .default_value = "true",
          .meaning = "`false`: no declarations once the stock is empty.",
          .decision = "D13",
          .read = rd_bool<&Ruleset::declare_after_stock_empty>,
          .show = sh_bool<&Ruleset::declare_after_stock_empty>,
          .push = pu_bool<&Ruleset::declare_after_stock_empty>};
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
          .push = pu_kinds,
          .required = false};
}

}  // namespace zetema::scripting::rule_keys
