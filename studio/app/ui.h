// The studio's windows. Each draws the session model and sends it
// commands; none holds game logic. One function per panel, one file each.
#pragma once

#include <imgui.h>

#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>

#include "studio/app/editor_view.h"
#include "studio/app/raster_texture.h"
#include "studio/app/window_layout.h"
#include "studio/session/event_filter.h"
#include "studio/session/session.h"
#include "studio/session/tick_strip.h"

namespace zetema::studio {

enum class Panel { Table, Timeline, Explain, Editor, Diff, Play, Files, Lab, Corpus, Count };
inline constexpr int kPanels = static_cast<int>(Panel::Count);
const char* panel_title(Panel p);

// What the views remember between frames (not part of the game).
struct UiState {
  std::array<bool, kPanels> open{true, true, true, true, true, false, false, false, false};
  bool tiled = false;          // this frame's panels are tiled (none overlaps another or the bars)
  bool relayout = false;       // put every window back in the tiled layout next frame
  WindowLayout windows;        // where the panels are (tiled until the user moves one)
  std::optional<Panel> focus;  // bring this window to the front next frame
  // The hand and turn the Table and the Timeline last drew ("hand 1 turn 3"),
  // for the scripted check that they agree.
  std::string table_turn, timeline_turn;
  bool table_shows_game = false;          // the table shows the play-mode game, not the replay
  uint64_t replays_seen = 0;              // Session::replays_opened when last drawn
  size_t explain_scrolled_to = SIZE_MAX;  // the event the explanation's list last scrolled to
  EventQuery event_query;           // the event list's search and filter (studio/app/event_list.h)
  EventFinder event_finder;         // ... the rows it keeps, found when the query changes
  bool focus_event_search = false;  // Ctrl+F: the search field takes the keys next frame
  bool open_event_filter = false;   // the scripted mode's click on the list's Filter button
  // Scripted mode's export-layout: where named items were drawn last frame
  // (x, y, w, h in window pixels), so a test can click them with real input.
  bool record_layout = false;
  std::map<std::string, std::array<float, 4>> layout;
  std::set<std::string> clipped;  // of those, the ones not wholly visible (cut or off-screen)
  std::string scroll_to;          // a named item its window scrolls to (the scripted `scroll-to`)
  TickStrip ticks;                // the timeline's markers per pixel column
  RasterTexture tick_texture;     // ... drawn into an image (ticks.image())
  // Variant editor: the picker, the file it last followed, a pending discard.
  int editor_pick = 0;
  std::string editor_synced;
  EditorView editor_view;
  // Diff panel choices, and the diff they were last set from.
  int diff_b = 0;
  bool unfold_diff_rules = false;  // the scripted mode's click on the Diff's rule line
  int diff_policy = 3;             // an index into diff_policies(): bot:greedy, so B has a result
  std::string diff_choices_of;
  bool scroll_to_divergence = false;
  // The position, the diff (its generation) and the rows' height (pixels)
  // the Diff's rows last followed.
  std::tuple<size_t, uint64_t, int> diff_rows_at{SIZE_MAX, 0, 0};
  bool diff_b_table = false;  // the Diff shows B's table at the aligned row
  // Corpus view choices (the policy an index into diff_policies(): bot:greedy).
  char corpus_path[512] = "";
  int corpus_b = 2;
  int corpus_policy = 3;
  // Play panel choices.
  int play_variant = 0;
  int play_players = 3;
  // Indexes into the seat kinds: 0 human, then engine/bots.h bot_names() (1 random, 2 greedy).
  std::array<int, kMaxPlayers> play_seats{0, 2, 2, 2, 2, 2};
  int play_seed = 1;
  bool show_bot_hands = false;  // the table shows the bots' cards in a live game
  int take_rules = 0;           // take command under: 0 the replay's rules, else catalog[i - 1]
  uint64_t log_seen = 0;        // the game generation the move log last scrolled to
  int log_scroll = 0;           // frames left to keep the move log at its end
  bool unfold_take_command = false;  // the timeline's "Play from here..." asks for it
  int seat_view = -1;                // the single-seat view's seat (-1: every hand)
  // Lab panel choices.
  int lab_a = 0, lab_b = 2, lab_players = 2, lab_deals = 500, lab_seed = 1;
  // Issue 15: seat rotation; a sequential run until METRIC's interval is +-X (empty: fixed).
  bool lab_rotate = false;
  std::string lab_until;  // the sequential metric (until or test)
  float lab_resolution = 0.01f;
  int lab_mode = 0;  // 0: all the deals, 1: until the interval is narrow, 2: SPRT test
  float lab_h0 = 0.0f, lab_h1 = 0.02f;
  std::string lab_ladder = "8,16,32";  // the skill trace's budgets N (mc:N against mc:2N)
  std::string lab_bots = "greedy";
  // The strength ladder's bots and deals a pair (the Lab's last section).
  std::string lab_strength_bots = "random,greedy,imperial,mc,ismcts:250,ismcts";
  int lab_strength_deals = 20;
  std::string lab_file;
  // File browser.
  std::string browse_dir;
  std::string open_error;
  bool files_saving = false;     // the browser saves (File > Save as) rather than opens
  int save_what = 0;             // a Session::Saveable
  std::string save_name;         // the file name, in browse_dir
  bool confirm_replace = false;  // the name exists: the next Save replaces it
  // Keyboard (keyboard.cpp): the list of keys shown; F10 or an Alt tap asked
  // for the menu bar; the bar is driven by keys; File > Recent's entry to open.
  bool help_open = false;
  bool menu_key = false;
  bool menu_by_key = false;
  bool panel_nav = false;  // Tab: ImGui's navigation drives the focused panel
  int open_recent = -1;

  // One truth and sharing a moment: what the Table's header, the status bar
  // and the window's title last said, and a PNG of the Table to write once
  // this frame is rendered (File > Save table as PNG).
  std::string table_header;  // "P2 to discard"
  std::string status_shown;  // the message | the moment
  std::string window_title;
  std::string table_png;
};

// Records the last item's rectangle under `name` when recording the layout
// (and, in `clipped`, whether any of it is cut off by its window or the screen).
void note_item(UiState& ui, const std::string& name);
// As note_item for something drawn from a..b that is not an item (a chart's
// legend); `visible`: not scrolled out of its window.
void note_drawn(UiState& ui, const std::string& name, ImVec2 a, ImVec2 b, bool visible);
void note_rect(UiState& ui, const std::string& name, float x, float y, float w, float h);
// As note_item for a table row (whose cells clip it sideways): cut off only
// if part of it is scrolled out of view or below the table.
void note_row(UiState& ui, const std::string& name);
// The width of a combo box that shows `widest` whole at the current text size.
float combo_width(const char* widest);

void draw_menu(Session& s, UiState& ui);
void draw_table_panel(Session& s, UiState& ui);
void draw_timeline_panel(Session& s, UiState& ui);
// The evaluation line under the timeline (Evaluate, progress, Cancel), and
// the alternatives of the decision at the selected position.
void draw_evaluation_line(Session& s, UiState& ui);
void draw_decision_alternatives(Session& s, UiState& ui);
void draw_explain_panel(Session& s, UiState& ui);
void draw_editor_panel(Session& s, UiState& ui);
void draw_diff_panel(Session& s, UiState& ui);
void draw_play_panel(Session& s, UiState& ui);
void draw_files_panel(Session& s, UiState& ui);
void draw_lab_panel(Session& s, UiState& ui);
void draw_status_bar(Session& s, UiState& ui);
// Before edits are discarded: Save / Discard / Cancel (Session::pending()).
void draw_discard_prompt(Session& s, UiState& ui);
// `text` with each file.lua:N in it a link that opens the editor there; `id`
// names the links for the layout export (id, id-1, ...).
void text_with_links(Session& s, UiState& ui, const std::string& text, const std::string& id);
// One file:line `location` as a link; where its path does not fit the rest
// of the line, only the file's name and line are shown (the whole on hover).
void location_link(Session& s, UiState& ui, const std::string& location, const std::string& id);
// The modal asking before a replay runs its own Lua (Session::pending_replay).
void draw_replay_prompt(Session& s, UiState& ui);
void draw_corpus_panel(Session& s, UiState& ui);
// Sets the Diff panel's B and policy pickers to those of the diff on screen,
// once for each new diff, whoever ran it (the panel, the corpus, a script).
void sync_diff_choices(Session& s, UiState& ui);
// A table as the seats `shown` could see it -- the header, the hands, the
// tableau and the marriage and zetema piles, sized to the room left: the
// Table panel's body, with which the Diff panel draws B's table. `next`:
// the event after the moment shown, when known (who moves inside a step).
void draw_seat_table(const State& t, const std::vector<std::string>& seats, SeatsShown shown,
                     UiState& ui, const Event* next = nullptr);
// Opens the corpus' game (an index into its games) in the Diff panel, at its
// first divergence, the panel's choices set to the corpus' B and policy.
bool open_corpus_game(Session& s, UiState& ui, size_t game);
// The diff policies the panels offer: stop, skip, then bot:NAME for every bot.
const std::vector<std::string>& diff_policies();
// The keyboard shortcuts for stepping: arrows, Home/End, PgUp/PgDn, Space.
void handle_shortcuts(Session& s, UiState& ui);

// The studio's own keys (keymap.h): the list of keys, Ctrl+O, Ctrl+1..9,
// Ctrl+D, F10 and an Alt tap (the menu bar, taken in draw_menu).
void handle_action_keys(Session& s, UiState& ui);
// In draw_menu, before its first menu: takes the bar by keyboard when asked
// (UiState::menu_key), and gives the keyboard back when it is left.
void menu_keyboard(UiState& ui);
// File > Open... (saving false) or File > Save as...: the Files dialog.
void show_files_dialog(Session& s, UiState& ui, bool saving);
// The menu bar's Diff menu: Run diff (Ctrl+D), and the Diff panel's B and
// policy pickers as submenus, so that the keyboard reaches them.
void draw_diff_menu(Session& s, UiState& ui);
// The list of every key (F1, ?), over the panels.
void draw_help_overlay(UiState& ui);

// Every panel, laid out for a window of this size (studio/app/window_layout.h).
void draw_studio(Session& s, UiState& ui);
// ImGui::SameLine() if an item `width` pixels wide still fits on this line,
// else nothing (it goes on the next): rows of controls wrap in narrow panels.
void same_line_or_wrap(float width);
// In the tiled layout, the panels hidden behind another (the Lab covers the
// editor, diff and play; Play covers the editor): not drawn.
std::array<bool, kPanels> covered_panels(const std::array<bool, kPanels>& open);
// View > a panel: shows or hides it. One shown comes to the front: it is
// focused and, tiled, the panels that would cover its place are closed.
void view_menu_item(UiState& ui, Panel p);
void bring_to_front(UiState& ui, Panel p);
// View > Reset layout, and the text size (Ctrl+= / Ctrl+- / Ctrl+0).
void reset_layout(UiState& ui);
void change_text_size(Session& s, float by);

}  // namespace zetema::studio
