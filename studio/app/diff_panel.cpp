// The diff: rule set B and a policy; two streams side by side; the chart.
#include <imgui.h>

#include <algorithm>

#include "engine/bots.h"

#include "replays/text.h"
#include "studio/app/ui.h"

namespace zetema::studio {

// stop, skip, and bot:NAME for every bot (engine/bots.h).
const std::vector<std::string>& diff_policies() {
  static const std::vector<std::string> all = [] {
    std::vector<std::string> p{"stop", "skip"};
    for (const std::string& b : bot_names()) p.push_back("bot:" + b);
    return p;
  }();
  return all;
}

namespace {

const std::vector<std::string>& policies() {
  return diff_policies();
}
bool policy_name(void*, int i, const char** out) {
  *out = policies()[static_cast<size_t>(i)].c_str();
  return true;
}
constexpr ImU32 kSideColours[kMaxPlayers] = {
    IM_COL32(90, 170, 255, 255), IM_COL32(255, 140, 60, 255), IM_COL32(120, 220, 120, 255),
    IM_COL32(230, 90, 200, 255), IM_COL32(240, 220, 80, 255), IM_COL32(160, 160, 160, 255)};

// Cumulative score per side along the aligned rows: A solid, B thin.
void score_chart(const DiffSession& d, float height) {
  const auto& a = d.cumulative_a();
  const auto& b = d.cumulative_b();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + height), IM_COL32(24, 24, 30, 255));
  long long top = 1;
  for (size_t i = 0; i < a.size(); ++i) {
    for (int s = 0; s < kMaxPlayers; ++s) top = std::max({top, a[i][s], b[i][s]});
  }
  const float n = static_cast<float>(std::max<size_t>(1, a.size() - 1));
  auto pt = [&](size_t i, long long v) {
    return ImVec2(p.x + w * static_cast<float>(i) / n,
                  p.y + height - height * 0.95f * static_cast<float>(v) / static_cast<float>(top));
  };
  const int sides = std::max(d.result().a.final_state.sides, d.result().b.final_state.sides);
  for (int s = 0; s < sides; ++s) {
    for (size_t i = 1; i < a.size(); ++i) {
      dl->AddLine(pt(i - 1, a[i - 1][s]), pt(i, a[i][s]), kSideColours[s], 2.5f);
      dl->AddLine(pt(i - 1, b[i - 1][s]), pt(i, b[i][s]),
                  (kSideColours[s] & 0x00ffffff) | 0x90000000, 1.0f);
    }
  }
  if (d.first_divergence_row() < a.size()) {
    const float x = pt(d.first_divergence_row(), 0).x;
    dl->AddLine(ImVec2(x, p.y), ImVec2(x, p.y + height), IM_COL32(255, 60, 60, 255), 1.5f);
  }
  ImGui::Dummy(ImVec2(w, height));
  ImGui::TextDisabled("cumulative score per side: thick A, thin B; red line: first divergence");
}

}  // namespace

void draw_diff_panel(Session& s, UiState& ui) {
  if (!ImGui::Begin(panel_title(Panel::Diff), &ui.open[static_cast<int>(Panel::Diff)])) {
    ImGui::End();
    return;
  }
  if (!s.replay.is_open()) {
    ImGui::TextWrapped("Open a replay, then re-run it here under another rule set.");
    ImGui::End();
    return;
  }
  const auto& catalog = s.catalog();
  ImGui::Text("A: %s", s.replay.variant().rules.id.c_str());
  ImGui::SameLine();
  ImGui::SetNextItemWidth(150);
  if (!catalog.empty() &&
      ImGui::BeginCombo("B", catalog[std::min<size_t>(ui.diff_b, catalog.size() - 1)].id.c_str())) {
    for (size_t i = 0; i < catalog.size(); ++i) {
      if (ImGui::Selectable(catalog[i].id.c_str(), static_cast<int>(i) == ui.diff_b))
        ui.diff_b = static_cast<int>(i);
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(120);
  ImGui::Combo("policy", &ui.diff_policy, policy_name, nullptr,
               static_cast<int>(policies().size()));
  ImGui::SameLine();
  const bool run = ImGui::Button("Run diff");
  note_item(ui, "run-diff");
  if (run && !catalog.empty()) {
    s.run_diff(catalog[static_cast<size_t>(ui.diff_b)].id,
               policies()[static_cast<size_t>(ui.diff_policy)]);
  }
  if (!s.diff.is_open()) {
    ImGui::End();
    return;
  }
  ImGui::TextDisabled("diff of %s", replays::printable(s.diff.label()).c_str());
  const auto& d = s.diff.result();
  const State& sa = d.a.final_state;
  const State& sb = d.b.final_state;
  if (d.divergences.empty()) {
    ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.5f, 1), "no divergence under %s",
                       s.diff.b_rules().id.c_str());
  } else {
    const auto& f = d.divergences.front();
    ImGui::TextColored(ImVec4(1, 0.45f, 0.45f, 1), "first divergence at A event %zu: %s", f.a_event,
                       replays::printable(f.what).c_str());
    ImGui::TextWrapped("%s -> %s", replays::printable(f.reason).c_str(),
                       replays::printable(f.followed).c_str());
    if (ImGui::Button("Jump to first divergence")) ui.scroll_to_divergence = s.jump_to_divergence();
    ImGui::SameLine();
    ImGui::Text("(%zu divergence(s))", d.divergences.size());
  }
  std::string finals_a, finals_b;
  for (int side = 0; side < sa.sides; ++side)
    finals_a += side_name(sa, side) + " " + std::to_string(sa.score[side]) + "  ";
  for (int side = 0; side < sb.sides; ++side)
    finals_b += side_name(sb, side) + " " + std::to_string(sb.score[side]) + "  ";
  ImGui::Text("final A: %s%s", finals_a.c_str(),
              sa.over() ? winners_text(sa, sa.winners).c_str() : "");
  ImGui::Text("final B: %s%s", finals_b.c_str(),
              sb.over() ? winners_text(sb, sb.winners).c_str() : d.b_end.c_str());
  score_chart(s.diff, 90.0f);
  if (ImGui::CollapsingHeader("points by kind (all sides)")) {
    // By name: the built-in kinds, the variants' own, hook awards, zetemas.
    if (ImGui::BeginTable("by_kind", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
      ImGui::TableSetupColumn("kind");
      ImGui::TableSetupColumn("A");
      ImGui::TableSetupColumn("B");
      ImGui::TableSetupColumn("B - A");
      ImGui::TableHeadersRow();
      for (size_t k = 0; k < d.kinds.size(); ++k) {
        const long long pa = d.a.by_kind.points[k], pb = d.b.by_kind.points[k];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(replays::printable(d.kinds[k]).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%lld (%d)", pa, d.a.by_kind.count[k]);
        ImGui::TableNextColumn();
        ImGui::Text("%lld (%d)", pb, d.b.by_kind.count[k]);
        ImGui::TableNextColumn();
        ImGui::Text("%+lld", pb - pa);
      }
      ImGui::EndTable();
    }
  }
  if (ImGui::BeginTable("rows", 3,
                        ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                            ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("A #", ImGuiTableColumnFlags_WidthFixed, 44);
    ImGui::TableSetupColumn(("A: " + s.replay.variant().rules.id).c_str());
    ImGui::TableSetupColumn(("B: " + s.diff.b_rules().id).c_str());
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(d.rows.size()));
    if (ui.scroll_to_divergence)
      clip.ForceDisplayRangeByIndices(static_cast<int>(s.diff.first_divergence_row()),
                                      static_cast<int>(s.diff.first_divergence_row()) + 1);
    while (clip.Step()) {
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const auto& row = d.rows[static_cast<size_t>(i)];
        ImGui::TableNextRow();
        bool diverges = false;
        for (const auto& dv : d.divergences) diverges = diverges || (row.a && *row.a == dv.a_event);
        if (diverges) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(120, 30, 30, 255));
        ImGui::TableNextColumn();
        if (row.a) ImGui::Text("%zu", *row.a);
        if (ui.scroll_to_divergence && static_cast<size_t>(i) == s.diff.first_divergence_row()) {
          ImGui::SetScrollHereY(0.3f);
          ui.scroll_to_divergence = false;
        }
        ImGui::TableNextColumn();
        if (row.a)
          ImGui::TextUnformatted(replays::printable(describe(d.a.events[*row.a], sa)).c_str());
        ImGui::TableNextColumn();
        if (row.b) {
          ImGui::TextUnformatted(replays::printable(describe(d.b.events[*row.b], sb)).c_str());
        } else {
          ImGui::TextDisabled("(not played under B)");
        }
      }
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace zetema::studio
