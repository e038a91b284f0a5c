// The Lab: run or load a paired comparison and chart it -- bars with
// confidence intervals, histograms of game length and margin.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>

#include "engine/match.h"
#include "studio/app/chart.h"
#include "studio/app/ui.h"
#include "studio/lab/summary_rows.h"

namespace zetema::studio {

namespace {

constexpr ImU32 kA = IM_COL32(90, 170, 255, 255);
constexpr ImU32 kB = IM_COL32(255, 150, 70, 255);

std::vector<chart::Bar> bars_of(const std::vector<lab::Estimate>& es) {
  std::vector<chart::Bar> out;
  for (const lab::Estimate& e : es) out.push_back({e.mean, e.lo, e.hi, true});
  return out;
}

// Paired bars with 95% whiskers: one group per label, A then B.
void ci_bars(const char* id, const std::string& title, const std::string& unit,
             const std::vector<std::string>& labels, const std::vector<lab::Estimate>& a,
             const std::vector<lab::Estimate>& b, const lab::CompareResult& r, float height,
             int decimals) {
  chart::BarChart c;
  c.id = id;
  c.title = title;
  c.y_label = unit;
  c.groups = labels;
  c.series = {{"A: " + r.a_id, kA, bars_of(a)}, {"B: " + r.b_id, kB, bars_of(b)}};
  c.decimals = decimals;
  chart::bar_chart(c, height);
}

// The per-game values under A and B side by side, from the run's counts per
// value (lab/tally.h): 30 bins over the values seen.
void histogram(const char* id, const std::string& title, const std::string& x_label,
               const lab::Histogram& a, const lab::Histogram& b, const lab::CompareResult& r,
               float height) {
  if (a.empty()) return;
  const int64_t lo = std::min(a.min, b.empty() ? a.min : b.min);
  const int64_t hi = std::max(a.max, b.empty() ? a.max : b.max);
  const int bins = static_cast<int>(std::min<int64_t>(30, hi - lo + 1));
  const std::vector<uint64_t> ca = a.bins(bins, lo, hi), cb = b.bins(bins, lo, hi);
  chart::BarChart c;
  c.id = id;
  c.title = title;
  c.x_label = x_label;
  c.y_label = "games";
  c.decimals = 0;
  c.series = {{"A: " + r.a_id, kA, {}}, {"B: " + r.b_id, kB, {}}};
  const double width = static_cast<double>(hi - lo + 1) / bins;
  for (int i = 0; i < bins; ++i) {
    const auto from = static_cast<long long>(std::floor(static_cast<double>(lo) + width * i));
    const auto to = std::max(
        from, static_cast<long long>(std::floor(static_cast<double>(lo) + width * (i + 1))) - 1);
    c.groups.push_back(from == to ? std::to_string(from)
                                  : std::to_string(from) + ".." + std::to_string(to));
    c.series[0].bars.push_back({static_cast<double>(ca[static_cast<size_t>(i)])});
    c.series[1].bars.push_back({static_cast<double>(cb[static_cast<size_t>(i)])});
  }
  chart::bar_chart(c, height);
}

// The strength ladder of rule set A (studio/lab/strength_ladder.h): its
// bots, deals a pair, Run or Stop, then each bot's rating with its interval
// and the skill profile.
void strength_section(Session& s, UiState& ui, const std::string& variant) {
  if (!ImGui::CollapsingHeader("Strength ladder of A", ImGuiTreeNodeFlags_DefaultOpen)) return;
  // As wide as the list (at least 420 pixels), at most 60% of the panel.
  const float list_w = ImGui::CalcTextSize(ui.lab_strength_bots.c_str()).x +
                       2 * ImGui::GetStyle().FramePadding.x + ImGui::GetFontSize();
  ImGui::SetNextItemWidth(
      std::min(std::max(420.0f, list_w), ImGui::GetContentRegionAvail().x * 0.6f));
  ImGui::InputText("bots##strength", &ui.lab_strength_bots);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(6 * ImGui::GetFontSize());
  ImGui::InputInt("deals a pair", &ui.lab_strength_deals, 0);
  if (s.strength.running()) {
    if (ImGui::Button("Stop##strength")) s.strength.stop();
    ImGui::SameLine();
    const float f = s.strength.total() ? static_cast<float>(s.strength.done()) /
                                             static_cast<float>(s.strength.total())
                                       : 0.0f;
    ImGui::ProgressBar(f, ImVec2(160, 0));
  } else if (ImGui::Button("Rate the bots")) {
    lab::LadderConfig c;
    c.variant = variant;
    c.deals = static_cast<uint64_t>(std::max(1, ui.lab_strength_deals));
    c.seed = static_cast<uint64_t>(std::max(0, ui.lab_seed));
    std::stringstream list(ui.lab_strength_bots);
    for (std::string b; std::getline(list, b, ',');) c.bots.push_back(b);
    s.strength.start(c, s.folder());
  }
  note_item(ui, "lab-strength-run");
  const auto& l = s.strength.ladder();
  if (!l || !l->error.empty() || l->ratings.empty()) return;
  ImGui::Text("%s, %llu deals a pair from both seats (Bradley-Terry, Elo scale, %s at 0)",
              l->variant_id.c_str(), static_cast<unsigned long long>(l->config.deals),
              l->config.bots.front().c_str());
  if (ImGui::BeginTable("##strength", 3,
                        ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("bot");
    ImGui::TableSetupColumn("rating");
    ImGui::TableSetupColumn("95% interval");
    ImGui::TableHeadersRow();
    for (const lab::Rating& r : l->ratings) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(r.bot.c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%.0f", r.elo);
      ImGui::TableNextColumn();
      ImGui::Text("[%.0f, %.0f]", r.lo, r.hi);
    }
    ImGui::EndTable();
  }
  note_item(ui, "lab-strength-table");
  ImGui::TextWrapped("the same seat won both games of a deal in %.1f%% of deals",
                     100 * l->seat_decided);
}

// The skill trace: mc:2N's win rate against mc:N for each N of the ladder,
// with 95% whiskers, A and B side by side.
void skill_trace(const std::vector<lab::LadderStep>& steps, const std::string& ids, float height) {
  chart::BarChart c;
  c.id = "##ladder";
  c.title = "skill trace: mc:2N's win rate against mc:N (95% CI); " + ids;
  c.x_label = "budget N";
  c.y_label = "win rate";
  c.decimals = 3;
  c.series = {{"A", kA, {}}, {"B", kB, {}}};
  for (const lab::LadderStep& step : steps) {
    c.groups.push_back("N = " + std::to_string(step.n));
    c.series[0].bars.push_back({step.a.mean, step.a.lo, step.a.hi, true});
    c.series[1].bars.push_back({step.b.mean, step.b.lo, step.b.hi, true});
  }
  chart::bar_chart(c, height);
}

// A value cell of the metrics table: the mean and its 95% interval (none
// for a single number such as balance), as `zetema compare` prints them.
struct Cell {
  std::string mean, interval;
};

Cell cell_of(const lab::Estimate& e, int d, bool single) {
  char mean[48], interval[96];
  std::snprintf(mean, sizeof mean, "%.*f", d, e.mean);
  if (single) return {mean, {}};
  std::snprintf(interval, sizeof interval, "[%.*f, %.*f]", d, e.lo, d, e.hi);
  return {mean, interval};
}

// How the metrics table fits its panel: each value on one line ("mean [lo,
// hi]") when all of them fit, else the interval under the mean and the
// metric names wrapped in the room left; sideways scrolling only when even
// that does not fit (a panel narrowed by hand).
struct TableShape {
  bool one_line = true, scroll = false;
  float names = 0;                // the metric column's width (fixed shapes)
  std::array<float, 3> values{};  // the A, B and B - A columns' widths
  std::array<std::string, 3> heads;
};

TableShape table_shape(const lab::CompareResult& r, const std::vector<lab::SummaryRow>& rows,
                       const std::vector<std::array<Cell, 3>>& cells) {
  const float space = ImGui::CalcTextSize(" ").x;
  const std::array<std::string, 3> one_heads = {"A: " + r.a_id, "B: " + r.b_id, "B - A (paired)"};
  const std::array<std::string, 3> two_heads = {"A:\n" + r.a_id, "B:\n" + r.b_id,
                                                "B - A\n(paired)"};
  float names = ImGui::CalcTextSize("metric").x;
  std::array<float, 3> one{}, two{};
  for (int k = 0; k < 3; ++k) {
    one[k] = ImGui::CalcTextSize(one_heads[k].c_str()).x;
    two[k] = ImGui::CalcTextSize(two_heads[k].c_str()).x;  // its longer line
  }
  for (size_t i = 0; i < rows.size(); ++i) {
    if (!rows[i].note.empty()) continue;
    names = std::max(names, ImGui::CalcTextSize(rows[i].name.c_str()).x);
    for (int k = 0; k < 3; ++k) {
      const Cell& c = cells[i][static_cast<size_t>(k)];
      const float mean = ImGui::CalcTextSize(c.mean.c_str()).x;
      const float interval = c.interval.empty() ? 0 : ImGui::CalcTextSize(c.interval.c_str()).x;
      one[k] = std::max(one[k], mean + (c.interval.empty() ? 0 : space + interval));
      two[k] = std::max(two[k], std::max(mean, interval));
    }
  }
  // Each column's padding and its border; the vertical scrollbar.
  const ImGuiStyle& st = ImGui::GetStyle();
  const float pad = 4 * (2 * st.CellPadding.x + 1);
  const float avail = ImGui::GetContentRegionAvail().x - st.ScrollbarSize;
  TableShape t;
  t.names = names;
  if (names + one[0] + one[1] + one[2] + pad <= avail) {
    t.values = one;
    t.heads = one_heads;
    return t;
  }
  t.one_line = false;
  t.values = two;
  t.heads = two_heads;
  t.scroll = two[0] + two[1] + two[2] + pad + 6 * ImGui::GetFontSize() > avail;
  return t;
}

// Text wrapped at its table cell's right edge, in `colour`.
void wrapped(const ImVec4& colour, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

// Every row `zetema compare` prints (lab/summary_rows.h), per-combination
// rows included, in columns sized from their values so the last one ends
// inside the panel (table_shape).
void metrics_table(const lab::CompareResult& r, const lab::Metrics& m, float height, UiState& ui) {
  // The design metrics exist for a run played here and for a result file
  // written with --design (format 3), not for other loaded results.
  const std::vector<lab::SummaryRow> rows = lab::summary_rows(r, m, r.design);
  std::vector<std::array<Cell, 3>> cells(rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    const lab::SummaryRow& row = rows[i];
    cells[i] = {cell_of(row.a, row.decimals, row.single), cell_of(row.b, row.decimals, row.single),
                cell_of(row.diff, row.decimals, row.single)};
  }
  const TableShape shape = table_shape(r, rows, cells);
  const auto flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                     ImGuiTableFlags_ScrollY | (shape.scroll ? ImGuiTableFlags_ScrollX : 0);
  if (!ImGui::BeginTable("metrics", 4, flags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(shape.scroll ? 1 : 0, 1);
  if (shape.one_line || shape.scroll)
    ImGui::TableSetupColumn("metric", ImGuiTableColumnFlags_WidthFixed, shape.names);
  else
    ImGui::TableSetupColumn("metric", ImGuiTableColumnFlags_WidthStretch);
  for (size_t k = 0; k < 3; ++k)
    ImGui::TableSetupColumn(shape.heads[k].c_str(), ImGuiTableColumnFlags_WidthFixed,
                            shape.values[k]);
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int column = 0; column < 4; ++column) {
    ImGui::TableSetColumnIndex(column);
    const ImVec2 at = ImGui::GetCursorScreenPos();  // where the header's label starts
    const char* label = ImGui::TableGetColumnName(column);
    ImGui::TableHeader(label);
    // The label, not the header's cell (which reaches into the cell spacing).
    if (column == 3) {
      const ImVec2 size = ImGui::CalcTextSize(label);
      note_drawn(ui, "lab-diff-header", at, ImVec2(at.x + size.x, at.y + size.y),
                 ImGui::IsItemVisible());
    }
  }
  const ImVec4 text = ImGui::GetStyleColorVec4(ImGuiCol_Text);
  const ImVec4 disabled = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
  const ImVec4 kind(0.85f, 0.85f, 0.6f, 1);
  for (size_t i = 0; i < rows.size(); ++i) {
    const lab::SummaryRow& row = rows[i];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (!row.note.empty()) {
      wrapped(disabled, row.note);
      continue;
    }
    wrapped(row.per_kind ? kind : text, row.name);
    for (const Cell& c : cells[i]) {
      ImGui::TableNextColumn();
      if (shape.one_line && !c.interval.empty())
        ImGui::Text("%s %s", c.mean.c_str(), c.interval.c_str());
      else
        ImGui::TextUnformatted(c.mean.c_str());
      if (!shape.one_line && !c.interval.empty()) ImGui::TextUnformatted(c.interval.c_str());
    }
    if (i == 0 || (i == 1 && !rows[0].note.empty())) note_item(ui, "lab-diff-cell");
  }
  ImGui::EndTable();
}

using Catalog = std::vector<scripting::CatalogEntry>;

// The controls' widths, in the text's size so the controls grow with it;
// `label` is room for a control's label beside it.
struct Widths {
  float em, pick, number, bots, mode, metric, label;
};

Widths control_widths() {
  const float em = ImGui::GetFontSize();
  return {.em = em,
          .pick = combo_width("house_example"),
          .number = 7 * em,
          .bots = 12 * em,
          .mode = combo_width("all deals"),
          .metric = 8 * em,
          .label = ImGui::CalcTextSize("players").x + 8};
}

// A rule set of the catalog, by its index.
void rules_pick(const char* label, int& index, const Catalog& catalog, float width) {
  ImGui::SetNextItemWidth(width);
  if (catalog.empty()) return;
  if (ImGui::BeginCombo(label, catalog[std::min<size_t>(index, catalog.size() - 1)].id.c_str())) {
    for (size_t i = 0; i < catalog.size(); ++i) {
      if (ImGui::Selectable(catalog[i].id.c_str(), static_cast<int>(i) == index))
        index = static_cast<int>(i);
    }
    ImGui::EndCombo();
  }
}

// A, B, players, deals, bots, rotate: what the comparison plays.
void comparison_controls(const Catalog& catalog, UiState& ui, const Widths& w) {
  rules_pick("A", ui.lab_a, catalog, w.pick);
  same_line_or_wrap(w.pick + w.label);
  rules_pick("B", ui.lab_b, catalog, w.pick);
  same_line_or_wrap(w.number + w.label);
  ImGui::SetNextItemWidth(w.number);
  ImGui::SliderInt("players", &ui.lab_players, kMinPlayers, kMaxPlayers);
  same_line_or_wrap(w.number + w.label);
  ImGui::SetNextItemWidth(w.number);
  ImGui::InputInt("deals", &ui.lab_deals, 100);
  same_line_or_wrap(w.bots + w.label);
  ImGui::SetNextItemWidth(w.bots);
  ImGui::InputText("bots", &ui.lab_bots);
  same_line_or_wrap(ImGui::CalcTextSize("rotate").x + 40);
  ImGui::Checkbox("rotate", &ui.lab_rotate);
}

// All deals, or until a metric is known to a resolution, or a sequential test.
void stopping_controls(UiState& ui, const Widths& w) {
  same_line_or_wrap(w.mode + w.label);
  const char* modes[] = {"all deals", "until", "test"};
  ImGui::SetNextItemWidth(w.mode);
  ImGui::Combo("mode", &ui.lab_mode, modes, 3);
  if (ui.lab_mode != 0) {
    same_line_or_wrap(w.metric + w.label);
    ImGui::SetNextItemWidth(w.metric);
    ImGui::InputText("metric", &ui.lab_until);  // e.g. win:P1 (docs/lab.md)
  }
  if (ui.lab_mode == 1) {
    same_line_or_wrap(5 * w.em + w.label);
    ImGui::SetNextItemWidth(5 * w.em);
    ImGui::InputFloat("+-", &ui.lab_resolution);
  } else if (ui.lab_mode == 2) {
    same_line_or_wrap(5 * w.em + w.label);
    ImGui::SetNextItemWidth(5 * w.em);
    ImGui::InputFloat("H0", &ui.lab_h0);
    same_line_or_wrap(5 * w.em + w.label);
    ImGui::SetNextItemWidth(5 * w.em);
    ImGui::InputFloat("H1", &ui.lab_h1);
  }
}

lab::CompareConfig compare_config(const Catalog& catalog, const UiState& ui) {
  lab::CompareConfig c;
  c.a = catalog[static_cast<size_t>(ui.lab_a)].id;
  c.b = catalog[static_cast<size_t>(ui.lab_b)].id;
  c.players = ui.lab_players;
  c.deals = static_cast<uint64_t>(std::max(1, ui.lab_deals));
  c.seed = static_cast<uint64_t>(std::max(0, ui.lab_seed));
  c.bots.clear();
  std::stringstream list(ui.lab_bots);
  for (std::string b; std::getline(list, b, ',');) c.bots.push_back(b);
  c.rotate = ui.lab_rotate;
  return c;
}

// The stopping rule of the mode chosen; none for all deals.
std::optional<lab::SequentialPlan> sequential_plan(const UiState& ui) {
  std::optional<lab::SequentialPlan> plan;
  if (ui.lab_mode != 0) {
    plan = lab::SequentialPlan{};
    plan->metric = ui.lab_until;
    if (ui.lab_mode == 1)
      plan->resolution = std::max(1e-6, static_cast<double>(ui.lab_resolution));
    else
      plan->test = lab::Sprt{ui.lab_h0, ui.lab_h1};
  }
  return plan;
}

// Stop and the progress while a run goes on; else Run, Ladder and its budgets.
void run_controls(Session& s, UiState& ui, const Widths& w) {
  const auto& catalog = s.catalog();
  same_line_or_wrap(ImGui::CalcTextSize("Stop").x + 16);
  if (s.lab.running()) {
    if (ImGui::Button("Stop")) s.lab.stop();
    ImGui::SameLine();
    const float f =
        s.lab.total() ? static_cast<float>(s.lab.done()) / static_cast<float>(s.lab.total()) : 0.0f;
    ImGui::ProgressBar(f, ImVec2(160, 0));
  } else if (!catalog.empty()) {
    const bool run = ImGui::Button("Run");
    same_line_or_wrap(ImGui::CalcTextSize("Ladder").x + 8 * w.em + w.label);
    const bool ladder = ImGui::Button("Ladder");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(8 * w.em);
    ImGui::InputText("N##ladder", &ui.lab_ladder);  // mc:N against mc:2N for each N
    if (run || ladder) {
      const lab::CompareConfig c = compare_config(catalog, ui);
      if (ladder)
        s.lab.start_ladder(c, s.folder(), ui.lab_ladder);
      else
        s.lab.start(c, s.folder(), sequential_plan(ui));
    }
  }
}

// A sequential run at its last look: the anytime-valid interval, or the
// test's log-likelihood ratio between Wald's bounds (docs/lab.md).
void sequential_state(Session& s) {
  if (const auto live = s.lab.live(); live && s.lab.plan()) {
    if (s.lab.plan()->test) {
      ImGui::ProgressBar(test_progress(*s.lab.plan(), *live), ImVec2(160, 0), "H0 <- LLR -> H1");
      ImGui::SameLine();
    }
    ImGui::TextWrapped("%s", live_line(*s.lab.plan(), *live).c_str());
  }
}

// A result file's name, Load result, and the last error.
void load_controls(Session& s, UiState& ui) {
  ImGui::SetNextItemWidth(std::min(320.0f, ImGui::GetContentRegionAvail().x * 0.6f));
  ImGui::InputText("##file", &ui.lab_file);
  ImGui::SameLine();
  if (ImGui::Button("Load result")) s.lab.open(ui.lab_file);
  if (!s.lab.error().empty())
    ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", s.lab.error().c_str());
}

// The result's charts: bars with intervals, then the histograms.
void result_charts(const lab::CompareResult& r, const lab::Metrics& m, UiState& ui, float line) {
  // Bars per side when partners share a score, else per seat.
  const bool by_side = lab::shows_sides(m);
  std::vector<std::string> names;
  if (by_side) {
    for (const std::vector<int>& seats : m.diff.side_seats) names.push_back(lab::side_name(seats));
  } else {
    for (int p = 0; p < r.config.players; ++p) names.push_back(lab::side_name({p}));
  }
  // Two columns of charts in a wide panel, one in a narrow one; the charts
  // scroll in their own region under the table.
  ImGui::BeginChild("charts", ImVec2(0, 0));
  const float chart_h = std::max(9 * line, ImGui::GetContentRegionAvail().y * 0.3f);
  const bool two = ImGui::GetContentRegionAvail().x > 60 * ImGui::GetFontSize();
  const float half = two ? ImGui::GetContentRegionAvail().x * 0.5f - 4 : 0;
  ImGui::BeginChild("bars", ImVec2(half, two ? 0 : 4 * (chart_h + 2 * line)));
  ci_bars("##win", by_side ? "win rate per side (95% CI)" : "win rate per seat (95% CI)",
          "win rate", names, by_side ? m.a.side_win : m.a.seat_win,
          by_side ? m.b.side_win : m.b.seat_win, r, chart_h, 3);
  note_item(ui, "lab-win-chart");
  ci_bars("##score",
          by_side ? "mean final score per side (95% CI)" : "mean final score per seat (95% CI)",
          "points", names, by_side ? m.a.side_score : m.a.seat_score,
          by_side ? m.b.side_score : m.b.seat_score, r, chart_h, 1);
  ci_bars("##points", "points per game by combination, all sides (95% CI)", "points", m.kinds,
          m.a.points, m.b.points, r, chart_h, 1);
  ci_bars("##made", "made per game by combination (95% CI)", "per game", m.kinds, m.a.count,
          m.b.count, r, chart_h, 2);
  ImGui::EndChild();
  if (two) ImGui::SameLine();
  ImGui::BeginChild("histograms", ImVec2(0, two ? 0 : 2 * (chart_h + 2 * line)));
  histogram("##turns", "game length", "turns", r.tally.turns_a, r.tally.turns_b, r, chart_h);
  note_item(ui, "lab-turns-chart");
  histogram("##margin", "P1's margin (its side's score minus the best other side's)", "points",
            r.tally.margin_a, r.tally.margin_b, r, chart_h);
  ImGui::EndChild();
  note_item(ui, "lab-histograms");
  ImGui::EndChild();
}

// The result: what was compared, the metrics table, the charts.
void result_section(const lab::CompareResult& r, const lab::Metrics& m, UiState& ui) {
  ImGui::TextWrapped("%s (A, blue) against %s (B, orange): %d players, %zu paired deals%s",
                     r.a_id.c_str(), r.b_id.c_str(), r.config.players, m.deals,
                     r.interrupted ? " (interrupted)" : "");
  const float line = ImGui::GetTextLineHeightWithSpacing();
  metrics_table(r, m, std::max(8 * line, ImGui::GetContentRegionAvail().y * 0.35f), ui);
  note_item(ui, "lab-table");
  result_charts(r, m, ui, line);
}

}  // namespace

void draw_lab_panel(Session& s, UiState& ui) {
  if (!ImGui::Begin(panel_title(Panel::Lab), &ui.open[static_cast<int>(Panel::Lab)])) {
    ImGui::End();
    return;
  }
  const auto& catalog = s.catalog();
  const Widths widths = control_widths();
  comparison_controls(catalog, ui, widths);
  stopping_controls(ui, widths);
  run_controls(s, ui, widths);
  sequential_state(s);
  if (const std::vector<lab::LadderStep> steps = s.lab.ladder(); !steps.empty()) {
    skill_trace(steps, s.lab.ladder_ids(), 9 * ImGui::GetTextLineHeightWithSpacing());
    note_item(ui, "lab-ladder-chart");
  }
  if (!catalog.empty()) strength_section(s, ui, catalog[static_cast<size_t>(ui.lab_a)].id);
  load_controls(s, ui);
  if (!s.lab.has_result()) {
    ImGui::TextWrapped(
        "Run a paired comparison here, or load a result written by `zetema compare --out`.");
    ImGui::End();
    return;
  }
  result_section(s.lab.result(), s.lab.metrics(), ui);
  ImGui::End();
}

}  // namespace zetema::studio
