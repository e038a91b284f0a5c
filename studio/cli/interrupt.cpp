#include "studio/cli/interrupt.h"

#include <csignal>
#include <iostream>

#include "scripting/sandbox.h"

namespace zetema::cli {

namespace {

// Only a lock-free atomic store (scripting/sandbox.cpp): safe in a handler.
extern "C" void on_sigint(int) {
  scripting::interrupt_scripts();
}

}  // namespace

void catch_interrupts() {
  scripting::clear_script_interrupt();
  struct sigaction sa {};
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  // SA_RESETHAND: the second Ctrl-C takes the default action (the process
  // ends), for a user who does not want to wait for what is kept.
  sa.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &sa, nullptr);
}

bool interrupted() noexcept {
  return scripting::scripts_interrupted();
}

int report_interrupted(std::string_view command, std::string_view kept) {
  std::cerr << "zetema " << command << ": interrupted (Ctrl-C)";
  if (!kept.empty()) std::cerr << "; " << kept;
  std::cerr << "\n";
  return kExitInterrupted;
}

}  // namespace zetema::cli
