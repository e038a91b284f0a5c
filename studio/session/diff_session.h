// The studio's diff: the open replay re-run under rule set B with a policy,
// and the cumulative scores per side along the aligned rows (the chart).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "replays/diff.h"
#include "scripting/rule_contrast.h"
#include "scripting/variant_loader.h"

namespace zetema::studio {

class DiffSession {
 public:
  // `label` names the replay in the panel ("game.json (sackson)").
  bool run(const replays::Replay& r, const scripting::LoadedVariant& a, const std::string& b_spec,
           const std::string& policy, const scripting::VariantFolder& folder,
           const std::string& label);
  // Forgets the result: the replay it was run on is no longer the open one
  // (another was opened, or its rules were reloaded).
  void clear();
  bool is_open() const { return result_ != nullptr; }
  // What the result belongs to: the replay's file name and rule set A.
  const std::string& label() const { return label_; }
  const replays::DiffResult& result() const { return *result_; }
  const Ruleset& b_rules() const { return b_->rules; }
  const std::string& error() const { return error_; }
  const std::string& policy() const { return policy_; }
  // The rules behind the first divergence, under B and under A
  // (scripting/rule_contrast.h): found once a run, not per frame.
  const std::vector<scripting::RuleContrast>& first_rules() const { return first_rules_; }

  // Per aligned row, each side's score so far under A and under B.
  using Scores = std::array<long long, kMaxPlayers>;
  const std::vector<Scores>& cumulative_a() const { return cum_a_; }
  const std::vector<Scores>& cumulative_b() const { return cum_b_; }
  // Changes whenever the result does (a run or a clear); never 0.
  uint64_t generation() const { return generation_; }
  // The row holding the first divergence (rows().size() if none).
  size_t first_divergence_row() const { return first_row_; }

  // How an aligned row stands: A and B the same so far; already differing
  // (one side has no event there, the two events differ, or the scores so
  // far do); a later divergence (an action B refused that the policy
  // skipped); or the first divergence itself.
  enum class RowMark : uint8_t { Same, Differs, Divergence, FirstDivergence };
  RowMark mark(size_t row) const;
  // The rows marked other than Same.
  size_t differing_rows() const { return differing_; }
  // The aligned row of A's table at `position` (events played, as the
  // Timeline counts them): the row of its last event; none at position 0.
  std::optional<size_t> row_at_position(size_t position) const;
  // The B event B's table stands after at `row`: the row's own, or the last
  // B event before it; none before B's first event.
  std::optional<size_t> b_event_at_row(size_t row) const;
  // B's table at `row` (after b_event_at_row); nullptr before B's first
  // event, or when B's tables could not be kept (diff_replay's b_tables).
  const State* b_table_at_row(size_t row) const;

 private:
  void mark_rows();  // marks_, differing_ and row_of_a_ of the result

  std::unique_ptr<replays::DiffResult> result_;
  std::shared_ptr<scripting::LoadedVariant> b_;
  std::vector<Scores> cum_a_, cum_b_;
  size_t first_row_ = 0;
  std::vector<RowMark> marks_;
  size_t differing_ = 0;
  std::vector<size_t> row_of_a_;  // A's event -> its aligned row
  std::vector<State> b_tables_;   // B's table after each of its events
  uint64_t generation_ = 1;
  std::string error_;
  std::string policy_;
  std::string label_;
  std::vector<scripting::RuleContrast> first_rules_;
};

}  // namespace zetema::studio
