// The scripted mode's table of commands and of `expect` checks: each a name,
// its one-line usage and the function that does it. The files that implement
// them register them (the register_* functions below, each called once by
// script_commands() in script.cpp); docs/studio.md lists them.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string>

#include "studio/app/app_window.h"
#include "studio/app/ui.h"

namespace zetema::studio {

class ScriptCommands;

// One line of a script: the command's name, the rest of the line, that rest
// as fields to read, and what it acts on.
struct ScriptCall {
  const std::string& cmd;
  const std::string& rest;
  std::istringstream& args;
  AppWindow& w;
  Session& s;
  UiState& ui;
  const ScriptCommands& commands;  // for commands that run others (await)
};

// One `expect NAME VALUE` line: VALUE is the rest of the line.
struct Expectation {
  const std::string& what;
  const std::string& value;
  AppWindow& w;
  Session& s;
  UiState& ui;

  // "expected NAME VALUE, got GOT": the failure every check reports.
  std::string fail(const std::string& got) const;
  // "" if `got` is VALUE, else the failure.
  std::string equals(const std::string& got) const;
  // "" if `got` is VALUE as a number, else the failure.
  std::string count(long long got) const;
  // "" if `got` is VALUE ("true" or anything else: false), else the failure.
  std::string flag(bool got) const;
};

// "" when done (or its check held), else why not.
using ScriptCommand = std::function<std::string(ScriptCall&)>;
using ScriptCheck = std::function<std::string(const Expectation&)>;

class ScriptCommands {
 public:
  // Each name once: a second registration of a name is a programming error.
  void add(const std::string& name, const std::string& usage, ScriptCommand run);
  void add_check(const std::string& name, const std::string& usage, ScriptCheck check);

  // The command `cmd`, or "unknown command 'cmd'".
  std::string run(const std::string& cmd, const std::string& rest, std::istringstream& args,
                  AppWindow& w, Session& s, UiState& ui) const;
  // The check `what`, or "unknown expectation 'what'".
  std::string check(const std::string& what, const std::string& value, AppWindow& w, Session& s,
                    UiState& ui) const;

 private:
  struct Command {
    std::string usage;
    ScriptCommand run;
  };
  struct Check {
    std::string usage;
    ScriptCheck check;
  };
  std::map<std::string, Command> commands_;
  std::map<std::string, Check> checks_;
};

// A whole number, or -1 if `s` is not one.
long long script_number(const std::string& s);
// "" if a replay is open, else "no replay is open".
std::string need_replay(const Session& s);

// The files that implement commands and checks register them here.
void register_window_commands(ScriptCommands& t);  // script.cpp
void register_replay_commands(ScriptCommands& t);  // script_replay.cpp
void register_editor_commands(ScriptCommands& t);  // script_editor.cpp
void register_check_commands(ScriptCommands& t);   // script_checks.cpp
void register_lab_commands(ScriptCommands& t);     // script_lab.cpp
void register_play_commands(ScriptCommands& t);    // script_play.cpp
void register_review_commands(ScriptCommands& t);  // script_review.cpp
void register_hidden_checks(ScriptCommands& t);    // hidden_check.cpp
void register_event_commands(ScriptCommands& t);   // script_events.cpp
void register_diff_commands(ScriptCommands& t);    // script_diff.cpp
void register_fit_commands(ScriptCommands& t);     // script_fit.cpp
void register_key_checks(ScriptCommands& t);       // script_keys.cpp
// The panel a script names (`table timeline explain editor diff play files lab corpus`).
std::optional<Panel> panel_named(const std::string& name);
void register_moment_commands(ScriptCommands& t);  // script_moment.cpp

}  // namespace zetema::studio
