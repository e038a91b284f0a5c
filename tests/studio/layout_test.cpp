// The layout model (studio/session/layout.h), the timeline's per-pixel
// markers (tick_strip.h) and the charts' arithmetic (chart_math.h): the
// panels fit the window at the sizes people use, a broken saved layout is
// recognised, text scales, a long replay aggregates into columns.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <numeric>

#include "studio/session/chart_math.h"
#include "studio/session/elide.h"
#include "studio/session/layout.h"
#include "studio/session/settings.h"
#include "studio/session/tick_strip.h"
#include "tests/support/scratch.h"

using namespace zetema;
using namespace zetema::studio;

namespace {

// A display as the studio sees one: menu and status bars one frame high at
// the text size it would use there.
Display display(float w, float h) {
  const float text = text_size(16, w, h);
  Display d;
  d.width = w;
  d.height = h;
  d.top = d.bottom = text + 6;
  d.line = text + 6;
  return d;
}

bool overlap(const Rect& a, const Rect& b) {
  return a.x < b.right() - 0.5f && b.x < a.right() - 0.5f && a.y < b.bottom() - 0.5f &&
         b.y < a.bottom() - 0.5f;
}

}  // namespace

TEST_CASE("the tiled layout fits the window at 1280x720, 1600x1000 and 2560x1440") {
  for (auto [w, h] : {std::pair{1280.0f, 720.0f}, {1600.0f, 1000.0f}, {2560.0f, 1440.0f}}) {
    CAPTURE(w);
    CAPTURE(h);
    const Display d = display(w, h);
    const auto tiles = tiled_layout(d);
    for (int s = 0; s < kSlots; ++s) {
      CAPTURE(s);
      const Rect& r = tiles[static_cast<size_t>(s)];
      CHECK(fits(r, d));
      CHECK(r.w >= kMinPanelW);
      CHECK(r.h >= kMinPanelH);
    }
    auto at = [&](Slot s) { return tiles[static_cast<size_t>(s)]; };
    // The panels shown together do not cover one another...
    const Slot shown[] = {Slot::Table, Slot::Timeline, Slot::Explain, Slot::Editor, Slot::Diff};
    for (Slot a : shown)
      for (Slot b : shown)
        if (a != b) CHECK_FALSE(overlap(at(a), at(b)));
    // ...and fill the window between the menu bar and the status bar.
    float area = 0;
    for (Slot a : shown) area += at(a).w * at(a).h;
    CHECK(area == doctest::Approx(w * (h - d.top - d.bottom)).epsilon(0.001));
    // The timeline keeps its eight lines; the Lab has the right column.
    CHECK(at(Slot::Timeline).h >= std::min(8 * d.line, (h - d.top - d.bottom) * 0.3f) - 1);
    CHECK(at(Slot::Lab).x == at(Slot::Diff).x);
    CHECK(at(Slot::Lab).bottom() == doctest::Approx(h - d.bottom));
  }
}

TEST_CASE("with the Corpus open it gets room for its games above the diff") {
  for (auto [w, h] : {std::pair{1280.0f, 720.0f}, {1600.0f, 1000.0f}, {2560.0f, 1440.0f}}) {
    CAPTURE(w);
    const Display d = display(w, h);
    std::array<bool, kSlots> open{};
    for (Slot s : {Slot::Table, Slot::Timeline, Slot::Explain, Slot::Diff, Slot::Corpus})
      open[static_cast<size_t>(s)] = true;
    const auto tiles = tiled_layout(d, open);
    const auto plain = tiled_layout(d);
    auto at = [&](Slot s) { return tiles[static_cast<size_t>(s)]; };
    const Rect corpus = at(Slot::Corpus), diff = at(Slot::Diff);
    CHECK(fits(corpus, d));
    CHECK(fits(diff, d));
    CHECK_FALSE(overlap(corpus, diff));
    CHECK(diff.y == doctest::Approx(corpus.bottom()));  // the right column, filled
    CHECK(diff.bottom() == doctest::Approx(h - d.bottom));
    // Controls, summary, charts and several rows: about twenty lines, more
    // than the editor's place (42% of the column) gives at 1280x720...
    CHECK(corpus.h >= std::min(19.0f * d.line, 0.58f * (h - d.top - d.bottom)) - 1);
    CHECK(corpus.h >= plain[static_cast<size_t>(Slot::Editor)].h);
    // ...while the diff keeps its button, text and chart: 42% or more, and
    // 17 lines, for a chart of four and three of its rows (at 1280x720 it
    // had 15 and showed no row).
    CHECK(diff.h >= 0.42f * (h - d.top - d.bottom) - 1);
    CHECK(diff.h >= 17 * d.line - 1);
    // Play (its move log) gets the same room.
    std::array<bool, kSlots> playing{};
    playing[static_cast<size_t>(Slot::Play)] = true;
    const auto with_play = tiled_layout(d, playing);
    CHECK(with_play[static_cast<size_t>(Slot::Play)].h == doctest::Approx(corpus.h));
    CHECK(with_play[static_cast<size_t>(Slot::Diff)].y ==
          doctest::Approx(with_play[static_cast<size_t>(Slot::Play)].bottom()));
    // Without the Corpus the diff is where it was.
    CHECK(plain[static_cast<size_t>(Slot::Diff)].y ==
          doctest::Approx(plain[static_cast<size_t>(Slot::Editor)].bottom()));
  }
}

TEST_CASE("the explanation has ten lines (rule, value, file:line, quote) where the window allows") {
  for (auto [w, h] : {std::pair{1280.0f, 720.0f}, {1600.0f, 1000.0f}, {2560.0f, 1440.0f}}) {
    CAPTURE(w);
    const Display d = display(w, h);
    const Rect x = tiled_layout(d)[static_cast<size_t>(Slot::Explain)];
    CHECK(x.h >= std::min(10.0f * d.line, 0.3f * (h - d.top - d.bottom)) - 1);
  }
}

TEST_CASE("a panel off the display or under the menu bar is pulled back inside it") {
  const Display d = display(1280, 720);
  const Rect off{1500, -40, 600, 300};
  CHECK_FALSE(fits(off, d));
  const Rect in = clamp_into(off, d);
  CHECK(fits(in, d));
  CHECK(in.w == 600);
  const Rect tiny = clamp_into({10, 10, 3, 2}, d);
  CHECK(fits(tiny, d));
  CHECK(tiny.w >= kMinPanelW);
  CHECK(tiny.h >= kMinPanelH);
  const Rect huge = clamp_into({0, 0, 5000, 5000}, d);
  CHECK(fits(huge, d));
}

TEST_CASE("a broken saved layout is detected, a sound one is not") {
  const Display d = display(1280, 720);
  const std::vector<std::string> panels{"Table", "Timeline", "Diff"};
  const std::string sound =
      "[Window][Table]\nPos=0,26\nSize=793,400\nCollapsed=0\n\n"
      "[Window][Diff]\nPos=793,300\nSize=487,394\nCollapsed=0\n\n"
      "[Window][Debug##Default]\nPos=-5000,-5000\nSize=1,1\n\n"  // not a panel: ignored
      "[Table][0x12345678,3]\nColumn 0  Width=44\n";
  const auto windows = parse_imgui_ini(sound);
  REQUIRE(windows.size() == 3);
  CHECK(windows[0].name == "Table");
  CHECK(windows[0].x == 0);
  CHECK(windows[0].y == 26);
  CHECK(windows[0].w == 793);
  CHECK(windows[0].h == 400);
  CHECK(broken_layout(windows, panels, d).empty());

  // One very small resize piled every panel, tiny, in a corner.
  const std::string piled = "[Window][Table]\nPos=0,26\nSize=24,12\n[Window][Diff]\nPos=0,26\n";
  CHECK(broken_layout(parse_imgui_ini(piled), panels, d).find("too small") != std::string::npos);
  // A title bar under the menu bar, or off the display.
  CHECK(!broken_layout(parse_imgui_ini("[Window][Timeline]\nPos=40,0\nSize=600,200\n"), panels, d)
             .empty());
  CHECK(
      !broken_layout(parse_imgui_ini("[Window][Timeline]\nPos=40,2000\nSize=600,200\n"), panels, d)
           .empty());
  CHECK(!broken_layout(parse_imgui_ini("[Window][Diff]\nPos=1270,100\nSize=600,200\n"), panels, d)
             .empty());
  CHECK(!broken_layout(parse_imgui_ini("[Window][Diff]\nPos=-900,100\nSize=600,200\n"), panels, d)
             .empty());
  // Saved under a smaller menu bar (smaller text): a few pixels under the
  // bar is not broken (the panel is pulled down as it is drawn).
  const std::string near =
      "[Window][Table]\nPos=0," + std::to_string(int(d.top) - 4) + "\nSize=600,300\n";
  CHECK(broken_layout(parse_imgui_ini(near), panels, d).empty());
  // Damaged lines are skipped, not misread.
  CHECK(broken_layout(parse_imgui_ini("[Window][Table]\nPos=abc\nSize=\n"), panels, d).empty());
}

TEST_CASE("the tiled layout of one size, saved, is sound at that size") {
  for (auto [w, h] : {std::pair{1280.0f, 720.0f}, {2560.0f, 1440.0f}}) {
    const Display d = display(w, h);
    const auto tiles = tiled_layout(d);
    std::vector<SavedWindow> saved;
    std::vector<std::string> names;
    for (int s = 0; s < kSlots; ++s) {
      const Rect& r = tiles[static_cast<size_t>(s)];
      names.push_back("panel" + std::to_string(s));
      saved.push_back({names.back(), r.x, r.y, r.w, r.h, true, true});
    }
    CHECK(broken_layout(saved, names, d).empty());
  }
}

TEST_CASE("text scales with the window and the font-size setting") {
  CHECK(text_size(16, 1600, 1000) == doctest::Approx(16));
  CHECK(text_size(16, 1280, 720) == doctest::Approx(16 * 0.8f));  // never below 0.8x
  CHECK(text_size(16, 2560, 1440) == doctest::Approx(16 * 1.44f));
  CHECK(text_size(20, 1600, 1000) == doctest::Approx(20));
  CHECK(text_size(16, 8000, 8000) == doctest::Approx(32));    // at most 2x
  CHECK(text_size(1000, 1600, 1000) == doctest::Approx(40));  // a damaged setting is capped
}

TEST_CASE("the cards' scale is the largest at which the content fits") {
  const Extent e{16, 850, 100, 350};
  // Room to spare: the text's scale.
  CHECK(fitting_scale(e, 2000, 1000, 1.0f) == doctest::Approx(1.0f));
  // Too narrow: the width decides, and the content then fits exactly.
  const float s = fitting_scale(e, 700, 1000, 1.0f);
  CHECK(e.fixed_w + e.per_scale_w * s == doctest::Approx(700));
  // Too short: the height decides.
  const float t = fitting_scale(e, 2000, 300, 1.0f);
  CHECK(e.fixed_h + e.per_scale_h * t == doctest::Approx(300));
  // Never below the smallest readable scale.
  CHECK(fitting_scale(e, 10, 10, 1.0f) == doctest::Approx(0.35f));
}

TEST_CASE("the tick strip aggregates markers per pixel column, once per replay and width") {
  // A replay of 25,000 events, a turn every 3, a hand every 125, a score every 7.
  const size_t events = 25000;
  std::vector<size_t> hands, turns, scores;
  for (size_t i = 1; i <= events; i += 125) hands.push_back(i);
  for (size_t i = 1; i <= events; i += 3) turns.push_back(i);
  for (size_t i = 5; i < events; i += 7) scores.push_back(i);
  TickStrip strip;
  const auto& cols = strip.columns(events, hands, turns, scores, 800);
  REQUIRE(cols.size() == 800);
  size_t t = 0, sc = 0, h = 0;
  for (const TickColumn& c : cols) {
    t += c.turns;
    sc += c.scores;
    h += c.hands;
  }
  CHECK(t == turns.size());  // every marker lands in exactly one column
  CHECK(sc == scores.size());
  CHECK(h == hands.size());
  // The first score of a column is one of its own.
  for (size_t i = 0; i < cols.size(); ++i) {
    if (cols[i].scores == 0) continue;
    CHECK(column_of(cols[i].first_score + 1, events, 800) == static_cast<int>(i));
  }
  CHECK(strip.builds() == 1);
  strip.columns(events, hands, turns, scores, 800);  // the next frame: nothing recomputed
  CHECK(strip.builds() == 1);
  CHECK(strip.columns(events, hands, turns, scores, 640).size() == 640);  // the strip resized
  CHECK(strip.builds() == 2);
  CHECK(column_of(0, events, 640) == 0);
  CHECK(column_of(events, events, 640) == 639);
  CHECK(column_of(0, 0, 640) == 0);  // an empty replay
}

TEST_CASE("chart axes tick at round values, a point of the plot is the nearest index") {
  CHECK(nice_ticks(0, 137, 5) == std::vector<double>{0, 50, 100});
  const auto tenths = nice_ticks(0, 1, 5);
  REQUIRE(tenths.size() == 6);
  CHECK(tenths[3] == doctest::Approx(0.6));
  CHECK(nice_ticks(-30, 30, 4) == std::vector<double>{-20, 0, 20});
  CHECK(nice_ticks(3, 3, 5) == std::vector<double>{3});
  CHECK(nice_ticks(0, 1e6, 6).size() <= 7);
  CHECK(!index_at(0.5, 0));
  CHECK(*index_at(0, 101) == 0);
  CHECK(*index_at(1, 101) == 100);
  CHECK(*index_at(0.5, 101) == 50);
  CHECK(*index_at(-3, 101) == 0);
  CHECK(*index_at(7, 101) == 100);
}

TEST_CASE("a bar chart's group labels are whole, apart, and clear of the axis' unit") {
  // 30 bins of game length over a 600-pixel plot: "26..29" to "142..145",
  // about 45 pixels each, the unit "turns" 40 pixels at the right (the
  // last label ran into it: "156..turns").
  std::vector<float> widths(30, 45.0f);
  const float plot = 600, unit = 40, gap = 8;
  const auto shown = shown_group_labels(widths, plot, unit, gap);
  REQUIRE(shown.size() >= 5);
  const float gw = plot / 30;
  for (size_t k = 0; k < shown.size(); ++k) {
    CAPTURE(shown[k]);
    const float left = gw * (static_cast<float>(shown[k]) + 0.5f) - 45.0f / 2;
    CHECK(left >= 0);
    CHECK(left + 45 <= plot - unit - gap);
    if (k > 0) CHECK(shown[k] - shown[k - 1] >= static_cast<size_t>((45 + gap) / gw));
  }
  // Labels that fit their groups are all shown, but the one under the unit.
  const auto narrow = shown_group_labels(std::vector<float>(6, 20.0f), 600, 40, 8);
  CHECK(narrow == std::vector<size_t>{0, 1, 2, 3, 4});
  CHECK(shown_group_labels({}, 600, 40, 8).empty());
}

TEST_CASE("a row too long for its room is cut short with an ellipsis, whole characters only") {
  // A width of 10 a character (a byte of UTF-8 here; a suit symbol is 3).
  auto width = [](const std::string& s) {
    float w = 0;
    for (char c : s) w += (static_cast<unsigned char>(c) & 0xC0) == 0x80 ? 0 : 10;
    return w;
  };
  CHECK(elided("P1 discards 7H", 140, width) == "P1 discards 7H");
  CHECK(elided("P1 declares sequence 6C 3D 4D: +10", 140, width) == "P1 declares...");
  CHECK(width(elided("P1 declares sequence 6C 3D 4D: +10", 140, width)) <= 140);
  // Never half a character: a suit symbol (three bytes) is kept whole or left out.
  const std::string spade = "\xe2\x99\xa0";
  CHECK(elided("A" + spade + "BCDEF", 54, width) == "A" + spade + "...");
  CHECK(elided("A" + spade + "BCDEF", 45, width) == "A...");
  CHECK(elided("ABCDEF", 20, width) == "...");
}

TEST_CASE("an idle editor takes under a third of the right column at 1920x1080 and 2560x1440") {
  for (auto [w, h] : {std::pair{1600.0f, 1000.0f}, {1920.0f, 1080.0f}, {2560.0f, 1440.0f}}) {
    CAPTURE(w);
    const Display d = display(w, h);
    const auto tiles = tiled_layout(d);
    const Rect editor = tiles[static_cast<size_t>(Slot::Editor)];
    const Rect diff = tiles[static_cast<size_t>(Slot::Diff)];
    const float column = h - d.top - d.bottom;
    CHECK(editor.h <= column * 0.36f);
    CHECK(editor.h >= 14 * d.line);  // its controls and some ten lines of code
    CHECK(diff.h >= column * 0.64f - 1);
  }
  // At 1280x720 it keeps its fifteen lines (42% of the column).
  const Display small = display(1280, 720);
  CHECK(tiled_layout(small)[static_cast<size_t>(Slot::Editor)].h >=
        std::min(15 * small.line, 0.42f * (720 - small.top - small.bottom)) - 1);
}

TEST_CASE("a click on a diff row goes to A's event of that row, or the last one before it") {
  replays::DiffResult d;
  d.rows = {{0, 0}, {1, 1}, {std::nullopt, 2}, {std::nullopt, 3}, {2, 4}, {3, std::nullopt}};
  CHECK(a_event_of_row(d, 0) == 0u);
  CHECK(a_event_of_row(d, 1) == 1u);
  CHECK(a_event_of_row(d, 3) == 1u);  // played only under B
  CHECK(a_event_of_row(d, 4) == 2u);
  CHECK(a_event_of_row(d, 99) == 3u);
  CHECK(row_of_a_event(d, 2) == 4);
  CHECK(row_of_a_event(d, 3) == 5);
  replays::DiffResult b_first;
  b_first.rows = {{std::nullopt, 0}, {0, 1}};
  CHECK(!a_event_of_row(b_first, 0));
  const replays::DiffResult none;
  CHECK(!a_event_of_row(none, 0));
}

TEST_CASE("the text size and the user's arrangement are kept, a tiny saved window is enlarged") {
  test::Scratch dir("zetema-layout-settings");
  const std::string path = (dir.root / "settings.ini").string();
  Settings s;
  s.font_size = 20;
  s.layout_arranged = true;
  REQUIRE(save_settings(path, s).empty());
  const Settings back = load_settings(path);
  CHECK(back.font_size == 20);
  CHECK(back.layout_arranged);
  std::ofstream(path) << "window_width=50\nwindow_height=12\nfont_size=400\n";
  const Settings tiny = load_settings(path);
  CHECK(tiny.window_width == kMinWindowW);
  CHECK(tiny.window_height == kMinWindowH);
  CHECK(tiny.font_size == 32);
  CHECK_FALSE(tiny.layout_arranged);
}

TEST_CASE("tiled, the Lab hides the right column's panels and Play the editor") {
  std::array<bool, kSlots> open{};
  auto set = [&](Slot s, bool v) { open[static_cast<size_t>(s)] = v; };
  auto hidden = [&](Slot s) { return covered_in_tiling(open)[static_cast<size_t>(s)]; };
  for (Slot s : {Slot::Table, Slot::Timeline, Slot::Explain, Slot::Editor, Slot::Diff})
    set(s, true);
  CHECK_FALSE(hidden(Slot::Editor));
  CHECK_FALSE(hidden(Slot::Diff));
  set(Slot::Play, true);
  CHECK(hidden(Slot::Editor));
  CHECK_FALSE(hidden(Slot::Diff));
  // The corpus takes the editor's place too, above the diff its rows open.
  set(Slot::Corpus, true);
  CHECK(hidden(Slot::Editor));
  CHECK(hidden(Slot::Play));
  CHECK_FALSE(hidden(Slot::Diff));
  CHECK_FALSE(hidden(Slot::Corpus));
  set(Slot::Lab, true);
  CHECK(hidden(Slot::Editor));
  CHECK(hidden(Slot::Diff));
  CHECK(hidden(Slot::Play));
  CHECK(hidden(Slot::Corpus));
  CHECK_FALSE(hidden(Slot::Table));
  CHECK_FALSE(hidden(Slot::Lab));
  // And what each hides lies wholly inside it, so nothing shown is lost.
  const auto tiles = tiled_layout(display(1280, 720));
  const Rect lab = tiles[static_cast<size_t>(Slot::Lab)];
  for (Slot s : {Slot::Editor, Slot::Diff, Slot::Play, Slot::Corpus}) {
    const Rect r = tiles[static_cast<size_t>(s)];
    CHECK(r.x >= lab.x);
    CHECK(r.y >= lab.y);
    CHECK(r.right() <= lab.right());
    CHECK(r.bottom() <= lab.bottom());
  }
}
