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
  path_ = path;
  text = saved_ = src->text;
  std::error_code ec;
  seen_ = std::filesystem::last_write_time(path_, ec);
  seen_size_ = std::filesystem::file_size(path_, ec);
  reload(folder);
  return true;
}

std::string VariantEditor::save() {
  if (!is_open()) return "no variant is open";
  if (std::string why = replays::write_file_atomically(path_, text); !why.empty()) return why;
  saved_ = text;
  std::error_code ec;
  seen_ = std::filesystem::last_write_time(path_, ec);  // our own write is not a change to follow
  seen_size_ = std::filesystem::file_size(path_, ec);
  status_ = "saved " + path_;
  return {};
}

std::string VariantEditor::save_as(const std::string& path) {
  if (!is_open()) return "no variant is open";
  const std::string old = path_;
  path_ = path;
  if (std::string why = save(); !why.empty()) {
    path_ = old;
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
  // The file changed under us: follow it unless the buffer has edits.
  std::string why;
  if (auto src = scripting::read_variant_file(path_, why)) {
    if (!dirty()) text = src->text;
    saved_ = src->text;
  }
  reload(folder);
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
  good_ = std::move(loaded);
  status_ = "loaded " + good_->rules.id;
  return true;
}

}  // namespace zetema::studio
