#include "studio/session/lab_session.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "studio/lab/lab_json.h"

namespace zetema::studio {

std::string live_line(const lab::SequentialPlan& plan, const lab::SequentialState& s) {
  char line[256];
  const auto n = static_cast<unsigned long long>(s.sums.n);
  if (!plan.test) {
    std::snprintf(line, sizeof line, "%s: %.4f [%.4f, %.4f] after %llu deals%s",
                  plan.metric.c_str(), s.sums.mean, s.sums.mean - s.half_width,
                  s.sums.mean + s.half_width, n, s.done ? " (stopped)" : "");
    return line;
  }
  const lab::Sprt& t = *plan.test;
  const char* verdict = s.verdict == lab::SprtVerdict::AcceptH0   ? "accepts H0"
                        : s.verdict == lab::SprtVerdict::AcceptH1 ? "accepts H1"
                                                                  : "continues";
  std::snprintf(line, sizeof line,
                "%s: mean %.4f after %llu deals; H0 %.4f vs H1 %.4f: LLR %.3f in [%.3f, %.3f], %s",
                plan.metric.c_str(), s.sums.mean, n, t.theta0, t.theta1, s.llr, t.lower(),
                t.upper(), verdict);
  return line;
}

float test_progress(const lab::SequentialPlan& plan, const lab::SequentialState& s) {
  if (!plan.test) return 0.0f;
  const double lo = plan.test->lower(), hi = plan.test->upper();
  return static_cast<float>(std::clamp((s.llr - lo) / (hi - lo), 0.0, 1.0));
}

std::vector<int> parse_budgets(const std::string& text, std::string& error) {
  std::vector<int> out;
  size_t from = 0;
  while (from <= text.size()) {
    const size_t comma = std::min(text.find(',', from), text.size());
    const std::string item = text.substr(from, comma - from);
    const bool digits =
        !item.empty() && item.size() <= 5 &&
        std::all_of(item.begin(), item.end(), [](char c) { return c >= '0' && c <= '9'; });
    const int n = digits ? std::stoi(item) : 0;
    if (n < 1 || n > 50000) {
      error = "the ladder's budgets are whole numbers from 1 to 50000, comma-separated: \"" + item +
              "\" is not";
      return {};
    }
    out.push_back(n);
    from = comma + 1;
  }
  return out;
}

LabSession::~LabSession() {
  stop_ = true;
  if (worker_.joinable()) worker_.join();
}

void LabSession::join_worker() {
  if (worker_.joinable()) {
    stop_ = true;
    worker_.join();
  }
  pending_.reset();
}

void LabSession::start_ladder(const lab::CompareConfig& config,
                              const scripting::VariantFolder& folder,
                              const std::string& budget_text) {
  join_worker();
  stop_ = false;
  finished_ = false;
  done_ = 0;
  total_ = 0;
  error_.clear();
  plan_.reset();
  ladder_error_.clear();
  {
    std::lock_guard<std::mutex> lock(live_mutex_);
    live_.reset();
    ladder_.clear();
    ladder_ids_.clear();
  }
  const std::vector<int> budgets = parse_budgets(budget_text, error_);
  if (budgets.empty()) return;
  total_ = lab::shard_range(config).second * budgets.size();
  worker_ = std::thread([this, config, folder, budgets] {
    auto progress = [this](uint64_t d, uint64_t t) {
      done_ = d;
      total_ = t;
    };
    auto on_step = [this](const lab::CompareResult& r, const lab::LadderStep& step) {
      std::lock_guard<std::mutex> lock(live_mutex_);
      if (ladder_.empty()) ladder_ids_ = "A: " + r.a_id + ", B: " + r.b_id;
      ladder_.push_back(step);
    };
    ladder_error_ = lab::run_ladder(config, budgets, folder, progress, stop_, on_step);
    finished_ = true;
  });
}

std::vector<lab::LadderStep> LabSession::ladder() const {
  std::lock_guard<std::mutex> lock(live_mutex_);
  return ladder_;
}

std::string LabSession::ladder_ids() const {
  std::lock_guard<std::mutex> lock(live_mutex_);
  return ladder_ids_;
}

void LabSession::start(const lab::CompareConfig& config, const scripting::VariantFolder& folder,
                       std::optional<lab::SequentialPlan> plan) {
  join_worker();
  stop_ = false;
  finished_ = false;
  done_ = 0;
  total_ = lab::shard_range(config).second;
  error_.clear();
  plan_ = std::move(plan);
  {
    std::lock_guard<std::mutex> lock(live_mutex_);
    live_.reset();
    ladder_.clear();
  }
  if (plan_ && plan_->test &&
      !(std::isfinite(plan_->test->theta0) && std::isfinite(plan_->test->theta1) &&
        plan_->test->theta0 != plan_->test->theta1)) {
    error_ = "the test needs H0 and H1, two different numbers";  // as --test's
    return;
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
  if (!pending_) {  // a ladder: its steps are in ladder_
    error_ = ladder_error_;
    return true;
  }
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
