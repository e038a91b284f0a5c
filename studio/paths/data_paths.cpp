#include "studio/paths/data_paths.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "engine/version.h"

namespace zetema::paths {

namespace fs = std::filesystem;

namespace {

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

// The folder of the running executable, from the kernel's link to it; the
// working folder if that cannot be read.
fs::path program_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::current_path(ec) : exe.parent_path();
}

}  // namespace

std::string data_dir() {
  return (program_dir().parent_path() / "share" / "zetema").string();
}

std::string bundled_variants_dir() {
  return (fs::path(data_dir()) / "variants").string();
}

std::string shipped_variants_dir() {
  const std::string from_env = env("ZETEMA_VARIANTS_DIR");
  return from_env.empty() ? bundled_variants_dir() : from_env;
}

std::string shown_name(const std::string& variants_dir) {
  return variants_dir == bundled_variants_dir() ? "variants" : variants_dir;
}

std::string user_variants_dir() {
  // XDG Base Directory Specification: $XDG_DATA_HOME, else ~/.local/share.
  const std::string xdg = env("XDG_DATA_HOME");
  if (!xdg.empty()) return (fs::path(xdg) / "zetema" / "variants").string();
  const std::string home = env("HOME");
  if (home.empty()) return "";
  return (fs::path(home) / ".local" / "share" / "zetema" / "variants").string();
}

scripting::VariantFolder variant_folder(const std::string& variants_dir) {
  scripting::VariantFolder folder{variants_dir, shown_name(variants_dir), user_variants_dir(), ""};
  folder.user_shown = folder.user_path;
  const std::string home = env("HOME");
  if (!home.empty() && folder.user_path.rfind(home + "/", 0) == 0) {
    folder.user_shown = "~" + folder.user_path.substr(home.size());
  }
  return folder;
}

std::string sample_replay() {
  return (fs::path(data_dir()) / "samples" / "sackson-3p-greedy-vs-random.json").string();
}

std::string version() {
  return std::string(kEngineVersion);
}

}  // namespace zetema::paths
