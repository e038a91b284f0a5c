#include "studio/session/variant_editor.h"

#include "replays/replay_file.h"

namespace zetema::studio {

bool VariantEditor::open(const std::string& spec, const scripting::VariantFolder& folder) {
  std::string path = spec;
  if (spec.find('/') == std::string::npos && spec.find(".lua") == std::string::npos) {
    path = folder.path + "/" + spec + ".lua";
  }
  std::string why;
  auto src = scripting::read_variant_file(path, why);
  if (!src) {
    status_ = why;
    return false;
  }
  if (path != path_) {
    good_text_.clear();  // another file: its own last good version
    good_.reset();
  }
  path_ = path;
  text = saved_ = src->text;
  ++generation_;
  outside_change_ = false;
  goto_line = marked_line = 0;
  remember_disk_state();
  reload(folder);
  return true;
}

void VariantEditor::remember_disk_state() {
  std::error_code ec;
  seen_ = std::filesystem::last_write_time(path_, ec);
  seen_size_ = std::filesystem::file_size(path_, ec);
}

std::string VariantEditor::save(bool overwrite) {
  if (!is_open()) return "no variant is open";
  if (outside_change_ && !overwrite)
    return path_ + " changed on disk since it was loaded: reload it, or save again to overwrite";
  if (std::string why = replays::write_file_atomically(path_, text); !why.empty()) return why;
  saved_ = text;
  outside_change_ = false;
  remember_disk_state();  // our own write is not a change to follow
  status_ = "saved " + path_;
  return {};
}

std::string VariantEditor::save_as(const std::string& path) {
  if (!is_open()) return "no variant is open";
  const std::string old = path_;
  const bool conflict = outside_change_;
  path_ = path;
  outside_change_ = false;  // a new file: nothing on disk to lose there
  if (std::string why = save(); !why.empty()) {
    path_ = old;
    outside_change_ = conflict;
    return why;
  }
  return {};
}

bool VariantEditor::poll(const scripting::VariantFolder& folder) {
  if (!is_open()) return false;
  std::error_code ec;
  const auto now = std::filesystem::last_write_time(path_, ec);
  const auto size = std::filesystem::file_size(path_, ec);
  if (ec || (now == seen_ && size == seen_size_)) return false;
  seen_ = now;
  seen_size_ = size;
  std::string why;
  auto src = scripting::read_variant_file(path_, why);
  if (!src || src->text == saved_) return false;  // touched, not changed
  if (!dirty()) {
    text = src->text;  // nothing of ours to lose: follow the disk
    ++generation_;
  } else if (text != src->text) {
    outside_change_ = true;  // keep the edits; the user chooses
  }
  saved_ = src->text;
  reload(folder);
  if (outside_change_)
    status_ = path_ + " changed on disk; the game follows it (" + status_ +
              "); your unsaved edits are kept";
  return true;
}

void VariantEditor::reload_text() {
  std::string why;
  auto src = scripting::read_variant_file(path_, why);
  if (!src) {
    status_ = why;
    return;
  }
  text = saved_ = src->text;
  ++generation_;
  outside_change_ = false;
  remember_disk_state();
  status_ = "reloaded the text of " + path_ + " from disk";
}

bool VariantEditor::revert() {
  if (!good_) return false;
  text = good_text_;
  ++generation_;
  // The error was the broken text's; the buffer now holds the good one (its
  // line marked in red would point at a line that is fine).
  error_.reset();
  marked_line = goto_line = 0;
  status_ = "reverted to the last version of " + good_->rules.id + " that loaded" +
            (dirty() ? " (not yet saved: the file on disk differs)" : "");
  return true;
}

bool VariantEditor::reload(const scripting::VariantFolder& folder) {
  auto loaded =
      std::make_shared<scripting::LoadedVariant>(scripting::load_variant_spec(path_, folder));
  if (!loaded->ok) {
    error_ = loaded->error;
    status_ = "reload failed: " + error_->describe() +
              (good_ ? "; keeping the last good " + good_->rules.id : "");
    return false;
  }
  error_.reset();
  good_text_ = loaded->sources.empty() ? saved_ : loaded->sources.front().text;
  good_ = std::move(loaded);
  status_ = "loaded " + good_->rules.id;
  return true;
}

}  // namespace zetema::studio
