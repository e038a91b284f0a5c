// The `zetema` commands, each registered by the file that runs it
// (studio/cli/cmd_*.cpp): its CLI11 subcommand, options and what runs when
// the command line chooses it. main.cpp sets up the app and its global
// options, calls every file's registration in the order of --help, parses,
// and runs the command chosen.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <map>
#include <string>

#include "scripting/variant_loader.h"
// What the registrations use: --teams and --shard, whole-number options,
// output file names, the options several commands share.
#include "studio/cli/game_options.h"
#include "studio/cli/numbers.h"
#include "studio/cli/output_file.h"
#include "studio/cli/shared_options.h"

namespace zetema::cli {

// What a command does once its command line is read: the process exit
// status (0 done, 1 failed, 2 bad usage, 130 interrupted).
using CommandRun = std::function<int(const scripting::VariantFolder& variants)>;

class CommandRegistry {
 public:
  explicit CommandRegistry(CLI::App& app) : app_(app) {}

  // A command of `zetema` (or of a group, `parent`), listed in --help in the
  // order added; its options go on the subcommand returned. `run` runs when
  // the command line chooses it.
  CLI::App* add(const std::string& name, const std::string& description, CommandRun run);
  CLI::App* add(CLI::App& parent, const std::string& name, const std::string& description,
                CommandRun run);
  // A command that only groups others ("replay"), made at its first call
  // (so it is listed where its first command is registered): one of its
  // commands must be given.
  CLI::App& group(const std::string& name, const std::string& description);

  // After the parse: the command chosen ("replay verify"), and what it runs
  // (null for a group given alone).
  std::string chosen_name() const;
  const CommandRun* chosen() const;

 private:
  CLI::App& app_;
  std::map<const CLI::App*, CommandRun> runs_;
  std::map<std::string, CLI::App*> groups_;
};

}  // namespace zetema::cli
