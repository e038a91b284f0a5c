#include "studio/app/share_moment.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <stb_image_write.h>

#include <algorithm>
#include <filesystem>
#include <vector>

#include "replays/replay_file.h"
#include "studio/app/viewer.h"
#include "studio/session/moment_text.h"
#include "studio/session/turn_words.h"

namespace zetema::studio {

namespace {

bool shows_game(const Session& s, const UiState& ui) {
  return ui.table_shows_game && s.play.is_open();
}

}  // namespace

std::string moment_for_clipboard(const Session& s, const UiState& ui) {
  const SeatsShown shown = shown_seats(s, ui);
  if (shows_game(s, ui)) {
    const State& t = s.game_table();
    Moment m{"game in play", t.rules ? t.rules->id : "", 0, nullptr, nullptr};
    return moment_text(m, t, shown);
  }
  if (!s.replay.is_open()) return "";
  const auto& c = s.replay.cursor();
  Moment m;
  m.file = std::filesystem::path(s.replay.path()).filename().string();
  m.variant = s.replay.variant().rules.id;
  m.position = c.position();
  m.last = c.position() > 0 ? &c.events()[c.position() - 1] : nullptr;
  const bool live = &s.replay_table() != &c.state();
  m.next = live ? nullptr : next_event(c);
  return moment_text(m, s.replay_table(), shown);
}

std::string shown_moment(const Session& s, const UiState& ui) {
  if (shows_game(s, ui)) {
    const State& t = s.game_table();
    return "the play-mode game (" + (t.rules ? t.rules->id : std::string("?")) + ")";
  }
  if (!s.replay.is_open()) return "";
  return s.replay_label() + ", position " + std::to_string(s.replay.cursor().position());
}

void name_window(UiState& ui, const std::string& file) {
  const std::string title = file.empty() ? "Zetema Studio" : file + " - Zetema Studio";
  if (title == ui.window_title) return;
  ui.window_title = title;
  if (GLFWwindow* w = glfwGetCurrentContext()) glfwSetWindowTitle(w, title.c_str());
}

void copy_position(Session& s, UiState& ui) {
  const std::string text = moment_for_clipboard(s, ui);
  if (text.empty()) {
    s.status = "nothing to copy: open a replay or start a game";
    return;
  }
  ImGui::SetClipboardText(text.c_str());
  s.status = "copied the position as text (" + std::to_string(text.size()) + " bytes)";
}

void request_table_png(Session& s, UiState& ui, const std::string& path) {
  if (!ui.open[static_cast<int>(Panel::Table)]) {
    s.status = "the Table panel is closed: nothing to save as PNG";
    return;
  }
  if (!path.empty()) {
    ui.table_png = path;
    return;
  }
  if (!s.replay.is_open() || shows_game(s, ui)) {
    s.status = "Save table as PNG: no replay open to save it beside";
    return;
  }
  const std::filesystem::path r(s.replay.path());
  ui.table_png = (r.parent_path() / (r.stem().string() + "-position-" +
                                     std::to_string(s.replay.cursor().position()) + ".png"))
                     .string();
}

void write_requested_table_png(Session& s, UiState& ui, int fb_width, int fb_height) {
  if (ui.table_png.empty()) return;
  const std::string path = ui.table_png;
  ui.table_png.clear();
  const auto r = window_rect(panel_title(Panel::Table));
  if (!r) {
    s.status = "the Table panel was not drawn: no PNG saved";
    return;
  }
  const float scale = ImGui::GetIO().DisplayFramebufferScale.x;
  const int x = std::clamp(static_cast<int>(r->x * scale), 0, fb_width);
  const int y = std::clamp(static_cast<int>(r->y * scale), 0, fb_height);
  const int w = std::clamp(static_cast<int>(r->w * scale), 0, fb_width - x);
  const int h = std::clamp(static_cast<int>(r->h * scale), 0, fb_height - y);
  std::vector<unsigned char> pixels(static_cast<size_t>(w) * static_cast<size_t>(h) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  // OpenGL's rows run bottom to top: the panel's bottom row is fb_height - y - h.
  glReadPixels(x, fb_height - y - h, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  stbi_flip_vertically_on_write(1);
  std::string png;
  const auto append = [](void* to, void* data, int n) {
    static_cast<std::string*>(to)->append(static_cast<const char*>(data), static_cast<size_t>(n));
  };
  if (w == 0 || h == 0 ||
      stbi_write_png_to_func(append, &png, w, h, 4, pixels.data(), w * 4) == 0) {
    s.status = "cannot encode the table as PNG";
    return;
  }
  const std::string why = replays::write_file_atomically(path, png);
  s.status = why.empty() ? "saved the table (" + std::to_string(w) + "x" + std::to_string(h) +
                               ") as " + path
                         : "the table was not saved as PNG: " + why;
}

void share_menu_items(Session& s, UiState& ui) {
  if (ImGui::MenuItem("Copy position as text", "Ctrl+Shift+C")) copy_position(s, ui);
  if (ImGui::MenuItem("Save table as PNG", "Ctrl+Shift+P")) request_table_png(s, ui, "");
}

void handle_share_keys(Session& s, UiState& ui) {
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.KeyCtrl || !io.KeyShift || io.WantTextInput) return;
  // GLFW key codes, as the backend of ImGui 1.86 indexes io.KeysDown.
  if (ImGui::IsKeyPressed(67 /* C */, false)) copy_position(s, ui);
  if (ImGui::IsKeyPressed(80 /* P */, false)) request_table_png(s, ui, "");
}

}  // namespace zetema::studio
