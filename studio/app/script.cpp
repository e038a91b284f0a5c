#include "studio/app/script.h"
#include "replays/text.h"
#include "studio/app/script_commands.h"

#include <GLFW/glfw3.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>

namespace zetema::studio {

std::optional<Panel> panel_named(const std::string& name) {
  static const char* kNames[kPanels] = {"table", "timeline", "explain", "editor", "diff",
                                        "play",  "files",    "lab",     "corpus"};
  for (int p = 0; p < kPanels; ++p) {
    if (name == kNames[p]) return static_cast<Panel>(p);
  }
  return std::nullopt;
}

namespace {

std::string resize_window(ScriptCall& c) {
  std::string a, b;
  c.args >> a >> b;
  c.w.resize(static_cast<int>(script_number(a)), static_cast<int>(script_number(b)));
  c.ui.relayout = true;
  c.w.frame(c.s, c.ui);
  return {};
}

std::string draw_frames(ScriptCall& c) {
  std::string a;
  c.args >> a;
  for (long long i = 0; i < script_number(a); ++i) c.w.frame(c.s, c.ui);
  return {};
}

std::string press_key(ScriptCall& c) {
  std::string a;
  c.args >> a;
  static const std::pair<const char*, int> kKeys[] = {
      {"right", GLFW_KEY_RIGHT}, {"left", GLFW_KEY_LEFT},    {"home", GLFW_KEY_HOME},
      {"end", GLFW_KEY_END},     {"pgup", GLFW_KEY_PAGE_UP}, {"pgdn", GLFW_KEY_PAGE_DOWN},
      {"space", GLFW_KEY_SPACE}};
  for (const auto& [name, key] : kKeys) {
    if (a != name) continue;
    c.w.key_event(key, true);
    c.w.frame(c.s, c.ui);
    c.w.key_event(key, false);
    c.w.frame(c.s, c.ui);
    return {};
  }
  return "unknown key '" + a + "'";
}

std::string set_panel(ScriptCall& c) {
  std::string a, b;
  c.args >> a >> b;
  const auto p = panel_named(a);
  if (!p) return "no panel '" + a + "'";
  c.ui.open[static_cast<int>(*p)] = b != "close";
  if (b == "focus") c.ui.focus = *p;
  return {};
}

std::string only_panels(ScriptCall& c) {
  c.ui.open.fill(false);
  for (std::string a; c.args >> a;) {
    const auto p = panel_named(a);
    if (!p) return "no panel '" + a + "'";
    c.ui.open[static_cast<int>(*p)] = true;
  }
  return {};
}

std::string show_files(ScriptCall& c) {
  std::string a, b;
  c.args >> a >> b;
  c.ui.files_saving = a == "save";
  c.ui.save_name = b;
  c.ui.open[static_cast<int>(Panel::Files)] = true;
  c.ui.focus = Panel::Files;
  return {};
}

// expect NAME VALUE: the check NAME from the table, VALUE the rest of the line.
std::string expect(ScriptCall& c) {
  std::string a, value;
  c.args >> a;
  std::getline(c.args, value);
  if (!value.empty() && value[0] == ' ') value.erase(0, 1);
  return c.commands.check(a, value, c.w, c.s, c.ui);
}

void register_window_checks(ScriptCommands& t) {
  t.add_check("font-size", "font-size N", [](const Expectation& e) {
    return e.equals(std::to_string(static_cast<int>(e.s.settings.font_size)));
  });
  t.add_check("status-contains", "status-contains TEXT", [](const Expectation& e) {
    return e.s.status.find(e.value) != std::string::npos ? "" : e.fail("'" + e.s.status + "'");
  });
}

// The whole table, built once.
const ScriptCommands& script_commands() {
  static const ScriptCommands table = [] {
    ScriptCommands t;
    register_window_commands(t);
    register_replay_commands(t);
    register_editor_commands(t);
    register_check_commands(t);
    register_lab_commands(t);
    register_play_commands(t);
    register_review_commands(t);
    register_hidden_checks(t);
    register_event_commands(t);
    register_diff_commands(t);
    register_fit_commands(t);
    register_key_checks(t);
    register_moment_commands(t);
    return t;
  }();
  return table;
}

}  // namespace

void register_window_commands(ScriptCommands& t) {
  t.add("window", "window W H: resizes the window and lays the panels out again", resize_window);
  t.add("frames", "frames N: renders N frames", draw_frames);
  t.add("key", "key right|left|home|end|pgup|pgdn|space: pressed and released", press_key);
  t.add("panel", "panel PANEL open|close|focus", set_panel);
  t.add("only", "only PANEL...: show just these panels", only_panels);
  t.add("table", "table replay|game", [](ScriptCall& c) {
    std::string a;
    c.args >> a;
    c.ui.table_shows_game = a == "game";
    return std::string();
  });
  t.add("files", "files open|save [NAME]: the browser in that mode", show_files);
  t.add("reset-layout", "reset-layout: as View > Reset layout", [](ScriptCall& c) {
    reset_layout(c.ui);
    c.w.frame(c.s, c.ui);
    return std::string();
  });
  t.add("text-size", "text-size +1|-1|0: as Ctrl+= / Ctrl+- / Ctrl+0", [](ScriptCall& c) {
    change_text_size(c.s, static_cast<float>(std::atof(c.rest.c_str())));
    c.w.frame(c.s, c.ui);
    return std::string();
  });
  t.add("expect", "expect NAME VALUE: the check NAME holds", expect);
  register_window_checks(t);
}

int run_script(const std::string& path, AppWindow& w, Session& s, UiState& ui,
               const std::string& shots) {
  std::ifstream in(path);
  if (!in) return -1;
  const ScriptCommands& commands = script_commands();
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
    const std::string why = commands.run(cmd, rest, fields, w, s, ui);
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
