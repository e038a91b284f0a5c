// The scripted mode's checks of what was drawn (layout, screenshots, the
// panels agreeing) and its timing commands; `await`, which runs frames
// until an expectation holds.
#include <imgui.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "replays/replay_file.h"
#include "studio/app/script.h"
#include "studio/app/script_commands.h"
#include "studio/app/window_layout.h"
#include "studio/session/layout.h"

namespace zetema::studio {

FrameStats frame_stats(std::vector<double> ms) {
  FrameStats f;
  f.frames = ms.size();
  if (ms.empty()) return f;
  std::sort(ms.begin(), ms.end());
  f.median = ms[ms.size() / 2];
  f.p99 = ms[std::min(ms.size() - 1, (ms.size() * 99) / 100)];
  f.max = ms.back();
  return f;
}

namespace {

// Where the last frame's triangles come from: one line per draw list (a panel, or
// a popup or tooltip), largest first. Under llvmpipe each costs about 0.8 us.
// The pixels a draw list's triangles cover (before clipping; overlaps
// counted twice): the software renderer's cost is mostly per pixel shaded.
long long covered_pixels(const ImDrawList* l) {
  double area = 0;
  for (int i = 0; i + 2 < l->IdxBuffer.Size; i += 3) {
    const ImVec2 a = l->VtxBuffer[l->IdxBuffer[i]].pos, b = l->VtxBuffer[l->IdxBuffer[i + 1]].pos,
                 c = l->VtxBuffer[l->IdxBuffer[i + 2]].pos;
    area += std::abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / 2;
  }
  return static_cast<long long>(area);
}

void print_triangles_per_panel() {
  const ImDrawData* d = ImGui::GetDrawData();
  if (d == nullptr) return;
  struct Cost {
    int triangles;
    long long pixels;
    std::string name;
  };
  std::vector<Cost> lists;
  long long pixels = 0;
  for (int i = 0; i < d->CmdListsCount; ++i) {
    const ImDrawList* l = d->CmdLists[i];
    lists.push_back(
        {l->IdxBuffer.Size / 3, covered_pixels(l), l->_OwnerName ? l->_OwnerName : "?"});
    pixels += lists.back().pixels;
  }
  std::sort(lists.begin(), lists.end(),
            [](const Cost& a, const Cost& b) { return a.triangles > b.triangles; });
  std::printf("  last frame: %lld pixels covered by triangles\n", pixels);
  for (const Cost& c : lists)
    if (c.triangles > 0)
      std::printf("    %6d triangles %8lld pixels  %s\n", c.triangles, c.pixels, c.name.c_str());
}

// Every open panel lies inside the display, below the menu bar and above
// the status bar, and every named item was drawn wholly visible.
std::string check_fits(const UiState& ui, std::istringstream& names) {
  const Display& d = ui.windows.display;
  // Tiled, the panels behind the Lab or Play are not drawn.
  const auto covered =
      ui.windows.user_arranged ? std::array<bool, kPanels>{} : covered_panels(ui.open);
  for (int p = 0; p < kPanels; ++p) {
    if (!ui.open[p] || covered[static_cast<size_t>(p)]) continue;
    const char* title = panel_title(static_cast<Panel>(p));
    const auto r = window_rect(title);
    if (!r) return std::string(title) + " was not drawn";
    if (!fits(*r, d)) {
      char buf[200];
      std::snprintf(buf, sizeof buf,
                    "%s at %.0f,%.0f %.0fx%.0f is not inside %.0fx%.0f (menu %.0f)", title, r->x,
                    r->y, r->w, r->h, d.width, d.height, d.top);
      return buf;
    }
  }
  for (std::string name; names >> name;) {
    if (ui.clipped.count(name)) return name + " is cut off";
    if (!ui.layout.count(name)) return name + " was not drawn";
  }
  return {};
}

// Two frames with the layout recorded: the second draws what the first one's
// layout settled.
void record_layout(ScriptCall& c) {
  c.ui.record_layout = true;
  c.w.frame(c.s, c.ui);
  c.w.frame(c.s, c.ui);
  c.ui.record_layout = false;
}

std::string expect_fits(ScriptCall& c) {
  record_layout(c);
  return check_fits(c.ui, c.args);
}

std::string expect_rows(ScriptCall& c) {
  std::string a, b;
  c.args >> a >> b;
  record_layout(c);
  long long whole = 0;
  for (const auto& [name, r] : c.ui.layout)
    if (name.rfind(a, 0) == 0 && !c.ui.clipped.count(name)) ++whole;
  return whole >= script_number(b) ? ""
                                   : "only " + std::to_string(whole) + " " + a +
                                         "* wholly visible, " + "expected at least " + b;
}

std::string expect_turns_agree(ScriptCall& c) {
  Session& s = c.s;
  UiState& ui = c.ui;
  ui.table_turn.clear();
  ui.timeline_turn.clear();
  c.w.frame(s, ui);
  if (ui.table_turn.empty() || ui.timeline_turn.empty())
    return "the Table or the Timeline was not drawn";
  if (ui.table_turn != ui.timeline_turn)
    return "the Table shows " + ui.table_turn + ", the Timeline " + ui.timeline_turn;
  // At the last event of the game the panels follow, both show the game
  // as it stands (a turn can begin without an event: no card to draw).
  const bool at_end = s.follow_game && s.play.is_open() && s.replay.is_open() &&
                      s.replay.cursor().position() == s.replay.cursor().size();
  if (!at_end) return {};
  const State& live = s.play.state();
  const std::string game =
      "hand " + std::to_string(live.hand_number) + " turn " + std::to_string(live.turn_number);
  return ui.table_turn == game ? ""
                               : "the Table and the Timeline show " + ui.table_turn +
                                     ", the game in play is at " + game;
}

std::string export_layout(ScriptCall& c) {
  c.ui.record_layout = true;
  c.w.frame(c.s, c.ui);
  c.w.frame(c.s, c.ui);  // the second frame draws what the first one's layout settled
  std::string text;
  for (const auto& [name, r] : c.ui.layout) {
    char line[160];
    std::snprintf(line, sizeof line, "%s %.0f %.0f %.0f %.0f\n", name.c_str(), r[0], r[1], r[2],
                  r[3]);
    text += line;
  }
  return replays::write_file_atomically(c.rest, text);
}

std::string await(ScriptCall& c) {
  std::string a, expectation;
  c.args >> a;
  std::getline(c.args, expectation);
  const auto until = std::chrono::steady_clock::now() +
                     std::chrono::milliseconds(std::max(0LL, script_number(a)) * 1000);
  std::string why;
  do {
    c.w.frame(c.s, c.ui);
    std::istringstream check(expectation);
    why = c.commands.run("expect", expectation, check, c.w, c.s, c.ui);
    if (why.empty()) return {};
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  } while (std::chrono::steady_clock::now() < until);
  return "timed out: " + why;
}

std::string screenshot(ScriptCall& c) {
  ScreenshotInfo info;
  c.w.frame(c.s, c.ui);  // let windows settle after the last command
  c.w.frame(c.s, c.ui, c.rest, &info);
  if (!info.ok) return info.error;
  std::printf("  screenshot %s: %dx%d, %d colours\n", c.rest.c_str(), info.width, info.height,
              info.colours);
  return {};
}

std::string check_screenshot(ScriptCall& c) {
  std::string path, a, b;
  c.args >> path >> a >> b;
  const ScreenshotInfo info = inspect_png(path);
  if (!info.ok) return info.error;
  if (info.width != script_number(a) || info.height != script_number(b)) {
    return "expected " + a + "x" + b + ", got " + std::to_string(info.width) + "x" +
           std::to_string(info.height);
  }
  // A blank frame is one colour; any text or card brings many more.
  if (info.colours < 16) return "looks blank: only " + std::to_string(info.colours) + " colours";
  return {};
}

std::string scrub_bench(ScriptCall& call) {
  if (std::string e = need_replay(call.s); !e.empty()) return e;
  std::string a;
  call.args >> a;
  const long long frames = std::max(1LL, script_number(a));
  call.w.work_ms.clear();
  call.w.frame_ms.clear();
  call.w.frame_cpu_ms.clear();
  auto& c = call.s.replay.cursor();
  for (long long i = 0; i < frames; ++i) {
    c.seek(static_cast<size_t>((static_cast<long long>(c.size()) * (i % 200)) / 199));
    call.w.frame(call.s, call.ui);
  }
  return {};
}

std::string print_frame_stats(ScriptCall& c) {
  const FrameStats f = frame_stats(c.w.work_ms);
  std::printf(
      "  frame work (NewFrame..Render) over %zu frames: median %.3f ms, p99 %.3f ms, max %.3f "
      "ms\n",
      f.frames, f.median, f.p99, f.max);
  const FrameStats whole = frame_stats(c.w.frame_ms);
  std::printf(
      "  whole frame (events, work, rendering, swap, glFinish) over %zu frames: median %.3f "
      "ms, p99 %.3f ms, max %.3f ms\n",
      whole.frames, whole.median, whole.p99, whole.max);
  std::printf("  last frame: %d vertices, %d triangles\n", ImGui::GetIO().MetricsRenderVertices,
              ImGui::GetIO().MetricsRenderIndices / 3);
  print_triangles_per_panel();
  const FrameStats cpu = frame_stats(c.w.frame_cpu_ms);
  std::printf(
      "  whole frame in CPU time (all threads) over %zu frames: median %.3f ms, p99 %.3f ms, "
      "max %.3f ms\n",
      cpu.frames, cpu.median, cpu.p99, cpu.max);
  std::string a;
  c.args >> a;
  if (!a.empty() && cpu.p99 > std::atof(a.c_str()))
    return "the whole frame's p99 (CPU time) is above " + a + " ms";
  return {};
}

// Every open panel where the tiled layout puts it.
std::string check_panels_tiled(const Expectation& e) {
  const auto tiles = tiled_layout(e.ui.windows.display, e.ui.open);
  for (int p = 0; p < kPanels; ++p) {
    const auto r = e.ui.open[p] ? window_rect(panel_title(static_cast<Panel>(p))) : std::nullopt;
    const Rect& t = tiles[static_cast<size_t>(p)];
    if (r && (std::abs(r->x - t.x) > 1 || std::abs(r->y - t.y) > 1 || std::abs(r->w - t.w) > 1 ||
              std::abs(r->h - t.h) > 1))
      return e.fail(std::string(panel_title(static_cast<Panel>(p))) + " at " +
                    std::to_string(static_cast<int>(r->x)) + "," +
                    std::to_string(static_cast<int>(r->y)) + " " +
                    std::to_string(static_cast<int>(r->w)) + "x" +
                    std::to_string(static_cast<int>(r->h)));
  }
  return {};
}

void register_layout_checks(ScriptCommands& t) {
  t.add_check("panels-tiled", "panels-tiled: every open panel where the tiled layout puts it",
              check_panels_tiled);
  t.add_check("display", "display W H: the window's size as ImGui sees it",
              [](const Expectation& e) {
                const Display& d = e.ui.windows.display;
                return e.equals(std::to_string(static_cast<int>(d.width)) + " " +
                                std::to_string(static_cast<int>(d.height)));
              });
  t.add_check("files-folder", "files-folder NAME: the browser shows a folder NAME",
              [](const Expectation& e) {
                return e.equals(std::filesystem::path(e.ui.browse_dir).filename().string());
              });
  t.add_check("layout-arranged", "layout-arranged true|false: a panel moved since the reset",
              [](const Expectation& e) { return e.flag(e.ui.windows.user_arranged); });
}

}  // namespace

void register_check_commands(ScriptCommands& t) {
  t.add("expect-fits", "expect-fits ITEM...: every panel on screen, these items uncut",
        expect_fits);
  t.add("expect-rows", "expect-rows PREFIX N: at least N items PREFIX<k> wholly visible",
        expect_rows);
  t.add("expect-turns-agree",
        "expect-turns-agree: the Table and the Timeline drew the same hand and turn",
        expect_turns_agree);
  t.add("export-layout", "export-layout PATH: where named items are, for real clicks",
        export_layout);
  t.add("await", "await SECONDS EXPECTATION...: frames (real input) until it holds", await);
  t.add("screenshot", "screenshot PATH: a PNG of the next frame", screenshot);
  t.add("check-screenshot", "check-screenshot PATH W H: that size and not blank", check_screenshot);
  t.add("scrub-bench", "scrub-bench FRAMES: sweep the timeline, one seek a frame", scrub_bench);
  t.add("frame-stats", "frame-stats [MAX_MS]: fails if the whole frame's p99 is above",
        print_frame_stats);
  register_layout_checks(t);
}

}  // namespace zetema::studio
