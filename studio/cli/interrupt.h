// Ctrl-C for every `zetema` command (docs/hardening.md, "Ctrl-C"): one
// process-wide flag, the sandbox's own (scripting::interrupt_scripts), set
// by one SIGINT handler installed for the whole run. A script call running
// then stops at once ("interrupted", with its file:line); each command's
// loop looks at the flag between its units (a step of a game, a game, a
// file, a deal), keeps what it finished, says so and exits with 130.
#pragma once

#include <string_view>

namespace zetema::cli {

// The exit status of a command stopped by Ctrl-C (128 + SIGINT, as a shell
// reports a process the signal ended).
inline constexpr int kExitInterrupted = 130;

// Installs the SIGINT handler (async-signal-safe: it only sets the flag). A
// second Ctrl-C ends the process at once, the default action.
void catch_interrupts();
bool interrupted() noexcept;
// Prints "zetema COMMAND: interrupted (Ctrl-C); KEPT" and returns
// kExitInterrupted.
int report_interrupted(std::string_view command, std::string_view kept);

}  // namespace zetema::cli
