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

bool CorpusSession::run(const std::vector<std::string>& inputs, const std::string& b_spec,
                        const std::string& policy, const scripting::VariantFolder& folder) {
  lab::CorpusConfig c;
  c.inputs = inputs;
  c.under = b_spec;
  c.policy = policy;
  std::vector<std::string> notes;
  lab::CorpusResult r = lab::run_corpus_diff(
      c, folder,
      [&](const std::string& file, const std::string& n) { notes.push_back(file + ": " + n); });
  if (!r.error.empty()) {
    error_ = r.error;
    return false;
  }
  error_.clear();
  result_ = std::move(r);
  notes_ = std::move(notes);
  summary_ = lab::summarize_corpus(result_);
  rows_.resize(result_.games.size());
  for (size_t i = 0; i < rows_.size(); ++i) rows_[i] = i;
  const auto& games = result_.games;
  std::stable_sort(rows_.begin(), rows_.end(),
                   [&](size_t x, size_t y) { return group(games[x]) < group(games[y]); });
  return true;
}

}  // namespace zetema::studio
