#include "replays/kind_tally.h"

#include <algorithm>

namespace zetema::replays {

std::string kind_row(DeclKind k, const Ruleset& rules) {
  std::string name = kind_name(k, rules);
  if (rules.custom_kind(k) && (name == kAwardRow || name == kZetemaRow)) name += " (kind)";
  return name;
}

std::vector<std::string> kind_rows(const Ruleset& a, const Ruleset* b) {
  std::vector<std::string> rows;
  for (int k = 0; k < kBuiltinKinds; ++k) rows.emplace_back(to_string(static_cast<DeclKind>(k)));
  for (const Ruleset* rules : {&a, b}) {
    if (!rules) continue;
    std::vector<std::string> own;
    for (size_t i = 0; i < rules->kinds.size(); ++i) {
      std::string name =
          kind_row(static_cast<DeclKind>(kBuiltinKinds + static_cast<int>(i)), *rules);
      if (row_index(rows, name) < 0) own.push_back(std::move(name));
    }
    std::sort(own.begin(), own.end());
    rows.insert(rows.end(), own.begin(), own.end());
  }
  rows.emplace_back(kAwardRow);
  rows.emplace_back(kZetemaRow);
  return rows;
}

std::vector<std::string> legacy_kind_rows() {
  std::vector<std::string> rows;
  for (int k = 0; k < kBuiltinKinds; ++k) rows.emplace_back(to_string(static_cast<DeclKind>(k)));
  rows.emplace_back(kZetemaRow);
  return rows;
}

int row_index(const std::vector<std::string>& rows, std::string_view name) {
  const auto it = std::find(rows.begin(), rows.end(), name);
  return it == rows.end() ? -1 : static_cast<int>(it - rows.begin());
}

KindCounter::KindCounter(const Ruleset& rules, const std::vector<std::string>& rows)
    : rows_(rows.size()) {
  const int kinds = kBuiltinKinds + static_cast<int>(rules.kinds.size());
  for (int k = 0; k < kinds; ++k) {
    declared_.push_back(row_index(rows, kind_row(static_cast<DeclKind>(k), rules)));
  }
  award_ = row_index(rows, kAwardRow);
  zetema_ = row_index(rows, kZetemaRow);
}

int KindCounter::row(const Event& e) const {
  switch (e.type) {
    case EventType::Declare: {
      const auto k = static_cast<size_t>(e.kind);
      return k < declared_.size() ? declared_[k] : -1;
    }
    case EventType::Zetema:
      return zetema_;
    case EventType::Award:
      return award_;
    default:
      return -1;
  }
}

KindTally KindCounter::tally(const EventLog& events) const {
  KindTally t(rows_);
  for (const Event& e : events) {
    if (const int r = row(e); r >= 0) t.add(r, e.points);
  }
  return t;
}

}  // namespace zetema::replays
