// The reasons one run's hooks give (docs/hardening.md, "Reasons kept per
// run"): a game, or a re-derivation of a replay, may give at most
// kMaxReasonsPerRun different texts, counted afresh for each run (RunBudget
// starts one), so a file's verdict never depends on what the program ran
// before it. The texts themselves are kept once for the program
// (engine/reason.h), whose much larger cap is the machine's limit.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_set>

#include "engine/reason.h"

namespace zetema::scripting {

// A hook's reasons name its rules ("+10 a marriage in the imperial suit");
// the cookbook's busiest game gives a dozen different ones.
inline constexpr size_t kMaxReasonsPerRun = size_t{1} << 16;

class RunReasons {
 public:
  // Sets `out` to the kept reason with this text (not empty); else returns
  // why it is not kept (this run gave too many, or the program keeps too
  // many) and leaves `out` as it was.
  std::string keep(std::string_view text, Reason& out);

  // A new run counts from none; the returned count is the run it replaces,
  // handed back to end_run when the new one ends.
  RunReasons begin_run();
  void end_run(RunReasons outer) { *this = std::move(outer); }

 private:
  Reason last_;  // the last reason kept: the next alike looks up nothing
  std::unordered_set<const std::string*> seen_;  // this run's texts (the program's copies)
};

// Why a hook's reason was not kept: this run gave kMaxReasonsPerRun already.
std::string too_many_reasons_in_run();

}  // namespace zetema::scripting
