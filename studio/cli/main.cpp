// zetema: the command-line tool. Lists and checks variants, prints the
// rules side by side, and plays games with bots. Each command is registered
// by the file that runs it (studio/cli/command_registry.h); this file sets
// up the app and its global options and runs the command chosen.
#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iostream>

#include "replays/text.h"
#include "scripting/run_budget.h"
#include "studio/cli/command_registry.h"
#include "studio/cli/commands.h"
#include "studio/cli/interrupt.h"
#include "studio/cli/numbers.h"
#include "studio/paths/data_paths.h"

namespace {

// The commands in the order --help lists them, and so the man page
// (studio/man_commands.cmake); the replay group is listed where its first
// command is registered.
constexpr void (*kCommands[])(zetema::cli::CommandRegistry&) = {
    zetema::cli::add_variants_command,      zetema::cli::add_rules_table_command,
    zetema::cli::add_check_command,         zetema::cli::add_play_command,
    zetema::cli::add_replay_verify_command, zetema::cli::add_replay_show_command,
    zetema::cli::add_replay_review_command, zetema::cli::add_replay_convert_command,
    zetema::cli::add_import_command,        zetema::cli::add_export_command,
    zetema::cli::add_diff_command,          zetema::cli::add_ladder_command,
    zetema::cli::add_compare_command,       zetema::cli::add_merge_command,
};

// The subcommands given ("replay verify"), for the message on Ctrl-C.
std::string g_command;

// CLI11's answer to a bad command line. A misspelled command is named first:
// CLI11 alone says only that a command is required. Every usage error exits
// 2, as the commands' own usage checks do (CLI11's codes, 104 to 109, would
// say the same thing in as many numbers); --help and --version exit 0.
int parse_failed(const CLI::App& app, const CLI::ParseError& e) {
  if (dynamic_cast<const CLI::RequiredError*>(&e)) {
    std::string name = "zetema";
    const CLI::App* at = &app;
    while (!at->get_subcommands().empty()) {
      at = at->get_subcommands().front();
      name += " " + at->get_name();
    }
    const std::vector<std::string> extra = app.remaining(true);
    if (at->get_require_subcommand_min() > 0 && !extra.empty()) {
      std::string known;
      for (const CLI::App* sub : at->get_subcommands([](const CLI::App*) { return true; }))
        known += (known.empty() ? "" : ", ") + sub->get_name();
      std::cerr << name << ": unknown command '" << extra.front() << "' (commands: " << known
                << ")\n";
    }
  }
  return app.exit(e) == 0 ? 0 : 2;
}

int run(int argc, char** argv) {
  using namespace zetema::cli;
  // Everything printed passes through one escaping function (replays/text.h):
  // names, messages and fields from files cannot drive the terminal.
  const zetema::replays::EscapedOutput escaped_out(std::cout), escaped_err(std::cerr);
  CLI::App app{"zetema: play, check and compare rule variants of the card game Zetema"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "zetema " + zetema::paths::version());
  // The shipped folder's files are named variants/<id>.lua; another folder's
  // by the path given.
  std::string variants_dir = zetema::paths::shipped_variants_dir();
  app.add_option("--variants-dir", variants_dir,
                 "Folder of the variant files (default: $ZETEMA_VARIANTS_DIR, else the shipped "
                 "variants)");
  uint64_t budget = zetema::scripting::kDefaultRunBudget;
  add_whole(&app, "--budget", budget, uint64_t{1000}, uint64_t{1'000'000'000'000},
            "Instructions all the Lua of one run may charge: a game, a replay's re-derivation "
            "(default 1000000000)");
  CommandRegistry commands(app);
  for (const auto add : kCommands) add(commands);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return parse_failed(app, e);
  }
  // Ctrl-C from here on stops the command within a second and keeps what it
  // finished (studio/cli/interrupt.h).
  catch_interrupts();
  g_command = commands.chosen_name();
  const zetema::scripting::VariantFolder folder = zetema::paths::variant_folder(variants_dir);
  zetema::scripting::set_run_budget(budget);
  const CommandRun* chosen = commands.chosen();
  return chosen ? (*chosen)(folder) : 2;
}

}  // namespace

int main(int argc, char** argv) {
  const int status = run(argc, argv);
  // A command whose work ended early through Ctrl-C (a variant's load or a
  // hook stopped "interrupted") without its own report of what it kept.
  if (status != zetema::cli::kExitInterrupted && zetema::cli::interrupted())
    return zetema::cli::report_interrupted(g_command, "the output above is what was finished");
  return status;
}
