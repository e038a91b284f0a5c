#include "studio/session/corpus_session.h"

#include <algorithm>

namespace zetema::studio {

namespace {

// Lower first: flipped, diverged, unchanged, could not be re-run.
int group(const lab::CorpusGame& g) {
  if (!g.error.empty()) return 3;
  if (g.flipped()) return 0;
  return g.diverged ? 1 : 2;
}

}  // namespace

CorpusSession::~CorpusSession() {
  stop_ = true;
  if (worker_.joinable()) worker_.join();
}

void CorpusSession::start(const std::vector<std::string>& inputs, const std::string& b_spec,
                          const std::string& policy, const scripting::VariantFolder& folder) {
  if (worker_.joinable()) {
    stop_ = true;
    worker_.join();
  }
  stop_ = false;
  finished_ = false;
  done_ = 0;
  total_ = 0;
  pending_ = {};
  pending_notes_.clear();
  lab::CorpusConfig c;
  c.inputs = inputs;
  c.under = b_spec;
  c.policy = policy;
  worker_ = std::thread([this, c, folder] {
    std::vector<std::string> notes;
    auto note = [&](const std::string& file, const std::string& n) {
      notes.push_back(file + ": " + n);
    };
    auto progress = [this](uint64_t d, uint64_t t) {
      done_ = d;
      total_ = t;
    };
    pending_ = lab::run_corpus_diff(c, folder, note, progress, &stop_);
    pending_notes_ = std::move(notes);
    finished_ = true;
  });
}

bool CorpusSession::poll() {
  if (!worker_.joinable() || !finished_) return false;
  worker_.join();
  if (!pending_.error.empty()) {
    error_ = pending_.error;
    return true;
  }
  adopt(std::move(pending_), std::move(pending_notes_));
  return true;
}

bool CorpusSession::run(const std::vector<std::string>& inputs, const std::string& b_spec,
                        const std::string& policy, const scripting::VariantFolder& folder) {
  start(inputs, b_spec, policy, folder);
  worker_.join();
  finished_ = true;
  // The thread is joined: collect as poll() would.
  if (!pending_.error.empty()) {
    error_ = pending_.error;
    return false;
  }
  adopt(std::move(pending_), std::move(pending_notes_));
  return true;
}

void CorpusSession::adopt(lab::CorpusResult r, std::vector<std::string> notes) {
  error_.clear();
  result_ = std::move(r);
  notes_ = std::move(notes);
  summary_ = lab::summarize_corpus(result_);
  rows_.resize(result_.games.size());
  for (size_t i = 0; i < rows_.size(); ++i) rows_[i] = i;
  const auto& games = result_.games;
  std::stable_sort(rows_.begin(), rows_.end(),
                   [&](size_t x, size_t y) { return group(games[x]) < group(games[y]); });
}

}  // namespace zetema::studio
