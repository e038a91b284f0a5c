#include "engine/reason.h"

namespace zetema {

const std::string* ReasonTable::keep(std::string_view text) {
  const std::lock_guard<std::mutex> lock(mutex_);
  std::string key(text);  // a reason is at most 200 bytes (the hooks' reader)
  if (auto it = texts_.find(key); it != texts_.end()) return &*it;
  if (texts_.size() >= cap_) return nullptr;
  return &*texts_.insert(std::move(key)).first;
}

size_t ReasonTable::size() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return texts_.size();
}

namespace {
// Never destroyed: events may be read while the program exits (a thread of
// the lab still finishing), and their texts must outlive them.
ReasonTable& program_reasons() {
  static auto* table = new ReasonTable(kMaxReasons);
  return *table;
}
}  // namespace

std::optional<Reason> Reason::of(std::string_view text) {
  if (text.empty()) return Reason();
  const std::string* kept = program_reasons().keep(text);
  if (!kept) return std::nullopt;
  return Reason(kept);
}

std::string too_many_reasons() {
  return "a reason not kept: the program keeps " + std::to_string(kMaxReasons) +
         " different reasons at most, for all it has run since it started; this is the "
         "machine's limit, not a verdict on the file (run it in a new process)";
}

}  // namespace zetema
