// The studio's diff: the open replay re-run under rule set B with a policy,
// and the cumulative scores per side along the aligned rows (the chart).
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "replays/diff.h"
#include "scripting/variant_loader.h"

namespace zetema::studio {

class DiffSession {
 public:
  bool run(const replays::Replay& r, const Ruleset& a, const std::string& b_spec,
           const std::string& policy, const scripting::VariantFolder& folder);
  bool is_open() const { return result_ != nullptr; }
  const replays::DiffResult& result() const { return *result_; }
  const Ruleset& b_rules() const { return b_->rules; }
  const std::string& error() const { return error_; }
  const std::string& policy() const { return policy_; }

  // Per aligned row, each side's score so far under A and under B.
  using Scores = std::array<long long, kMaxPlayers>;
  const std::vector<Scores>& cumulative_a() const { return cum_a_; }
  const std::vector<Scores>& cumulative_b() const { return cum_b_; }
  // The row holding the first divergence (rows().size() if none).
  size_t first_divergence_row() const { return first_row_; }

 private:
  std::unique_ptr<replays::DiffResult> result_;
  std::shared_ptr<scripting::LoadedVariant> b_;
  std::vector<Scores> cum_a_, cum_b_;
  size_t first_row_ = 0;
  std::string error_;
  std::string policy_;
};

}  // namespace zetema::studio
