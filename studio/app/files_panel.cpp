// Open a replay or a variant, or save the game, the variant or the replay
// under a new name: an in-app file browser, and the recent files.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <filesystem>

#include "studio/app/share_moment.h"
#include "studio/app/ui.h"

#include "replays/text.h"

namespace zetema::studio {

namespace fs = std::filesystem;

namespace {

// Opens a replay or a variant file, as the browser and Recent do.
bool open_path(Session& s, UiState& ui, const std::string& path) {
  const bool lua = fs::path(path).extension() == ".lua";
  // A variant replaces the editor's text: with unsaved edits, the prompt asks first.
  const bool ok =
      lua ? s.request({Session::EditorAction::Kind::OpenVariant, path, 0}) : s.open_replay(path);
  if (lua && s.pending()) {
    ui.open[static_cast<int>(Panel::Files)] = false;  // the prompt takes over
    return false;
  }
  ui.open_error = ok ? "" : s.status;
  if (ok) ui.open[static_cast<int>(Panel::Files)] = false;
  return ok;
}

constexpr const char* kSaveables[] = {"the play-mode game (replay)", "the edited variant (.lua)",
                                      "the open replay"};

// Save mode: what to save, under which name, in the folder shown.
void save_controls(Session& s, UiState& ui) {
  for (int i = 0; i < 3; ++i) {
    const auto what = static_cast<Session::Saveable>(i);
    if (!s.can_save(what)) ImGui::BeginDisabled();
    ImGui::RadioButton(kSaveables[i], &ui.save_what, i);
    if (!s.can_save(what)) ImGui::EndDisabled();
  }
  const auto what = static_cast<Session::Saveable>(ui.save_what);
  ImGui::SetNextItemWidth(-120);
  if (ImGui::InputText("file name", &ui.save_name)) ui.confirm_replace = false;
  const fs::path target = fs::path(ui.browse_dir) / ui.save_name;
  const bool ready = s.can_save(what) && !ui.save_name.empty();
  std::error_code ec;
  if (!ready) ImGui::BeginDisabled();
  if (ImGui::Button(ui.confirm_replace ? "Replace it" : "Save")) {
    if (fs::exists(target, ec) && !ui.confirm_replace) {
      ui.confirm_replace = true;  // ask once before overwriting
    } else {
      ui.confirm_replace = false;
      if (s.save_as(what, target.string())) {
        ui.open_error.clear();
        ui.open[static_cast<int>(Panel::Files)] = false;
      } else {
        ui.open_error = s.status;
      }
    }
  }
  if (!ready) ImGui::EndDisabled();
  if (ui.confirm_replace) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(1, 0.85f, 0.3f, 1), "%s exists: replace it?",
                       target.filename().string().c_str());
  }
  ImGui::Separator();
}

}  // namespace

void draw_files_panel(Session& s, UiState& ui) {
  const char* title = panel_title(Panel::Files);
  if (!ImGui::Begin(title, &ui.open[static_cast<int>(Panel::Files)])) {
    ImGui::End();
    return;
  }
  if (ui.browse_dir.empty()) ui.browse_dir = fs::current_path().string();
  ImGui::TextDisabled("%s", ui.files_saving ? "Save as" : "Open");
  if (ui.files_saving) {
    save_controls(s, ui);
  } else if (!s.settings.recent.empty()) {
    ImGui::Text("Recent");
    for (const std::string& r : s.settings.recent) {
      if (ImGui::Selectable(replays::printable(r).c_str())) open_path(s, ui, r);
    }
    ImGui::Separator();
  }
  ImGui::TextWrapped("%s", replays::printable(ui.browse_dir).c_str());
  if (ImGui::Button("Up")) ui.browse_dir = fs::path(ui.browse_dir).parent_path().string();
  if (!ui.open_error.empty())
    ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", replays::printable(ui.open_error).c_str());
  std::vector<fs::directory_entry> entries;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(ui.browse_dir, ec)) {
    const auto ext = e.path().extension();
    if (e.is_directory(ec) || ext == ".json" || ext == ".zrb" || ext == ".zgn" || ext == ".lua")
      entries.push_back(e);
  }
  std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
    return a.is_directory() != b.is_directory() ? a.is_directory() : a.path() < b.path();
  });
  ImGui::BeginChild("entries");
  for (const auto& e : entries) {
    const std::string name = e.path().filename().string() + (e.is_directory() ? "/" : "");
    const bool picked = ImGui::Selectable(replays::printable(name).c_str());
    note_item(ui, "file-" + name);
    if (picked) {
      if (e.is_directory()) {
        ui.browse_dir = e.path().string();
      } else if (ui.files_saving) {
        ui.save_name = e.path().filename().string();  // save over it (asked first)
        ui.confirm_replace = false;
      } else {
        open_path(s, ui, e.path().string());
      }
    }
  }
  ImGui::EndChild();
  ImGui::End();
}

void draw_menu(Session& s, UiState& ui) {
  // The bar's own background (MenuBarBg, opaque) covers the whole window:
  // no window background under it (every pixel drawn once; the software
  // renderer's cost is per pixel).
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0, 0, 0, 0));
  const bool bar = ImGui::BeginMainMenuBar();
  ImGui::PopStyleColor();
  if (!bar) return;
  menu_keyboard(ui);          // F10 or Alt: the bar takes the keyboard, "File" chosen
  if (ui.open_recent >= 0) {  // Ctrl+1..9
    const size_t i = static_cast<size_t>(ui.open_recent);
    ui.open_recent = -1;
    if (i < s.settings.recent.size()) open_path(s, ui, std::string(s.settings.recent[i]));
  }
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Open...", "Ctrl+O")) show_files_dialog(s, ui, false);
    if (ImGui::MenuItem("Save as...")) show_files_dialog(s, ui, true);
    if (ImGui::BeginMenu("Recent", !s.settings.recent.empty())) {
      for (size_t i = 0; i < s.settings.recent.size(); ++i) {
        const std::string key = i < 9 ? "Ctrl+" + std::to_string(i + 1) : "";
        const std::string r = s.settings.recent[i];
        if (ImGui::MenuItem(replays::printable(r).c_str(), key.c_str())) open_path(s, ui, r);
      }
      ImGui::EndMenu();
    }
    share_menu_items(s, ui);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    for (int p = 0; p < kPanels; ++p) view_menu_item(ui, static_cast<Panel>(p));
    ImGui::Separator();
    if (ImGui::MenuItem("Reset layout", "Ctrl+Shift+R")) reset_layout(ui);
    if (ImGui::MenuItem("Larger text", "Ctrl+=")) change_text_size(s, 1);
    if (ImGui::MenuItem("Smaller text", "Ctrl+-")) change_text_size(s, -1);
    if (ImGui::MenuItem("Default text size", "Ctrl+0")) change_text_size(s, 0);
    ImGui::EndMenu();
  }
  draw_diff_menu(s, ui);
  if (ImGui::BeginMenu("Help")) {
    ImGui::MenuItem("Keys", "F1, ?", &ui.help_open);
    ImGui::EndMenu();
  }
  if (s.replay.is_open()) ImGui::TextDisabled("  %s", replays::printable(s.replay.path()).c_str());
  ImGui::EndMainMenuBar();
}

void draw_status_bar(Session& s, UiState& ui) {
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float h = ImGui::GetFrameHeight();
  ImGui::SetNextWindowPos(ImVec2(0, d.y - h));
  ImGui::SetNextWindowSize(ImVec2(d.x, h));
  // Tiled, nothing lies under the bar and the window is cleared to its
  // background: it draws none of its own.
  if (ui.tiled) ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0, 0, 0, 0));
  // Not NoInputs: a file:line in the status (a reload's error) is a link.
  ImGui::Begin("##status", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoBringToFrontOnFocus);
  if (ui.tiled) ImGui::PopStyleColor();
  // The file and moment shown, always, at the right; the last thing that
  // happened in the rest, cut where it would run under them.
  const std::string moment = replays::printable(shown_moment(s, ui));
  const float moment_w = moment.empty() ? 0 : ImGui::CalcTextSize(moment.c_str()).x;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  const float status_right = std::max(at.x, right - moment_w - (moment.empty() ? 0 : 24));
  ImGui::PushClipRect(ImVec2(at.x, at.y - h), ImVec2(status_right, at.y + h), true);
  text_with_links(s, ui, s.status, "status-link");
  ImGui::PopClipRect();
  if (!moment.empty()) {
    ImGui::SetCursorScreenPos(ImVec2(right - moment_w, at.y));
    ImGui::TextDisabled("%s", moment.c_str());
  }
  ui.status_shown = s.status + " | " + moment;
  name_window(ui, moment.substr(0, moment.find(", position")));
  ImGui::End();
}

}  // namespace zetema::studio
