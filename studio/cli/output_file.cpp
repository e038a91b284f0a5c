#include "studio/cli/output_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "replays/replay_file.h"
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

std::string probe_readable(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  const std::string head = "cannot read " + replays::printable(path) + ": ";
  if (ec) return head + ec.message();
  if (fs::is_directory(st)) return head + "it is a folder";
  if (!fs::is_regular_file(st)) return head + "it is not a regular file";
  if (std::FILE* f = std::fopen(path.c_str(), "rb")) {
    std::fclose(f);
    return {};
  }
  return head + std::strerror(errno);
}

std::string probe_writable(const std::string& path) {
  if (std::string why = replays::replaceable(path); !why.empty()) return why;
  // A folder that is not there yet is made by the save (as mkdir -p), and
  // not here: the probe leaves nothing behind.
  std::error_code ec;
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  if (!folder.empty() && !std::filesystem::is_directory(folder, ec)) return {};
  std::string why;
  std::FILE* scratch = replays::scratch_file_beside(path, why);  // already unlinked
  if (!scratch) return "cannot write " + path + ": " + std::strerror(errno);
  std::fclose(scratch);
  return {};
}

}  // namespace zetema::cli
