// The Lab: run or load a paired comparison and chart it -- bars with
// confidence intervals, histograms of game length and margin.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>

#include "engine/match.h"
#include "studio/app/ui.h"

namespace zetema::studio {

namespace {

constexpr ImU32 kA = IM_COL32(90, 170, 255, 255);
constexpr ImU32 kB = IM_COL32(255, 150, 70, 255);

// Paired bars with 95% whiskers: one group per label, A then B. Bars stand
// on zero, below it for a negative mean (a hook's awards can be).
void ci_bars(const char* title, const std::vector<std::string>& labels,
             const std::vector<lab::Estimate>& a, const std::vector<lab::Estimate>& b,
             float height) {
  ImGui::Text("%s", title);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + height), IM_COL32(24, 24, 30, 255));
  double top = 1e-9, bottom = 0;
  for (const auto* list : {&a, &b}) {
    for (const auto& e : *list) {
      top = std::max(top, e.hi);
      bottom = std::min(bottom, e.lo);
    }
  }
  const float group = w / static_cast<float>(std::max<size_t>(1, labels.size()));
  auto y = [&](double v) {
    return p.y + height - 16 - (height - 24) * static_cast<float>((v - bottom) / (top - bottom));
  };
  for (size_t i = 0; i < labels.size(); ++i) {
    const float x0 = p.x + group * static_cast<float>(i) + group * 0.15f;
    const float bw = group * 0.3f;
    for (int k = 0; k < 2; ++k) {
      const lab::Estimate& e = k == 0 ? a[i] : b[i];
      const float x = x0 + static_cast<float>(k) * bw;
      dl->AddRectFilled(ImVec2(x, std::min(y(e.mean), y(0))),
                        ImVec2(x + bw - 2, std::max(y(e.mean), y(0))), k == 0 ? kA : kB);
      const float mid = x + bw / 2 - 1;
      dl->AddLine(ImVec2(mid, y(e.lo)), ImVec2(mid, y(e.hi)), IM_COL32(255, 255, 255, 230), 1.5f);
      dl->AddLine(ImVec2(mid - 4, y(e.hi)), ImVec2(mid + 4, y(e.hi)), IM_COL32(255, 255, 255, 230));
      dl->AddLine(ImVec2(mid - 4, y(e.lo)), ImVec2(mid + 4, y(e.lo)), IM_COL32(255, 255, 255, 230));
    }
    // A long kind name is cut at its group's edge.
    const float gx = p.x + group * static_cast<float>(i);
    dl->PushClipRect(ImVec2(gx, p.y), ImVec2(gx + group - 2, p.y + height), true);
    dl->AddText(ImVec2(std::max(gx + 1, x0 - group * 0.1f), p.y + height - 15),
                IM_COL32(200, 200, 200, 255), labels[i].c_str());
    dl->PopClipRect();
  }
  ImGui::Dummy(ImVec2(w, height));
}

// Two overlaid histograms of per-game values under A and B, from the run's
// counts per value (lab/tally.h): 30 bins over the values seen.
void histogram(const char* title, const lab::Histogram& a, const lab::Histogram& b, float height) {
  ImGui::Text("%s", title);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + height), IM_COL32(24, 24, 30, 255));
  if (a.empty()) {
    ImGui::Dummy(ImVec2(w, height));
    return;
  }
  const int64_t lo = std::min(a.min, b.empty() ? a.min : b.min);
  const int64_t hi = std::max(a.max, b.empty() ? a.max : b.max);
  constexpr int kBins = 30;
  const std::vector<uint64_t> ca = a.bins(kBins, lo, hi), cb = b.bins(kBins, lo, hi);
  const uint64_t top =
      std::max(*std::max_element(ca.begin(), ca.end()), *std::max_element(cb.begin(), cb.end()));
  const float bw = w / kBins;
  for (size_t i = 0; i < static_cast<size_t>(kBins); ++i) {
    const float x = p.x + bw * static_cast<float>(i);
    auto bar = [&](uint64_t count, ImU32 colour) {
      const float h = (height - 18) * static_cast<float>(count) /
                      static_cast<float>(std::max<uint64_t>(1, top));
      dl->AddRectFilled(ImVec2(x + 1, p.y + height - 16 - h), ImVec2(x + bw - 1, p.y + height - 16),
                        colour);
    };
    bar(ca[i], (kA & 0x00ffffff) | 0xa0000000);
    bar(cb[i], (kB & 0x00ffffff) | 0xa0000000);
  }
  char range[64];
  std::snprintf(range, sizeof range, "%lld", static_cast<long long>(lo));
  dl->AddText(ImVec2(p.x + 2, p.y + height - 15), IM_COL32(200, 200, 200, 255), range);
  std::snprintf(range, sizeof range, "%lld", static_cast<long long>(hi));
  dl->AddText(ImVec2(p.x + w - 40, p.y + height - 15), IM_COL32(200, 200, 200, 255), range);
  ImGui::Dummy(ImVec2(w, height));
}

void metrics_table(const lab::CompareResult& r, const lab::Metrics& m) {
  if (!ImGui::BeginTable("metrics", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV))
    return;
  ImGui::TableSetupColumn("metric");
  ImGui::TableSetupColumn(("A: " + r.a_id).c_str());
  ImGui::TableSetupColumn(("B: " + r.b_id).c_str());
  ImGui::TableSetupColumn("B - A (paired)");
  ImGui::TableHeadersRow();
  auto row = [](const std::string& name, const lab::Estimate& a, const lab::Estimate& b,
                const lab::Estimate& d, const char* fmt) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(name.c_str());
    for (const lab::Estimate* e : {&a, &b, &d}) {
      ImGui::TableNextColumn();
      char buf[96];
      std::snprintf(buf, sizeof buf, fmt, e->mean, e->lo, e->hi);
      ImGui::TextUnformatted(buf);
    }
  };
  if (lab::shows_sides(m)) {  // partners share a score: one row per side
    for (size_t side = 0; side < m.diff.side_seats.size(); ++side) {
      const std::string name = lab::side_label(m.diff.side_seats[side], r.config.bots);
      row(name + " win rate", m.a.side_win[side], m.b.side_win[side], m.diff.side_win[side],
          "%.3f [%.3f, %.3f]");
      row(name + " score", m.a.side_score[side], m.b.side_score[side], m.diff.side_score[side],
          "%.1f [%.1f, %.1f]");
    }
  } else {
    for (int p = 0; p < r.config.players; ++p) {
      const std::string seat = lab::side_label({p}, r.config.bots);
      row(seat + " win rate", m.a.seat_win[p], m.b.seat_win[p], m.diff.seat_win[p],
          "%.3f [%.3f, %.3f]");
      row(seat + " score", m.a.seat_score[p], m.b.seat_score[p], m.diff.seat_score[p],
          "%.1f [%.1f, %.1f]");
    }
  }
  row("turns per game", m.a.turns, m.b.turns, m.diff.turns, "%.1f [%.1f, %.1f]");
  row("hands per game", m.a.hands, m.b.hands, m.diff.hands, "%.2f [%.2f, %.2f]");
  row("completion", m.a.completion, m.b.completion, m.diff.completion, "%.3f [%.3f, %.3f]");
  row("zetemas per hand", m.a.zetemas_per_hand, m.b.zetemas_per_hand, m.diff.zetemas_per_hand,
      "%.2f [%.2f, %.2f]");
  if (m.a.mc_beats_greedy && m.b.mc_beats_greedy) {
    row("mc beats greedy", *m.a.mc_beats_greedy, *m.b.mc_beats_greedy, *m.diff.mc_beats_greedy,
        "%.3f [%.3f, %.3f]");
  }
  ImGui::EndTable();
  ImGui::Text("balance: A %.3f, B %.3f", m.a.balance, m.b.balance);
  // Per kind, by name: the built-in kinds, the variants' own, hook awards, zetemas.
  if (!ImGui::CollapsingHeader("points and declarations per game, by kind")) return;
  if (!ImGui::BeginTable("kinds", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) return;
  ImGui::TableSetupColumn("kind");
  ImGui::TableSetupColumn(("A: " + r.a_id).c_str());
  ImGui::TableSetupColumn(("B: " + r.b_id).c_str());
  ImGui::TableSetupColumn("B - A (paired)");
  ImGui::TableHeadersRow();
  for (size_t k = 0; k < m.kinds.size(); ++k) {
    row(m.kinds[k] + " points/game", m.a.points[k], m.b.points[k], m.diff.points[k],
        "%.1f [%.1f, %.1f]");
    row(m.kinds[k] + " made/game", m.a.count[k], m.b.count[k], m.diff.count[k],
        "%.2f [%.2f, %.2f]");
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
  auto pick = [&](const char* label, int& index) {
    ImGui::SetNextItemWidth(130);
    if (catalog.empty()) return;
    if (ImGui::BeginCombo(label, catalog[std::min<size_t>(index, catalog.size() - 1)].id.c_str())) {
      for (size_t i = 0; i < catalog.size(); ++i) {
        if (ImGui::Selectable(catalog[i].id.c_str(), static_cast<int>(i) == index))
          index = static_cast<int>(i);
      }
      ImGui::EndCombo();
    }
  };
  pick("A", ui.lab_a);
  ImGui::SameLine();
  pick("B", ui.lab_b);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90);
  ImGui::SliderInt("players", &ui.lab_players, kMinPlayers, kMaxPlayers);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90);
  ImGui::InputInt("deals", &ui.lab_deals, 100);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(160);
  ImGui::InputText("bots", &ui.lab_bots);
  ImGui::SameLine();
  ImGui::Checkbox("rotate", &ui.lab_rotate);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(100);
  ImGui::InputText("until", &ui.lab_until);  // e.g. win:P1; empty: all the deals
  ImGui::SameLine();
  ImGui::SetNextItemWidth(70);
  ImGui::InputFloat("+-", &ui.lab_resolution);
  ImGui::SameLine();
  if (s.lab.running()) {
    if (ImGui::Button("Stop")) s.lab.stop();
    ImGui::SameLine();
    const float f =
        s.lab.total() ? static_cast<float>(s.lab.done()) / static_cast<float>(s.lab.total()) : 0.0f;
    ImGui::ProgressBar(f, ImVec2(160, 0));
  } else if (ImGui::Button("Run") && !catalog.empty()) {
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
    std::optional<lab::SequentialPlan> plan;
    if (!ui.lab_until.empty()) {
      plan = lab::SequentialPlan{};
      plan->metric = ui.lab_until;
      plan->resolution = std::max(1e-6, static_cast<double>(ui.lab_resolution));
    }
    s.lab.start(c, s.folder(), plan);
  }
  // A sequential run's anytime-valid interval at its last look (docs/lab.md).
  if (const auto live = s.lab.live(); live && s.lab.plan()) {
    ImGui::Text("%s: %.4f [%.4f, %.4f] after %llu deals%s", s.lab.plan()->metric.c_str(),
                live->sums.mean, live->sums.mean - live->half_width,
                live->sums.mean + live->half_width, static_cast<unsigned long long>(live->sums.n),
                live->done ? " (stopped)" : "");
  }
  ImGui::SetNextItemWidth(320);
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
  ImGui::Text("%s (A, blue) against %s (B, orange): %d players, %zu paired deals%s", r.a_id.c_str(),
              r.b_id.c_str(), r.config.players, m.deals, r.interrupted ? " (interrupted)" : "");
  metrics_table(r, m);
  // Bars per side when partners share a score, else per seat.
  const bool by_side = lab::shows_sides(m);
  std::vector<std::string> names;
  if (by_side) {
    for (const std::vector<int>& seats : m.diff.side_seats) names.push_back(lab::side_name(seats));
  } else {
    for (int p = 0; p < r.config.players; ++p) names.push_back(lab::side_name({p}));
  }
  const float half = ImGui::GetContentRegionAvail().x * 0.5f - 4;
  ImGui::BeginChild("bars", ImVec2(half, 0));
  ci_bars(by_side ? "win rate per side (95% CI)" : "win rate per seat (95% CI)", names,
          by_side ? m.a.side_win : m.a.seat_win, by_side ? m.b.side_win : m.b.seat_win, 150);
  ci_bars(by_side ? "mean final score per side (95% CI)" : "mean final score per seat (95% CI)",
          names, by_side ? m.a.side_score : m.a.seat_score,
          by_side ? m.b.side_score : m.b.seat_score, 150);
  ci_bars("points per game by kind, all sides (95% CI)", m.kinds, m.a.points, m.b.points, 150);
  ci_bars("made per game by kind (95% CI)", m.kinds, m.a.count, m.b.count, 150);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("histograms", ImVec2(0, 0));
  histogram("game length in turns", r.tally.turns_a, r.tally.turns_b, 150);
  histogram("P1's margin (its side's score minus the best other side's)", r.tally.margin_a,
            r.tally.margin_b, 150);
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace zetema::studio
