// The one JSON writer: the CLI's --json output, replay files and the lab's
// results are all written by it. Values are appended in order; commas,
// line breaks, indentation and escaping are done here. Into a string, or in
// pieces to a sink for a text too big to hold (a lab result of 10^8 deals).
#pragma once

#include <concepts>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace zetema::replays {

// How a JSON text is laid out, and how its strings and reals are written.
struct JsonStyle {
  // Spaces a level of nesting is indented by; 0: one line, without spaces.
  int indent = 0;
  // Indented: an array's elements follow its "[" on one line ([1, 2, 3]),
  // else each is on a line of its own.
  bool inline_arrays = false;
  // Strings made safe to print (replays/text.h): controls, DEL and the hidden
  // code points as \u escapes, invalid UTF-8 as U+FFFD. Else only what JSON
  // requires is escaped and every other byte is written as it is.
  bool visible_text = false;
  // Significant digits of a real (printf's %g, so NaN is nan, as the CLI
  // has always written it); 0: digits that read back as the same double
  // (NaN and the infinities as null).
  int real_digits = 0;
};

// The CLI's --json: one line, safe to print in a terminal, reals to 6 digits.
inline constexpr JsonStyle kOneLineJson{0, false, true, 6};
// A replay file: two spaces a level, every value on a line of its own.
inline constexpr JsonStyle kIndentedJson{2, false, false, 0};
// A lab result: as kIndentedJson, but each array on one line (a game's
// numbers, an estimate's mean and interval).
inline constexpr JsonStyle kIndentedJsonInlineArrays{2, true, false, 0};

class JsonWriter {
 public:
  using Sink = std::function<void(std::string_view)>;

  // Writes into str().
  explicit JsonWriter(JsonStyle style) : style_(style) {}
  // Writes to `sink` in pieces of at least 64 KiB; flush() sends the rest.
  JsonWriter(JsonStyle style, Sink sink) : style_(style), sink_(std::move(sink)) {}

  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  // The name of the object's next member; its value follows.
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b);
  JsonWriter& value(double d);
  // Any whole number, all 64 bits of a seed included.
  template <std::integral T>
  requires(!std::same_as<T, bool>) JsonWriter& value(T n) {
    if constexpr (std::is_signed_v<T>) {
      return whole(static_cast<long long>(n));
    } else {
      return whole(static_cast<unsigned long long>(n));
    }
  }

  // The text written so far (all of it when there is no sink).
  const std::string& str() const { return out_; }
  // Sends what is held to the sink (with no sink, keeps it in str()).
  void flush();

 private:
  struct Level {
    bool array;
    size_t count = 0;  // members or elements so far
  };

  JsonWriter& whole(long long n);
  JsonWriter& whole(unsigned long long n);
  void separate();
  void open(bool array, char c);
  void close(char c);
  void new_line(size_t depth);
  void put(std::string_view s);
  void put(char c);
  void string(std::string_view s);
  void visible_string(std::string_view s);
  void real(double d);

  JsonStyle style_;
  Sink sink_;
  std::string out_;
  std::vector<Level> levels_;
  bool after_key_ = false;  // the next value is a member's, after its key
};

}  // namespace zetema::replays
