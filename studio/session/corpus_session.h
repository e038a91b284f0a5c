// The studio's corpus view: a folder (or list) of replays re-run under rule
// set B (lab/corpus_diff.h) on a worker thread, its summary, and the games as rows, sorted with
// the flipped and diverged games first; any row opens in the diff view
// (Session::open_corpus_game).
#pragma once

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "scripting/variant_loader.h"
#include "studio/lab/corpus_diff.h"

namespace zetema::studio {

class CorpusSession {
 public:
  ~CorpusSession();

  // Re-runs every replay of `inputs` (files and folders) under `b_spec` in
  // the background, with its progress; poll() collects the result.
  void start(const std::vector<std::string>& inputs, const std::string& b_spec,
             const std::string& policy, const scripting::VariantFolder& folder);
  void stop() { stop_ = true; }
  // Collects a finished run (true when it just did); call once a frame.
  // False from it, or from run(), leaves the last result and sets error().
  bool poll();
  bool running() const { return worker_.joinable() && !finished_; }
  uint64_t done() const { return done_.load(); }
  uint64_t total() const { return total_.load(); }
  // The same, waiting for the end: true if a result was adopted.
  bool run(const std::vector<std::string>& inputs, const std::string& b_spec,
           const std::string& policy, const scripting::VariantFolder& folder);

  bool is_open() const { return !result_.b_id.empty(); }
  // The last run was stopped before its last file.
  bool stopped() const { return result_.games.size() < result_.files_total; }
  const lab::CorpusResult& result() const { return result_; }
  const lab::CorpusSummary& summary() const { return summary_; }
  // The games in the order the view lists them: flipped, then diverged,
  // then the rest, then the files that could not be re-run (by file name
  // within each group); indexes into result().games.
  const std::vector<size_t>& rows() const { return rows_; }
  // What ran each replay's own embedded sources, "file: note", in order.
  const std::vector<std::string>& notes() const { return notes_; }
  const std::string& error() const { return error_; }
  const std::string& b_spec() const { return result_.b_spec; }
  const std::string& policy() const { return result_.policy; }

 private:
  void adopt(lab::CorpusResult r, std::vector<std::string> notes);

  std::thread worker_;
  std::atomic<bool> stop_{false}, finished_{false};
  std::atomic<uint64_t> done_{0}, total_{0};
  lab::CorpusResult pending_;
  std::vector<std::string> pending_notes_;
  lab::CorpusResult result_;
  lab::CorpusSummary summary_;
  std::vector<size_t> rows_;
  std::vector<std::string> notes_;
  std::string error_;
};

}  // namespace zetema::studio
