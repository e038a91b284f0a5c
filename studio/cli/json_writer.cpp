#include "studio/cli/json_writer.h"

#include <cstdint>
#include <cstdio>

#include "replays/text.h"

namespace zetema::cli {

void JsonWriter::comma() {
  if (need_comma_) out_ += ',';
  need_comma_ = true;
}

JsonWriter& JsonWriter::begin_object() {
  comma();
  out_ += '{';
  need_comma_ = false;
  return *this;
}
JsonWriter& JsonWriter::end_object() {
  out_ += '}';
  need_comma_ = true;
  return *this;
}
JsonWriter& JsonWriter::begin_array() {
  comma();
  out_ += '[';
  need_comma_ = false;
  return *this;
}
JsonWriter& JsonWriter::end_array() {
  out_ += ']';
  need_comma_ = true;
  return *this;
}
JsonWriter& JsonWriter::key(std::string_view k) {
  value(k);
  out_ += ':';
  need_comma_ = false;
  return *this;
}
JsonWriter& JsonWriter::value(std::string_view s) {
  comma();
  out_ += '"';
  char buf[8];
  for (size_t i = 0; i < s.size();) {
    uint32_t cp = 0;
    const size_t n = replays::utf8_at(s, i, cp);
    if (n == 0) {  // not UTF-8: the replacement character, as JSON is UTF-8
      out_ += "\\ufffd";
      ++i;
      continue;
    }
    if (cp == '"') {
      out_ += "\\\"";
    } else if (cp == '\\') {
      out_ += "\\\\";
    } else if (cp == '\n') {
      out_ += "\\n";
    } else if (cp == '\t') {
      out_ += "\\t";
    } else if (cp < 0x20 || cp == 0x7F || replays::hidden_code_point(cp)) {
      // Controls as \u escapes: the same text for a program, nothing a
      // terminal would act on (replays/text.h).
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
      out_ += buf;
    } else {
      out_.append(s.substr(i, n));
    }
    i += n;
  }
  out_ += '"';
  return *this;
}
JsonWriter& JsonWriter::value(long long n) {
  comma();
  out_ += std::to_string(n);
  return *this;
}
JsonWriter& JsonWriter::value(unsigned long long n) {
  comma();
  out_ += std::to_string(n);
  return *this;
}
JsonWriter& JsonWriter::value(bool b) {
  comma();
  out_ += b ? "true" : "false";
  return *this;
}
JsonWriter& JsonWriter::value(double d) {
  comma();
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", d);
  out_ += buf;
  return *this;
}

}  // namespace zetema::cli
