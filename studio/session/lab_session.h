// The studio's lab: run a paired comparison in the background (with its
// progress) or load a result file, and keep its metrics for the Lab panel.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "studio/lab/compare.h"
#include "studio/lab/metrics.h"
#include "studio/lab/sequential.h"

namespace zetema::studio {

class LabSession {
 public:
  ~LabSession();

  // A fixed run, or with `plan` a sequential one (`--until`/`--test`,
  // sequential.h) that stops after the batch where the plan is done;
  // config.rotate plays every seat rotation. An unknown metric is an error().
  void start(const lab::CompareConfig& config, const scripting::VariantFolder& folder,
             std::optional<lab::SequentialPlan> plan = std::nullopt);
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
};

}  // namespace zetema::studio
