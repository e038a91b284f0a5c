// Open a replay or a variant: an in-app file browser and the recent files.
#include <imgui.h>

#include <algorithm>
#include <filesystem>

#include "studio/app/ui.h"

namespace zetema::studio {

namespace fs = std::filesystem;

void draw_files_panel(Session& s, UiState& ui) {
  if (!ImGui::Begin(panel_title(Panel::Files), &ui.open[static_cast<int>(Panel::Files)])) {
    ImGui::End();
    return;
  }
  if (ui.browse_dir.empty()) ui.browse_dir = fs::current_path().string();
  auto open = [&](const fs::path& p) {
    const std::string path = p.string();
    const bool ok = p.extension() == ".lua" ? s.open_variant(path) : s.open_replay(path);
    ui.open_error = ok ? "" : s.status;
    if (ok) ui.open[static_cast<int>(Panel::Files)] = false;
  };
  if (!s.settings.recent.empty()) {
    ImGui::Text("Recent");
    for (const std::string& r : s.settings.recent) {
      if (ImGui::Selectable(r.c_str())) open(r);
    }
    ImGui::Separator();
  }
  ImGui::TextWrapped("%s", ui.browse_dir.c_str());
  if (ImGui::Button("Up")) ui.browse_dir = fs::path(ui.browse_dir).parent_path().string();
  if (!ui.open_error.empty())
    ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", ui.open_error.c_str());
  std::vector<fs::directory_entry> entries;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(ui.browse_dir, ec)) {
    const auto ext = e.path().extension();
    if (e.is_directory(ec) || ext == ".json" || ext == ".zrb" || ext == ".lua")
      entries.push_back(e);
  }
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
    return a.is_directory() != b.is_directory() ? a.is_directory() : a.path() < b.path();
  });
  ImGui::BeginChild("entries");
  for (const auto& e : entries) {
    const std::string name = e.path().filename().string() + (e.is_directory() ? "/" : "");
    if (ImGui::Selectable(name.c_str())) {
      if (e.is_directory()) {
        ui.browse_dir = e.path().string();
      } else {
        open(e.path());
      }
    }
  }
  ImGui::EndChild();
  ImGui::End();
}

void draw_menu(Session& s, UiState& ui) {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Open...")) {
      ui.open[static_cast<int>(Panel::Files)] = true;
      ui.focus = Panel::Files;
    }
    if (ImGui::BeginMenu("Recent", !s.settings.recent.empty())) {
      for (const std::string& r : s.settings.recent) {
        if (ImGui::MenuItem(r.c_str())) s.open_replay(r);
      }
      ImGui::EndMenu();
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    for (int p = 0; p < kPanels; ++p)
      ImGui::MenuItem(panel_title(static_cast<Panel>(p)), nullptr, &ui.open[p]);
    ImGui::EndMenu();
  }
  if (s.replay.is_open()) ImGui::TextDisabled("  %s", s.replay.path().c_str());
  ImGui::EndMainMenuBar();
}

void draw_status_bar(Session& s) {
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float h = ImGui::GetFrameHeight();
  ImGui::SetNextWindowPos(ImVec2(0, d.y - h));
  ImGui::SetNextWindowSize(ImVec2(d.x, h));
  ImGui::Begin("##status", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  ImGui::TextUnformatted(s.status.c_str());
  ImGui::End();
}

}  // namespace zetema::studio
