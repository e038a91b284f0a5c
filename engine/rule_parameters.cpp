#include "engine/rule_parameters.h"

namespace zetema {

std::string yes_no(bool b) {
  return b ? "true" : "false";
}

// "K/Q 130, J 120, A/5 110, other 100": ranks grouped by value, the most
// common value called "other".
std::string rank_points(const RankPoints& p) {
  int other = p[1];
  int best = 0;
  for (int r = 0; r < kRanks; ++r) {
    int count = 0;
    for (int q = 0; q < kRanks; ++q) count += p[q] == p[r];
    if (count > best) {
      best = count;
      other = p[r];
    }
  }
  std::string out;
  std::vector<bool> done(kRanks, false);
  // K Q J A 5, then the rest high to low: the order the sources list them.
  const int order[kRanks] = {12, 11, 10, 0, 4, 9, 8, 7, 6, 5, 3, 2, 1};
  for (int r : order) {
    if (done[r] || p[r] == other) continue;
    std::string group(1, rank_char(r));
    for (int q : order) {
      if (q != r && !done[q] && p[q] == p[r]) {
        group += std::string("/") + rank_char(q);
        done[q] = true;
      }
    }
    done[r] = true;
    out += (out.empty() ? "" : ", ") + group + " " + std::to_string(p[r]);
  }
  return out + (out.empty() ? "" : ", ") + "other " + std::to_string(other);
}

// "draw 1", "refill to hand+1", "refill to hand, discard skip": a step's rule.
std::string flow_step_text(const Ruleset& r, FlowStep step) {
  const StepRule rule = r.flow_rule(step);
  std::string out;
  if (rule.draw == DrawRule::Count) out = "draw " + std::to_string(rule.amount);
  if (rule.draw == DrawRule::Refill) {
    out = "refill to hand";
    if (rule.amount != 0) out += (rule.amount > 0 ? "+" : "") + std::to_string(rule.amount);
  }
  if (step == FlowStep::AfterDeclaration || step == FlowStep::AfterMarriages) {
    out += (out.empty() ? "discard " : ", discard ") + std::string(to_string(rule.discard));
  }
  return out.empty() ? "none" : out;
}

// The kinds a variant declares: the built-in ones it keeps, then its own
// with their points.
std::string kinds_text(const Ruleset& r) {
  std::string out;
  for (int k = 0; k < kBuiltinKinds + static_cast<int>(r.kinds.size()); ++k) {
    const auto kind = static_cast<DeclKind>(k);
    if (!r.kind_enabled(kind)) continue;
    out += (out.empty() ? "" : ", ") + kind_name(kind, r);
    if (const KindDef* def = r.custom_kind(kind)) out += " (" + std::to_string(def->points) + ")";
  }
  return out;
}

std::vector<RuleParameter> list_parameters(const Ruleset& r) {
  auto num = [](int v) { return std::to_string(v); };
  auto opt = [](const std::optional<int>& v) { return v ? std::to_string(*v) : "none"; };
  std::string marriages;
  for (int v : r.marriage_base) marriages += (marriages.empty() ? "" : "/") + std::to_string(v);
  return {
      {"imperial_suit", std::string(1, suit_char(r.imperial_suit))},
      {"hand_size", per_players(r.hand_size, num)},
      {"draw_mode", std::string(to_string(r.draw_mode))},
      {"meld_len",
       per_players(r.meld_len, [](int v) { return v == 0 ? "hand" : std::to_string(v); })},
      {"short_hand_melds", std::string(to_string(r.short_hand_melds))},
      {"points.sequence", num(r.sequence_points)},
      {"points.flush", num(r.flush_points)},
      {"points.flush_sequence", opt(r.flush_sequence_points)},
      {"ace_high_in_sequence", yes_no(r.ace_high_in_sequence)},
      {"wraparound", yes_no(r.wraparound)},
      {"imperial_flush_allowed", yes_no(r.imperial_flush_allowed)},
      {"assembly_points", rank_points(r.assembly_points)},
      {"zetema_points", rank_points(r.zetema_points)},
      {"marriage_base", marriages},
      {"imperial_bonus", std::string(to_string(r.imperial_bonus))},
      {"rules_site_literal", yes_no(r.rules_site_literal)},
      {"marriage_hand_card", std::string(to_string(r.marriage_hand_card))},
      {"marriage_mode", std::string(to_string(r.marriage_mode))},
      {"discard_from_meld", yes_no(r.discard_from_meld)},
      {"reuse_limit", opt(r.reuse_limit)},
      {"max_declarations_per_turn", num(r.max_declarations_per_turn)},
      {"declare_after_stock_empty", yes_no(r.declare_after_stock_empty)},
      {"kq_zetema_requires_assembly", yes_no(r.kq_zetema_requires_assembly)},
      {"two_player_chain", yes_no(r.two_player_chain)},
      {"target", per_players(r.target,
                             [](const std::optional<int>& v) {
                               return v ? std::to_string(*v) : std::string("none");
                             })},
      {"end_at_target", std::string(to_string(r.end_at_target))},
      {"game_length", std::string(to_string(r.game_length))},
      {"partnerships",
       per_players(r.partnerships, [](Partnerships p) { return std::string(to_string(p)); })},
      {"partnerships_compulsory", yes_no(r.partnerships_compulsory)},
      {"teams_of_three_allowed", yes_no(r.teams_of_three_allowed)},
      {"penalties_1881", yes_no(r.penalties_1881)},
      {"first_dealer", std::string(to_string(r.first_dealer))},
      {"first_player", std::string(to_string(r.first_player))},
      {"direction", std::string(to_string(r.direction))},
      {"deal_rotation", std::string(to_string(r.deal_rotation))},
      {"flow.turn_start", flow_step_text(r, FlowStep::TurnStart)},
      {"flow.after_declaration", flow_step_text(r, FlowStep::AfterDeclaration)},
      {"flow.after_marriages", flow_step_text(r, FlowStep::AfterMarriages)},
      {"flow.after_discard", flow_step_text(r, FlowStep::AfterDiscard)},
      {"flow.after_zetema", flow_step_text(r, FlowStep::AfterZetema)},
      {"kinds", kinds_text(r)},
  };
}

bool same_rules(const Ruleset& a, const Ruleset& b) {
  const auto pa = list_parameters(a);
  const auto pb = list_parameters(b);
  if (pa.size() != pb.size()) return false;
  for (size_t i = 0; i < pa.size(); ++i) {
    if (pa[i].value != pb[i].value) return false;
  }
  // The text above groups ranks; compare the exact tables too.
  return a.assembly_points == b.assembly_points && a.zetema_points == b.zetema_points &&
         a.hand_size == b.hand_size && a.target == b.target;
}

}  // namespace zetema
