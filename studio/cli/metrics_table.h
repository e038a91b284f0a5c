// The readable table of a comparison's metrics: what `zetema compare` and
// `zetema merge` print.
#pragma once

#include <string>

#include "studio/lab/compare.h"
#include "studio/lab/metrics.h"

namespace zetema::cli {

// What the table shows besides the default rows.
struct TableExtras {
  bool design = false, luck = false;
};

std::string metrics_table(const lab::CompareResult& r, const lab::Metrics& m,
                          const TableExtras& extras = {});

// "0.512 [0.498, 0.526]": an estimate and its 95% interval, as the tables
// print it.
std::string estimate_cell(const lab::Estimate& e, int decimals);

}  // namespace zetema::cli
