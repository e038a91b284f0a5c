// Lab results as JSON: the configuration, the stamps (each rule set's
// SHA-256, the engine version, the seed), the metrics, and every deal's
// record, from which `zetema merge` and the studio's Lab panel recompute
// everything. Written the same way whatever the threads, so one run and
// merged shards give the same bytes.
#pragma once

#include <string>

#include "studio/lab/compare.h"
#include "studio/lab/metrics.h"

namespace zetema::lab {

std::string to_json(const CompareResult& r, const Metrics& m);
// Reads a result written by to_json; false (with `error`) if it is not one.
bool from_json(const std::string& text, CompareResult& r, std::string& error);

// One line per deal: the per-game numbers under A and B.
std::string to_csv(const CompareResult& r);

}  // namespace zetema::lab
