// The arithmetic of the studio's window layout, GUI-free so tests can check
// it at any size: where each panel goes for a display of a given size,
// how large text and cards are drawn, and whether a saved layout (ImGui's
// imgui.ini) is broken -- a panel too small to use, or off the display.
#pragma once

#include <array>
#include <string>
#include <vector>

namespace zetema::studio {

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
  float right() const { return x + w; }
  float bottom() const { return y + h; }
};

// The panels the layout places, in the order of the views' Panel enum
// (studio/app/ui.h).
enum class Slot { Table, Timeline, Explain, Editor, Diff, Play, Files, Lab, Corpus, Count };
inline constexpr int kSlots = static_cast<int>(Slot::Count);

// The usable area: the display less the menu bar (top) and status bar (bottom).
struct Display {
  float width = 0, height = 0;
  float top = 0, bottom = 0;  // heights of the menu bar and the status bar
  float line = 20;            // one line of text with its spacing, in pixels
};

// The smallest panel that is still usable, and the smallest window the
// studio opens (a smaller one is treated as broken and enlarged); the
// largest side it opens (a saved size, --width, --height).
inline constexpr float kMinPanelW = 160, kMinPanelH = 80;
inline constexpr int kMinWindowW = 640, kMinWindowH = 400, kMaxWindowSide = 8192;

// The tiled layout: the table, timeline and explanation in a left column,
// the editor and diff (or play or the corpus, in the editor's place, so the
// diff a corpus row opens shows below it) in a right one; the Lab fills the
// right column; Files is a centred dialog. The editor gets about fifteen
// lines (between 30% and 42% of its column), the diff the rest. The timeline gets
// the lines it needs, the explanation enough for a rule with its value,
// file:line and quote, the table the rest of its column. With the Corpus
// open (`open`, by Slot) the Corpus gets more of the right column than the
// editor would, so its games table shows several rows above the diff,
// which keeps kDiffMinLines; so does Play, for its move log.
// The lines the Diff keeps below the Corpus or Play: its controls, summary,
// a chart of four lines, its headers and three of its rows.
inline constexpr float kDiffMinLines = 17;

std::array<Rect, kSlots> tiled_layout(const Display& d, const std::array<bool, kSlots>& open = {});

// The panels hidden in the tiled layout by another that takes their place
// (the Lab: the editor, diff, play and corpus; the Corpus: the editor and
// play; Play: the editor), given which are
// open: they are not drawn.
std::array<bool, kSlots> covered_in_tiling(const std::array<bool, kSlots>& open);

// True if `r` lies wholly inside the usable area (below the menu bar, above
// the status bar, within the display's width).
bool fits(const Rect& r, const Display& d);

// `r` moved (and if need be shrunk) into the usable area, at least the
// minimum panel size where the display allows.
Rect clamp_into(const Rect& r, const Display& d);

// One window as imgui.ini saved it.
struct SavedWindow {
  std::string name;
  float x = 0, y = 0, w = 0, h = 0;
  bool has_pos = false, has_size = false;  // lines ImGui could read
};
std::vector<SavedWindow> parse_imgui_ini(const std::string& ini);

// Why a saved layout cannot be used in a display of this size ("" if it
// can): one of `panels` (window titles) is smaller than the minimum, its
// title bar is off the display or under the menu bar.
std::string broken_layout(const std::vector<SavedWindow>& saved,
                          const std::vector<std::string>& panels, const Display& d);

// Text size in pixels: the user's font size (points at a 1600x1000 window),
// scaled with the window between 0.8x and 2x.
float text_size(float font_setting, float width, float height);

// The largest card scale at which the table's content fits `avail_w` x
// `avail_h` pixels, capped at `preferred` (the text's scale). The content
// at scale s is `fixed + per_scale * s` in each direction.
struct Extent {
  float fixed_w = 0, per_scale_w = 0, fixed_h = 0, per_scale_h = 0;
};
float fitting_scale(const Extent& e, float avail_w, float avail_h, float preferred,
                    float smallest = 0.35f);

}  // namespace zetema::studio
