// Text cut off at the side of its clip rectangle, or drawn over other
// text, read back from what was drawn: a glyph drawn only in part because
// its window, column or a chart's label room ends inside it
// ("...sackson.lu"), or a glyph drawn where the one before it on its line
// still is (a label run into an axis' unit, "156..turns"). The scripted
// check `expect no-clipped-text` fails on any such line, in every panel,
// tooltip and popup. Text cut at the top or bottom is not counted: a list
// scrolled part way cuts its first and last rows, as it should.
#pragma once

#include <imgui.h>

#include <string>
#include <vector>

namespace zetema::studio {

struct CutLine {
  std::string window;  // the draw list's owner ("Score explanation", "##Tooltip_00"...)
  std::string text;    // the line's glyphs, a '|' where its clip ends, '#' where they overlap
};

// The lines of `data` holding a glyph from `fonts` that its draw command's
// clip rectangle cuts at the left or right, or that overlaps the glyph
// before it on the line.
std::vector<CutLine> cut_text(const ImDrawData& data, const ImFontAtlas& fonts);

}  // namespace zetema::studio
