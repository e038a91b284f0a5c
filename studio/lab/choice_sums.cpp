#include "studio/lab/choice_sums.h"

#include <algorithm>
#include <charconv>

namespace zetema::lab {

namespace {

// The option as a whole number ("3", "-1"), if it is one.
bool whole(const std::string& s, long long& out) {
  const char* end = s.data() + s.size();
  const auto [ptr, ec] = std::from_chars(s.data(), end, out);
  return !s.empty() && ec == std::errc() && ptr == end;
}

// `count` more picks of `option`, kept in option_before order.
void add_pick(ChoiceSum& row, const std::string& option, uint64_t count) {
  auto it = std::lower_bound(
      row.picks.begin(), row.picks.end(), option,
      [](const auto& pick, const std::string& o) { return option_before(pick.first, o); });
  if (it != row.picks.end() && it->first == option) {
    it->second += count;
  } else {
    row.picks.insert(it, {option, count});
  }
}

// The row named `name`: at `hint` when the rows are in the same order, else
// found, else added at the end.
ChoiceSum& row_named(std::vector<ChoiceSum>& rows, const std::string& name, size_t hint) {
  if (hint < rows.size() && rows[hint].name == name) return rows[hint];
  for (ChoiceSum& row : rows) {
    if (row.name == name) return row;
  }
  rows.push_back({name, 0, {}});
  return rows.back();
}

}  // namespace

bool option_before(const std::string& a, const std::string& b) {
  long long x = 0, y = 0;
  const bool wa = whole(a, x), wb = whole(b, y);
  if (wa != wb) return wa;
  return wa ? x < y : a < b;
}

uint64_t ChoiceSum::picked() const {
  uint64_t n = 0;
  for (const auto& [option, count] : picks) n += count;
  return n;
}

void ChoiceSums::declare(const Ruleset& rules) {
  rows.clear();
  for (const ChoiceDef& c : rules.choices) rows.push_back({c.name, 0, {}});
}

void ChoiceSums::add(const std::vector<replays::ChoiceCount>& game) {
  for (size_t i = 0; i < game.size(); ++i) {
    ChoiceSum& row = row_named(rows, game[i].name, i);
    row.offered += static_cast<uint64_t>(game[i].offered);
    for (const auto& [option, count] : game[i].picks) {
      add_pick(row, option, static_cast<uint64_t>(count));
    }
  }
}

void ChoiceSums::merge(const ChoiceSums& o) {
  for (size_t i = 0; i < o.rows.size(); ++i) {
    ChoiceSum& row = row_named(rows, o.rows[i].name, i);
    row.offered += o.rows[i].offered;
    for (const auto& [option, count] : o.rows[i].picks) add_pick(row, option, count);
  }
}

}  // namespace zetema::lab
