// Sharing a moment: the position shown copied as text (the replay's file,
// the event, the table in card notation, as the seats shown see it), and
// the Table panel saved as a PNG.
#pragma once

#include <string>

#include "studio/app/ui.h"

namespace zetema::studio {

// The moment the Table shows, as text (session/moment_text.h); "" when
// nothing is open.
std::string moment_for_clipboard(const Session& s, const UiState& ui);
// Copies it to the clipboard (Ctrl+Shift+C, File > Copy position as text).
void copy_position(Session& s, UiState& ui);
// Asks for a PNG of the Table panel at `path` ("": next to the replay,
// named after it and the position), written after this frame is rendered.
void request_table_png(Session& s, UiState& ui, const std::string& path);
// Writes the PNG asked for, from the rendered frame (call after rendering,
// before the swap); the status says where, or why not.
void write_requested_table_png(Session& s, UiState& ui, int fb_width, int fb_height);
// The file and moment the Table shows, as every panel names it:
// "game.json (sackson), position 40"; "" when nothing is open.
std::string shown_moment(const Session& s, const UiState& ui);
// The window's title names the file shown: "game.json (sackson) - Zetema
// Studio". Set only when it changes.
void name_window(UiState& ui, const std::string& file);
// File menu items and the keys of both.
void share_menu_items(Session& s, UiState& ui);
void handle_share_keys(Session& s, UiState& ui);

}  // namespace zetema::studio
