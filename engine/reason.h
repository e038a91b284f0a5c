// The reason a hook gave for points it scored, kept by events and by the
// history hooks read.
#pragma once

#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>

namespace zetema {

// Each different reason's text, kept once for the life of the program, so
// that a reason is one pointer: an Event holding one is trivially copied
// and freed, and a game's log is written and released without a step per
// event. How many different reasons one game may give is capped per run
// (scripting/run_reasons.h), so no file's verdict depends on what ran
// before it; the table's own cap bounds the program's memory (about 300 MB
// at worst: texts of at most 200 bytes). Thread-safe.
class ReasonTable {
 public:
  explicit ReasonTable(size_t cap) : cap_(cap) {}
  // The kept copy of `text` (not empty); nullptr when `cap` different
  // texts are kept already and this is another.
  const std::string* keep(std::string_view text);
  size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::unordered_set<std::string> texts_;  // nodes: a kept text never moves
  size_t cap_;
};

// The program's table holds this many different reasons at most: sixteen
// runs that each give the most one run may, before it is full.
inline constexpr size_t kMaxReasons = size_t{1} << 20;

class Reason {
 public:
  Reason() = default;  // no reason
  // The reason with this text ("" for none); nullopt when the program
  // keeps kMaxReasons different ones already and this is another.
  static std::optional<Reason> of(std::string_view text);

  const std::string& str() const {  // "" when there is none
    static const std::string kNone;
    return text_ ? *text_ : kNone;
  }
  bool empty() const { return !text_; }
  size_t size() const { return str().size(); }
  size_t find(std::string_view s) const { return str().find(s); }
  friend bool operator==(const Reason& r, std::string_view s) { return r.str() == s; }
  // Kept once: the same text is the same pointer.
  friend bool operator==(const Reason& a, const Reason& b) { return a.text_ == b.text_; }

 private:
  explicit Reason(const std::string* text) : text_(text) {}
  const std::string* text_ = nullptr;
};

// Why a reason was not kept because the program's table is full: the
// machine's limit, which the message says is no verdict on the file.
std::string too_many_reasons();

}  // namespace zetema
