#include "replays/zgn_lexer.h"

#include "replays/replay.h"

namespace zetema::replays {

namespace {

bool is_separator(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' || c == ';';
}
bool ends_word(char c) {
  return is_separator(c) || c == '[' || c == ']' || c == '{' || c == '}' || c == '"';
}
int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

ZgnToken error_token(ZgnPos at, std::string message) {
  return ZgnToken{ZgnToken::Kind::Error, std::move(message), at};
}

}  // namespace

void ZgnLexer::advance() {
  if (text_[i_] == '\n') {
    ++pos_.line;
    pos_.column = 1;
  } else {
    ++pos_.column;
  }
  ++i_;
}

bool ZgnLexer::skip_blank(ZgnToken& error) {
  while (!at_end()) {
    if (is_separator(peek())) {
      advance();
    } else if (peek() == '{') {
      const ZgnPos open = pos_;
      while (!at_end() && peek() != '}') advance();
      if (at_end()) {
        error = error_token(open, "comment '{' is never closed with '}'");
        return false;
      }
      advance();
    } else {
      return true;
    }
  }
  return true;
}

ZgnToken ZgnLexer::next() {
  ZgnToken error;
  if (!skip_blank(error)) return error;
  if (at_end()) return ZgnToken{ZgnToken::Kind::End, "", pos_};
  const ZgnPos at = pos_;
  switch (peek()) {
    case '[':
      advance();
      return ZgnToken{ZgnToken::Kind::Open, "[", at};
    case ']':
      advance();
      return ZgnToken{ZgnToken::Kind::Close, "]", at};
    case '}':
      return error_token(at, "'}' closes no comment");
    case '"':
      return string_token();
    default:
      return word_token();
  }
}

// A tag value: one line, with \" \\ and \xHH escapes.
ZgnToken ZgnLexer::string_token() {
  const ZgnPos open = pos_;
  advance();
  std::string value;
  while (!at_end() && peek() != '"' && peek() != '\n') {
    if (value.size() >= kMaxShortString) {
      return error_token(open,
                         "a tag value is at most " + std::to_string(kMaxShortString) + " bytes");
    }
    if (peek() != '\\') {
      value += peek();
      advance();
      continue;
    }
    const ZgnPos escape = pos_;
    advance();
    if (!at_end() && (peek() == '"' || peek() == '\\')) {
      value += peek();
      advance();
    } else if (!at_end() && peek() == 'x' && i_ + 2 < text_.size() &&
               hex_digit(text_[i_ + 1]) >= 0 && hex_digit(text_[i_ + 2]) >= 0) {
      value += static_cast<char>(hex_digit(text_[i_ + 1]) * 16 + hex_digit(text_[i_ + 2]));
      for (int k = 0; k < 3; ++k) advance();
    } else {
      return error_token(escape, "unknown escape in a tag value (\\\" \\\\ or \\xHH)");
    }
  }
  if (at_end() || peek() != '"') return error_token(open, "tag value is never closed with '\"'");
  advance();
  return ZgnToken{ZgnToken::Kind::String, std::move(value), open};
}

ZgnToken ZgnLexer::word_token() {
  // A word is never long in this notation; a cap keeps a hostile file from
  // building one of megabytes.
  constexpr size_t kMaxWord = 64;
  const ZgnPos at = pos_;
  const size_t start = i_;
  while (!at_end() && !ends_word(peek())) advance();
  if (i_ - start > kMaxWord) {
    return error_token(at, "word of " + std::to_string(i_ - start) + " bytes; at most " +
                               std::to_string(kMaxWord));
  }
  return ZgnToken{ZgnToken::Kind::Word, std::string(text_.substr(start, i_ - start)), at};
}

std::string zgn_quote(std::string_view value) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "\"";
  for (const char c : value) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte < 0x20 || byte == 0x7f) {
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace zetema::replays
