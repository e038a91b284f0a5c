#include "studio/app/script_commands.h"

#include <cstdio>
#include <cstdlib>

namespace zetema::studio {

std::string Expectation::fail(const std::string& got) const {
  return "expected " + what + " " + value + ", got " + got;
}

std::string Expectation::equals(const std::string& got) const {
  return got == value ? "" : fail(got);
}

std::string Expectation::count(long long got) const {
  return got == script_number(value) ? "" : fail(std::to_string(got));
}

std::string Expectation::flag(bool got) const {
  return got == (value == "true") ? "" : fail(got ? "true" : "false");
}

void ScriptCommands::add(const std::string& name, const std::string& usage, ScriptCommand run) {
  if (!commands_.emplace(name, Command{usage, std::move(run)}).second) {
    std::fprintf(stderr, "script command '%s' registered twice\n", name.c_str());
    std::abort();
  }
}

void ScriptCommands::add_check(const std::string& name, const std::string& usage,
                               ScriptCheck check) {
  if (!checks_.emplace(name, Check{usage, std::move(check)}).second) {
    std::fprintf(stderr, "script expectation '%s' registered twice\n", name.c_str());
    std::abort();
  }
}

std::string ScriptCommands::run(const std::string& cmd, const std::string& rest,
                                std::istringstream& args, AppWindow& w, Session& s,
                                UiState& ui) const {
  const auto found = commands_.find(cmd);
  if (found == commands_.end()) return "unknown command '" + cmd + "'";
  ScriptCall call{cmd, rest, args, w, s, ui, *this};
  return found->second.run(call);
}

std::string ScriptCommands::check(const std::string& what, const std::string& value, AppWindow& w,
                                  Session& s, UiState& ui) const {
  const auto found = checks_.find(what);
  if (found == checks_.end()) return "unknown expectation '" + what + "'";
  return found->second.check(Expectation{what, value, w, s, ui});
}

long long script_number(const std::string& s) {
  try {
    return std::stoll(s);
  } catch (const std::exception&) {
    return -1;
  }
}

std::string need_replay(const Session& s) {
  return s.replay.is_open() ? "" : "no replay is open";
}

}  // namespace zetema::studio
