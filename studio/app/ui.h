// The studio's windows. Each draws the session model and sends it
// commands; none holds game logic. One function per panel, one file each.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "studio/app/window_layout.h"
#include "studio/session/session.h"
#include "studio/session/tick_strip.h"

namespace zetema::studio {

enum class Panel { Table, Timeline, Explain, Editor, Diff, Play, Files, Lab, Count };
inline constexpr int kPanels = static_cast<int>(Panel::Count);
const char* panel_title(Panel p);

// What the views remember between frames (not part of the game).
struct UiState {
  std::array<bool, kPanels> open{true, true, true, true, true, false, false, false};
  bool relayout = false;                  // put every window back in the tiled layout next frame
  WindowLayout windows;                   // where the panels are (tiled until the user moves one)
  std::optional<Panel> focus;             // bring this window to the front next frame
  bool table_shows_game = false;          // the table shows the play-mode game, not the replay
  size_t explain_scrolled_to = SIZE_MAX;  // the event the explanation's list last scrolled to
  // Scripted mode's export-layout: where named items were drawn last frame
  // (x, y, w, h in window pixels), so a test can click them with real input.
  bool record_layout = false;
  std::map<std::string, std::array<float, 4>> layout;
  std::set<std::string> clipped;  // of those, the ones not wholly visible (cut or off-screen)
  TickStrip ticks;                // the timeline's markers per pixel column
  // Variant editor: the picker, the file it last followed, a pending discard.
  int editor_pick = 0;
  std::string editor_synced;
  std::string discard_armed;  // which button asked to discard unsaved edits
  // Diff panel choices.
  int diff_b = 0;
  int diff_policy = 0;
  bool scroll_to_divergence = false;
  // Play panel choices.
  int play_variant = 0;
  int play_players = 3;
  // Indexes into the seat kinds: 0 human, then engine/bots.h bot_names() (1 random, 2 greedy).
  std::array<int, kMaxPlayers> play_seats{0, 2, 2, 2, 2, 2};
  int play_seed = 1;
  bool show_bot_hands = false;  // the table shows the bots' cards in a live game
  // Lab panel choices.
  int lab_a = 0, lab_b = 2, lab_players = 2, lab_deals = 500, lab_seed = 1;
  std::string lab_bots = "greedy";
  std::string lab_file;
  // File browser.
  std::string browse_dir;
  std::string open_error;
  bool files_saving = false;     // the browser saves (File > Save as) rather than opens
  int save_what = 0;             // a Session::Saveable
  std::string save_name;         // the file name, in browse_dir
  bool confirm_replace = false;  // the name exists: the next Save replaces it
};

// Records the last item's rectangle under `name` when recording the layout
// (and, in `clipped`, whether any of it is cut off by its window or the screen).
void note_item(UiState& ui, const std::string& name);
void note_rect(UiState& ui, const std::string& name, float x, float y, float w, float h);

void draw_menu(Session& s, UiState& ui);
void draw_table_panel(Session& s, UiState& ui);
void draw_timeline_panel(Session& s, UiState& ui);
void draw_explain_panel(Session& s, UiState& ui);
void draw_editor_panel(Session& s, UiState& ui);
void draw_diff_panel(Session& s, UiState& ui);
void draw_play_panel(Session& s, UiState& ui);
void draw_files_panel(Session& s, UiState& ui);
void draw_lab_panel(Session& s, UiState& ui);
void draw_status_bar(Session& s);
// The keyboard shortcuts for stepping: arrows, Home/End, PgUp/PgDn, Space.
void handle_shortcuts(Session& s, UiState& ui);

// Every panel, laid out for a window of this size (studio/app/window_layout.h).
void draw_studio(Session& s, UiState& ui);
// ImGui::SameLine() if an item `width` pixels wide still fits on this line,
// else nothing (it goes on the next): rows of controls wrap in narrow panels.
void same_line_or_wrap(float width);
// In the tiled layout, the panels hidden behind another (the Lab covers the
// editor, diff and play; Play covers the editor): not drawn.
std::array<bool, kPanels> covered_panels(const std::array<bool, kPanels>& open);
// View > Reset layout, and the text size (Ctrl+= / Ctrl+- / Ctrl+0).
void reset_layout(UiState& ui);
void change_text_size(Session& s, float by);

}  // namespace zetema::studio
