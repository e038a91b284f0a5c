// Places the panels' windows each frame from the session's layout model
// (studio/session/layout.h): tiled from the window's size, and re-tiled as
// it changes, until the user moves or resizes a panel; after that the
// user's places are kept, but a panel that no longer fits (the window
// shrank) is moved back inside, so no panel and never the menu bar is lost.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "studio/session/layout.h"

namespace zetema::studio {

struct WindowLayout {
  bool user_arranged = false;  // the user moved or resized a panel since the last reset
  bool reset = false;          // View > Reset layout: tile everything next frame
  // What each panel was last placed at, and whether it was open then.
  std::array<Rect, kSlots> placed{};
  std::array<bool, kSlots> was_open{};
  std::array<bool, kSlots> open{};  // this frame's open panels (the tiles depend on them)
  Display display;                  // this frame's
  std::string moved;                // the panel whose move ended the tiling ("" if none)
};

// This frame's usable area (the display less menu and status bars).
Display current_display();
// Before a panel's Begin: notices a user's move of it since last frame,
// then places it (tiled, or pulled back inside the display).
void place_panel(WindowLayout& l, int slot, const char* title, bool open);

// Where a window was drawn last frame (nullopt if it was not).
std::optional<Rect> window_rect(const char* title);

}  // namespace zetema::studio
