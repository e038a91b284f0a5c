#include "studio/lab/ladder.h"

namespace zetema::lab {

CompareConfig ladder_config(const CompareConfig& base, int n) {
  CompareConfig c = base;
  c.rotate = true;
  c.bots = {"mc:" + std::to_string(n), "mc:" + std::to_string(2 * n)};
  return c;
}

std::string run_ladder(
    const CompareConfig& base, const std::vector<int>& budgets,
    const scripting::VariantFolder& folder, const std::function<void(uint64_t, uint64_t)>& progress,
    const std::atomic<bool>& stop,
    const std::function<void(const CompareResult&, const LadderStep&)>& on_step) {
  const uint64_t per_step = shard_range(base).second;
  for (size_t i = 0; i < budgets.size() && !stop; ++i) {
    const CompareConfig c = ladder_config(base, budgets[i]);
    auto step_progress = [&](uint64_t done, uint64_t total) {
      if (!progress) return;
      // Each step counts as `per_step` whatever its own total says.
      const uint64_t part = total ? done * per_step / total : 0;
      progress(i * per_step + part, budgets.size() * per_step);
    };
    const CompareResult r = run_compare(c, folder, step_progress, stop);
    if (r.interrupted) break;
    if (!r.error.empty()) return r.error;
    const Metrics m = compute_metrics(r);
    on_step(r, {budgets[i], m.deals, m.a.bot_win[1], m.b.bot_win[1], m.diff.bot_win[1]});
  }
  return {};
}

}  // namespace zetema::lab
