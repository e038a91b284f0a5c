#include "studio/app/ui.h"

#include <imgui.h>

#include <algorithm>

#include "studio/app/share_moment.h"

namespace zetema::studio {

const char* panel_title(Panel p) {
  switch (p) {
    case Panel::Table:
      return "Table";
    case Panel::Timeline:
      return "Timeline";
    case Panel::Explain:
      return "Score explanation";
    case Panel::Editor:
      return "Variant editor";
    case Panel::Diff:
      return "Diff";
    case Panel::Play:
      return "Play";
    case Panel::Files:
      return "Files";
    case Panel::Lab:
      return "Lab";
    case Panel::Corpus:
      return "Corpus";
    case Panel::Count:
      break;
  }
  return "?";
}

void note_rect(UiState& ui, const std::string& name, float x, float y, float w, float h) {
  if (ui.record_layout) ui.layout[name] = {x, y, w, h};
}

void note_item(UiState& ui, const std::string& name) {
  if (ui.scroll_to == name) ImGui::SetScrollHereY(1.0f);  // its bottom at the window's
  if (!ui.record_layout) return;
  note_drawn(ui, name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), ImGui::IsItemVisible());
}

void note_drawn(UiState& ui, const std::string& name, ImVec2 a, ImVec2 b, bool visible) {
  if (!ui.record_layout) return;
  // Wholly inside what its window shows (the clip rectangle) and the screen?
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 lo = dl->GetClipRectMin(), hi = dl->GetClipRectMax();
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  constexpr float kSlack = 1.0f;
  const bool whole = a.x >= lo.x - kSlack && a.y >= lo.y - kSlack && b.x <= hi.x + kSlack &&
                     b.y <= hi.y + kSlack && a.x >= 0 && a.y >= 0 && b.x <= d.x + kSlack &&
                     b.y <= d.y + kSlack;
  if (!whole) ui.clipped.insert(name);
  if (!visible) return;  // scrolled out: not clickable
  note_rect(ui, name, a.x, a.y, b.x - a.x, b.y - a.y);
}

void note_row(UiState& ui, const std::string& name) {
  if (!ui.record_layout) return;
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  constexpr float kSlack = 1.0f;
  const bool whole = a.y >= dl->GetClipRectMin().y - kSlack &&
                     b.y <= dl->GetClipRectMax().y + kSlack &&
                     b.y <= ImGui::GetIO().DisplaySize.y + kSlack;
  if (!whole) ui.clipped.insert(name);
  if (!ImGui::IsItemVisible()) return;
  note_rect(ui, name, a.x, a.y, b.x - a.x, b.y - a.y);
}

float combo_width(const char* widest) {
  return ImGui::CalcTextSize(widest).x + ImGui::GetFrameHeight() +
         2 * ImGui::GetStyle().FramePadding.x;
}

void same_line_or_wrap(float width) {
  const float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x;
  const float edge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (right + width <= edge) ImGui::SameLine();
}

std::array<bool, kPanels> covered_panels(const std::array<bool, kPanels>& open) {
  return covered_in_tiling(open);  // the same order: static_assert in draw_studio
}

void bring_to_front(UiState& ui, Panel p) {
  const int i = static_cast<int>(p);
  ui.open[i] = true;
  ui.focus = p;
  if (ui.windows.user_arranged) return;  // placed by the user: the focus is enough
  // Tiled, a panel covered by another is not drawn at all: close the ones
  // taking its place (the Lab the right column, the Corpus or Play the editor's).
  for (Panel over : {Panel::Lab, Panel::Corpus, Panel::Play}) {
    if (!covered_panels(ui.open)[static_cast<size_t>(i)]) break;
    if (over != p) ui.open[static_cast<int>(over)] = false;
  }
}

void view_menu_item(UiState& ui, Panel p) {
  bool& open = ui.open[static_cast<int>(p)];
  if (ImGui::MenuItem(panel_title(p), nullptr, &open) && open) bring_to_front(ui, p);
}

void reset_layout(UiState& ui) {
  ui.windows.reset = true;
}

void change_text_size(Session& s, float by) {
  s.settings.font_size =
      by == 0 ? Settings{}.font_size : std::clamp(s.settings.font_size + by, 10.0f, 32.0f);
}

namespace {

void handle_layout_keys(Session& s, UiState& ui) {
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.KeyCtrl) return;
  auto pressed = [](int glfw_key) { return ImGui::IsKeyPressed(glfw_key, false); };
  // GLFW key codes, as the backend of ImGui 1.86 indexes io.KeysDown.
  if (pressed(61 /* = */) || pressed(334 /* keypad + */)) change_text_size(s, 1);
  if (pressed(45 /* - */) || pressed(333 /* keypad - */)) change_text_size(s, -1);
  if (pressed(48 /* 0 */)) change_text_size(s, 0);
  if (io.KeyShift && pressed(82 /* R */)) reset_layout(ui);
}

}  // namespace

void draw_studio(Session& s, UiState& ui) {
  if (ui.record_layout) {
    ui.layout.clear();
    ui.clipped.clear();
  }
  handle_action_keys(s, ui);
  // While the menu bar or a panel's navigation has the keyboard (F10, Alt,
  // Tab), the arrows, Space and Enter are theirs.
  if (!ui.menu_by_key && !ui.panel_nav) handle_shortcuts(s, ui);
  handle_layout_keys(s, ui);
  handle_share_keys(s, ui);
  if (ui.replays_seen != s.replays_opened) {  // a replay just opened: the Table shows it
    ui.replays_seen = s.replays_opened;
    ui.table_shows_game = false;
  }
  if (ui.relayout) reset_layout(ui);
  ui.windows.display = current_display();
  draw_menu(s, ui);
  using Draw = void (*)(Session&, UiState&);
  static constexpr Draw kDraw[kPanels] = {
      draw_table_panel, draw_timeline_panel, draw_explain_panel, draw_editor_panel, draw_diff_panel,
      draw_play_panel,  draw_files_panel,    draw_lab_panel,     draw_corpus_panel};
  static_assert(kPanels == kSlots, "every panel has a place in the layout model");
  // Tiled panels never overlap, except the ones that take another's place
  // (Play the editor's, the Lab the right column): those hidden behind are
  // not drawn, and the others need no background of their own (the window
  // is cleared to it). Drawing every pixel once matters under a software
  // renderer (Xvfb), whose cost is per pixel and per triangle.
  const bool tiled =
      !ui.windows.user_arranged && !ui.windows.reset && !ui.open[static_cast<int>(Panel::Files)];
  const std::array<bool, kPanels> covered =
      tiled ? covered_panels(ui.open) : std::array<bool, kPanels>{};
  const bool transparent = tiled;
  ui.tiled = tiled;
  ui.windows.open = ui.open;  // the tiles depend on which panels are open
  for (int p = 0; p < kPanels; ++p) {
    if (!ui.open[p] || covered[static_cast<size_t>(p)]) {
      place_panel(ui.windows, p, panel_title(static_cast<Panel>(p)), false);
      continue;
    }
    if (ui.focus == static_cast<Panel>(p)) {
      ImGui::SetNextWindowFocus();
      ui.focus.reset();
    }
    place_panel(ui.windows, p, panel_title(static_cast<Panel>(p)), ui.open[p]);
    if (transparent) ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0, 0, 0, 0));
    kDraw[p](s, ui);
    if (transparent) ImGui::PopStyleColor();
  }
  ui.relayout = false;
  ui.windows.reset = false;
  if (ui.record_layout) {  // each panel's window, for real drags and resizes
    for (int p = 0; p < kPanels; ++p) {
      const char* title = panel_title(static_cast<Panel>(p));
      if (const auto r = ui.open[p] ? window_rect(title) : std::nullopt)
        note_rect(ui, std::string("window-") + title, r->x, r->y, r->w, r->h);
    }
  }
  draw_help_overlay(ui);
  draw_replay_prompt(s, ui);
  draw_status_bar(s, ui);
  draw_discard_prompt(s, ui);
}

}  // namespace zetema::studio
