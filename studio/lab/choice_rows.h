// The lab's choice figures (choice_sums.h) in its outputs: the lines of the
// report under the table, the JSON's "choices" and the CSV's columns. A rule
// set that declares no choice adds nothing to any of them (docs/lab.md,
// "Choices").
#pragma once

#include <string>
#include <vector>

#include "replays/json_writer.h"
#include "studio/lab/compare.h"

namespace zetema::lab {

// Per rule set with choices, a heading and a line per choice: "swap:
// offered 37 times (0.93 per game); picked 37: no 20 (54.1%), yes 17 (45.9%)".
std::vector<std::string> choice_lines(const CompareResult& r);

// The JSON's "choices" member, {"a": [...], "b": [...]}, each rule set's only
// when it declares choices, and none when neither does: per choice
// {"choice": NAME, "offered": N, "picks": {OPTION: N, ...}}.
void choices_json(replays::JsonWriter& w, const CompareResult& r);

// The CSV's columns of one rule set ("a" or "b"): per choice
// PREFIX_choice_NAME_offered and PREFIX_choice_NAME_picks; and a game's
// cells, the picks as "no:2;yes:1" (options in option_before order).
std::string choice_csv_header(const ChoiceSums& sums, const char* prefix);
std::string choice_csv_cells(const ChoiceSums& sums, const GameSummary& g);

}  // namespace zetema::lab
