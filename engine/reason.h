// The reason a hook gave for points it scored, kept by events and by the
// history hooks read.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace zetema {

// The reason a hook gave for its points: shared text, so an event or a
// history entry stays small and cheap to build and copy (most have none).
class Reason {
 public:
  Reason() = default;
  Reason(std::string text)  // NOLINT: a reason is written as its text
      : text_(text.empty() ? nullptr : std::make_shared<const std::string>(std::move(text))) {}
  const std::string& str() const {  // "" when there is none
    static const std::string kNone;
    return text_ ? *text_ : kNone;
  }
  bool empty() const { return !text_; }
  size_t size() const { return str().size(); }
  size_t find(std::string_view s) const { return str().find(s); }
  friend bool operator==(const Reason& r, std::string_view s) { return r.str() == s; }
  friend bool operator==(const Reason& a, const Reason& b) { return a.str() == b.str(); }

 private:
  std::shared_ptr<const std::string> text_;
};

}  // namespace zetema
