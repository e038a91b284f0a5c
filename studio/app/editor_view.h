// What the variant editor's view keeps between frames: the tokens of the
// text it last coloured (recomputed only when the text changes) and where
// the text cursor is, as the input widget reports it.
#pragma once

#include <string>
#include <vector>

#include "studio/session/lua_text.h"

namespace zetema::studio {

struct EditorView {
  std::string coloured;  // the text the tokens below are of
  std::vector<LuaToken> tokens;
  std::vector<size_t> starts;  // line starts
  float text_width = 0;        // the widest line, in pixels
  int cursor = -1;             // the widget's cursor (a byte), -1 when not editing
  int cursor_line = 0;         // its line, from 1 (0: none)
  int followed = -1;           // the cursor the scroll last followed
  int goto_byte = -1;          // put the cursor here when the widget is next active
  int scroll_line = 0;         // a go-to's line, to scroll to once the widget is active
  int scroll_frames = 0;       // frames left to hold that scroll (focus scrolls a frame late)
  std::string error_shown;     // the load error last gone to
  // What the last frame drew, for the scripted checks: the lines wholly in
  // view (from 1, last included; 0: none), the gutter's right edge and
  // where a line's first character is drawn, and the panel's sideways scroll.
  int shown_first = 0, shown_last = 0;
  int red_line = 0;  // the line marked as the error's (0: none)
  float gutter_right = 0, text_left = 0;
  float panel_scroll_x = 0;
};

}  // namespace zetema::studio
