// The evaluation line: the open replay reviewed by the search bot
// (replays/review.h) in the background, with progress and Cancel, each
// review kept for its replay, so coming back to a replay shows it at once.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "replays/review.h"

namespace zetema::studio {

class ReviewSession {
 public:
  ~ReviewSession();

  // Reviews `r` with `iterations` a decision. Its variant is loaded afresh
  // in the worker from the replay itself (the installed file it names, or
  // the sources it carries, which the user accepted when opening it), so
  // the search's Lua never shares a state with the panels'. A review kept
  // for the same game and budget is shown at once instead.
  void start(const replays::Replay& r, const scripting::VariantFolder& folder, int iterations);
  void cancel();
  // Adopts a finished review (true when it just did); call once a frame.
  bool poll();
  bool running() const { return worker_.joinable() && !finished_; }
  size_t done() const { return done_.load(); }
  size_t total() const { return total_.load(); }
  // The kept review of `r` at `iterations` a decision, or null.
  const replays::Review* review_of(const replays::Replay& r, int iterations) const;
  const std::string& error() const { return error_; }

 private:
  static std::string key(const replays::Replay& r, int iterations);
  void join_worker();

  std::thread worker_;
  std::atomic<bool> stop_{false}, finished_{false};
  std::atomic<size_t> done_{0}, total_{0};
  std::mutex pending_mutex_;
  std::optional<replays::Review> pending_;  // under pending_mutex_
  std::string pending_key_;
  std::map<std::string, replays::Review> kept_;
  std::string error_;
};

// A decision that lost more than this chance of winning is marked red.
inline constexpr double kMarkedLoss = 0.05;

// The decisions of `review` the view may show: those of the seats shown
// (all of them, or in the single-seat view that seat's own) -- another
// seat's options would name the cards in its hand.
std::vector<const replays::ReviewedDecision*> visible_decisions(const replays::Review& review,
                                                                SeatsShown shown);
// The decision the table at `position` is about: the last shown decision
// at or before it (null: none yet).
const replays::ReviewedDecision* decision_at(
    const std::vector<const replays::ReviewedDecision*>& shown, size_t position);

}  // namespace zetema::studio
