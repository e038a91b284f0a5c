// The Lab: run or load a paired comparison and chart it -- bars with
// confidence intervals, histograms of game length and margin.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
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

// Every row `zetema compare` prints (lab/summary_rows.h), per-combination
// rows included, scrolling sideways in a narrow panel.
void metrics_table(const lab::CompareResult& r, const lab::Metrics& m, float height) {
  const auto flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                     ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY;
  if (!ImGui::BeginTable("metrics", 4, flags, ImVec2(0, height))) return;
  const float cell = ImGui::CalcTextSize("-00.000 [-00.000, -00.000]").x;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("metric", ImGuiTableColumnFlags_WidthFixed,
                          ImGui::CalcTextSize("sequence_of_seven made/game").x);
  ImGui::TableSetupColumn(("A: " + r.a_id).c_str(), ImGuiTableColumnFlags_WidthFixed, cell);
  ImGui::TableSetupColumn(("B: " + r.b_id).c_str(), ImGuiTableColumnFlags_WidthFixed, cell);
  ImGui::TableSetupColumn("B - A (paired)", ImGuiTableColumnFlags_WidthFixed, cell);
  ImGui::TableHeadersRow();
  // The design metrics exist for a run played here and for a result file
  // written with --design (format 3), not for other loaded results.
  for (const lab::SummaryRow& row : lab::summary_rows(r, m, r.design)) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (!row.note.empty()) {
      ImGui::TextDisabled("%s", row.note.c_str());
      continue;
    }
    if (row.per_kind)
      ImGui::TextColored(ImVec4(0.85f, 0.85f, 0.6f, 1), "%s", row.name.c_str());
    else
      ImGui::TextUnformatted(row.name.c_str());
    const int d = row.decimals;
    for (const lab::Estimate* e : {&row.a, &row.b, &row.diff}) {
      ImGui::TableNextColumn();
      if (row.single)
        ImGui::Text("%.*f", d, e->mean);
      else
        ImGui::Text("%.*f [%.*f, %.*f]", d, e->mean, d, e->lo, d, e->hi);
    }
  }
  ImGui::EndTable();
}

}  // namespace

void draw_lab_panel(Session& s, UiState& ui) {
  if (!ImGui::Begin(panel_title(Panel::Lab), &ui.open[static_cast<int>(Panel::Lab)])) {
    ImGui::End();
    return;
  }
  const auto& catalog = s.catalog();
  // Widths in the text's size, so the controls grow with it.
  const float em = ImGui::GetFontSize();
  const float pick_w = combo_width("house_example"), number_w = 7 * em, bots_w = 12 * em;
  const float mode_w = combo_width("all deals"), metric_w = 8 * em;
  auto pick = [&](const char* label, int& index) {
    ImGui::SetNextItemWidth(pick_w);
    if (catalog.empty()) return;
    if (ImGui::BeginCombo(label, catalog[std::min<size_t>(index, catalog.size() - 1)].id.c_str())) {
      for (size_t i = 0; i < catalog.size(); ++i) {
        if (ImGui::Selectable(catalog[i].id.c_str(), static_cast<int>(i) == index))
          index = static_cast<int>(i);
      }
      ImGui::EndCombo();
    }
  };
  const float label = ImGui::CalcTextSize("players").x + 8;
  pick("A", ui.lab_a);
  same_line_or_wrap(pick_w + label);
  pick("B", ui.lab_b);
  same_line_or_wrap(number_w + label);
  ImGui::SetNextItemWidth(number_w);
  ImGui::SliderInt("players", &ui.lab_players, kMinPlayers, kMaxPlayers);
  same_line_or_wrap(number_w + label);
  ImGui::SetNextItemWidth(number_w);
  ImGui::InputInt("deals", &ui.lab_deals, 100);
  same_line_or_wrap(bots_w + label);
  ImGui::SetNextItemWidth(bots_w);
  ImGui::InputText("bots", &ui.lab_bots);
  same_line_or_wrap(ImGui::CalcTextSize("rotate").x + 40);
  ImGui::Checkbox("rotate", &ui.lab_rotate);
  same_line_or_wrap(mode_w + label);
  const char* modes[] = {"all deals", "until", "test"};
  ImGui::SetNextItemWidth(mode_w);
  ImGui::Combo("mode", &ui.lab_mode, modes, 3);
  if (ui.lab_mode != 0) {
    same_line_or_wrap(metric_w + label);
    ImGui::SetNextItemWidth(metric_w);
    ImGui::InputText("metric", &ui.lab_until);  // e.g. win:P1 (docs/lab.md)
  }
  if (ui.lab_mode == 1) {
    same_line_or_wrap(5 * em + label);
    ImGui::SetNextItemWidth(5 * em);
    ImGui::InputFloat("+-", &ui.lab_resolution);
  } else if (ui.lab_mode == 2) {
    same_line_or_wrap(5 * em + label);
    ImGui::SetNextItemWidth(5 * em);
    ImGui::InputFloat("H0", &ui.lab_h0);
    same_line_or_wrap(5 * em + label);
    ImGui::SetNextItemWidth(5 * em);
    ImGui::InputFloat("H1", &ui.lab_h1);
  }
  same_line_or_wrap(ImGui::CalcTextSize("Stop").x + 16);
  if (s.lab.running()) {
    if (ImGui::Button("Stop")) s.lab.stop();
    ImGui::SameLine();
    const float f =
        s.lab.total() ? static_cast<float>(s.lab.done()) / static_cast<float>(s.lab.total()) : 0.0f;
    ImGui::ProgressBar(f, ImVec2(160, 0));
  } else if (!catalog.empty()) {
    const bool run = ImGui::Button("Run");
    same_line_or_wrap(ImGui::CalcTextSize("Ladder").x + 8 * em + label);
    const bool ladder = ImGui::Button("Ladder");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(8 * em);
    ImGui::InputText("N##ladder", &ui.lab_ladder);  // mc:N against mc:2N for each N
    if (run || ladder) {
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
      if (ladder) {
        s.lab.start_ladder(c, s.folder(), ui.lab_ladder);
      } else {
        std::optional<lab::SequentialPlan> plan;
        if (ui.lab_mode != 0) {
          plan = lab::SequentialPlan{};
          plan->metric = ui.lab_until;
          if (ui.lab_mode == 1)
            plan->resolution = std::max(1e-6, static_cast<double>(ui.lab_resolution));
          else
            plan->test = lab::Sprt{ui.lab_h0, ui.lab_h1};
        }
        s.lab.start(c, s.folder(), plan);
      }
    }
  }
  // A sequential run at its last look: the anytime-valid interval, or the
  // test's log-likelihood ratio between Wald's bounds (docs/lab.md).
  if (const auto live = s.lab.live(); live && s.lab.plan()) {
    if (s.lab.plan()->test) {
      ImGui::ProgressBar(test_progress(*s.lab.plan(), *live), ImVec2(160, 0), "H0 <- LLR -> H1");
      ImGui::SameLine();
    }
    ImGui::TextWrapped("%s", live_line(*s.lab.plan(), *live).c_str());
  }
  if (const std::vector<lab::LadderStep> steps = s.lab.ladder(); !steps.empty()) {
    skill_trace(steps, s.lab.ladder_ids(), 9 * ImGui::GetTextLineHeightWithSpacing());
    note_item(ui, "lab-ladder-chart");
  }
  ImGui::SetNextItemWidth(std::min(320.0f, ImGui::GetContentRegionAvail().x * 0.6f));
  ImGui::InputText("##file", &ui.lab_file);
  ImGui::SameLine();
  if (ImGui::Button("Load result")) s.lab.open(ui.lab_file);
  if (!s.lab.error().empty())
    ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", s.lab.error().c_str());
  if (!s.lab.has_result()) {
    ImGui::TextWrapped(
        "Run a paired comparison here, or load a result written by `zetema compare --out`.");
    ImGui::End();
    return;
  }
  const lab::CompareResult& r = s.lab.result();
  const lab::Metrics& m = s.lab.metrics();
  ImGui::TextWrapped("%s (A, blue) against %s (B, orange): %d players, %zu paired deals%s",
                     r.a_id.c_str(), r.b_id.c_str(), r.config.players, m.deals,
                     r.interrupted ? " (interrupted)" : "");
  const float line = ImGui::GetTextLineHeightWithSpacing();
  metrics_table(r, m, std::max(8 * line, ImGui::GetContentRegionAvail().y * 0.35f));
  note_item(ui, "lab-table");
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
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace zetema::studio
