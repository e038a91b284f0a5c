// Play mode: set up a game against bots, then choose among the legal
// actions (the illegal ones shown disabled, with the engine's reason).
#include <imgui.h>

#include "engine/bots.h"

#include "replays/text.h"
#include "studio/app/ui.h"

namespace zetema::studio {

namespace {
// "human" and every bot (engine/bots.h), in that order.
const std::vector<std::string>& seat_kinds() {
  static const std::vector<std::string> kinds = [] {
    std::vector<std::string> k{"human"};
    for (const std::string& b : bot_names()) k.push_back(b);
    return k;
  }();
  return kinds;
}
bool seat_kind_name(void*, int i, const char** out) {
  *out = seat_kinds()[static_cast<size_t>(i)].c_str();
  return true;
}
}  // namespace

void draw_play_panel(Session& s, UiState& ui) {
  if (!ImGui::Begin(panel_title(Panel::Play), &ui.open[static_cast<int>(Panel::Play)])) {
    ImGui::End();
    return;
  }
  if (s.autosave_waiting()) {
    ImGui::TextColored(ImVec4(1, 0.85f, 0.3f, 1),
                       "An unfinished game was saved when the studio last ran.");
    if (ImGui::Button("Resume it")) {
      s.resume_play();
      ui.table_shows_game = true;
    }
    ImGui::Separator();
  }
  const auto& catalog = s.catalog();
  if (ImGui::CollapsingHeader("New game", s.play.is_open() ? 0 : ImGuiTreeNodeFlags_DefaultOpen) &&
      !catalog.empty()) {
    ImGui::SetNextItemWidth(160);
    if (ImGui::BeginCombo(
            "variant", catalog[std::min<size_t>(ui.play_variant, catalog.size() - 1)].id.c_str())) {
      for (size_t i = 0; i < catalog.size(); ++i) {
        if (ImGui::Selectable(catalog[i].id.c_str(), static_cast<int>(i) == ui.play_variant))
          ui.play_variant = static_cast<int>(i);
      }
      ImGui::EndCombo();
    }
    ImGui::SetNextItemWidth(160);
    ImGui::SliderInt("players", &ui.play_players, kMinPlayers, kMaxPlayers);
    for (int p = 0; p < ui.play_players; ++p) {
      ImGui::SetNextItemWidth(110);
      ImGui::Combo(player_name(p).c_str(), &ui.play_seats[p], seat_kind_name, nullptr,
                   static_cast<int>(seat_kinds().size()));
      if (p % 3 != 2 && p + 1 < ui.play_players) ImGui::SameLine();
    }
    ImGui::SetNextItemWidth(160);
    ImGui::InputInt("seed", &ui.play_seed);
    if (ImGui::Button("Start")) {
      std::vector<std::string> seats;
      for (int p = 0; p < ui.play_players; ++p)
        seats.push_back(seat_kinds()[static_cast<size_t>(ui.play_seats[p])]);
      if (s.start_play(catalog[static_cast<size_t>(ui.play_variant)].id, ui.play_players, seats,
                       static_cast<uint64_t>(std::max(0, ui.play_seed)))) {
        ui.table_shows_game = true;
      }
    }
  }
  if (!s.play.is_open()) {
    ImGui::End();
    return;
  }
  const State& st = s.play.state();
  ImGui::Separator();
  if (st.over()) {
    ImGui::TextColored(ImVec4(1, 0.8f, 0.2f, 1), "game over: %s",
                       winners_text(st, st.winners).c_str());
  } else if (s.play.human_to_move()) {
    ImGui::Text("%s to play", player_name(st.current).c_str());
  } else {
    ImGui::TextDisabled("waiting");
  }
  if (ImGui::Button("Undo my last action")) s.play.undo();
  ImGui::SameLine();
  ImGui::TextDisabled("saved after every action: %s", s.autosave_path().c_str());
  if (!s.play.error().empty())
    ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", replays::printable(s.play.error()).c_str());
  ImGui::BeginChild("choices");
  for (const Choice& c : s.play.choices()) {
    ImGui::BeginDisabled(!c.legal);
    ImGui::PushID(c.label.c_str());
    if (ImGui::Button(c.label.c_str())) s.play.play(c.action);
    ImGui::PopID();
    ImGui::EndDisabled();
    if (!c.legal && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
      ImGui::SetTooltip("%s", replays::printable(c.reason).c_str());
    }
    if (!c.legal) {
      ImGui::SameLine();
      ImGui::TextDisabled("%s", replays::printable(c.reason).c_str());
    }
  }
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace zetema::studio
