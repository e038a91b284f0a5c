// The rows of a comparison's summary, in one place for both views of it:
// `zetema compare`'s table and the studio's Lab panel (per seat or side:
// score, margin, win rate; with --rotate each bot's; balance; game length;
// then per combination -- "flush points/game", "flush made/game" -- the
// bots' match-up, when asked the design metrics, and last, as notes, the
// choices offered and picked under each rule set that declares any).
#pragma once

#include <string>
#include <vector>

#include "studio/lab/compare.h"
#include "studio/lab/metrics.h"

namespace zetema::lab {

struct SummaryRow {
  std::string name;
  Estimate a, b, diff;  // diff: B - A, paired per deal
  int decimals = 2;
  bool single = false;    // one number per rule set, no interval (balance)
  bool per_kind = false;  // a per-combination row
  std::string note;       // not a row: a line of explanation ("partners share a score")
};

// `design`: add the design metrics (docs/lab.md, "Design metrics"); they
// exist for runs played here, not for a result read from a file.
std::vector<SummaryRow> summary_rows(const CompareResult& r, const Metrics& m, bool design = false);

}  // namespace zetema::lab
