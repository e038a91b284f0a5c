#include "studio/app/script.h"
#include "replays/replay_file.h"
#include "replays/text.h"
#include "studio/app/hidden_check.h"
#include "studio/app/script_play.h"
#include "studio/app/script_review.h"
#include "studio/session/chart_math.h"
#include "studio/session/explain.h"
#include "studio/session/layout.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <thread>

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

std::optional<Panel> panel_named(const std::string& name) {
  static const char* kNames[kPanels] = {"table", "timeline", "explain", "editor", "diff",
                                        "play",  "files",    "lab",     "corpus"};
  for (int p = 0; p < kPanels; ++p) {
    if (name == kNames[p]) return static_cast<Panel>(p);
  }
  return std::nullopt;
}

long long number(const std::string& s) {
  try {
    return std::stoll(s);
  } catch (const std::exception&) {
    return -1;
  }
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

// One command: "" if it was done (or its check held), else why not.
std::string run_command(const std::string& cmd, const std::string& rest, std::istringstream& args,
                        AppWindow& w, Session& s, UiState& ui) {
  std::string a, b;
  auto need_replay = [&]() { return s.replay.is_open() ? "" : "no replay is open"; };
  if (auto done = run_play_command(cmd, args, s, ui)) return *done;
  if (auto done = run_review_command(cmd, args, s, ui)) return *done;
  if (cmd == "window") {
    args >> a >> b;
    w.resize(static_cast<int>(number(a)), static_cast<int>(number(b)));
    ui.relayout = true;
    w.frame(s, ui);
    return {};
  }
  if (cmd == "frames") {
    args >> a;
    for (long long i = 0; i < number(a); ++i) w.frame(s, ui);
    return {};
  }
  if (cmd == "open-replay") return s.open_replay(rest) ? "" : s.status;
  if (cmd == "answer-replay") {  // answer-replay run|cancel: the replay's own-rules prompt
    args >> a;
    if (!s.pending_replay()) return "no prompt is open";
    if (a == "run") return s.accept_replay() ? "" : s.status;
    if (a == "cancel") return s.cancel_replay(), "";
    return "answer-replay takes run or cancel";
  }
  if (cmd == "open-variant") return s.open_variant(rest) ? "" : s.status;
  if (cmd == "seek" || cmd == "step" || cmd == "seek-hand" || cmd == "seek-turn") {
    if (std::string e = need_replay(); !e.empty()) return e;
    args >> a;
    auto& c = s.replay.cursor();
    const long long n = number(a);
    if (cmd == "seek") c.seek(static_cast<size_t>(std::max(0LL, n)));
    if (cmd == "step")
      c.seek(static_cast<size_t>(std::max(0LL, static_cast<long long>(c.position()) + n)));
    // Hands and turns are numbered from 1, as the timeline shows them.
    if (cmd == "seek-hand") c.seek_hand(static_cast<size_t>(std::max(1LL, n) - 1));
    if (cmd == "seek-turn") c.seek_turn(static_cast<size_t>(std::max(1LL, n) - 1));
    return {};
  }
  if (cmd == "key") {  // key right|left|home|end|pgup|pgdn|space: pressed and released
    args >> a;
    static const std::pair<const char*, int> kKeys[] = {
        {"right", GLFW_KEY_RIGHT}, {"left", GLFW_KEY_LEFT},    {"home", GLFW_KEY_HOME},
        {"end", GLFW_KEY_END},     {"pgup", GLFW_KEY_PAGE_UP}, {"pgdn", GLFW_KEY_PAGE_DOWN},
        {"space", GLFW_KEY_SPACE}};
    for (const auto& [name, key] : kKeys) {
      if (a != name) continue;
      w.key_event(key, true);
      w.frame(s, ui);
      w.key_event(key, false);
      w.frame(s, ui);
      return {};
    }
    return "unknown key '" + a + "'";
  }
  if (cmd == "next-score") {
    if (std::string e = need_replay(); !e.empty()) return e;
    return s.replay.cursor().next_score() ? "" : "no score after this position";
  }
  if (cmd == "select-event") {
    if (std::string e = need_replay(); !e.empty()) return e;
    args >> a;
    s.replay.select_event(static_cast<size_t>(std::max(0LL, number(a))));
    return {};
  }
  if (cmd == "panel") {
    args >> a >> b;
    const auto p = panel_named(a);
    if (!p) return "no panel '" + a + "'";
    ui.open[static_cast<int>(*p)] = b != "close";
    if (b == "focus") ui.focus = *p;
    return {};
  }
  if (cmd == "only") {  // show just these panels
    ui.open.fill(false);
    while (args >> a) {
      const auto p = panel_named(a);
      if (!p) return "no panel '" + a + "'";
      ui.open[static_cast<int>(*p)] = true;
    }
    return {};
  }
  if (cmd == "table") {
    args >> a;
    ui.table_shows_game = a == "game";
    return {};
  }
  if (cmd == "edit-replace") {  // edit-replace OLD => NEW
    const size_t arrow = rest.find(" => ");
    if (arrow == std::string::npos) return "usage: edit-replace OLD => NEW";
    const std::string from = rest.substr(0, arrow), to = rest.substr(arrow + 4);
    const size_t at = s.editor.text.find(from);
    if (at == std::string::npos) return "'" + from + "' is not in the edited text";
    std::string text = s.editor.text;
    s.editor.replace_text(text.replace(at, from.size(), to));
    return {};
  }
  if (cmd == "edit-append") {
    s.editor.replace_text(s.editor.text + rest + "\n");
    return {};
  }
  if (cmd == "disk-replace") {  // disk-replace OLD => NEW: another program edits the file
    const size_t arrow = rest.find(" => ");
    if (arrow == std::string::npos || !s.editor.is_open()) return "usage: disk-replace OLD => NEW";
    std::ifstream in(s.editor.path(), std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    std::string disk = bytes.str();
    const size_t at = disk.find(rest.substr(0, arrow));
    if (at == std::string::npos) return "'" + rest.substr(0, arrow) + "' is not in the file";
    disk.replace(at, arrow, rest.substr(arrow + 4));
    return replays::write_file_atomically(s.editor.path(), disk);
  }
  if (cmd == "close-window") {  // as the window's close button: asks when edits are unsaved
    s.request({Session::EditorAction::Kind::Close, "", 0});
    return {};
  }
  if (cmd == "reload-text") {  // the outside-change banner's "Reload the text from disk"
    s.request({Session::EditorAction::Kind::ReloadText, "", 0});
    return {};
  }
  if (cmd == "revert") {
    s.request({Session::EditorAction::Kind::Revert, "", 0});
    return {};
  }
  if (cmd == "answer") {  // answer save|discard|cancel: the prompt's buttons
    if (!s.pending()) return "no prompt is open";
    args >> a;
    if (a == "save")
      s.answer(Session::Answer::Save);
    else if (a == "discard")
      s.answer(Session::Answer::Discard);
    else if (a == "cancel")
      s.answer(Session::Answer::Cancel);
    else
      return "answer takes save, discard or cancel, not '" + a + "'";
    return {};
  }
  if (cmd == "open-location") {  // open-location FILE:LINE, as a click on that link
    const size_t colon = rest.rfind(':');
    if (colon == std::string::npos) return "usage: open-location FILE:LINE";
    std::string file = rest.substr(0, colon);
    // A bare name is the variants folder's file, named as messages name it.
    if (file.find('/') == std::string::npos) file = s.folder().shown + "/" + file;
    s.open_location(file, static_cast<int>(number(rest.substr(colon + 1))));
    return {};
  }
  if (cmd == "save-variant") {
    s.save_variant();
    return {};  // a failed reload is checked with expect
  }
  if (cmd == "diff") {
    args >> a >> b;
    return s.run_diff(a, b.empty() ? "stop" : b) ? "" : s.status;
  }
  if (cmd == "diff-jump") {
    if (!s.jump_to_divergence()) return "no divergence to jump to";
    ui.scroll_to_divergence = true;
    return {};
  }
  if (cmd == "play") {  // play VARIANT PLAYERS SEED SEAT...
    std::string variant, players, seed, seat;
    args >> variant >> players >> seed;
    std::vector<std::string> seats;
    while (args >> seat) seats.push_back(seat);
    if (!s.start_play(variant, static_cast<int>(number(players)), seats,
                      static_cast<uint64_t>(number(seed)))) {
      return s.status;
    }
    ui.table_shows_game = true;
    return {};
  }
  if (cmd == "play-first-legal") {
    for (const Choice& c : s.play.choices()) {
      if (c.legal) return s.play.play(c.action) ? "" : s.play.error();
    }
    return "no legal choice";
  }
  if (cmd == "play-illegal") {  // tries the first illegal choice: it must be refused
    for (const Choice& c : s.play.choices()) {
      if (!c.legal) return s.play.play(c.action) ? "an illegal choice was accepted" : "";
    }
    return "no illegal choice offered";
  }
  if (cmd == "save-as") {  // save-as game|variant|replay PATH: as File > Save as
    args >> a;
    std::getline(args, b);
    if (!b.empty() && b[0] == ' ') b.erase(0, 1);
    static const std::pair<const char*, Session::Saveable> kWhat[] = {
        {"game", Session::Saveable::Game},
        {"variant", Session::Saveable::Variant},
        {"replay", Session::Saveable::Replay}};
    for (const auto& [name, what] : kWhat)
      if (a == name) return s.save_as(what, b) ? "" : s.status;
    return "save-as takes game, variant or replay, not '" + a + "'";
  }
  if (cmd == "files") {  // files open|save [NAME]: the browser in that mode
    args >> a >> b;
    ui.files_saving = a == "save";
    ui.save_name = b;
    ui.open[static_cast<int>(Panel::Files)] = true;
    ui.focus = Panel::Files;
    return {};
  }
  if (cmd == "undo") return s.play.undo() ? "" : s.play.error();
  if (cmd == "crash") ::kill(::getpid(), SIGKILL);  // kill -9: no cleanup, no settings saved
  if (cmd == "resume") return s.resume_play() ? "" : s.status;
  if (cmd == "lab-run" || cmd == "lab-test") {
    // lab-run A B PLAYERS DEALS BOT[,BOT...]: runs it to the end;
    // lab-test ... METRIC H0 H1: the SPRT of METRIC's mean H0 against H1, as
    // the Lab's test mode runs it, to its verdict or the last deal
    lab::CompareConfig c;
    std::string players, deals, bots;
    args >> c.a >> c.b >> players >> deals >> bots;
    c.players = static_cast<int>(number(players));
    c.deals = static_cast<uint64_t>(std::max(1LL, number(deals)));
    c.bots.clear();
    std::stringstream list(bots);
    for (std::string bot; std::getline(list, bot, ',');) c.bots.push_back(bot);
    std::optional<lab::SequentialPlan> plan;
    if (cmd == "lab-test") {
      std::string h0, h1;
      plan = lab::SequentialPlan{};
      args >> plan->metric >> h0 >> h1;
      plan->test = lab::Sprt{std::atof(h0.c_str()), std::atof(h1.c_str())};
      ui.lab_mode = 2;  // the panel shows the test's fields
      ui.lab_until = plan->metric;
      ui.lab_h0 = static_cast<float>(plan->test->theta0);
      ui.lab_h1 = static_cast<float>(plan->test->theta1);
    }
    s.lab.start(c, s.folder(), plan);
    while (s.lab.running()) w.frame(s, ui);
    w.frame(s, ui);
    return s.lab.error();
  }
  if (cmd == "lab-ladder") {  // lab-ladder A B PLAYERS DEALS N1,N2,...: the skill trace, to its end
    lab::CompareConfig c;
    std::string players, deals, budgets;
    args >> c.a >> c.b >> players >> deals >> budgets;
    c.players = static_cast<int>(number(players));
    c.deals = static_cast<uint64_t>(std::max(1LL, number(deals)));
    ui.lab_ladder = budgets;
    s.lab.start_ladder(c, s.folder(), budgets);
    while (s.lab.running()) w.frame(s, ui);
    w.frame(s, ui);
    return s.lab.error();
  }
  if (cmd == "lab-open") return s.lab.open(rest) ? "" : s.lab.error();
  if (cmd == "corpus-run") {  // corpus-run B POLICY PATH...: files and folders under B
    std::vector<std::string> paths;
    args >> a >> b;
    for (std::string path; args >> path;) paths.push_back(path);
    // The panel's field shows the first, as if typed there.
    std::snprintf(ui.corpus_path, sizeof ui.corpus_path, "%s",
                  paths.empty() ? "" : paths[0].c_str());
    // As the panel's button: in the background, frames drawn until it ends.
    s.start_corpus(paths, a, b);
    while (s.corpus.running()) w.frame(s, ui);
    w.frame(s, ui);
    return s.corpus.error().empty() ? "" : s.status;
  }
  if (cmd == "corpus-open") {  // corpus-open ROW: the view's row (from 1) in the Diff panel
    args >> a;
    const long long row = number(a);
    if (!s.corpus.is_open() || row < 1 || static_cast<size_t>(row) > s.corpus.rows().size())
      return "no corpus row " + a;
    return open_corpus_game(s, ui, s.corpus.rows()[static_cast<size_t>(row - 1)]) ? "" : s.status;
  }
  if (cmd == "screenshot") {
    ScreenshotInfo info;
    w.frame(s, ui);  // let windows settle after the last command
    w.frame(s, ui, rest, &info);
    if (!info.ok) return info.error;
    std::printf("  screenshot %s: %dx%d, %d colours\n", rest.c_str(), info.width, info.height,
                info.colours);
    return {};
  }
  if (cmd == "check-screenshot") {  // check-screenshot PATH W H
    std::string path;
    args >> path >> a >> b;
    const ScreenshotInfo info = inspect_png(path);
    if (!info.ok) return info.error;
    if (info.width != number(a) || info.height != number(b)) {
      return "expected " + a + "x" + b + ", got " + std::to_string(info.width) + "x" +
             std::to_string(info.height);
    }
    // A blank frame is one colour; any text or card brings many more.
    if (info.colours < 16) return "looks blank: only " + std::to_string(info.colours) + " colours";
    return {};
  }
  if (cmd == "scrub-bench") {  // scrub-bench FRAMES: sweep the timeline, one seek a frame
    if (std::string e = need_replay(); !e.empty()) return e;
    args >> a;
    const long long frames = std::max(1LL, number(a));
    w.work_ms.clear();
    w.frame_ms.clear();
    w.frame_cpu_ms.clear();
    auto& c = s.replay.cursor();
    for (long long i = 0; i < frames; ++i) {
      c.seek(static_cast<size_t>((static_cast<long long>(c.size()) * (i % 200)) / 199));
      w.frame(s, ui);
    }
    return {};
  }
  if (cmd == "frame-stats") {  // frame-stats [MAX_MS]: fails if the whole frame's p99 is above
    const FrameStats f = frame_stats(w.work_ms);
    std::printf(
        "  frame work (NewFrame..Render) over %zu frames: median %.3f ms, p99 %.3f ms, max %.3f "
        "ms\n",
        f.frames, f.median, f.p99, f.max);
    const FrameStats whole = frame_stats(w.frame_ms);
    std::printf(
        "  whole frame (events, work, rendering, swap, glFinish) over %zu frames: median %.3f "
        "ms, p99 %.3f ms, max %.3f ms\n",
        whole.frames, whole.median, whole.p99, whole.max);
    std::printf("  last frame: %d vertices, %d triangles\n", ImGui::GetIO().MetricsRenderVertices,
                ImGui::GetIO().MetricsRenderIndices / 3);
    print_triangles_per_panel();
    const FrameStats cpu = frame_stats(w.frame_cpu_ms);
    std::printf(
        "  whole frame in CPU time (all threads) over %zu frames: median %.3f ms, p99 %.3f ms, "
        "max %.3f ms\n",
        cpu.frames, cpu.median, cpu.p99, cpu.max);
    args >> a;
    if (!a.empty() && cpu.p99 > std::atof(a.c_str()))
      return "the whole frame's p99 (CPU time) is above " + a + " ms";
    return {};
  }
  if (cmd == "reset-layout") {  // as View > Reset layout
    reset_layout(ui);
    w.frame(s, ui);
    return {};
  }
  if (cmd == "text-size") {  // text-size +1|-1|0: as Ctrl+= / Ctrl+- / Ctrl+0
    change_text_size(s, static_cast<float>(std::atof(rest.c_str())));
    w.frame(s, ui);
    return {};
  }
  if (cmd == "expect-fits") {  // expect-fits ITEM...: every panel on screen, these items uncut
    ui.record_layout = true;
    w.frame(s, ui);
    w.frame(s, ui);
    ui.record_layout = false;
    return check_fits(ui, args);
  }
  if (cmd == "expect-turns-agree") {  // the Table and the Timeline drew the same hand and turn
    ui.table_turn.clear();
    ui.timeline_turn.clear();
    w.frame(s, ui);
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
  if (cmd == "expect-rows") {  // expect-rows PREFIX N: at least N items PREFIX<k> wholly visible
    args >> a >> b;
    ui.record_layout = true;
    w.frame(s, ui);
    w.frame(s, ui);
    ui.record_layout = false;
    long long whole = 0;
    for (const auto& [name, r] : ui.layout)
      if (name.rfind(a, 0) == 0 && !ui.clipped.count(name)) ++whole;
    return whole >= number(b) ? ""
                              : "only " + std::to_string(whole) + " " + a + "* wholly visible, " +
                                    "expected at least " + b;
  }
  if (cmd == "export-layout") {  // export-layout PATH: where named items are, for real clicks
    ui.record_layout = true;
    w.frame(s, ui);
    w.frame(s, ui);  // the second frame draws what the first one's layout settled
    std::string text;
    for (const auto& [name, r] : ui.layout) {
      char line[160];
      std::snprintf(line, sizeof line, "%s %.0f %.0f %.0f %.0f\n", name.c_str(), r[0], r[1], r[2],
                    r[3]);
      text += line;
    }
    return replays::write_file_atomically(rest, text);
  }
  if (cmd == "await") {  // await SECONDS EXPECTATION...: frames (real input) until it holds
    args >> a;
    std::string expectation;
    std::getline(args, expectation);
    const auto until = std::chrono::steady_clock::now() +
                       std::chrono::milliseconds(std::max(0LL, number(a)) * 1000);
    std::string why;
    do {
      w.frame(s, ui);
      std::istringstream check(expectation);
      why = run_command("expect", expectation, check, w, s, ui);
      if (why.empty()) return {};
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    } while (std::chrono::steady_clock::now() < until);
    return "timed out: " + why;
  }
  if (cmd == "expect") {
    args >> a;
    std::string value;
    std::getline(args, value);
    if (!value.empty() && value[0] == ' ') value.erase(0, 1);
    auto fail = [&](const std::string& got) {
      return "expected " + a + " " + value + ", got " + got;
    };
    if (auto held = check_play_expectation(a, value, s, ui)) return *held;
    if (auto held = check_review_expectation(a, value, s, ui)) return *held;
    if (auto held = check_hidden_expectation(a, value, w, s, ui)) return *held;
    if (a == "position") {
      if (std::string e = need_replay(); !e.empty()) return e;
      const size_t pos = s.replay.cursor().position();
      return static_cast<long long>(pos) == number(value) ? "" : fail(std::to_string(pos));
    }
    if (a == "hand" || a == "turn") {  // as the table and timeline show them, from 1
      if (std::string e = need_replay(); !e.empty()) return e;
      const auto& c = s.replay.cursor();
      const State& t = s.replay_table();
      const long long shown = a == "hand" ? t.hand_number : t.turn_number;
      // The markers PgUp/PgDn and seek-turn use must agree with the table
      // (at a live game's end a turn may have begun without an event).
      const size_t marker = (a == "hand" ? c.hand_at(c.position()) : c.turn_at(c.position())) + 1;
      if (shown > 0 && &t == &c.state() && static_cast<long long>(marker) != shown)
        return fail("table " + std::to_string(shown) + ", markers " + std::to_string(marker));
      return shown == number(value) ? "" : fail(std::to_string(shown));
    }
    if (a == "selected-event") {
      const auto e = s.replay.selected_event();
      const long long n = e ? static_cast<long long>(*e) : -1;
      return n == number(value) ? "" : fail(std::to_string(n));
    }
    if (a == "playing")
      return s.replay.playing == (value == "true") ? "" : fail(s.replay.playing ? "true" : "false");
    if (a == "events-at-least") {
      if (std::string e = need_replay(); !e.empty()) return e;
      const size_t n = s.replay.cursor().size();
      return static_cast<long long>(n) >= number(value) ? "" : fail(std::to_string(n));
    }
    if (a == "events") {
      if (std::string e = need_replay(); !e.empty()) return e;
      const size_t n = s.replay.cursor().size();
      return static_cast<long long>(n) == number(value) ? "" : fail(std::to_string(n));
    }
    if (a == "diff-choices") {  // the Diff panel's B and policy pickers: "book1881 stop"
      const auto& catalog = s.catalog();
      const std::string got =
          (catalog.empty()
               ? std::string("none")
               : catalog[std::min<size_t>(static_cast<size_t>(ui.diff_b), catalog.size() - 1)].id) +
          " " + diff_policies()[static_cast<size_t>(ui.diff_policy)];
      return got == value ? "" : fail(got);
    }
    if (a == "diff-of") {  // the replay the Diff panel's result belongs to, or none
      const std::string got = s.diff.is_open() ? s.diff.label() : "none";
      return got == value ? "" : fail(got);
    }
    if (a == "replay-prompt") {  // the file the own-rules prompt asks about, or none
      const auto& p = s.pending_replay();
      const std::string got = p ? std::filesystem::path(p->path).filename().string() : "none";
      return got == value ? "" : fail(got);
    }
    if (a == "replay-prompt-contains") {
      const auto& p = s.pending_replay();
      return p && p->note.find(value) != std::string::npos ? "" : fail(p ? p->note : "none");
    }
    if (a == "replay") {  // the open replay's file name, or none
      const std::string got =
          s.replay.is_open() ? std::filesystem::path(s.replay.path()).filename().string() : "none";
      return got == value ? "" : fail(got);
    }
    if (a == "panels-tiled") {  // every open panel where the tiled layout puts it
      const auto tiles = tiled_layout(ui.windows.display, ui.open);
      for (int p = 0; p < kPanels; ++p) {
        const auto r = ui.open[p] ? window_rect(panel_title(static_cast<Panel>(p))) : std::nullopt;
        const Rect& t = tiles[static_cast<size_t>(p)];
        if (r && (std::abs(r->x - t.x) > 1 || std::abs(r->y - t.y) > 1 ||
                  std::abs(r->w - t.w) > 1 || std::abs(r->h - t.h) > 1))
          return fail(std::string(panel_title(static_cast<Panel>(p))) + " at " +
                      std::to_string(static_cast<int>(r->x)) + "," +
                      std::to_string(static_cast<int>(r->y)) + " " +
                      std::to_string(static_cast<int>(r->w)) + "x" +
                      std::to_string(static_cast<int>(r->h)));
      }
      return {};
    }
    if (a == "display") {  // expect display W H: the window's size as ImGui sees it
      const std::string got = std::to_string(static_cast<int>(ui.windows.display.width)) + " " +
                              std::to_string(static_cast<int>(ui.windows.display.height));
      return got == value ? "" : fail(got);
    }
    if (a == "files-folder") {  // expect files-folder NAME: the browser shows a folder NAME
      const std::string shown = std::filesystem::path(ui.browse_dir).filename().string();
      return shown == value ? "" : fail(shown);
    }
    if (a == "layout-arranged")
      return ui.windows.user_arranged == (value == "true")
                 ? ""
                 : fail(ui.windows.user_arranged ? "true" : "false");
    if (a == "diff-row-near") {  // expect diff-row-near FRACTION: the selected event's row
      if (!s.diff.is_open()) return fail("no diff");
      const auto e = s.replay.selected_event();
      if (!e) return fail("no selected event");
      const size_t rows = s.diff.result().rows.size();
      const double f = std::atof(value.c_str());
      const size_t lo = *index_at(f - 0.02, rows), hi = *index_at(f + 0.02, rows);
      const size_t row = row_of_a_event(s.diff.result(), *e);
      // A row played only under B selects the last A event before it.
      return row + 1 >= lo && row <= hi
                 ? ""
                 : fail("row " + std::to_string(row) + " of " + std::to_string(rows));
    }
    if (a == "font-size") {
      const std::string got = std::to_string(static_cast<int>(s.settings.font_size));
      return got == value ? "" : fail(got);
    }
    if (a == "status-contains")
      return s.status.find(value) != std::string::npos ? "" : fail("'" + s.status + "'");
    if (a == "variant") {
      if (std::string e = need_replay(); !e.empty()) return e;
      return s.replay.variant().rules.id == value ? "" : fail(s.replay.variant().rules.id);
    }
    if (a == "divergences-at-least") {
      const size_t n = s.diff.is_open() ? s.diff.result().divergences.size() : 0;
      return static_cast<long long>(n) >= number(value) ? "" : fail(std::to_string(n));
    }
    if (a == "editor-error-line") {
      const auto& err = s.editor.error();
      if (!err) return fail("no error");
      return err->line == number(value) ? "" : fail(std::to_string(err->line));
    }
    if (a == "editor-ok") return s.editor.error() ? fail(s.editor.error()->describe()) : "";
    if (a == "editor-file") {  // the edited file's name: sackson.lua
      const std::string got = std::filesystem::path(s.editor.path()).filename().string();
      return got == value ? "" : fail(got);
    }
    if (a == "editor-contains")
      return s.editor.text.find(value) != std::string::npos ? "" : fail("not in the text");
    if (a == "editor-lacks")
      return s.editor.text.find(value) == std::string::npos ? "" : fail("in the text");
    if (a == "editor-dirty")
      return s.editor.dirty() == (value == "true") ? "" : fail(s.editor.dirty() ? "true" : "false");
    if (a == "outside-change")
      return s.editor.outside_change() == (value == "true")
                 ? ""
                 : fail(s.editor.outside_change() ? "true" : "false");
    if (a == "editor-cursor-line") {  // where the editor widget's own cursor is (0: not editing)
      const int got = ui.editor_view.cursor_line;
      return got == number(value) ? "" : fail(std::to_string(got));
    }
    if (a == "prompt") {  // the pending prompt's action in words has these, or none
      const std::string got = s.pending() ? s.pending_words() : "none";
      return got.find(value) != std::string::npos ? "" : fail(got);
    }
    if (a == "quit")
      return s.quit_requested() == (value == "true") ? ""
                                                     : fail(s.quit_requested() ? "true" : "false");
    if (a == "quote-contains") {  // the selected event's explanation quotes these words
      const auto e = s.replay.is_open() ? s.replay.selected_event() : std::nullopt;
      if (!e) return fail("no selected event");
      const auto& c = s.replay.cursor();
      const Explanation x = explain(c.events()[*e], c.state(), &s.replay_quotes());
      return x.quote.find(value) != std::string::npos ? "" : fail("'" + x.quote + "'");
    }
    if (a == "play-actions") {
      const size_t n = s.play.actions_played();
      return static_cast<long long>(n) == number(value) ? "" : fail(std::to_string(n));
    }
    if (a == "corpus-games" || a == "corpus-errors" || a == "corpus-flips") {
      if (!s.corpus.is_open()) return fail("no corpus");
      const lab::CorpusSummary& c = s.corpus.summary();
      const uint64_t n = a == "corpus-games" ? c.files : a == "corpus-errors" ? c.errors : c.flips;
      return static_cast<long long>(n) == number(value) ? "" : fail(std::to_string(n));
    }
    if (a == "corpus-row") {  // expect corpus-row ROW flipped|diverged|same|error
      std::istringstream v(value);
      std::string row, what;
      v >> row >> what;
      const long long r = number(row);
      if (!s.corpus.is_open() || r < 1 || static_cast<size_t>(r) > s.corpus.rows().size())
        return fail("no such row");
      const lab::CorpusGame& g =
          s.corpus.result().games[s.corpus.rows()[static_cast<size_t>(r - 1)]];
      const std::string got = !g.error.empty() ? "error"
                              : g.flipped()    ? "flipped"
                              : g.diverged     ? "diverged"
                                               : "same";
      return got == what ? "" : fail(got);
    }
    if (a == "lab-ladder-steps") {  // the skill trace's finished steps: 8,16,32 (none: empty)
      std::string got;
      for (const lab::LadderStep& step : s.lab.ladder())
        got += (got.empty() ? "" : ",") + std::to_string(step.n);
      return got == value || (got.empty() && value == "none") ? "" : fail(got);
    }
    if (a == "lab-verdict") {  // the sequential test's verdict: h0, h1, continue or none
      const auto live = s.lab.live();
      const std::string got = !live || !s.lab.plan() || !s.lab.plan()->test ? "none"
                              : live->verdict == lab::SprtVerdict::AcceptH0 ? "h0"
                              : live->verdict == lab::SprtVerdict::AcceptH1 ? "h1"
                                                                            : "continue";
      return got == value ? "" : fail(got);
    }
    if (a == "lab-live-contains") {  // the Lab's live line (sequential runs) has these words
      const auto live = s.lab.live();
      const std::string got = live && s.lab.plan() ? live_line(*s.lab.plan(), *live) : "none";
      return got.find(value) != std::string::npos ? "" : fail(got);
    }
    if (a == "lab-deals") {
      const size_t n = s.lab.has_result() ? s.lab.result().deals_held() : 0;
      return static_cast<long long>(n) == number(value) ? "" : fail(std::to_string(n));
    }
    if (a == "lab-sides") {  // the per-side rows the Lab panel shows (0: per seat)
      const size_t n = s.lab.has_result() && lab::shows_sides(s.lab.metrics())
                           ? s.lab.metrics().diff.side_seats.size()
                           : 0;
      return static_cast<long long>(n) == number(value) ? "" : fail(std::to_string(n));
    }
    if (a == "lab-kinds") {  // the per-kind rows, comma-separated: sequence,flush,...,zetema
      std::string kinds;
      if (s.lab.has_result()) {
        for (const std::string& k : s.lab.metrics().kinds) kinds += (kinds.empty() ? "" : ",") + k;
      }
      return kinds == value ? "" : fail(kinds);
    }
    if (a == "lab-kind-made") {  // expect lab-kind-made KIND a|b|both|none: who made any
      std::istringstream v(value);
      std::string kind, who;
      v >> kind >> who;
      if (!s.lab.has_result()) return fail("no result");
      const lab::Metrics& m = s.lab.metrics();
      const int k = replays::row_index(m.kinds, kind);
      if (k < 0) return fail("no row " + kind);
      const bool by_a = m.a.count[static_cast<size_t>(k)].mean > 0;
      const bool by_b = m.b.count[static_cast<size_t>(k)].mean > 0;
      const std::string got = by_a && by_b ? "both" : by_a ? "a" : by_b ? "b" : "none";
      return got == who ? "" : fail(got);
    }
    if (a == "human-to-move")
      return s.play.human_to_move() == (value == "true")
                 ? ""
                 : fail(s.play.human_to_move() ? "true" : "false");
    if (a == "autosave-waiting")
      return s.autosave_waiting() == (value == "true")
                 ? ""
                 : fail(s.autosave_waiting() ? "true" : "false");
    if (a == "zetema-points-of") {  // expect zetema-points-of RANK POINTS: the first such zetema
      if (std::string e = need_replay(); !e.empty()) return e;
      std::istringstream v(value);
      std::string rank, points;
      v >> rank >> points;
      for (const Event& e : s.replay.cursor().events()) {
        if (e.type == EventType::Zetema && std::string(1, rank_char(e.rank)) == rank) {
          return e.points == number(points) ? "" : fail(std::to_string(e.points));
        }
      }
      return fail("no zetema of " + rank);
    }
    if (a == "play-score") {  // expect play-score SIDE POINTS: the play-mode game's score
      std::istringstream v(value);
      int side = 0;
      std::string points;
      v >> side >> points;
      const State& st = s.play.state();
      if (side < 1 || side > st.sides) return fail("no side " + std::to_string(side));
      return st.score[side - 1] == number(points) ? "" : fail(std::to_string(st.score[side - 1]));
    }
    return "unknown expectation '" + a + "'";
  }
  return "unknown command '" + cmd + "'";
}

}  // namespace

int run_script(const std::string& path, AppWindow& w, Session& s, UiState& ui,
               const std::string& shots) {
  std::ifstream in(path);
  if (!in) return -1;
  int failed = 0;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    const size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line[start] == '#') continue;
    line = line.substr(start);
    for (size_t at = line.find("$SHOTS"); at != std::string::npos; at = line.find("$SHOTS")) {
      line.replace(at, 6, shots);
    }
    std::istringstream args(line);
    std::string cmd;
    args >> cmd;
    std::string rest;
    std::getline(args, rest);
    if (!rest.empty() && rest[0] == ' ') rest.erase(0, 1);
    std::istringstream fields(rest);
    if (cmd == "quit") break;
    const std::string why = run_command(cmd, rest, fields, w, s, ui);
    w.frame(s, ui);
    if (why.empty()) {
      std::printf("ok   %s:%d %s\n", path.c_str(), n, replays::printable(line).c_str());
    } else {
      ++failed;
      std::printf("FAIL %s:%d %s: %s\n", path.c_str(), n, replays::printable(line).c_str(),
                  replays::printable(why).c_str());
    }
    std::fflush(stdout);
  }
  return failed;
}

}  // namespace zetema::studio
