// The studio's lab: run a paired comparison in the background (with its
// progress) or load a result file, and keep its metrics for the Lab panel.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "studio/lab/compare.h"
#include "studio/lab/ladder.h"
#include "studio/lab/metrics.h"
#include "studio/lab/sequential.h"

namespace zetema::studio {

// The live line of a sequential run, as the Lab panel shows it: the
// anytime-valid interval for `until`, the log-likelihood ratio between
// Wald's bounds and the verdict for a test.
std::string live_line(const lab::SequentialPlan& plan, const lab::SequentialState& s);
// Where a test's log-likelihood ratio stands between accepting H0 (0) and
// H1 (1), clamped; for the panel's progress bar. 0 for an `until` plan.
float test_progress(const lab::SequentialPlan& plan, const lab::SequentialState& s);

// A ladder's budgets as typed in the Lab ("8,16,32"); empty (with `error`)
// when one is not a whole number from 1 to 50000 or there is none.
std::vector<int> parse_budgets(const std::string& text, std::string& error);

class LabSession {
 public:
  ~LabSession();

  // A fixed run, or with `plan` a sequential one (`--until`/`--test`,
  // sequential.h) that stops after the batch where the plan is done;
  // config.rotate plays every seat rotation. An unknown metric is an error().
  void start(const lab::CompareConfig& config, const scripting::VariantFolder& folder,
             std::optional<lab::SequentialPlan> plan = std::nullopt);
  // The skill trace (lab/ladder.h): mc:N against mc:2N for each N of
  // `budgets` ("8,16,32", parse_budgets), seats rotated, `config.deals`
  // deals a step; the steps show up in ladder() as they finish. Keeps the
  // result shown (a ladder has no result of its own). Bad budgets: error().
  void start_ladder(const lab::CompareConfig& config, const scripting::VariantFolder& folder,
                    const std::string& budgets);
  // The finished steps of the last ladder (empty after a start()).
  std::vector<lab::LadderStep> ladder() const;
  std::string ladder_ids() const;  // "A: x, B: y", once a step finished
  void stop() { stop_ = true; }
  // Collects a finished run (true when it just did); call once a frame.
  bool poll();
  bool running() const { return worker_.joinable() && !finished_; }
  uint64_t done() const { return done_.load(); }
  uint64_t total() const { return total_.load(); }
  // A sequential run's state at its last look (its live interval), if any.
  std::optional<lab::SequentialState> live() const;
  const std::optional<lab::SequentialPlan>& plan() const { return plan_; }

  bool open(const std::string& path);
  bool has_result() const { return result_ != nullptr; }
  const lab::CompareResult& result() const { return *result_; }
  const lab::Metrics& metrics() const { return *metrics_; }
  const std::string& error() const { return error_; }

 private:
  void adopt(lab::CompareResult r);
  void join_worker();

  std::thread worker_;
  std::atomic<bool> stop_{false}, finished_{false};
  std::atomic<uint64_t> done_{0}, total_{0};
  std::unique_ptr<lab::CompareResult> pending_;
  std::unique_ptr<lab::CompareResult> result_;
  std::unique_ptr<lab::Metrics> metrics_;
  std::string error_;
  std::optional<lab::SequentialPlan> plan_;
  mutable std::mutex live_mutex_;
  std::optional<lab::SequentialState> live_;
  std::vector<lab::LadderStep> ladder_;  // under live_mutex_
  std::string ladder_ids_;               // under live_mutex_
  std::string ladder_error_;
};

}  // namespace zetema::studio
