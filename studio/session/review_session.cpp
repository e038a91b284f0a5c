#include "studio/session/review_session.h"

#include <algorithm>

namespace zetema::studio {

ReviewSession::~ReviewSession() {
  stop_ = true;
  if (worker_.joinable()) worker_.join();
}

std::string ReviewSession::key(const replays::Replay& r, int iterations) {
  return r.variant_sha256 + "/" + r.events_sha256 + "/" + std::to_string(iterations);
}

void ReviewSession::join_worker() {
  if (worker_.joinable()) {
    stop_ = true;
    worker_.join();
  }
  std::lock_guard<std::mutex> lock(pending_mutex_);
  pending_.reset();
}

void ReviewSession::start(const replays::Replay& r, const scripting::VariantFolder& folder,
                          int iterations) {
  join_worker();
  error_.clear();
  if (kept_.count(key(r, iterations))) return;
  stop_ = false;
  finished_ = false;
  done_ = 0;
  total_ = 0;
  pending_key_ = key(r, iterations);
  worker_ = std::thread([this, r, folder, iterations] {
    replays::Review review;
    const replays::ResolvedVariant v = replays::resolve_variant(r, folder.path, folder.shown);
    if (!v.ok) {
      review.error = v.error;
    } else {
      replays::ReviewOptions o;
      o.search.iterations = iterations;
      review = replays::review_replay(
          r, v.variant.rules, o,
          [this](size_t done, size_t total) {
            done_ = done;
            total_ = total;
          },
          &stop_);
    }
    std::lock_guard<std::mutex> lock(pending_mutex_);
    pending_ = std::move(review);
    finished_ = true;
  });
}

void ReviewSession::cancel() {
  stop_ = true;
}

bool ReviewSession::poll() {
  if (!worker_.joinable() || !finished_) return false;
  worker_.join();
  std::lock_guard<std::mutex> lock(pending_mutex_);
  if (!pending_) return false;
  if (pending_->ok) {
    kept_[pending_key_] = std::move(*pending_);
  } else {
    error_ = pending_->cancelled ? "evaluation cancelled" : pending_->error;
  }
  pending_.reset();
  return true;
}

const replays::Review* ReviewSession::review_of(const replays::Replay& r, int iterations) const {
  const auto it = kept_.find(key(r, iterations));
  return it == kept_.end() ? nullptr : &it->second;
}

std::vector<const replays::ReviewedDecision*> visible_decisions(const replays::Review& review,
                                                                SeatsShown shown) {
  std::vector<const replays::ReviewedDecision*> out;
  for (const replays::ReviewedDecision& d : review.decisions) {
    if (shown.shows(d.player)) out.push_back(&d);
  }
  return out;
}

const replays::ReviewedDecision* decision_at(
    const std::vector<const replays::ReviewedDecision*>& shown, size_t position) {
  const auto after = std::upper_bound(
      shown.begin(), shown.end(), position,
      [](size_t p, const replays::ReviewedDecision* d) { return p < d->position; });
  return after == shown.begin() ? nullptr : *(after - 1);
}

}  // namespace zetema::studio
