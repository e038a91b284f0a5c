#include "studio/cli/command_registry.h"

namespace zetema::cli {

namespace {

// The subcommand the command line chose, at the end of its chain.
const CLI::App* chosen_leaf(const CLI::App& app) {
  const CLI::App* at = &app;
  while (!at->get_subcommands().empty()) at = at->get_subcommands().front();
  return at;
}

}  // namespace

CLI::App* CommandRegistry::add(const std::string& name, const std::string& description,
                               CommandRun run) {
  return add(app_, name, description, std::move(run));
}

CLI::App* CommandRegistry::add(CLI::App& parent, const std::string& name,
                               const std::string& description, CommandRun run) {
  CLI::App* command = parent.add_subcommand(name, description);
  runs_[command] = std::move(run);
  return command;
}

CLI::App& CommandRegistry::group(const std::string& name, const std::string& description) {
  CLI::App*& group = groups_[name];
  if (!group) {
    group = app_.add_subcommand(name, description);
    group->require_subcommand(1);
  }
  return *group;
}

std::string CommandRegistry::chosen_name() const {
  std::string name;
  for (const CLI::App* sub = &app_; !sub->get_subcommands().empty();) {
    sub = sub->get_subcommands().front();
    name += (name.empty() ? "" : " ") + sub->get_name();
  }
  return name;
}

const CommandRun* CommandRegistry::chosen() const {
  const auto found = runs_.find(chosen_leaf(app_));
  return found == runs_.end() ? nullptr : &found->second;
}

}  // namespace zetema::cli
