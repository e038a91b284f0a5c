// The scripted checks that what was drawn fits and can be read: no text cut
// off at the side (cut_text.h), and the cards' corner indexes (rank and
// suit, the imperial mark) large enough and uncovered, all read back from
// the next frame drawn (drawn_frame.h).
#include <algorithm>
#include <cstdio>

#include "studio/app/drawn_frame.h"
#include "studio/app/script_commands.h"

namespace zetema::studio {

namespace {

// Two frames, the second kept: what the first one's layout settled.
const DrawnFrame& next_frame(const Expectation& e) {
  e.w.frame(e.s, e.ui);
  capture_next_frame();
  e.w.frame(e.s, e.ui);
  return last_drawn_frame();
}

// The variant editor's code scrolls sideways, as a code editor does: a
// long line runs on past the panel's edge by design.
bool scrolls_sideways(const std::string& window) {
  return window.rfind("Variant editor/code", 0) == 0;
}

std::string no_clipped_text(const Expectation& e) {
  const DrawnFrame& f = next_frame(e);
  if (f.lines.empty()) return "no text was read back from the frame";
  std::vector<const CutLine*> cut;
  for (const CutLine& l : f.cut)
    if (!scrolls_sideways(l.window)) cut.push_back(&l);
  if (cut.empty()) return {};
  std::string out = std::to_string(cut.size()) + " line(s) cut off:";
  for (size_t i = 0; i < std::min<size_t>(cut.size(), 6); ++i)
    out += " [" + cut[i]->window + "] \"" + cut[i]->text + "\"";
  return out;
}

std::string pixels(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f px", static_cast<double>(v));
  return buf;
}

// Every face's rank at least VALUE pixels tall (its ink, as drawn).
std::string card_index_at_least(const Expectation& e) {
  const DrawnFrame& f = next_frame(e);
  if (f.indexes.empty()) return "no card face was drawn";
  const auto low = std::min_element(f.indexes.begin(), f.indexes.end(), [](auto& a, auto& b) {
    return a.rank.w - a.rank.y < b.rank.w - b.rank.y;
  });
  const float h = low->rank.w - low->rank.y;
  return h + 0.01f >= static_cast<float>(script_number(e.value))
             ? ""
             : e.fail(to_string(low->card) + "'s rank " + pixels(h) + " tall");
}

// Every imperial card's mark at least VALUE pixels, and one drawn.
std::string imperial_mark_at_least(const Expectation& e) {
  const DrawnFrame& f = next_frame(e);
  float least = -1;
  for (const DrawnIndex& i : f.indexes)
    if (i.mark > 0) least = least < 0 ? i.mark : std::min(least, i.mark);
  if (least < 0) return "no imperial card was drawn";
  return least + 0.01f >= static_cast<float>(script_number(e.value))
             ? ""
             : e.fail("a mark of " + pixels(least));
}

bool inside(const ImVec4& a, const ImVec4& in) {
  constexpr float kSlack = 0.5f;
  return a.x >= in.x - kSlack && a.y >= in.y - kSlack && a.z <= in.z + kSlack &&
         a.w <= in.w + kSlack;
}

// Every face drawn shows its rank and suit, a covered card of a pile
// too; VALUE: the least number of covered cards that must be drawn.
std::string card_indexes_shown(const Expectation& e) {
  const DrawnFrame& f = next_frame(e);
  long long covered = 0;
  for (const DrawnIndex& i : f.indexes) {
    if (!inside(i.rank, i.shown)) return to_string(i.card) + "'s rank is covered";
    if (!inside(i.suit, i.shown)) return to_string(i.card) + "'s suit is covered";
    const ImVec4& s = i.shown;
    if (s.w - s.y < (i.suit.w - i.rank.y) * 3) ++covered;  // the top strip only
  }
  return covered >= script_number(e.value) ? ""
                                           : e.fail(std::to_string(covered) + " covered cards");
}

// Scrolls the window holding a named item (note_item) until the item shows.
std::string scroll_to(ScriptCall& c) {
  c.args >> c.ui.scroll_to;
  for (int i = 0; i < 3; ++i) c.w.frame(c.s, c.ui);
  c.ui.scroll_to.clear();
  return {};
}

}  // namespace

void register_fit_commands(ScriptCommands& t) {
  t.add("scroll-to", "scroll-to ITEM: the window holding a named item scrolls to show it",
        scroll_to);
  t.add_check("no-clipped-text",
              "no-clipped-text: the next frame cuts no text at the side of its window or room",
              no_clipped_text);
  t.add_check("card-index-at-least",
              "card-index-at-least PX: every card's rank drawn at least PX pixels tall",
              card_index_at_least);
  t.add_check("imperial-mark-at-least",
              "imperial-mark-at-least PX: an imperial card drawn, every mark at least PX",
              imperial_mark_at_least);
  t.add_check("card-indexes-shown",
              "card-indexes-shown N: every card shows rank and suit, at least N of them covered",
              card_indexes_shown);
}

}  // namespace zetema::studio
