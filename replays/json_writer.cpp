#include "replays/json_writer.h"

#include <rapidjson/internal/dtoa.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include "replays/text.h"

namespace zetema::replays {

namespace {

// Text held before it goes to the sink.
constexpr size_t kPiece = size_t{1} << 16;

// The escape JSON requires for byte `c` (after the backslash), 'u' for a
// \u00XX one, or 0 if it is written as it is.
char required_escape(unsigned char c) {
  switch (c) {
    case '"':
      return '"';
    case '\\':
      return '\\';
    case '\b':
      return 'b';
    case '\f':
      return 'f';
    case '\n':
      return 'n';
    case '\r':
      return 'r';
    case '\t':
      return 't';
    default:
      return c < 0x20 ? 'u' : 0;
  }
}

}  // namespace

JsonWriter& JsonWriter::begin_object() {
  open(false, '{');
  return *this;
}
JsonWriter& JsonWriter::end_object() {
  close('}');
  return *this;
}
JsonWriter& JsonWriter::begin_array() {
  open(true, '[');
  return *this;
}
JsonWriter& JsonWriter::end_array() {
  close(']');
  return *this;
}

JsonWriter& JsonWriter::key(std::string_view k) {
  value(k);
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) {
  separate();
  if (style_.visible_text) {
    visible_string(s);
  } else {
    string(s);
  }
  return *this;
}

JsonWriter& JsonWriter::value(bool b) {
  separate();
  put(b ? "true" : "false");
  return *this;
}

JsonWriter& JsonWriter::value(double d) {
  separate();
  real(d);
  return *this;
}

JsonWriter& JsonWriter::whole(long long n) {
  separate();
  char buf[24];
  put(std::string_view(buf, std::to_chars(buf, buf + sizeof buf, n).ptr));
  return *this;
}

JsonWriter& JsonWriter::whole(unsigned long long n) {
  separate();
  char buf[24];
  put(std::string_view(buf, std::to_chars(buf, buf + sizeof buf, n).ptr));
  return *this;
}

void JsonWriter::flush() {
  if (!sink_ || out_.empty()) return;
  sink_(out_);
  out_.clear();
}

// What comes before a value: after a key, the colon; else the comma after
// the previous element or member, then (indented) its line.
void JsonWriter::separate() {
  if (after_key_) {
    put(style_.indent > 0 ? ": " : ":");
    after_key_ = false;
    return;
  }
  if (levels_.empty()) return;
  Level& level = levels_.back();
  if (level.count++ > 0) put(',');
  if (style_.indent == 0) return;
  if (level.array && style_.inline_arrays) {
    if (level.count > 1) put(' ');
    return;
  }
  new_line(levels_.size());
}

void JsonWriter::open(bool array, char c) {
  separate();
  put(c);
  levels_.push_back(Level{array});
}

// An empty object or array closes on its own line; so does an inline array.
void JsonWriter::close(char c) {
  const Level level = levels_.back();
  levels_.pop_back();
  if (style_.indent > 0 && level.count > 0 && !(level.array && style_.inline_arrays)) {
    new_line(levels_.size());
  }
  put(c);
}

void JsonWriter::new_line(size_t depth) {
  put('\n');
  out_.append(depth * static_cast<size_t>(style_.indent), ' ');
}

void JsonWriter::put(std::string_view s) {
  out_.append(s);
  if (sink_ && out_.size() >= kPiece) flush();
}

void JsonWriter::put(char c) {
  out_.push_back(c);
  if (sink_ && out_.size() >= kPiece) flush();
}

// Only what JSON requires is escaped (controls as \b, \f, \n, \r, \t or
// \u00XX); every other byte, DEL and invalid UTF-8 included, is copied.
void JsonWriter::string(std::string_view s) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  put('"');
  size_t plain = 0;  // start of the bytes not yet written
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    const char escape = required_escape(c);
    if (escape == 0) continue;
    put(s.substr(plain, i - plain));
    plain = i + 1;
    const char text[] = {'\\', escape, '0', '0', kHex[c >> 4], kHex[c & 0xF]};
    put(std::string_view(text, escape == 'u' ? 6 : 2));
  }
  put(s.substr(plain));
  put('"');
}

// A string safe to print: nothing in it a terminal would act on.
void JsonWriter::visible_string(std::string_view s) {
  put('"');
  char buf[8];
  for (size_t i = 0; i < s.size();) {
    uint32_t cp = 0;
    const size_t n = utf8_at(s, i, cp);
    if (n == 0) {  // not UTF-8: the replacement character, as JSON is UTF-8
      put("\\ufffd");
      ++i;
      continue;
    }
    if (cp == '"') {
      put("\\\"");
    } else if (cp == '\\') {
      put("\\\\");
    } else if (cp == '\n') {
      put("\\n");
    } else if (cp == '\t') {
      put("\\t");
    } else if (cp < 0x20 || cp == 0x7F || hidden_code_point(cp)) {
      // Controls as \u escapes: the same text for a program, nothing a
      // terminal would act on (replays/text.h).
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
      put(buf);
    } else {
      put(s.substr(i, n));
    }
    i += n;
  }
  put('"');
}

void JsonWriter::real(double d) {
  if (style_.real_digits > 0) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*g", style_.real_digits, d);
    put(buf);
    return;
  }
  if (!std::isfinite(d)) {  // JSON has no NaN or infinity
    put("null");
    return;
  }
  // rapidjson's Grisu2: reads back as the same double, in the digits the
  // lab's results have always had (not always the fewest: -58.357481597677139).
  char buf[32];
  put(std::string_view(buf, rapidjson::internal::dtoa(d, buf)));
}

}  // namespace zetema::replays
