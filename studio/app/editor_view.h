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
  std::string error_shown;     // the load error last gone to
};

}  // namespace zetema::studio
