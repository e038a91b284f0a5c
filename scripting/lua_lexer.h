// Lua's lexer, reduced to what the key-line scan (key_lines.h) needs: names,
// numbers and punctuators as written, strings with their escapes decoded,
// comments and long brackets skipped, and the line of each token. Every
// character is looked at a bounded number of times, whatever the text:
// unterminated strings and comments end at the end of the text.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace zetema::scripting::lexer {

enum class Tok : uint8_t { End, Name, String, Number, Punct };

struct Token {
  Tok kind = Tok::End;
  std::string_view text;  // a name, a number or a punctuator as written
  std::string value;      // a string's value (escapes decoded), when short enough
  bool long_value = false;
  int line = 0;
};

// Keys longer than this are not followed: a longer string keeps no value.
constexpr size_t kMaxKey = 256;

inline bool is_alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
inline bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
inline bool is_alnum(char c) {
  return is_alpha(c) || is_digit(c);
}
inline bool is_xdigit(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
inline int xdigit_value(char c) {
  return is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10;
}

class Lexer {
 public:
  explicit Lexer(std::string_view text) : s_(text) {
    if (s_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;  // as the sandbox skips it
  }

  // The token `k` ahead (0: the next one); k < kLookahead. A reference
  // stays good until the token is skipped.
  const Token& peek(size_t k = 0) {
    while (count_ <= k) {
      lex(buf_[(head_ + count_) % kLookahead]);
      ++count_;
    }
    return buf_[(head_ + k) % kLookahead];
  }
  void skip() {
    peek(0);
    head_ = (head_ + 1) % kLookahead;
    --count_;
  }

 private:
  static constexpr size_t kLookahead = 4;

  bool at_end() const { return pos_ >= s_.size(); }
  char cur() const { return pos_ < s_.size() ? s_[pos_] : '\0'; }
  char ahead(size_t k) const { return pos_ + k < s_.size() ? s_[pos_ + k] : '\0'; }
  bool at_newline() const { return cur() == '\n' || cur() == '\r'; }

  void newline();
  int long_bracket_level() const;
  void skip_long(int level, Token* out);
  static void append(Token* t, char c);
  static void append_utf8(Token* t, unsigned long cp);
  void short_string(char quote, Token& t);
  bool escape(Token& t);
  void hex_escape(Token& t);
  void skip_space_escape();
  void utf8_escape(Token& t);
  void number();
  bool skip_space_or_comment();
  void punct();
  void lex(Token& t);

  std::string_view s_;
  size_t pos_ = 0;
  int line_ = 1;
  std::array<Token, kLookahead> buf_;
  size_t head_ = 0, count_ = 0;
};

}  // namespace zetema::scripting::lexer
