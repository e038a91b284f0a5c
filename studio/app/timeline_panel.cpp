// The timeline: step, scrub, play back, jump between scores, hands, turns.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "studio/app/event_list.h"
#include "studio/app/key_taps.h"
#include "studio/app/position_preview.h"
#include "studio/app/raster_texture.h"
#include "studio/app/ui.h"
#include "studio/app/viewer.h"

#include "replays/text.h"

namespace zetema::studio {

namespace {
// A click this near a score's position selects it: the largest dot's radius.
constexpr float kDotRadius = kStripDotMaxRadius;
}  // namespace

void handle_shortcuts(Session& s, UiState& ui) {
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
  // Finding events: letters alone (Ctrl+D or Alt+N belong to others).
  const bool plain = !io.KeyCtrl && !io.KeyAlt && !io.KeySuper;
  for (int n = plain ? key_taps(GLFW_KEY_N) : 0; n > 0; --n) step_kept_score(s, ui, !io.KeyShift);
  // D is the Play panel's declaration while a human has the turn there.
  const bool play_has_d = ui.open[static_cast<int>(Panel::Play)] && s.play.human_to_move();
  if (plain && !play_has_d && key_taps(GLFW_KEY_D)) jump_next_divergence(s, ui);
  if (io.KeyCtrl && !io.KeyShift && key_taps(GLFW_KEY_F)) {
    ui.open[static_cast<int>(Panel::Explain)] = true;
    ui.focus_event_search = true;
  }
}

namespace {

// The stepping buttons, the score jumps and the playback speed.
void transport(Session& s, UiState& ui) {
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
  // The scores the event list keeps (all of them when it filters nothing).
  if (ImGui::Button("< score")) step_kept_score(s, ui, false);
  ImGui::SameLine();
  const bool next_score = ImGui::Button("score >");
  note_item(ui, "next-score");
  if (next_score) step_kept_score(s, ui, true);
  ImGui::SameLine();
  float speed = static_cast<float>(s.replay.speed);
  ImGui::SetNextItemWidth(140);
  if (ImGui::SliderFloat("events/s", &speed, 1.0f, 100.0f, "%.0f", ImGuiSliderFlags_Logarithmic)) {
    s.replay.speed = speed;
  }
}

// Where the cursor is: hand and turn, and the replay's name.
void where_line(Session& s, UiState& ui) {
  // The table's own numbers (the same state), so the two never disagree:
  // at the end of a game being played, the live game's -- a turn ahead of
  // its last event when that turn began without one (no card to draw).
  const State& shown = s.replay_table();
  ImGui::Text("hand %d/%zu  turn %u", shown.hand_number, s.replay.cursor().hand_starts().size(),
              shown.turn_number);
  ui.timeline_turn =
      "hand " + std::to_string(shown.hand_number) + " turn " + std::to_string(shown.turn_number);
  same_line_or_wrap(ImGui::CalcTextSize(s.replay_label().c_str()).x);
  ImGui::TextDisabled("%s", s.replay_label().c_str());
}

// The marker strip under the slider: where it lies and how wide and tall it is.
struct Strip {
  ImVec2 at;
  float w, h;
  float x_of(size_t i, size_t events) const {
    const float n = static_cast<float>(std::max<size_t>(1, events));
    return at.x + w * static_cast<float>(i) / n;
  }
};

// The hand, turn and score markers, the edited rules' stop and the cursor.
void strip_markers(Session& s, UiState& ui, const Strip& strip) {
  auto& c = s.replay.cursor();
  const ImVec2 a = strip.at;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  auto x_of = [&](size_t i) { return strip.x_of(i, c.size()); };
  // One pixel column at a time (studio/session/tick_strip.h): where turns
  // or scores are too dense to tell apart they are not drawn as a solid bar:
  // turn ticks are left out (the hand lines remain) and scores become a
  // profile, taller where more of them fall. The strip is drawn once into an
  // image when the replay or the width changes and shown as one rectangle
  // (the software renderer's cost is per triangle, and a 200-hand replay's
  // strip was a thousand rectangles).
  const int columns = std::max(1, static_cast<int>(strip.w));
  const auto& cols = ui.ticks.columns(c.size(), c.hand_starts(), c.turn_starts(), c.score_events(),
                                      columns, &c.events());
  const float scale = ImGui::GetIO().DisplayFramebufferScale.x;
  if (ui.ticks.paint(strip.h, scale) || ui.tick_texture.empty())
    ui.tick_texture.upload(ui.ticks.image());
  draw_raster(dl, ui.tick_texture, ui.ticks.image(), a, scale);
  // A score's dot is at the position after its event, where selecting it goes.
  if (ui.record_layout) {
    const int32_t most = strip_density(cols).most_points;
    for (size_t e : c.score_events()) {
      const float r = score_dot_radius(c.events()[e].points, most);
      note_rect(ui, "score-dot-" + std::to_string(e), x_of(e + 1) - r, a.y + 8 - r, 2 * r, 2 * r);
    }
  }
  if (const auto d = s.replay.divergence()) {  // the edited rules stop here
    dl->AddTriangleFilled(ImVec2(x_of(*d) - 6, a.y), ImVec2(x_of(*d) + 6, a.y),
                          ImVec2(x_of(*d), a.y + 10), IM_COL32(255, 50, 50, 255));
  }
  dl->AddLine(ImVec2(x_of(c.position()), a.y - 2), ImVec2(x_of(c.position()), a.y + strip.h + 2),
              IM_COL32(255, 80, 80, 255), 2.0f);
}

// The strip as a button over the markers, with the hovered event's preview.
void strip_input(Session& s, UiState& ui, const Strip& strip) {
  auto& c = s.replay.cursor();
  ImGui::InvisibleButton("##markers", ImVec2(strip.w, strip.h));
  note_item(ui, "tick-strip");
  if (ImGui::IsItemHovered() && c.size() > 0) {
    // Hover a point to preview its event; click to select it.
    const double fx = (ImGui::GetIO().MousePos.x - strip.at.x) / strip.w;
    const size_t at = s.replay.position_at(fx, kDotRadius / strip.w);
    if (at > 0) {
      position_preview_tooltip(s, at,
                               "event " + std::to_string(at - 1) + ": " +
                                   describe(c.events()[at - 1], c.state(), shown_seats(s, ui)),
                               shown_seats(s, ui));
    }
    if (ImGui::IsItemClicked()) c.seek(at);
  }
}

// The slider over the whole game, with hand, turn and score markers under it.
void position_bar(Session& s, UiState& ui) {
  auto& c = s.replay.cursor();
  int pos = static_cast<int>(c.position());
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##position", &pos, 0, static_cast<int>(c.size()), "position %d")) {
    c.seek(static_cast<size_t>(pos));
  }
  const Strip strip{ImGui::GetCursorScreenPos(), ImGui::GetContentRegionAvail().x, 22.0f};
  strip_markers(s, ui, strip);
  strip_input(s, ui, strip);
}

// What the score dots' colours mean: each kind the strip shows, in its colour.
void score_legend(UiState& ui) {
  const uint32_t seen = ui.ticks.kinds_seen();
  if (seen == 0) return;
  const char* head = "scores:";
  same_line_or_wrap(ImGui::CalcTextSize(head).x);
  ImGui::TextDisabled("%s", head);
  for (int k = 0; k < kScoreKinds; ++k) {
    if (!(seen >> k & 1u)) continue;
    const auto kind = static_cast<ScoreKind>(k);
    const char* name = score_kind_name(kind);
    same_line_or_wrap(ImGui::CalcTextSize(name).x);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(score_kind_colour(kind)), "%s", name);
  }
  note_item(ui, "score-legend");
}

// The edited rules' note and the button to take command from here.
void take_command(Session& s, UiState& ui) {
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
  score_legend(ui);
  const char* keys = "keys: left/right step, N next score, D next divergence; F1 lists every key";
  same_line_or_wrap(ImGui::CalcTextSize(keys).x);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextWrapped("%s", keys);
  ImGui::PopStyleColor();
}

}  // namespace

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
  transport(s, ui);
  ImGui::SameLine();
  where_line(s, ui);
  position_bar(s, ui);
  draw_evaluation_line(s, ui);
  take_command(s, ui);
  ImGui::End();
}

}  // namespace zetema::studio
