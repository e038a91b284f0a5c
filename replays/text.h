// Text from a file on its way to a person: a terminal, a log or the studio.
//
// Variant names, Lua error messages, the reasons hooks give and every field
// of a replay come from files other people made. Printed raw, an escape
// sequence in them can rewrite the terminal (move the cursor, retitle the
// window, hide the line before it) and a carriage return or newline can
// forge a line of output ("game.json: ok"). printable() is the one
// escaping function every output point uses.
#pragma once

#include <cstdint>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

namespace zetema::replays {

// Whether `s` is well-formed UTF-8 (no overlong forms, surrogates, or code
// points above U+10FFFF).
bool valid_utf8(std::string_view s);

// The UTF-8 sequence at s[i]: its length and code point, or 0 if it is not
// a well-formed one.
size_t utf8_at(std::string_view s, size_t i, uint32_t& code_point);

// Code points printable() escapes besides the C0 controls and DEL: the C1
// controls and the bidirectional overrides and isolates.
bool hidden_code_point(uint32_t code_point);

// `s` with every control character escaped: C0 controls as \n, \r, \t or
// \xNN (ESC is \x1b), DEL as \x7f, C1 controls (U+0080-U+009F) and the
// bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069, which
// reorder what a reader sees) as \u{NNNN}, and each byte of invalid UTF-8
// as \xNN. Everything else is kept, so ordinary text reads as it was.
std::string printable(std::string_view s);

// printable() line by line: the newlines of a message built of several
// lines stay newlines, every other control character is escaped. For
// text whose lines are ours (a report) with parts from a file that were
// already passed through printable().
std::string printable_lines(std::string_view s);

// A stream buffer that passes everything written to it through
// printable_lines() on its way to `out`, a line at a time (and whatever is
// pending at a flush): installed on std::cout and std::cerr by the programs'
// main(), it makes every output point of theirs escape what it prints.
class PrintableBuf : public std::streambuf {
 public:
  explicit PrintableBuf(std::streambuf* out) : out_(out) {}
  PrintableBuf(const PrintableBuf&) = delete;
  PrintableBuf& operator=(const PrintableBuf&) = delete;
  ~PrintableBuf() override { emit(); }

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  void emit();
  std::streambuf* out_;
  std::string pending_;
};

// Installs a PrintableBuf on `stream` for its lifetime; restores (and
// flushes) the stream's own buffer when it ends.
class EscapedOutput {
 public:
  explicit EscapedOutput(std::ostream& stream)
      : stream_(stream), buf_(stream.rdbuf()), old_(stream.rdbuf(&buf_)) {}
  EscapedOutput(const EscapedOutput&) = delete;
  EscapedOutput& operator=(const EscapedOutput&) = delete;
  ~EscapedOutput() {
    stream_.flush();
    stream_.rdbuf(old_);
  }

 private:
  std::ostream& stream_;
  PrintableBuf buf_;
  std::streambuf* old_;
};

}  // namespace zetema::replays
