// Zetema Game Notation, the tokens: '[' and ']' around a tag, a quoted
// string, and bare words. Whitespace, commas and semicolons separate words;
// a comment is anything in braces and is skipped. Every token knows its
// line and column.
#pragma once

#include <string>
#include <string_view>

#include "replays/zgn_parse.h"

namespace zetema::replays {

struct ZgnToken {
  enum class Kind : uint8_t { Open, Close, String, Word, End, Error };
  Kind kind = Kind::End;
  std::string text;  // a word, an unescaped string, or an error's message
  ZgnPos at;
};

class ZgnLexer {
 public:
  // A UTF-8 byte-order mark, as some editors write, is skipped.
  explicit ZgnLexer(std::string_view text)
      : text_(text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text) {}
  // The next token (End at the end, Error with its message and place).
  ZgnToken next();
  ZgnPos pos() const { return pos_; }

 private:
  bool at_end() const { return i_ >= text_.size(); }
  char peek() const { return text_[i_]; }
  void advance();
  // Skips separators and comments; false (with `error` set) on a comment
  // that is never closed.
  bool skip_blank(ZgnToken& error);
  ZgnToken string_token();
  ZgnToken word_token();

  std::string_view text_;
  size_t i_ = 0;
  ZgnPos pos_;
};

// A string as a tag value writes it: '"' and '\' escaped with '\', control
// bytes as \xHH (the lexer reads them back).
std::string zgn_quote(std::string_view value);

}  // namespace zetema::replays
