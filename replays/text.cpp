#include "replays/text.h"

#include <cstdint>
#include <cstdio>

namespace zetema::replays {

namespace {

// The length of the UTF-8 sequence at `s[i]` and its code point, or 0 if
// it is not a well-formed one.
size_t decode_one(std::string_view s, size_t i, uint32_t& cp) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b = byte(i);
  if (b < 0x80) {
    cp = b;
    return 1;
  }
  size_t n = 0;
  uint32_t min = 0;
  if (b >= 0xC2 && b <= 0xDF) {
    n = 2, cp = b & 0x1F, min = 0x80;
  } else if (b >= 0xE0 && b <= 0xEF) {
    n = 3, cp = b & 0x0F, min = 0x800;
  } else if (b >= 0xF0 && b <= 0xF4) {
    n = 4, cp = b & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

bool hidden(uint32_t cp) {
  return (cp >= 0x80 && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2066 && cp <= 0x2069);
}

void escape(std::string& out, std::string_view s, bool keep_newlines) {
  char buf[16];
  for (size_t i = 0; i < s.size();) {
    uint32_t cp = 0;
    const size_t n = decode_one(s, i, cp);
    if (n == 0) {  // a byte of invalid UTF-8
      std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(s[i]));
      out += buf;
      ++i;
      continue;
    }
    if (cp == '\n' && keep_newlines) {
      out += '\n';
    } else if (cp == '\n') {
      out += "\\n";
    } else if (cp == '\r') {
      out += "\\r";
    } else if (cp == '\t') {
      out += "\\t";
    } else if (cp < 0x20 || cp == 0x7F) {
      std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(cp));
      out += buf;
    } else if (hidden(cp)) {
      std::snprintf(buf, sizeof buf, "\\u{%04x}", static_cast<unsigned>(cp));
      out += buf;
    } else {
      out.append(s.substr(i, n));
    }
    i += n;
  }
}

}  // namespace

size_t utf8_at(std::string_view s, size_t i, uint32_t& code_point) {
  return decode_one(s, i, code_point);
}
bool hidden_code_point(uint32_t code_point) {
  return hidden(code_point);
}

bool valid_utf8(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    uint32_t cp = 0;
    const size_t n = decode_one(s, i, cp);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::string printable(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  escape(out, s, false);
  return out;
}

std::string printable_lines(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  escape(out, s, true);
  return out;
}

PrintableBuf::int_type PrintableBuf::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  const char ch = traits_type::to_char_type(c);
  pending_ += ch;
  if (ch == '\n') emit();
  return c;
}

std::streamsize PrintableBuf::xsputn(const char* s, std::streamsize n) {
  pending_.append(s, static_cast<size_t>(n));
  // Whole lines go out at once; a line still being written waits, so a
  // UTF-8 character is never cut between two writes.
  if (pending_.find('\n') != std::string::npos) emit();
  return n;
}

int PrintableBuf::sync() {
  emit();
  return out_->pubsync();
}

void PrintableBuf::emit() {
  if (pending_.empty()) return;
  const std::string shown = printable_lines(pending_);
  out_->sputn(shown.data(), static_cast<std::streamsize>(shown.size()));
  pending_.clear();
}

}  // namespace zetema::replays
