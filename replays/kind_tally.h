// Points by what scored them, tallied by the kind's NAME, so that a
// variant's own combination kinds and the points hooks award count beside
// the built-in kinds, in the diff and the lab (docs/architecture.md,
// "Diff: one game under two rule sets" and "The rule-set lab").
//
// A tally's rows are a list of names in a stable order (kind_rows): the five
// built-in kinds, the rule sets' own kinds, "award" (EventType::Award, points
// a hook gave a side) and "zetema". Every score event (Declare, Zetema,
// Award) falls in exactly one row, so the rows' points add up to the sides'
// scores (check_scores in engine/match.cpp sums the same events).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/event.h"
#include "engine/ruleset.h"

namespace zetema::replays {

inline constexpr std::string_view kAwardRow = "award";
inline constexpr std::string_view kZetemaRow = "zetema";

// The row of a kind of `rules`: its notation name (a kind a variant defines
// to replace a built-in one shares its row), except that a kind of its own
// named "award" or "zetema" is "award (kind)" or "zetema (kind)".
std::string kind_row(DeclKind k, const Ruleset& rules);

// The rows for rule sets `a` and `b` (b may be null): the five built-in
// kinds; A's own kinds, then B's not among them, each in name order (a
// variant's kinds have no order of their own that survives loading); then
// "award" and "zetema".
std::vector<std::string> kind_rows(const Ruleset& a, const Ruleset* b = nullptr);

// The rows results written before a variant's own kinds and awards were
// tallied hold: the five built-in kinds and "zetema".
std::vector<std::string> legacy_kind_rows();

// Where `name` is in `rows`; -1 if it is not.
int row_index(const std::vector<std::string>& rows, std::string_view name);

// Points and how many score events, per row of a list of names kept beside
// it (the tally holds no names: a lab result keeps one list for all games).
struct KindTally {
  std::vector<long long> points;  // all sides together
  std::vector<int> count;         // how many events scored in the row
  KindTally() = default;
  explicit KindTally(size_t rows) : points(rows), count(rows) {}
  void add(int row, long long p) {
    points[static_cast<size_t>(row)] += p;
    ++count[static_cast<size_t>(row)];
  }
  friend bool operator==(const KindTally&, const KindTally&) = default;
};

// Sorts the score events of games played under one rule set into rows. The
// rows should hold every kind of the rule set (kind_rows does); an event of
// a kind they lack is left out.
class KindCounter {
 public:
  KindCounter(const Ruleset& rules, const std::vector<std::string>& rows);
  // The event's row; -1 if it scores in none.
  int row(const Event& e) const;
  KindTally tally(const EventLog& events) const;

 private:
  std::vector<int> declared_;  // per DeclKind
  int award_ = -1, zetema_ = -1;
  size_t rows_ = 0;
};

}  // namespace zetema::replays
