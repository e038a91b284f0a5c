// The variant editor: the Lua text, save, the reload's result.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <filesystem>

#include "studio/app/ui.h"

namespace zetema::studio {

namespace {

// Whether an action that replaces the editor's text may go ahead: at once
// when nothing is unsaved, else on a second click of the same button.
bool may_discard(const Session& s, UiState& ui, const char* what) {
  if (!s.editor.dirty() || ui.discard_armed == what) {
    ui.discard_armed.clear();
    return true;
  }
  ui.discard_armed = what;
  return false;
}

}  // namespace

void draw_editor_panel(Session& s, UiState& ui) {
  if (!ImGui::Begin(panel_title(Panel::Editor), &ui.open[static_cast<int>(Panel::Editor)])) {
    ImGui::End();
    return;
  }
  const auto& catalog = s.catalog();
  // The picker follows the file being edited when it is one of the folder's.
  if (s.editor.path() != ui.editor_synced) {
    ui.editor_synced = s.editor.path();
    const std::string stem = std::filesystem::path(s.editor.path()).stem().string();
    for (size_t i = 0; i < catalog.size(); ++i)
      if (catalog[i].id == stem) ui.editor_pick = static_cast<int>(i);
  }
  if (!catalog.empty()) {
    int& pick = ui.editor_pick;
    pick = std::min(pick, static_cast<int>(catalog.size()) - 1);
    ImGui::SetNextItemWidth(160);
    if (ImGui::BeginCombo("##variant", catalog[static_cast<size_t>(pick)].id.c_str())) {
      for (size_t i = 0; i < catalog.size(); ++i) {
        if (ImGui::Selectable(catalog[i].id.c_str(), static_cast<int>(i) == pick))
          pick = static_cast<int>(i);
      }
      ImGui::EndCombo();
    }
    ImGui::SameLine();
    if (ImGui::Button("Edit") && may_discard(s, ui, "edit"))
      s.open_variant(catalog[static_cast<size_t>(pick)].id);
    ImGui::SameLine();
  }
  if (s.replay.is_open() && ImGui::Button("Edit the replay's variant") &&
      may_discard(s, ui, "replay"))
    s.open_variant(s.replay.variant().rules.id);
  if (!ui.discard_armed.empty())
    ImGui::TextColored(ImVec4(1, 0.85f, 0.3f, 1),
                       "unsaved changes: click again to discard them, or Save first");
  if (!s.editor.is_open()) {
    ImGui::TextWrapped(
        "Choose a variant to edit. Saving reloads it; the open replay is re-applied.");
    ImGui::End();
    return;
  }
  ImGui::Text("%s%s", s.editor.path().c_str(), s.editor.dirty() ? "  (modified)" : "");
  // The GLFW backend indexes keys by GLFW key code, which for letters is ASCII.
  const bool save =
      ImGui::Button("Save (Ctrl+S)") || (ImGui::GetIO().KeyCtrl && ImGui::IsKeyPressed('S', false));
  if (save) s.save_variant();
  ImGui::SameLine();
  if (ImGui::Button("Revert") && may_discard(s, ui, "revert")) s.open_variant(s.editor.path());
  if (const auto& err = s.editor.error()) {
    ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "line %d: %s error: %s", err->line,
                       std::string(to_string(err->kind)).c_str(), err->message.c_str());
    // The offending line itself, when the error is in the edited file.
    if (err->line > 0 && err->file == s.editor.path()) {
      size_t at = 0;
      for (int n = 1; n < err->line && at != std::string::npos; ++n) {
        at = s.editor.text.find('\n', at);
        if (at != std::string::npos) ++at;
      }
      if (at != std::string::npos) {
        const std::string line = s.editor.text.substr(at, s.editor.text.find('\n', at) - at);
        ImGui::TextColored(ImVec4(1, 0.7f, 0.7f, 1), "%4d | %s", err->line, line.c_str());
      }
    }
    if (s.editor.good())
      ImGui::TextDisabled("still playing the last good %s", s.editor.good()->rules.id.c_str());
  } else if (s.editor.good()) {
    ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.5f, 1), "loaded %s", s.editor.good()->rules.id.c_str());
  }
  ImGui::InputTextMultiline("##lua", &s.editor.text, ImVec2(-1, -1),
                            ImGuiInputTextFlags_AllowTabInput);
  ImGui::End();
}

}  // namespace zetema::studio
