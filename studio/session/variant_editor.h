// The variant being edited: its Lua text, saving it, watching the file, and
// reloading it. A failed reload keeps the last good variant and says where
// the file is wrong; a good one replaces it. The editor never loses an edit
// silently: a change on disk while the buffer has edits is kept apart
// (outside_change) until the user reloads the text or overwrites it.
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
  // Whether the buffer differs from the file as last read or written.
  bool dirty() const { return text != saved_; }
  // Counts the times the session replaced the buffer (open, revert,
  // reload): a view holding its own copy of the text starts afresh.
  int generation() const { return generation_; }
  // Replaces the buffer from outside the editor widget (the scripted mode):
  // a widget being typed in holds its own copy and would write it back.
  void replace_text(std::string t) {
    text = std::move(t);
    ++generation_;
  }

  // Writes the buffer to the file (atomically); "" or why not. While the
  // file has changed on disk since it was read, refuses unless `overwrite`.
  std::string save(bool overwrite = false);
  // Writes the buffer to another file, which becomes the edited one.
  std::string save_as(const std::string& path);

  // Checks the file on disk (size and time, then the bytes when those
  // moved); true if its contents changed. An unedited buffer follows the
  // disk; an edited one is kept and outside_change() says so. Either way
  // the rules are reloaded from the disk (the game follows the file).
  bool poll(const scripting::VariantFolder& folder);
  // Loads the file now. True if it loaded; else error() says where.
  bool reload(const scripting::VariantFolder& folder);
  // The file changed on disk while the buffer had edits.
  bool outside_change() const { return outside_change_; }
  // Replaces the buffer with the file as it is on disk now.
  void reload_text();
  // Returns the buffer to the last text that loaded without error (not the
  // file on disk, which may be broken) and clears the error, which was the
  // broken text's; false if none has loaded.
  bool revert();
  // The text that last loaded without error ("" before any did).
  const std::string& good_text() const { return good_text_; }

  // A line the editor view should show and put the cursor on (0: none);
  // the view clears it once done. `marked_line` stays highlighted.
  int goto_line = 0;
  int marked_line = 0;

  const std::optional<ScriptError>& error() const { return error_; }
  std::shared_ptr<const scripting::LoadedVariant> good() const { return good_; }
  const std::string& status() const { return status_; }

 private:
  void remember_disk_state();

  std::string path_;
  std::string saved_;
  std::string good_text_;
  int generation_ = 0;
  bool outside_change_ = false;
  std::filesystem::file_time_type seen_{};
  uintmax_t seen_size_ = 0;
  std::optional<ScriptError> error_;
  std::shared_ptr<const scripting::LoadedVariant> good_;
  std::string status_;
};

}  // namespace zetema::studio
