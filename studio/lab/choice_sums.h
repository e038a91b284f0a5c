// How often each choice a rule set declares was put and what was picked,
// summed over the games of a lab run (replays/choice_tally.h counts one
// game). Exact counts, so threads, shards and `zetema merge` add them up to
// the same totals in any order.
//
// Order, the same in every process: the rows follow the choices as the rules
// declare them; a row's options are sorted by option_before (whole numbers by
// value first, then the rest by notation, byte by byte), not by when they
// were first picked, which would depend on the shards and their order.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/ruleset.h"
#include "replays/choice_tally.h"

namespace zetema::lab {

// Whether option `a` comes before option `b`: "-1" < "2" < "10" < "7S" < "P1" < "no" < "yes".
bool option_before(const std::string& a, const std::string& b);

struct ChoiceSum {
  std::string name;
  uint64_t offered = 0;  // EventType::Offer events
  // Each option picked at least once and how often, in option_before order.
  std::vector<std::pair<std::string, uint64_t>> picks;
  uint64_t picked() const;
  friend bool operator==(const ChoiceSum&, const ChoiceSum&) = default;
};

// One rule set's sums: a row per choice, in the rules' order; none for a
// rule set that declares no choice.
struct ChoiceSums {
  std::vector<ChoiceSum> rows;

  // The rows of `rules`' choices, at zero (before the first game, so a run
  // with no deal still names them).
  void declare(const Ruleset& rules);
  // One game's tally (tally_choices); a choice the rows lack is added after them.
  void add(const std::vector<replays::ChoiceCount>& game);
  // Another part of the same comparison.
  void merge(const ChoiceSums& o);
  friend bool operator==(const ChoiceSums&, const ChoiceSums&) = default;
};

}  // namespace zetema::lab
