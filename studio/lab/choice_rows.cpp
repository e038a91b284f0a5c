#include "studio/lab/choice_rows.h"

#include <algorithm>
#include <cstdio>
#include <tuple>

namespace zetema::lab {

namespace {

std::string fixed(double x, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return buf;
}

// A choice's lines: the first, then as many more as its picks need, each
// within kWidth columns (a choice of cards may list fifty options).
constexpr size_t kWidth = 96;
std::vector<std::string> choice_line(const ChoiceSum& row, uint64_t games) {
  const double per_game =
      games > 0 ? static_cast<double>(row.offered) / static_cast<double>(games) : 0.0;
  const uint64_t picked = row.picked();
  std::vector<std::string> lines = {row.name + ": offered " + std::to_string(row.offered) +
                                    " times (" + fixed(per_game, 2) + " per game); picked " +
                                    std::to_string(picked)};
  for (size_t i = 0; i < row.picks.size(); ++i) {
    const auto& [option, count] = row.picks[i];
    // (A file read back may hold an option picked 0 times: no share of none.)
    const std::string share =
        picked > 0
            ? " (" + fixed(100.0 * static_cast<double>(count) / static_cast<double>(picked), 1) +
                  "%)"
            : "";
    const std::string pick = option + " " + std::to_string(count) + share;
    std::string& line = lines.back();
    line += i == 0 ? ":" : ",";
    if (line.size() + 1 + pick.size() > kWidth) {
      lines.push_back("    " + pick);
    } else {
      line += " " + pick;
    }
  }
  return lines;
}

// A game's tally of the choice named `name` (its rows follow the rules'
// order, as the sums' do), or null.
const replays::ChoiceCount* game_row(const GameSummary& g, const std::string& name, size_t hint) {
  if (hint < g.choice_counts.size() && g.choice_counts[hint].name == name)
    return &g.choice_counts[hint];
  for (const replays::ChoiceCount& c : g.choice_counts) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

}  // namespace

std::vector<std::string> choice_lines(const CompareResult& r) {
  std::vector<std::string> out;
  const uint64_t games = r.tally.deals * static_cast<uint64_t>(r.tally.rotations);
  for (const auto& [label, id, sums] : {std::tuple{"A", &r.a_id, &r.tally.a.choices},
                                        std::tuple{"B", &r.b_id, &r.tally.b.choices}}) {
    if (sums->rows.empty()) continue;
    out.push_back(std::string("choices under ") + label + " (" + *id + "), " +
                  std::to_string(games) + " games:");
    for (const ChoiceSum& row : sums->rows) {
      for (const std::string& line : choice_line(row, games)) out.push_back("  " + line);
    }
  }
  return out;
}

void choices_json(replays::JsonWriter& w, const CompareResult& r) {
  if (r.tally.a.choices.rows.empty() && r.tally.b.choices.rows.empty()) return;
  w.key("choices").begin_object();
  for (const auto& [key, sums] :
       {std::pair{"a", &r.tally.a.choices}, std::pair{"b", &r.tally.b.choices}}) {
    if (sums->rows.empty()) continue;
    w.key(key).begin_array();
    for (const ChoiceSum& row : sums->rows) {
      w.begin_object();
      w.key("choice").value(row.name);
      w.key("offered").value(row.offered);
      w.key("picks").begin_object();
      for (const auto& [option, count] : row.picks) w.key(option).value(count);
      w.end_object();
      w.end_object();
    }
    w.end_array();
  }
  w.end_object();
}

std::string choice_csv_header(const ChoiceSums& sums, const char* prefix) {
  std::string out;
  for (const ChoiceSum& row : sums.rows) {
    const std::string column = std::string(",") + prefix + "_choice_" + row.name;
    out += column + "_offered" + column + "_picks";
  }
  return out;
}

std::string choice_csv_cells(const ChoiceSums& sums, const GameSummary& g) {
  std::string out;
  for (size_t i = 0; i < sums.rows.size(); ++i) {
    const replays::ChoiceCount* c = game_row(g, sums.rows[i].name, i);
    out += "," + std::to_string(c ? c->offered : 0) + ",";
    if (!c) continue;
    std::vector<std::pair<std::string, int>> picks = c->picks;
    std::sort(picks.begin(), picks.end(),
              [](const auto& x, const auto& y) { return option_before(x.first, y.first); });
    for (size_t k = 0; k < picks.size(); ++k)
      out += (k == 0 ? "" : ";") + picks[k].first + ":" + std::to_string(picks[k].second);
  }
  return out;
}

}  // namespace zetema::lab
