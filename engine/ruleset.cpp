#include "engine/ruleset.h"

#include <algorithm>
#include <span>

namespace zetema {

namespace {

// Names of each enum's values, in declaration order; the first name is the
// one printed, later names are accepted aliases.
struct EnumName {
  int value;
  std::string_view name;
};

constexpr EnumName kDrawMode[] = {
    {0, "refill_before"}, {1, "refill_plus_one_before"}, {2, "play_then_draw"}};
constexpr EnumName kShortHandMelds[] = {{0, "shorten"}, {1, "none"}};
constexpr EnumName kImperialBonus[] = {{0, "second10_both20"}, {1, "second10_only"}, {2, "none"}};
constexpr EnumName kMarriageHandCard[] = {{0, "per_declaration"}, {1, "per_marriage"}};
constexpr EnumName kMarriageMode[] = {
    {0, "declare_then_discard"}, {1, "instead_of_play"}, {0, "marriage_then_play_card"}};
constexpr EnumName kGameLength[] = {{0, "until_target"}, {1, "one_deal"}};
constexpr EnumName kEndAtTarget[] = {{0, "immediate"}, {1, "end_of_hand"}};
constexpr EnumName kPartnerships[] = {{0, "off"}, {1, "pairs"}, {2, "teams_of_three"}};
constexpr EnumName kFirstDealer[] = {{0, "high_card_draw"}, {1, "first_seat"}};
constexpr EnumName kFirstPlayer[] = {{0, "dealer_left"}, {1, "dealer"}};
constexpr EnumName kDirection[] = {{0, "clockwise"}, {1, "anticlockwise"}};
constexpr EnumName kDealRotation[] = {{0, "clockwise"}, {1, "anticlockwise"}, {2, "stays"}};
constexpr EnumName kDiscardRule[] = {{0, "required"}, {1, "skip"}, {2, "from_meld"}};
constexpr EnumName kFlowStep[] = {{0, "turn_start"},
                                  {1, "after_declaration"},
                                  {2, "after_marriages"},
                                  {3, "after_discard"},
                                  {4, "after_zetema"}};

std::string_view name_of(std::span<const EnumName> names, int value) {
  for (const auto& n : names) {
    if (n.value == value) return n.name;
  }
  return "?";
}

template <class E>
bool parse_named(std::span<const EnumName> names, std::string_view s, E& out) {
  for (const auto& n : names) {
    if (n.name == s) {
      out = static_cast<E>(n.value);
      return true;
    }
  }
  return false;
}

}  // namespace

#define ZETEMA_ENUM_NAMES(Type, table)             \
  std::string_view to_string(Type v) {             \
    return name_of(table, static_cast<int>(v));    \
  }                                                \
  bool parse_enum(std::string_view s, Type& out) { \
    return parse_named(table, s, out);             \
  }

ZETEMA_ENUM_NAMES(DrawMode, kDrawMode)
ZETEMA_ENUM_NAMES(ShortHandMelds, kShortHandMelds)
ZETEMA_ENUM_NAMES(ImperialBonus, kImperialBonus)
ZETEMA_ENUM_NAMES(MarriageHandCard, kMarriageHandCard)
ZETEMA_ENUM_NAMES(MarriageMode, kMarriageMode)
ZETEMA_ENUM_NAMES(GameLength, kGameLength)
ZETEMA_ENUM_NAMES(EndAtTarget, kEndAtTarget)
ZETEMA_ENUM_NAMES(Partnerships, kPartnerships)
ZETEMA_ENUM_NAMES(FirstDealer, kFirstDealer)
ZETEMA_ENUM_NAMES(FirstPlayer, kFirstPlayer)
ZETEMA_ENUM_NAMES(Direction, kDirection)
ZETEMA_ENUM_NAMES(DealRotation, kDealRotation)
ZETEMA_ENUM_NAMES(DiscardRule, kDiscardRule)
#undef ZETEMA_ENUM_NAMES

std::string_view to_string(FlowStep s) {
  return name_of(kFlowStep, static_cast<int>(s));
}
bool parse_flow_step(std::string_view s, FlowStep& out) {
  return parse_named(kFlowStep, s, out);
}

std::string_view rule_name(RuleId id) {
  static constexpr std::string_view kNames[kRuleIds] = {
      "points.sequence",  "points.flush",   "points.flush_sequence", "assembly_points",
      "marriage_base",    "imperial_bonus", "zetema_points",         "kq_zetema_requires_assembly",
      "penalties_1881",   "target",         "game_length",           "hand_end",
      "two_player_chain", "kinds",          "score_hand_end",        "moments",
      "choices"};
  return kNames[static_cast<int>(id)];
}

std::string kind_name(DeclKind k, const Ruleset& rules) {
  if (const KindDef* def = rules.custom_kind(k)) return def->name;
  if (static_cast<int>(k) < kBuiltinKinds) return std::string(to_string(k));
  return "kind-" + std::to_string(static_cast<int>(k));
}

bool parse_kind(std::string_view name, const Ruleset& rules, DeclKind& out) {
  for (size_t i = 0; i < rules.kinds.size(); ++i) {
    if (rules.kinds[i].name == name) {
      out = static_cast<DeclKind>(kBuiltinKinds + static_cast<int>(i));
      return true;
    }
  }
  return parse_decl_kind(name, out);
}

ImperialBonus Ruleset::effective_imperial_bonus() const {
  // §3: rules_site_literal turns "+10 for the second, +20 for both" into "+10
  // for any declaration holding the second".
  if (rules_site_literal && imperial_bonus == ImperialBonus::Second10Both20) {
    return ImperialBonus::Second10Only;
  }
  return imperial_bonus;
}

std::string check_ruleset(const Ruleset& r) {
  // A choice acts through its function, a hook: a Ruleset with choices has hooks.
  if (!r.choices.empty() && !r.hooks) return "choices need their functions (hooks)";
  if (r.choices.size() > static_cast<size_t>(kMaxChoices)) return "more than 16 choices";
  const StepRule start = r.flow_rule(FlowStep::TurnStart);
  for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
    // The cards held when declaring: what the turn's start brings the hand to.
    const int extra = start.draw == DrawRule::Refill  ? std::max(start.amount, 0)
                      : start.draw == DrawRule::Count ? start.amount
                                                      : 0;
    if (r.hand_size[n] < 1 || (r.hand_size[n] + extra) * n > kDeckSize) {
      return "hand_size[" + std::to_string(n) + "] = " + std::to_string(r.hand_size[n]) +
             " cannot be dealt to " + std::to_string(n) + " players from 65 cards";
    }
    const int held = r.hand_size[n] + extra;
    if (r.meld_len[n] < 0 || r.meld_len[n] > held) {
      return "meld_len[" + std::to_string(n) + "] = " + std::to_string(r.meld_len[n]) +
             " is longer than the " + std::to_string(held) + " cards held when declaring";
    }
    if (r.target[n] && *r.target[n] <= 0) {
      return "target[" + std::to_string(n) + "] must be positive";
    }
  }
  if (r.meld_length(6) > 13 || r.meld_length(2) > 13) return "meld_len longer than 13 ranks";
  if (r.reuse_limit && *r.reuse_limit < 0) return "reuse_limit must be 0 or more";
  if (r.max_declarations_per_turn < 1) return "max_declarations_per_turn must be at least 1";
  if (r.game_length == GameLength::UntilTarget) {
    for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
      if (!r.target[n]) {
        return "game_length is until_target but target[" + std::to_string(n) + "] is not set";
      }
    }
  }
  if (r.partnerships[6] == Partnerships::TeamsOfThree && !r.teams_of_three_allowed) {
    return "partnerships[6] is teams_of_three but teams_of_three_allowed is false";
  }
  if (r.flow_rule(FlowStep::AfterMarriages).discard == DiscardRule::FromMeld) {
    return "flow.after_marriages.discard cannot be from_meld: married cards leave the hand";
  }
  if (r.kinds.size() > static_cast<size_t>(kMaxKinds)) {
    return "at most " + std::to_string(kMaxKinds) + " kinds";
  }
  if (r.partnerships[4] == Partnerships::TeamsOfThree || r.partnerships[2] != Partnerships::Off ||
      r.partnerships[3] != Partnerships::Off || r.partnerships[5] != Partnerships::Off) {
    return "partnerships: pairs only at 4 or 6 players, teams of three only at 6";
  }
  return {};
}

}  // namespace zetema
