#include "studio/cli/output_file.h"

#include <filesystem>

#include "replays/text.h"

namespace zetema::cli {

CLI::Validator output_file_name() {
  return CLI::Validator(
      [](const std::string& name) -> std::string {
        if (name.empty()) return "give a file name (an empty name writes nothing)";
        return {};
      },
      "", "output file name");
}

std::string refuse_overwrite(const std::string& target, bool force, const std::string& option) {
  namespace fs = std::filesystem;
  std::error_code ec;
  // Only a regular file can be replaced at all: a link, FIFO or folder is
  // refused by the save itself, with --force or not (replays::replaceable).
  if (force || !fs::is_regular_file(fs::symlink_status(target, ec))) return {};
  return replays::printable(target) + " exists; give --force to replace it, or " + option +
         " for another name";
}

}  // namespace zetema::cli
