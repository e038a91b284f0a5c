#include "studio/session/layout.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace zetema::studio {

namespace {

float usable_height(const Display& d) {
  return std::max(1.0f, d.height - d.top - d.bottom);
}

}  // namespace

std::array<Rect, kSlots> tiled_layout(const Display& d, const std::array<bool, kSlots>& open) {
  const float h = usable_height(d);
  const float left_w = std::floor(d.width * 0.62f);
  const float right_w = d.width - left_w;
  // The timeline's buttons, slider, tick strip, the evaluation line with its
  // controls and caption, and two lines of notes, with its title bar: about
  // eleven lines whatever the window's height, at most 27% of the column
  // (at 1280x720 the table needs the rest for cards whose index can be read).
  const float timeline_h = std::min(std::floor(11.0f * d.line), h * 0.27f);
  // The explanation: its event, rule, value, file:line and a quote of
  // two or three lines, about ten lines, without scrolling at 1280x720.
  const float explain_h = std::floor(std::max(h * 0.22f, std::min(10.0f * d.line, h * 0.3f)));
  const float table_h = h - timeline_h - explain_h;
  // The editor: about fifteen lines (its controls and some ten lines of
  // code), 42% of the column at 1280x720 but no more than that and, in a
  // larger window, no more than 30% unless fifteen lines need it: idle, it
  // took 42% at 1920x1080 and 2560x1440, where the diff below has more to
  // show. The text's scale grows with the window, so the lines are as many.
  const float editor_h = std::floor(std::clamp(15.0f * d.line, h * 0.3f, h * 0.42f));
  // The Corpus' controls, summary, charts and a games table of several
  // rows want about 22 lines, at most 58% of the column; the diff below
  // keeps at least 42% and kDiffMinLines (at 1280x720 the Corpus had 22
  // lines and the diff showed no row). Play (its hand, actions and move
  // log) is given the same room.
  const bool corpus_shown =
      open[static_cast<size_t>(Slot::Corpus)] || open[static_cast<size_t>(Slot::Play)];
  const float corpus_max = std::min(h * 0.58f, h - kDiffMinLines * d.line);
  const float corpus_h =
      std::floor(std::clamp(22.0f * d.line, editor_h, std::max(editor_h, corpus_max)));
  const float above_diff = corpus_shown ? corpus_h : editor_h;
  std::array<Rect, kSlots> r{};
  auto at = [&](Slot s) -> Rect& { return r[static_cast<size_t>(s)]; };
  at(Slot::Table) = {0, d.top, left_w, table_h};
  at(Slot::Timeline) = {0, d.top + table_h, left_w, timeline_h};
  at(Slot::Explain) = {0, d.top + table_h + timeline_h, left_w, explain_h};
  at(Slot::Editor) = {left_w, d.top, right_w, editor_h};
  at(Slot::Diff) = {left_w, d.top + above_diff, right_w, h - above_diff};
  at(Slot::Corpus) = {left_w, d.top, right_w, corpus_h};
  at(Slot::Play) = at(Slot::Corpus);
  at(Slot::Lab) = {left_w, d.top, right_w, h};
  at(Slot::Files) = {std::floor(d.width * 0.2f), d.top + std::floor(h * 0.1f),
                     std::floor(d.width * 0.6f), std::floor(h * 0.8f)};
  return r;
}

std::array<bool, kSlots> covered_in_tiling(const std::array<bool, kSlots>& open) {
  std::array<bool, kSlots> hidden{};
  auto is_open = [&](Slot s) { return open[static_cast<size_t>(s)]; };
  auto hide = [&](Slot s) { hidden[static_cast<size_t>(s)] = true; };
  if (is_open(Slot::Lab)) {  // the whole right column
    hide(Slot::Editor);
    hide(Slot::Diff);
    hide(Slot::Play);
    hide(Slot::Corpus);
  } else if (is_open(Slot::Corpus)) {  // the editor's place, the diff below
    hide(Slot::Editor);
    hide(Slot::Play);
  } else if (is_open(Slot::Play)) {  // the editor's place
    hide(Slot::Editor);
  }
  return hidden;
}

bool fits(const Rect& r, const Display& d) {
  constexpr float kSlack = 0.5f;  // rounding of window positions
  return r.x >= -kSlack && r.y >= d.top - kSlack && r.right() <= d.width + kSlack &&
         r.bottom() <= d.height - d.bottom + kSlack && r.w > 0 && r.h > 0;
}

Rect clamp_into(const Rect& r, const Display& d) {
  const float h = usable_height(d);
  Rect c = r;
  c.w = std::clamp(r.w, std::min(kMinPanelW, d.width), std::max(1.0f, d.width));
  c.h = std::clamp(r.h, std::min(kMinPanelH, h), h);
  c.x = std::clamp(r.x, 0.0f, std::max(0.0f, d.width - c.w));
  c.y = std::clamp(r.y, d.top, std::max(d.top, d.height - d.bottom - c.h));
  return c;
}

std::vector<SavedWindow> parse_imgui_ini(const std::string& ini) {
  std::vector<SavedWindow> out;
  std::istringstream in(ini);
  std::string line;
  SavedWindow* current = nullptr;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("[Window][", 0) == 0 && line.size() > 10 && line.back() == ']') {
      out.push_back({line.substr(9, line.size() - 10)});
      current = &out.back();
      continue;
    }
    if (!line.empty() && line[0] == '[') {
      current = nullptr;  // another section (tables, docking...)
      continue;
    }
    if (!current) continue;
    float a = 0, b = 0;
    char comma = 0;
    std::istringstream v(
        line.substr(line.find('=') == std::string::npos ? line.size() : line.find('=') + 1));
    const bool pair = static_cast<bool>(v >> a >> comma >> b) && comma == ',';
    if (!pair) continue;
    if (line.rfind("Pos=", 0) == 0) {
      current->x = a;
      current->y = b;
      current->has_pos = true;
    } else if (line.rfind("Size=", 0) == 0) {
      current->w = a;
      current->h = b;
      current->has_size = true;
    }
  }
  return out;
}

std::string broken_layout(const std::vector<SavedWindow>& saved,
                          const std::vector<std::string>& panels, const Display& d) {
  for (const SavedWindow& w : saved) {
    if (std::find(panels.begin(), panels.end(), w.name) == panels.end()) continue;
    const std::string who = "the " + w.name + " panel";
    if (w.has_size && (w.w < kMinPanelW || w.h < kMinPanelH))
      return who + " was saved at " + std::to_string(static_cast<int>(w.w)) + "x" +
             std::to_string(static_cast<int>(w.h)) + " pixels, too small to use";
    // Its title bar (where it is dragged from) must be on the display and
    // not mostly under the menu bar (whose height changes with the text
    // size: a panel a few pixels under it is pulled down as it is drawn).
    const float title_h = d.line;
    if (!w.has_pos) continue;  // ImGui places it itself
    if (w.y < d.top / 2 || w.y + title_h > d.height - d.bottom || w.x + w.w < kMinPanelW / 2 ||
        w.x > d.width - kMinPanelW / 2)
      return who + "'s title bar was saved at " + std::to_string(static_cast<int>(w.x)) + "," +
             std::to_string(static_cast<int>(w.y)) + ", off a " +
             std::to_string(static_cast<int>(d.width)) + "x" +
             std::to_string(static_cast<int>(d.height)) + " window or under its menu bar";
  }
  return {};
}

float text_size(float font_setting, float width, float height) {
  const float by_window = std::clamp(std::min(width / 1600.0f, height / 1000.0f), 0.8f, 2.0f);
  return std::clamp(font_setting, 8.0f, 40.0f) * by_window;
}

float fitting_scale(const Extent& e, float avail_w, float avail_h, float preferred,
                    float smallest) {
  float s = preferred;
  if (e.per_scale_w > 0) s = std::min(s, (avail_w - e.fixed_w) / e.per_scale_w);
  if (e.per_scale_h > 0) s = std::min(s, (avail_h - e.fixed_h) / e.per_scale_h);
  return std::max(smallest, s);
}

}  // namespace zetema::studio
