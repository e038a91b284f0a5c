// The Lab's strength ladder (studio/lab/strength_ladder.h) in the
// background, with its progress and Stop, for the Lab panel.
#pragma once

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "studio/lab/strength_ladder.h"

namespace zetema::studio {

class StrengthSession {
 public:
  ~StrengthSession();
  void start(const lab::LadderConfig& config, const scripting::VariantFolder& folder);
  void stop() { stop_ = true; }
  // Adopts a finished ladder (true when it just did); call once a frame.
  bool poll();
  bool running() const { return worker_.joinable() && !finished_; }
  uint64_t done() const { return done_.load(); }
  uint64_t total() const { return total_.load(); }
  // The last finished ladder (its error, if it failed), if any.
  const std::optional<lab::StrengthLadder>& ladder() const { return ladder_; }

 private:
  std::thread worker_;
  std::atomic<bool> stop_{false}, finished_{false};
  std::atomic<uint64_t> done_{0}, total_{0};
  std::mutex pending_mutex_;
  std::optional<lab::StrengthLadder> pending_;  // under pending_mutex_
  std::optional<lab::StrengthLadder> ladder_;
};

}  // namespace zetema::studio
