#include "studio/session/diff_session.h"

#include <algorithm>

#include "replays/golden.h"

namespace zetema::studio {

void DiffSession::clear() {
  result_.reset();
  b_.reset();
  cum_a_.clear();
  cum_b_.clear();
  first_row_ = 0;
  marks_.clear();
  differing_ = 0;
  row_of_a_.clear();
  b_tables_.clear();
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
  std::vector<State> b_tables;
  auto d = std::make_unique<replays::DiffResult>(
      replays::diff_replay(r, a.rules, b->rules, *p, &b_tables));
  if (!d->ok) {
    error_ = d->error;
    return false;
  }
  b_ = std::move(b);
  result_ = std::move(d);
  b_tables_ = std::move(b_tables);
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
  mark_rows();
  return true;
}

void DiffSession::mark_rows() {
  const replays::DiffResult& d = *result_;
  marks_.assign(d.rows.size(), RowMark::Same);
  row_of_a_.assign(d.a.events.size(), 0);
  differing_ = 0;
  std::vector<bool> refused(d.a.events.size(), false);  // A's events B refused
  for (const replays::Divergence& v : d.divergences) {
    if (v.a_event < refused.size()) refused[v.a_event] = true;
  }
  for (size_t i = 0; i < d.rows.size(); ++i) {
    const replays::DiffRow& row = d.rows[i];
    if (row.a) row_of_a_[*row.a] = i;
    const bool events_differ =
        !row.a || !row.b || !replays::same_play(d.a.events[*row.a], d.b.events[*row.b]);
    if (i == first_row_)
      marks_[i] = RowMark::FirstDivergence;
    else if (row.a && refused[*row.a])
      marks_[i] = RowMark::Divergence;
    else if (events_differ || cum_a_[i] != cum_b_[i])
      marks_[i] = RowMark::Differs;
    if (marks_[i] != RowMark::Same) ++differing_;
  }
}

DiffSession::RowMark DiffSession::mark(size_t row) const {
  return row < marks_.size() ? marks_[row] : RowMark::Same;
}

std::optional<size_t> DiffSession::row_at_position(size_t position) const {
  if (position == 0 || row_of_a_.empty()) return std::nullopt;
  return row_of_a_[std::min(position, row_of_a_.size()) - 1];
}

std::optional<size_t> DiffSession::b_event_at_row(size_t row) const {
  if (!result_ || result_->rows.empty()) return std::nullopt;
  for (size_t r = std::min(row, result_->rows.size() - 1) + 1; r-- > 0;) {
    if (result_->rows[r].b) return result_->rows[r].b;
  }
  return std::nullopt;
}

const State* DiffSession::b_table_at_row(size_t row) const {
  const std::optional<size_t> e = b_event_at_row(row);
  return e && *e < b_tables_.size() ? &b_tables_[*e] : nullptr;
}

}  // namespace zetema::studio
