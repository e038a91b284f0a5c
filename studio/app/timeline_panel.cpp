// The timeline: step, scrub, play back, jump between scores, hands, turns.
#include <imgui.h>

#include "studio/app/ui.h"

#include "replays/text.h"

namespace zetema::studio {

void handle_shortcuts(Session& s, UiState& ui) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || !s.replay.is_open()) return;
  auto& c = s.replay.cursor();
  auto pressed = [](ImGuiKey k) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k)); };
  if (pressed(ImGuiKey_RightArrow)) c.next();
  if (pressed(ImGuiKey_LeftArrow)) c.prev();
  if (pressed(ImGuiKey_Home)) c.seek(0);
  if (pressed(ImGuiKey_End)) c.seek(c.size());
  if (pressed(ImGuiKey_PageDown)) c.seek_turn(c.turn_at(c.position()) + 1);
  if (pressed(ImGuiKey_PageUp)) {
    const size_t t = c.turn_at(c.position());
    c.seek_turn(c.position() > c.turn_starts()[t] || t == 0 ? t : t - 1);
  }
  if (pressed(ImGuiKey_Space)) s.replay.playing = !s.replay.playing;
  if (io.KeysDown[ImGui::GetKeyIndex(ImGuiKey_RightArrow)] ||
      io.KeysDown[ImGui::GetKeyIndex(ImGuiKey_LeftArrow)]) {
    ui.selected_event.reset();
  }
}

void draw_timeline_panel(Session& s, UiState& ui) {
  if (!ImGui::Begin(panel_title(Panel::Timeline), &ui.open[static_cast<int>(Panel::Timeline)])) {
    ImGui::End();
    return;
  }
  if (!s.replay.is_open()) {
    ImGui::TextWrapped("No replay open. File > Open, or try a sample from replays/samples/.");
    ImGui::End();
    return;
  }
  auto& c = s.replay.cursor();
  if (ImGui::Button("|<")) c.seek(0);
  ImGui::SameLine();
  if (ImGui::Button("<")) c.prev();
  ImGui::SameLine();
  if (ImGui::Button(s.replay.playing ? "Pause" : "Play")) s.replay.playing = !s.replay.playing;
  ImGui::SameLine();
  if (ImGui::Button(">")) c.next();
  ImGui::SameLine();
  if (ImGui::Button(">|")) c.seek(c.size());
  ImGui::SameLine();
  if (ImGui::Button("< score")) c.prev_score();
  ImGui::SameLine();
  if (ImGui::Button("score >")) c.next_score();
  ImGui::SameLine();
  float speed = static_cast<float>(s.replay.speed);
  ImGui::SetNextItemWidth(140);
  if (ImGui::SliderFloat("events/s", &speed, 1.0f, 100.0f, "%.0f", ImGuiSliderFlags_Logarithmic)) {
    s.replay.speed = speed;
  }
  ImGui::SameLine();
  ImGui::Text("hand %zu/%zu  turn %zu", c.hand_at(c.position()) + 1, c.hand_starts().size(),
              c.turn_at(c.position()) + 1);

  // The slider over the whole game, with hand, turn and score markers under it.
  int pos = static_cast<int>(c.position());
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##position", &pos, 0, static_cast<int>(c.size()), "position %d")) {
    c.seek(static_cast<size_t>(pos));
    ui.selected_event.reset();
  }
  const ImVec2 a = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x;
  const float h = 22.0f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float n = static_cast<float>(std::max<size_t>(1, c.size()));
  auto x_of = [&](size_t i) { return a.x + w * static_cast<float>(i) / n; };
  dl->AddRectFilled(a, ImVec2(a.x + w, a.y + h), IM_COL32(30, 30, 36, 255));
  for (size_t t : c.turn_starts())
    dl->AddLine(ImVec2(x_of(t), a.y + 14), ImVec2(x_of(t), a.y + h), IM_COL32(90, 90, 110, 255));
  for (size_t e : c.score_events())
    dl->AddCircleFilled(ImVec2(x_of(e), a.y + 8), 2.5f, IM_COL32(240, 190, 60, 255));
  for (size_t hs : c.hand_starts())
    dl->AddLine(ImVec2(x_of(hs), a.y), ImVec2(x_of(hs), a.y + h), IM_COL32(120, 200, 255, 255),
                2.0f);
  dl->AddLine(ImVec2(x_of(c.position()), a.y - 2), ImVec2(x_of(c.position()), a.y + h + 2),
              IM_COL32(255, 80, 80, 255), 2.0f);
  ImGui::InvisibleButton("##markers", ImVec2(w, h));
  if (ImGui::IsItemHovered() && c.size() > 0) {
    // Hover a point to preview its event; click to go there.
    const float fx = (ImGui::GetIO().MousePos.x - a.x) / w;
    const size_t i = std::min(c.size() - 1, static_cast<size_t>(std::max(0.0f, fx) * n));
    ImGui::SetTooltip("event %zu: %s", i,
                      replays::printable(describe(c.events()[i], c.state())).c_str());
    if (ImGui::IsItemClicked()) c.seek(i + 1);
  }
  ImGui::TextDisabled("keys: left/right step, Home/End, PgUp/PgDn by turn, Space play/pause");
  ImGui::End();
}

}  // namespace zetema::studio
