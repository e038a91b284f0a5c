#include "scripting/lua_lexer.h"

namespace zetema::scripting::lexer {

// Skips one newline ("\n", "\r", "\r\n" or "\n\r", as Lua counts them).
void Lexer::newline() {
  const char c = cur();
  ++pos_;
  if (at_newline() && cur() != c) ++pos_;
  ++line_;
}

// At '[': the level of a long bracket ("[[" 0, "[==[" 2), or -1.
int Lexer::long_bracket_level() const {
  size_t i = pos_ + 1;
  while (i < s_.size() && s_[i] == '=') ++i;
  if (i < s_.size() && s_[i] == '[') return static_cast<int>(i - pos_ - 1);
  return -1;
}

// After the opening bracket of `level`: up to and past the closing one, or
// to the end of the text. Keeps the value if `out` and it is short.
void Lexer::skip_long(int level, Token* out) {
  pos_ += static_cast<size_t>(level) + 2;
  if (at_newline()) newline();  // a first newline is not part of the string
  while (!at_end()) {
    const char c = cur();
    if (c == ']') {
      size_t i = pos_ + 1;
      while (i < s_.size() && s_[i] == '=' && static_cast<int>(i - pos_ - 1) < level) ++i;
      if (static_cast<int>(i - pos_ - 1) == level && i < s_.size() && s_[i] == ']') {
        pos_ = i + 1;
        return;
      }
      append(out, c);
      ++pos_;
    } else if (c == '\n' || c == '\r') {
      append(out, '\n');
      newline();
    } else {
      append(out, c);
      ++pos_;
    }
  }
}

void Lexer::append(Token* t, char c) {
  if (!t || t->long_value) return;
  if (t->value.size() >= kMaxKey) {
    t->long_value = true;
    t->value.clear();
    return;
  }
  t->value += c;
}

void Lexer::append_utf8(Token* t, unsigned long cp) {
  if (cp < 0x80) {
    append(t, static_cast<char>(cp));
    return;
  }
  char buf[8];
  int n = 0;
  unsigned long mfb = 0x3f;  // the most a first byte can hold
  do {
    buf[n++] = static_cast<char>(0x80 | (cp & 0x3f));
    cp >>= 6;
    mfb >>= 1;
  } while (cp > mfb && n < 6);
  buf[n++] = static_cast<char>((~mfb << 1) | cp);
  while (n > 0) append(t, buf[--n]);
}

// After the opening quote: up to and past the closing one. An unescaped
// newline or the end of the text ends an unfinished string.
void Lexer::short_string(char quote, Token& t) {
  ++pos_;
  while (!at_end()) {
    const char c = cur();
    if (c == quote) {
      ++pos_;
      return;
    }
    if (c == '\n' || c == '\r') return;  // unfinished; the newline is lexed next
    if (c != '\\') {
      append(&t, c);
      ++pos_;
      continue;
    }
    ++pos_;  // the backslash
    if (!escape(t)) return;
  }
}

// After a backslash: one escape sequence, its value kept. False if the text
// ends there.
bool Lexer::escape(Token& t) {
  // The one-letter escapes, and the characters they stand for.
  static constexpr std::string_view kLetters = "abfnrtv";
  static constexpr std::string_view kMeanings = "\a\b\f\n\r\t\v";
  const char e = cur();
  if (const size_t k = kLetters.find(e); k != std::string_view::npos) {
    append(&t, kMeanings[k]);
    ++pos_;
    return true;
  }
  switch (e) {
    case '\n':
    case '\r':
      append(&t, '\n');
      newline();
      return true;
    case 'x':
      hex_escape(t);
      return true;
    case 'z':
      skip_space_escape();
      return true;
    case 'u':
      utf8_escape(t);
      return true;
    case '\0':
      if (at_end()) return false;
      [[fallthrough]];
    default:
      if (is_digit(e)) {
        int v = 0;
        for (int k = 0; k < 3 && is_digit(cur()); ++k, ++pos_) v = v * 10 + (cur() - '0');
        append(&t, static_cast<char>(v));
      } else {
        append(&t, e);  // \\ \" \' (and, leniently, anything else)
        ++pos_;
      }
      return true;
  }
}

// \xXX: up to two hex digits.
void Lexer::hex_escape(Token& t) {
  ++pos_;
  int v = 0;
  for (int k = 0; k < 2 && is_xdigit(cur()); ++k, ++pos_) v = v * 16 + xdigit_value(cur());
  append(&t, static_cast<char>(v));
}

// \z: skips the white space (newlines too) that follows.
void Lexer::skip_space_escape() {
  ++pos_;
  while (!at_end() &&
         (cur() == ' ' || cur() == '\t' || cur() == '\f' || cur() == '\v' || at_newline())) {
    if (at_newline()) {
      newline();
    } else {
      ++pos_;
    }
  }
}

// \u{XXX}: a code point, kept as UTF-8.
void Lexer::utf8_escape(Token& t) {
  ++pos_;
  if (cur() != '{') return;
  ++pos_;
  unsigned long cp = 0;
  while (is_xdigit(cur())) {
    if (cp < 0x80000000UL) cp = cp * 16 + static_cast<unsigned long>(xdigit_value(cur()));
    ++pos_;
  }
  if (cur() == '}') ++pos_;
  append_utf8(&t, cp);
}

void Lexer::number() {
  const char* expo = "Ee";
  if (cur() == '0' && (ahead(1) == 'x' || ahead(1) == 'X')) {
    expo = "Pp";
    pos_ += 2;
  }
  for (;;) {
    const char c = cur();
    if (c != '\0' && (c == expo[0] || c == expo[1])) {
      ++pos_;
      if (cur() == '+' || cur() == '-') ++pos_;
    } else if (is_alnum(c) || c == '.') {
      ++pos_;
    } else {
      break;
    }
  }
}

// Skips one newline, run of blanks or comment; false if at none (or at the
// end of the text).
bool Lexer::skip_space_or_comment() {
  if (at_end()) return false;
  const char c = cur();
  if (c == '\n' || c == '\r') {
    newline();
    return true;
  }
  if (c == ' ' || c == '\t' || c == '\f' || c == '\v') {
    ++pos_;
    return true;
  }
  if (c != '-' || ahead(1) != '-') return false;
  pos_ += 2;  // a comment
  if (cur() == '[') {
    const int level = long_bracket_level();
    if (level >= 0) {
      skip_long(level, nullptr);
      return true;
    }
  }
  while (!at_end() && !at_newline()) ++pos_;
  return true;
}

// A punctuator: one character, or one of the two- and three-character ones
// (.. ... == ~= <= >= // :: << >>).
void Lexer::punct() {
  const char c = cur();
  size_t len = 1;
  const char n = ahead(1);
  if ((c == '.' && n == '.') || (c == '/' && n == '/') || (c == ':' && n == ':') ||
      (c == '<' && n == '<') || (c == '>' && n == '>') ||
      (n == '=' && (c == '=' || c == '~' || c == '<' || c == '>'))) {
    len = c == '.' && ahead(2) == '.' ? 3 : 2;
  }
  pos_ += len;
}

// Lexes the next token into `t` (reused, so that its string keeps its
// storage).
void Lexer::lex(Token& t) {
  t.kind = Tok::End;
  t.text = {};
  t.value.clear();
  t.long_value = false;
  while (skip_space_or_comment()) {
  }
  t.line = line_;
  if (at_end()) return;
  const char c = cur();
  const size_t start = pos_;
  if (c == '[') {
    const int level = long_bracket_level();
    if (level >= 0) {
      t.kind = Tok::String;
      skip_long(level, &t);
      t.text = s_.substr(start, pos_ - start);
      return;
    }
  }
  if (c == '"' || c == '\'') {
    t.kind = Tok::String;
    short_string(c, t);
  } else if (is_alpha(c)) {
    while (is_alnum(cur())) ++pos_;
    t.kind = Tok::Name;
  } else if (is_digit(c) || (c == '.' && is_digit(ahead(1)))) {
    number();
    t.kind = Tok::Number;
  } else {
    t.kind = Tok::Punct;
    punct();
  }
  t.text = s_.substr(start, pos_ - start);
}

}  // namespace zetema::scripting::lexer
