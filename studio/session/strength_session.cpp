#include "studio/session/strength_session.h"

namespace zetema::studio {

StrengthSession::~StrengthSession() {
  stop_ = true;
  if (worker_.joinable()) worker_.join();
}

void StrengthSession::start(const lab::LadderConfig& config,
                            const scripting::VariantFolder& folder) {
  if (worker_.joinable()) {
    stop_ = true;
    worker_.join();
  }
  stop_ = false;
  finished_ = false;
  done_ = 0;
  total_ = 0;
  worker_ = std::thread([this, config, folder] {
    lab::StrengthLadder l = lab::run_strength_ladder(
        config, folder,
        [this](uint64_t done, uint64_t total) {
          done_ = done;
          total_ = total;
        },
        stop_);
    std::lock_guard<std::mutex> lock(pending_mutex_);
    pending_ = std::move(l);
    finished_ = true;
  });
}

bool StrengthSession::poll() {
  if (!worker_.joinable() || !finished_) return false;
  worker_.join();
  std::lock_guard<std::mutex> lock(pending_mutex_);
  if (!pending_) return false;
  ladder_ = std::move(pending_);
  pending_.reset();
  return true;
}

}  // namespace zetema::studio
