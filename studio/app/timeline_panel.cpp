// The timeline: step, scrub, play back, jump between scores, hands, turns.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "studio/app/key_taps.h"
#include "studio/app/position_preview.h"
#include "studio/app/raster_texture.h"
#include "studio/app/ui.h"
#include "studio/app/viewer.h"

#include "replays/text.h"

namespace zetema::studio {

namespace {
constexpr float kDotRadius = kStripDotRadius;  // a score's dot on the marker strip
}  // namespace

void handle_shortcuts(Session& s, UiState&) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || !s.replay.is_open()) return;
  auto& c = s.replay.cursor();
  // Every press counts, however quick (key_taps.h).
  for (int n = key_taps(GLFW_KEY_RIGHT); n > 0; --n) c.next();
  for (int n = key_taps(GLFW_KEY_LEFT); n > 0; --n) c.prev();
  if (key_taps(GLFW_KEY_HOME)) c.seek(0);
  if (key_taps(GLFW_KEY_END)) c.seek(c.size());
  for (int n = key_taps(GLFW_KEY_PAGE_DOWN); n > 0; --n) s.replay.next_turn();
  for (int n = key_taps(GLFW_KEY_PAGE_UP); n > 0; --n) s.replay.prev_turn();
  if (key_taps(GLFW_KEY_SPACE) % 2) s.replay.playing = !s.replay.playing;
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
  const bool next_score = ImGui::Button("score >");
  note_item(ui, "next-score");
  if (next_score) c.next_score();
  ImGui::SameLine();
  float speed = static_cast<float>(s.replay.speed);
  ImGui::SetNextItemWidth(140);
  if (ImGui::SliderFloat("events/s", &speed, 1.0f, 100.0f, "%.0f", ImGuiSliderFlags_Logarithmic)) {
    s.replay.speed = speed;
  }
  ImGui::SameLine();
  // The table's own numbers (the same state), so the two never disagree:
  // at the end of a game being played, the live game's -- a turn ahead of
  // its last event when that turn began without one (no card to draw).
  const State& shown = s.replay_table();
  ImGui::Text("hand %d/%zu  turn %u", shown.hand_number, c.hand_starts().size(), shown.turn_number);
  ui.timeline_turn =
      "hand " + std::to_string(shown.hand_number) + " turn " + std::to_string(shown.turn_number);
  same_line_or_wrap(ImGui::CalcTextSize(s.replay_label().c_str()).x);
  ImGui::TextDisabled("%s", s.replay_label().c_str());

  // The slider over the whole game, with hand, turn and score markers under it.
  int pos = static_cast<int>(c.position());
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##position", &pos, 0, static_cast<int>(c.size()), "position %d")) {
    c.seek(static_cast<size_t>(pos));
  }
  const ImVec2 a = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x;
  const float h = 22.0f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float n = static_cast<float>(std::max<size_t>(1, c.size()));
  auto x_of = [&](size_t i) { return a.x + w * static_cast<float>(i) / n; };
  // One pixel column at a time (studio/session/tick_strip.h): where turns
  // or scores are too dense to tell apart they are not drawn as a solid bar:
  // turn ticks are left out (the hand lines remain) and scores become a
  // profile, taller where more of them fall. The strip is drawn once into an
  // image when the replay or the width changes and shown as one rectangle
  // (the software renderer's cost is per triangle, and a 200-hand replay's
  // strip was a thousand rectangles).
  const int columns = std::max(1, static_cast<int>(w));
  ui.ticks.columns(c.size(), c.hand_starts(), c.turn_starts(), c.score_events(), columns);
  const float scale = ImGui::GetIO().DisplayFramebufferScale.x;
  if (ui.ticks.paint(h, scale) || ui.tick_texture.empty()) ui.tick_texture.upload(ui.ticks.image());
  draw_raster(dl, ui.tick_texture, ui.ticks.image(), a, scale);
  // A score's dot is at the position after its event, where selecting it goes.
  if (ui.record_layout) {
    for (size_t e : c.score_events())
      note_rect(ui, "score-dot-" + std::to_string(e), x_of(e + 1) - kDotRadius,
                a.y + 8 - kDotRadius, 2 * kDotRadius, 2 * kDotRadius);
  }
  if (const auto d = s.replay.divergence()) {  // the edited rules stop here
    dl->AddTriangleFilled(ImVec2(x_of(*d) - 6, a.y), ImVec2(x_of(*d) + 6, a.y),
                          ImVec2(x_of(*d), a.y + 10), IM_COL32(255, 50, 50, 255));
  }
  dl->AddLine(ImVec2(x_of(c.position()), a.y - 2), ImVec2(x_of(c.position()), a.y + h + 2),
              IM_COL32(255, 80, 80, 255), 2.0f);
  ImGui::InvisibleButton("##markers", ImVec2(w, h));
  note_item(ui, "tick-strip");
  if (ImGui::IsItemHovered() && c.size() > 0) {
    // Hover a point to preview its event; click to select it.
    const double fx = (ImGui::GetIO().MousePos.x - a.x) / w;
    const size_t at = s.replay.position_at(fx, kDotRadius / w);
    if (at > 0) {
      position_preview_tooltip(s, at,
                               "event " + std::to_string(at - 1) + ": " +
                                   describe(c.events()[at - 1], c.state(), shown_seats(s, ui)),
                               shown_seats(s, ui));
    }
    if (ImGui::IsItemClicked()) c.seek(at);
  }
  draw_evaluation_line(s, ui);
  if (s.replay.divergence()) {
    ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "edited rules: %s",
                       replays::printable(s.replay.truncated()).c_str());
  }
  // Take command here (the Play panel holds the rules and seats to choose).
  const bool reloaded = s.replay.divergence() || s.replay.first_changed();
  if (ImGui::Button(reloaded ? "Continue under the new rules from here..." : "Play from here...")) {
    ui.open[static_cast<int>(Panel::Play)] = true;
    ui.focus = Panel::Play;
    ui.unfold_take_command = true;
  }
  ImGui::SameLine();
  ImGui::TextDisabled(
      "keys: left/right step, Home/End, PgUp/PgDn by turn, Space play/pause; F5 in Play: play from "
      "here");
  ImGui::End();
}

}  // namespace zetema::studio
