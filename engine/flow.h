// The card flow of a turn as rules (docs/architecture.md, "Card flow").
//
// A turn has five named steps. At each a player may draw (up to a number of
// cards held, or an exact count), and the steps that precede a discard say
// whether it is required, skipped, or must come from the meld:
//
//   turn_start         before the player's first action (sackson.txt: "bring
//                      his hand up to six cards")
//   after_declaration  after a sequence, flush, flush sequence, assembly or a
//                      kind a variant defines
//   after_marriages    after a declaration of marriages
//   after_discard      at the end of the turn's play: after the discard, or
//                      where a step skipped it (book-1881.txt draws "at once")
//   after_zetema       after a discard that made a zetema, before after_discard
//
// The variant's `draw_mode` and `marriage_mode` are named presets of these
// rules (Ruleset::flow_rule); a variant's `flow` table overrides them one
// field at a time, and its `flow_step` hook may override them from the state.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace zetema {

enum class FlowStep : uint8_t {
  TurnStart,
  AfterDeclaration,
  AfterMarriages,
  AfterDiscard,
  AfterZetema
};
inline constexpr int kFlowSteps = 5;
std::string_view to_string(FlowStep s);  // "turn_start", ...
bool parse_flow_step(std::string_view s, FlowStep& out);

// What happens to the discard that follows a declaration step.
enum class DiscardRule : uint8_t { Required, Skip, FromMeld };
std::string_view to_string(DiscardRule d);  // "required", "skip", "from_meld"
bool parse_enum(std::string_view s, DiscardRule& out);

// How a step draws from the stock.
enum class DrawRule : uint8_t {
  None,    // no draw
  Refill,  // draw until holding the hand size + amount (D14: what is left if short)
  Count,   // draw exactly `amount` cards
};

struct StepRule {
  DrawRule draw = DrawRule::None;
  int amount = 0;
  DiscardRule discard = DiscardRule::Required;

  friend bool operator==(const StepRule&, const StepRule&) = default;
};

// A variant's explicit `flow` entry for one step: the fields it sets.
struct StepOverride {
  std::optional<DrawRule> draw;
  int amount = 0;
  std::optional<DiscardRule> discard;

  friend bool operator==(const StepOverride&, const StepOverride&) = default;
};

}  // namespace zetema
