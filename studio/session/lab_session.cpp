#include "studio/session/lab_session.h"

#include <cstdio>

#include "studio/lab/lab_json.h"

namespace zetema::studio {

LabSession::~LabSession() {
  stop_ = true;
  if (worker_.joinable()) worker_.join();
}

void LabSession::start(const lab::CompareConfig& config, const scripting::VariantFolder& folder) {
  if (worker_.joinable()) {
    stop_ = true;
    worker_.join();
  }
  stop_ = false;
  finished_ = false;
  done_ = 0;
  total_ = lab::shard_range(config).second;
  error_.clear();
  worker_ = std::thread([this, config, folder] {
    auto progress = [this](uint64_t d, uint64_t t) {
      done_ = d;
      total_ = t;
    };
    pending_ =
        std::make_unique<lab::CompareResult>(lab::run_compare(config, folder, progress, stop_));
    finished_ = true;
  });
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
