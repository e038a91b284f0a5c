// The variant being edited: its Lua text, saving it, watching the file, and
// reloading it. A failed reload keeps the last good variant and says where
// the file is wrong; a good one replaces it.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "scripting/variant_loader.h"

namespace zetema::studio {

class VariantEditor {
 public:
  // Opens a variant file (a path, or the id of a variant in the folder).
  bool open(const std::string& spec, const scripting::VariantFolder& folder);
  bool is_open() const { return !path_.empty(); }
  const std::string& path() const { return path_; }

  std::string text;  // the buffer the editor pane edits
  bool dirty() const { return text != saved_; }
  // Writes the buffer to the file (atomically); "" or why not.
  std::string save();
  // Writes the buffer to another file, which becomes the edited one.
  std::string save_as(const std::string& path);

  // Reloads when the file changed on disk since last seen; true if it did.
  bool poll(const scripting::VariantFolder& folder);
  // Loads the file now. True if it loaded; else error() says where.
  bool reload(const scripting::VariantFolder& folder);

  const std::optional<ScriptError>& error() const { return error_; }
  std::shared_ptr<const scripting::LoadedVariant> good() const { return good_; }
  const std::string& status() const { return status_; }

 private:
  std::string path_;
  std::string saved_;
  std::filesystem::file_time_type seen_{};
  uintmax_t seen_size_ = 0;
  std::optional<ScriptError> error_;
  std::shared_ptr<const scripting::LoadedVariant> good_;
  std::string status_;
};

}  // namespace zetema::studio
