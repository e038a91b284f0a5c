// The corpus counterfactual: every replay of a corpus re-run under rule set
// B (replays/diff.h, one game at a time, with the same policies), and what
// changed over the corpus: how many winners flip, the mean score change of
// each seat, where the first divergence falls (by hand and by turn) and which
// rule caused it, with 95% intervals (metrics.h). A file that cannot be
// re-run gets its own error and does not stop the others.
//
// The corpus is a list of files in a fixed order (corpus_files); a shard
// re-runs its part of that list, and merge_corpus joins the parts into
// exactly the result of one run.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "engine/state.h"
#include "replays/record.h"
#include "scripting/variant_loader.h"
#include "studio/lab/metrics.h"

namespace zetema::lab {

// With no --policy the corpus is re-run with greedy playing on after a
// divergence: "stop" would leave every diverged game unfinished, so no
// winner could flip.
inline constexpr const char* kCorpusPolicy = "bot:greedy";

struct CorpusConfig {
  std::vector<std::string> inputs;  // files and folders, as given
  std::string under;                // rule set B: id or .lua file
  std::string policy = kCorpusPolicy;
  int shard = 0, shards = 1;
};

// The replay files of `inputs`, in order: each file as given; each folder's
// .json and .zrb files, in all its subfolders, sorted by path. An input that
// is neither (missing, unreadable) is kept, to get its own error.
std::vector<std::string> corpus_files(const std::vector<std::string>& inputs);

// One game of the corpus, re-run under B.
struct CorpusGame {
  std::string file;
  std::string error;  // why it could not be re-run; "" if it was
  std::string a_id;   // the rule set it was recorded under
  int players = 0;
  bool embedded = false;  // its own embedded sources ran (not an installed file)
  bool diverged = false;
  int hand = 0,
      turn = 0;  // the first divergence: hand from 1, turn of that hand from 1 (0: the deal)
  // The rule behind it: the one B's refusal names (divergence_cause), or,
  // when the refusal only shows an earlier difference ("it is P3's turn"),
  // the rule of the first event where A and B differ before it.
  std::string cause;
  std::string reason;  // B's refusal, in words
  bool finished_a = false, finished_b = false;
  std::vector<long long> score_a, score_b;  // each seat's final score (its side's)
  unsigned win_a = 0, win_b = 0;            // the winning seats, a bit per seat

  bool decided() const { return error.empty() && finished_a && finished_b; }
  bool flipped() const { return decided() && win_a != win_b; }
};

struct [[nodiscard]] CorpusResult {
  std::string b_spec, b_id, b_sha256, policy, engine_version;
  uint64_t files_total = 0;  // the whole corpus
  uint64_t first = 0;        // this result's games are files [first, first + games.size())
  std::vector<CorpusGame> games;
  std::string error;  // nothing could run (B or the policy is bad)
};

// Where notes go at once (a replay's embedded sources are about to run).
using CorpusNote = std::function<void(const std::string& file, const std::string& note)>;
// Called after each game with (done, total of this shard).
using CorpusProgress = std::function<void(uint64_t, uint64_t)>;

// `stop` (may be null), once set, ends the run before the next game; the
// result then holds the games done (fewer than the shard's files).
CorpusResult run_corpus_diff(const CorpusConfig& c, const scripting::VariantFolder& folder,
                             const CorpusNote& note = {}, const CorpusProgress& progress = {},
                             const std::atomic<bool>* stop = nullptr);

// The rule behind a divergence, from B's refusal: the rule key and decision
// the engine names ("imperial_flush_allowed (D5)"), a hook, or the diff's own
// finding ("turn order", "hand end", "card flow").
std::string divergence_cause(const std::string& reason);

struct CorpusSummary {
  uint64_t files = 0, errors = 0, embedded = 0, diverged = 0;
  uint64_t decided = 0;  // finished under A and under B: only these can flip
  uint64_t flips = 0;
  Estimate flip_rate;  // of the decided games (Wilson)
  // Per seat (P1..P6): B's final score minus A's, over the decided games
  // with that seat.
  std::vector<Estimate> seat_change;
  // First divergences by hand and by turn of the hand: (number, games).
  std::vector<std::pair<int, uint64_t>> by_hand, by_turn;
  // Causes of first divergences, most frequent first (ties by name).
  std::vector<std::pair<std::string, uint64_t>> causes;
};
CorpusSummary summarize_corpus(const CorpusResult& r);

// Joins shard results of one corpus run; error if they do not belong
// together or leave files out.
CorpusResult merge_corpus(std::vector<CorpusResult> parts, std::string& error);

// Reads a result written by `zetema diff --out` (its games; the summary is
// recomputed from them). False with `error` if it is not one.
bool read_corpus_json(const std::string& text, CorpusResult& r, std::string& error);
// Whether a JSON text is a corpus result (its "kind" field), for `merge`.
bool is_corpus_json(const std::string& text);

}  // namespace zetema::lab
