// Files for tests: a scratch folder removed at the end, and a whole file read.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace zetema::test {

// A fresh folder under the system's temporary one, named for `tag` and the
// process; removed with everything in it when the test ends.
struct Scratch {
  std::filesystem::path root;
  explicit Scratch(const std::string& tag) {
    root = std::filesystem::temp_directory_path() / (tag + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(root);
    std::filesystem::create_directories(root);
  }
  ~Scratch() { std::filesystem::remove_all(root); }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
};

inline std::string read_all(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace zetema::test
