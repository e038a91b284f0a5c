#include "studio/app/ui.h"

#include <imgui.h>

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

void place_window(Panel p, bool relayout) {
  // A tiled layout in fractions of the display (used the first time only;
  // imgui.ini keeps the user's own layout afterwards).
  struct Tile {
    float x, y, w, h;
  };
  static constexpr Tile kTiles[kPanels] = {
      {0.00f, 0.03f, 0.62f, 0.60f},  // Table
      {0.00f, 0.63f, 0.62f, 0.14f},  // Timeline
      {0.00f, 0.77f, 0.62f, 0.20f},  // Explain
      {0.62f, 0.03f, 0.38f, 0.45f},  // Editor
      {0.62f, 0.48f, 0.38f, 0.49f},  // Diff
      {0.62f, 0.03f, 0.38f, 0.45f},  // Play (in the editor's place, in front)
      {0.25f, 0.15f, 0.50f, 0.60f},  // Files
      {0.10f, 0.05f, 0.80f, 0.90f},  // Lab
      {0.05f, 0.05f, 0.60f, 0.80f},  // Corpus
  };
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const Tile& t = kTiles[static_cast<int>(p)];
  const ImGuiCond when = relayout ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
  ImGui::SetNextWindowPos(ImVec2(t.x * d.x, t.y * d.y), when);
  ImGui::SetNextWindowSize(ImVec2(t.w * d.x, t.h * d.y), when);
}

void note_rect(UiState& ui, const std::string& name, float x, float y, float w, float h) {
  if (ui.record_layout) ui.layout[name] = {x, y, w, h};
}

void note_item(UiState& ui, const std::string& name) {
  if (!ui.record_layout || !ImGui::IsItemVisible()) return;  // scrolled out: not clickable
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  note_rect(ui, name, a.x, a.y, b.x - a.x, b.y - a.y);
}

void draw_studio(Session& s, UiState& ui) {
  if (ui.record_layout) ui.layout.clear();
  handle_shortcuts(s, ui);
  draw_menu(s, ui);
  using Draw = void (*)(Session&, UiState&);
  static constexpr Draw kDraw[kPanels] = {
      draw_table_panel, draw_timeline_panel, draw_explain_panel, draw_editor_panel, draw_diff_panel,
      draw_play_panel,  draw_files_panel,    draw_lab_panel,     draw_corpus_panel};
  for (int p = 0; p < kPanels; ++p) {
    if (!ui.open[p]) continue;
    if (ui.focus == static_cast<Panel>(p)) {
      ImGui::SetNextWindowFocus();
      ui.focus.reset();
    }
    place_window(static_cast<Panel>(p), ui.relayout);
    kDraw[p](s, ui);
  }
  ui.relayout = false;
  draw_replay_prompt(s, ui);
  draw_status_bar(s, ui);
  draw_discard_prompt(s, ui);
}

}  // namespace zetema::studio
