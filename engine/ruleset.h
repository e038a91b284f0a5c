// The Ruleset: every parameter of the rules as one plain struct.
//
// The parameters are those of docs/decisions.md §5; the engine reads these
// fields and never asks which variant it is playing (the model is
// Fairy-Stockfish's Variant struct). Default values are Sackson's rules
// (sources/sackson.txt, profile `sackson` in docs/decisions.md §3), so a
// default-constructed Ruleset plays variants/sackson.lua without Lua.
// What a table cannot say is given by the optional hooks (engine/hooks.h).
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/action.h"
#include "engine/card.h"
#include "engine/effects.h"
#include "engine/flow.h"

namespace zetema {

class RuleHooks;

inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxPlayers = 6;

// When cards are drawn (docs/decisions.md D1).
enum class DrawMode : uint8_t {
  RefillBefore,         // draw up to the hand size, declare, discard (sackson.txt)
  RefillPlusOneBefore,  // draw up to hand size + 1, declare, discard (rummy-site.txt)
  PlayThenDraw,         // declare, play one card, draw back at once (book-1881.txt)
};
enum class ShortHandMelds : uint8_t { Shorten, None };                      // D6
enum class ImperialBonus : uint8_t { Second10Both20, Second10Only, None };  // D7
enum class MarriageHandCard : uint8_t { PerDeclaration, PerMarriage };      // D8
// What follows a marriage (D9). `marriage_then_play_card` is read as
// ThenDiscard: a card is still played after the marriage.
enum class MarriageMode : uint8_t { ThenDiscard, InsteadOfPlay };
enum class GameLength : uint8_t { UntilTarget, OneDeal };  // D16
enum class EndAtTarget : uint8_t { Immediate, EndOfHand };
enum class Partnerships : uint8_t { Off, Pairs, TeamsOfThree };  // D17
enum class FirstDealer : uint8_t { HighCardDraw, FirstSeat };    // D2
enum class FirstPlayer : uint8_t { DealerLeft, Dealer };
enum class Direction : uint8_t { Clockwise, Anticlockwise };
enum class DealRotation : uint8_t { Clockwise, Anticlockwise, Stays };

// Points by rank: index 0 = ace ... 12 = king.
using RankPoints = std::array<int, kRanks>;
// A value per player count: index 2..6 used.
template <class T>
using PerPlayers = std::array<T, kMaxPlayers + 1>;

// Every rule that can produce points or end a game; events name one as
// their cause, and the variant loader records where each was defined.
enum class RuleId : uint8_t {
  SequencePoints,
  FlushPoints,
  FlushSequencePoints,
  AssemblyPoints,
  MarriageBase,
  ImperialBonus,
  ZetemaPoints,
  KqZetemaRequiresAssembly,
  Penalties1881,
  Target,
  GameLength,
  HandEnd,
  TwoPlayerChain,
  KindPoints,    // the points of a kind a variant defines (its origin is the kind's)
  HandEndScore,  // an award of the score_hand_end hook
  Moment,  // what a moment's hook did (Hook::GameStart ... StockEmpty): its awards, moves, turns
  Choice,  // what a choice's function did (the choice's index in Event::rank)
  Count
};
inline constexpr int kRuleIds = static_cast<int>(RuleId::Count);
// The rule's parameter name as written in a variant file, e.g. "points.sequence".
std::string_view rule_name(RuleId id);

// Where a rule was defined: a variant file, its line, and the source text
// the rule follows. Empty file means the engine's built-in default.
struct RuleOrigin {
  std::string file;
  int line = 0;
  std::string variant;
  std::string source;
};

// A combination kind a variant defines (docs/architecture.md, "Combination kinds").
// Its cards are found by the variant's finder (RuleHooks::find_kind); it is
// declared as DeclKind(kBuiltinKinds + its index in Ruleset::kinds).
inline constexpr int kBuiltinKinds = 5;
inline constexpr int kMaxKinds = 16;  // kinds a variant may define
struct KindDef {
  std::string name;                    // notation name, e.g. "pair-of-sevens"
  int points = 0;                      // table points (a score function may change them)
  bool tableau = false;                // the finder sees the tableau and may use its cards
  std::optional<DiscardRule> discard;  // after it; unset: flow.after_declaration's rule
  RuleOrigin origin;                   // where the kind is defined
  int points_line = 0;                 // the line of its points
};

// A decision a variant offers a player (docs/variant-authoring.md,
// "Choices"): its name, what its options are, and where its function is.
// A hook offers it (Acts::offer); the engine puts it to the player when the
// action that offered it is over, and the player's pick is an action of its
// own (ActionType::Choose), which the choice's function then acts on.
enum class OptionKind : uint8_t { Cards, YesNo, Seat, Number };
std::string_view to_string(OptionKind k);  // "cards", "yes_no", "seat", "number"
inline constexpr int kMaxChoices = 16;
inline constexpr int kMaxNumberOptions = 100;  // a number's range: at most this many
struct ChoiceDef {
  std::string name;  // notation name, e.g. "swap"
  OptionKind options = OptionKind::YesNo;
  Zone zone = Zone::Hand;  // Cards: the chooser's hand, the tableau, the shown cards, the marriages
  int lo = 0, hi = 0;      // Number: the range, both ends in
  RuleOrigin origin;
};

struct Ruleset {
  // Identity (from the variant file's metadata).
  std::string id = "builtin";
  std::string name = "Built-in defaults (Sackson)";
  std::string source = "sources/sackson.txt";
  std::string parent;

  // Deck, players, deal.
  Suit imperial_suit = Suit::Spades;                  // D20
  PerPlayers<int> hand_size = {0, 0, 6, 6, 6, 6, 5};  // sackson.txt "For six players, deal 5"
  DrawMode draw_mode = DrawMode::RefillBefore;        // D1
  PerPlayers<int> meld_len = {0, 0, 0, 0, 0, 0, 0};   // 0: the dealt hand size (D6)
  ShortHandMelds short_hand_melds = ShortHandMelds::Shorten;

  // Combinations other than marriages (D3, D4, D5).
  int sequence_points = 10;
  int flush_points = 30;
  std::optional<int> flush_sequence_points = 50;  // nullopt: no such category (book1881)
  bool ace_high_in_sequence = false;
  bool wraparound = false;
  bool imperial_flush_allowed = true;
  RankPoints assembly_points = {110, 100, 100, 100, 110, 100, 100, 100, 100, 100, 120, 130, 130};

  // Marriages (D7, D8, D9).
  std::array<int, 5> marriage_base = {10, 30, 60, 100, 150};
  ImperialBonus imperial_bonus = ImperialBonus::Second10Both20;
  bool rules_site_literal = false;  // §3: read rules-site.txt's clause literally
  MarriageHandCard marriage_hand_card = MarriageHandCard::PerDeclaration;
  MarriageMode marriage_mode = MarriageMode::ThenDiscard;

  // After a declaration (D11, D12, D19, D23).
  bool discard_from_meld = true;
  std::optional<int> reuse_limit;  // nullopt: no limit
  int max_declarations_per_turn = 1;
  bool declare_after_stock_empty = true;  // D13

  // Zetemas (D10, D15).
  RankPoints zetema_points = {15, 5, 5, 5, 15, 5, 5, 5, 5, 5, 20, 50, 50};
  bool kq_zetema_requires_assembly = false;
  bool two_player_chain = true;

  // End of game (D16).
  PerPlayers<std::optional<int>> target = {std::nullopt, std::nullopt, 300, 300, 200, 200, 200};
  EndAtTarget end_at_target = EndAtTarget::Immediate;
  GameLength game_length = GameLength::UntilTarget;

  // Partnerships (D17): the default per player count, whether they are
  // compulsory where the default is on, and whether 6 may play as 2 x 3.
  PerPlayers<Partnerships> partnerships = {
      Partnerships::Off,   Partnerships::Off, Partnerships::Off,  Partnerships::Off,
      Partnerships::Pairs, Partnerships::Off, Partnerships::Pairs};
  bool partnerships_compulsory = false;
  bool teams_of_three_allowed = true;

  // Irregularities (D18).
  bool penalties_1881 = false;

  // Seating and rotation (D2).
  FirstDealer first_dealer = FirstDealer::HighCardDraw;
  FirstPlayer first_player = FirstPlayer::DealerLeft;
  Direction direction = Direction::Clockwise;
  DealRotation deal_rotation = DealRotation::Clockwise;

  // The card flow of a turn (engine/flow.h): the `flow` table's entries, read
  // over the presets that draw_mode, marriage_mode and discard_from_meld name.
  std::array<StepOverride, kFlowSteps> flow{};

  // Combination kinds: built-in kinds a variant removed or replaced, and
  // the kinds it defines.
  std::array<bool, kBuiltinKinds> builtin_kind_off{};
  std::vector<KindDef> kinds;
  // The choices it offers; an option names its choice by index.
  std::vector<ChoiceDef> choices;

  // Optional hooks for what a table cannot say; null when none is defined.
  std::shared_ptr<RuleHooks> hooks;
  // Where each rule was defined (filled by the variant loader); the two
  // rank tables per rank, as a child may override only some ranks.
  std::array<RuleOrigin, kRuleIds> origins;
  std::array<RuleOrigin, kRanks> assembly_origins;
  std::array<RuleOrigin, kRanks> zetema_origins;

  // Derived values.
  inline int meld_length(int players) const;  // 0 when sequences and flushes are off
  ImperialBonus effective_imperial_bonus() const;
  int assembly_value(int rank) const { return assembly_points[rank]; }
  int zetema_value(int rank) const { return zetema_points[rank]; }
  // The rule of one step of the turn: the preset, then the `flow` entries.
  StepRule flow_rule(FlowStep step) const;
  bool kind_enabled(DeclKind k) const;
  const KindDef* custom_kind(DeclKind k) const;  // null for a built-in kind
};

// The presets: what draw_mode, marriage_mode and discard_from_meld say of
// each step (D1, D9, D12). Inline: the engine asks at every step of a turn.
inline StepRule preset_rule(const Ruleset& r, FlowStep step) {
  StepRule rule;
  switch (step) {
    case FlowStep::TurnStart:
      // sackson.txt: "bring his hand up to six cards"; rummy-site.txt:
      // "seven cards after drawing"; book-1881.txt draws after the play.
      if (r.draw_mode != DrawMode::PlayThenDraw) rule.draw = DrawRule::Refill;
      rule.amount = r.draw_mode == DrawMode::RefillPlusOneBefore ? 1 : 0;
      break;
    case FlowStep::AfterDeclaration:
      // sackson.txt: "discard one of the cards of the combination" (D12).
      rule.discard = r.discard_from_meld ? DiscardRule::FromMeld : DiscardRule::Required;
      break;
    case FlowStep::AfterMarriages:
      // D9: in 1881 a marriage is made instead of playing a card.
      rule.discard = r.marriage_mode == MarriageMode::InsteadOfPlay ? DiscardRule::Skip
                                                                    : DiscardRule::Required;
      break;
    case FlowStep::AfterDiscard:
      // book-1881.txt: "he must take up a card ... at once, immediately
      // after he has played a card".
      if (r.draw_mode == DrawMode::PlayThenDraw) rule.draw = DrawRule::Refill;
      break;
    case FlowStep::AfterZetema:
      break;
  }
  return rule;
}

inline int Ruleset::meld_length(int players) const {
  const int dealt = hand_size[players];
  const int len = meld_len[players] > 0 ? meld_len[players] : dealt;
  // D6: melds shorter than six exist only when the variant shortens them.
  if (len < 6 && short_hand_melds == ShortHandMelds::None) return 0;
  return len;
}

inline bool Ruleset::kind_enabled(DeclKind k) const {
  const int i = static_cast<int>(k);
  if (i < kBuiltinKinds) return !builtin_kind_off[i];
  return i - kBuiltinKinds < static_cast<int>(kinds.size());
}

inline const KindDef* Ruleset::custom_kind(DeclKind k) const {
  const int i = static_cast<int>(k) - kBuiltinKinds;
  return i >= 0 && i < static_cast<int>(kinds.size()) ? &kinds[static_cast<size_t>(i)] : nullptr;
}

inline StepRule Ruleset::flow_rule(FlowStep step) const {
  StepRule rule = preset_rule(*this, step);
  const StepOverride& o = flow[static_cast<int>(step)];
  if (o.draw) {
    rule.draw = *o.draw;
    rule.amount = o.amount;
  }
  if (o.discard) rule.discard = *o.discard;
  return rule;
}

// The notation name of a kind: built-in, or one the variant defines.
std::string kind_name(DeclKind k, const Ruleset& rules);
// A kind by notation name (a variant's kinds first, as they may replace a
// built-in one); false if neither knows it.
bool parse_kind(std::string_view name, const Ruleset& rules, DeclKind& out);

// Checks a Ruleset for values the engine cannot play (hand size out of
// range, negative points, ...). Returns an empty string when it is sound.
std::string check_ruleset(const Ruleset& rules);

// Names of the enum values as written in variant files; parse returns false
// on an unknown name.
std::string_view to_string(DrawMode v);
std::string_view to_string(ShortHandMelds v);
std::string_view to_string(ImperialBonus v);
std::string_view to_string(MarriageHandCard v);
std::string_view to_string(MarriageMode v);
std::string_view to_string(GameLength v);
std::string_view to_string(EndAtTarget v);
std::string_view to_string(Partnerships v);
std::string_view to_string(FirstDealer v);
std::string_view to_string(FirstPlayer v);
std::string_view to_string(Direction v);
std::string_view to_string(DealRotation v);
bool parse_enum(std::string_view s, DrawMode& out);
bool parse_enum(std::string_view s, ShortHandMelds& out);
bool parse_enum(std::string_view s, ImperialBonus& out);
bool parse_enum(std::string_view s, MarriageHandCard& out);
bool parse_enum(std::string_view s, MarriageMode& out);
bool parse_enum(std::string_view s, GameLength& out);
bool parse_enum(std::string_view s, EndAtTarget& out);
bool parse_enum(std::string_view s, Partnerships& out);
bool parse_enum(std::string_view s, FirstDealer& out);
bool parse_enum(std::string_view s, FirstPlayer& out);
bool parse_enum(std::string_view s, Direction& out);
bool parse_enum(std::string_view s, DealRotation& out);

}  // namespace zetema
