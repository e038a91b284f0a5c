// The list of every key (F1, ?): keymap.h's table, over the panels.
#include <imgui.h>

#include "studio/app/keymap.h"
#include "studio/app/ui.h"

namespace zetema::studio {

void draw_help_overlay(UiState& ui) {
  static bool shown = false;  // focused once, as it opens (a click behind may cover it)
  if (!ui.help_open) {
    shown = false;
    return;
  }
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(d.x * 0.8f, d.y * 0.8f), ImGuiCond_Always);
  if (!shown) ImGui::SetNextWindowFocus();
  shown = true;
  if (!ImGui::Begin("Keys (F1 or ? hides this list)", &ui.help_open,
                    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse |
                        ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize)) {
    ImGui::End();
    return;
  }
  constexpr ImGuiTableFlags kFlags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY;
  if (ImGui::BeginTable("keys", 3, kFlags)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthStretch, 0.25f);
    ImGui::TableSetupColumn("where", ImGuiTableColumnFlags_WidthStretch, 0.25f);
    ImGui::TableSetupColumn("what it does", ImGuiTableColumnFlags_WidthStretch, 0.5f);
    ImGui::TableHeadersRow();
    for (const KeyBinding& k : kKeyBindings) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", k.keys);
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", k.where);
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s", k.what);
    }
    ImGui::EndTable();
  }
  note_item(ui, "help-overlay");
  ImGui::End();
}

}  // namespace zetema::studio
