#include "studio/session/diff_session.h"

namespace zetema::studio {

void DiffSession::clear() {
  result_.reset();
  b_.reset();
  cum_a_.clear();
  cum_b_.clear();
  first_row_ = 0;
  first_rules_.clear();
  ++generation_;
  error_.clear();
  label_.clear();
}

bool DiffSession::run(const replays::Replay& r, const scripting::LoadedVariant& a,
                      const std::string& b_spec, const std::string& policy,
                      const scripting::VariantFolder& folder, const std::string& label) {
  error_.clear();
  auto b = std::make_shared<scripting::LoadedVariant>(scripting::load_variant_spec(b_spec, folder));
  if (!b->ok) {
    error_ = b->error->describe();
    return false;
  }
  const auto p = replays::parse_policy(policy, error_);
  if (!p) return false;
  auto d = std::make_unique<replays::DiffResult>(replays::diff_replay(r, a.rules, b->rules, *p));
  if (!d->ok) {
    error_ = d->error;
    return false;
  }
  b_ = std::move(b);
  result_ = std::move(d);
  ++generation_;
  policy_ = policy;
  label_ = label;
  first_rules_ = result_->divergences.empty()
                     ? std::vector<scripting::RuleContrast>{}
                     : scripting::rules_behind(result_->divergences.front().reason, a, *b_);
  cum_a_.clear();
  cum_b_.clear();
  Scores sa{}, sb{};
  first_row_ = result_->rows.size();
  const size_t first_a =
      result_->divergences.empty() ? SIZE_MAX : result_->divergences.front().a_event;
  for (size_t i = 0; i < result_->rows.size(); ++i) {
    const replays::DiffRow& row = result_->rows[i];
    if (row.a) {
      const Event& e = result_->a.events[*row.a];
      if (e.rule != RuleId::Count && e.side < kMaxPlayers) sa[e.side] += e.points;
      if (*row.a == first_a && first_row_ == result_->rows.size()) first_row_ = i;
    }
    if (row.b) {
      const Event& e = result_->b.events[*row.b];
      if (e.rule != RuleId::Count && e.side < kMaxPlayers) sb[e.side] += e.points;
    }
    cum_a_.push_back(sa);
    cum_b_.push_back(sb);
  }
  return true;
}

}  // namespace zetema::studio
