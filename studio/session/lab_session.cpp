#include "studio/session/lab_session.h"

#include <cstdio>

#include "studio/lab/lab_json.h"

namespace zetema::studio {

LabSession::~LabSession() {
  stop_ = true;
  if (worker_.joinable()) worker_.join();
}

void LabSession::start(const lab::CompareConfig& config, const scripting::VariantFolder& folder,
                       std::optional<lab::SequentialPlan> plan) {
  if (worker_.joinable()) {
    stop_ = true;
    worker_.join();
  }
  stop_ = false;
  finished_ = false;
  done_ = 0;
  total_ = lab::shard_range(config).second;
  error_.clear();
  plan_ = std::move(plan);
  {
    std::lock_guard<std::mutex> lock(live_mutex_);
    live_.reset();
  }
  if (plan_) {
    lab::Tally probe;
    probe.start(config.players, config.bots, {});
    if (!lab::named_metric(probe, plan_->metric, config.players, error_)) return;
  }
  worker_ = std::thread([this, config, folder] {
    auto progress = [this](uint64_t d, uint64_t t) {
      done_ = d;
      total_ = t;
    };
    // Looked at after every batch, on this thread: the live interval.
    lab::StopRule rule;
    if (plan_) {
      rule.batch = plan_->batch;
      rule.enough = [this, players = config.players](const lab::Tally& t) {
        const lab::SequentialState s = lab::look(*plan_, t, players);
        std::lock_guard<std::mutex> lock(live_mutex_);
        live_ = s;
        return s.done;
      };
    }
    pending_ = std::make_unique<lab::CompareResult>(
        lab::run_compare(config, folder, progress, stop_, {}, rule));
    if (plan_) {
      const lab::SequentialState s = lab::look(*plan_, pending_->tally, config.players);
      std::lock_guard<std::mutex> lock(live_mutex_);
      live_ = s;
    }
    finished_ = true;
  });
}

std::optional<lab::SequentialState> LabSession::live() const {
  std::lock_guard<std::mutex> lock(live_mutex_);
  return live_;
}

bool LabSession::poll() {
  if (!worker_.joinable() || !finished_) return false;
  worker_.join();
  lab::CompareResult r = std::move(*pending_);
  pending_.reset();
  if (!r.error.empty() && r.deals_held() == 0) {
    error_ = r.error;
    return true;
  }
  adopt(std::move(r));
  return true;
}

bool LabSession::open(const std::string& path) {
  // Read as a stream: the games go into the sums the panel charts, one at
  // a time, so a result of any size opens.
  std::FILE* in = std::fopen(path.c_str(), "rb");
  lab::CompareResult r;
  std::string why = in ? "" : "cannot read";
  const bool ok = in && lab::read_json(in, r, {}, why);
  if (in) std::fclose(in);
  if (!ok) {
    error_ = path + ": " + why;
    return false;
  }
  adopt(std::move(r));
  return true;
}

void LabSession::adopt(lab::CompareResult r) {
  metrics_ = std::make_unique<lab::Metrics>(lab::compute_metrics(r));
  result_ = std::make_unique<lab::CompareResult>(std::move(r));
  error_.clear();
}

}  // namespace zetema::studio
