#include "scripting/lua_text.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace zetema::scripting {

namespace {

bool is_name_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool is_name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// The Lua 5.4 reserved words (manual §3.1).
bool is_keyword(std::string_view w) {
  static constexpr std::array<std::string_view, 22> kWords = {
      "and",      "break",  "do",   "else", "elseif", "end",  "false", "for",
      "function", "goto",   "if",   "in",   "local",  "nil",  "not",   "or",
      "repeat",   "return", "then", "true", "until",  "while"};
  for (std::string_view k : kWords)
    if (k == w) return true;
  return false;
}

// At `at` a long bracket opens ("[[", "[=[", ...): its level, else -1.
int long_bracket_level(std::string_view t, size_t at) {
  if (at >= t.size() || t[at] != '[') return -1;
  size_t i = at + 1;
  while (i < t.size() && t[i] == '=') ++i;
  return i < t.size() && t[i] == '[' ? static_cast<int>(i - at - 1) : -1;
}

// The end (one past) of the long bracket of `level` opened at `at`.
size_t long_bracket_end(std::string_view t, size_t at, int level) {
  const std::string close = "]" + std::string(static_cast<size_t>(level), '=') + "]";
  const size_t found = t.find(close, at + static_cast<size_t>(level) + 2);
  return found == std::string_view::npos ? t.size() : found + close.size();
}

// The end of a quoted string opened at `at` (escapes skipped; a string
// stops at its line's end when unterminated, as Lua would refuse it there).
size_t quoted_end(std::string_view t, size_t at) {
  const char q = t[at];
  size_t i = at + 1;
  while (i < t.size() && t[i] != q && t[i] != '\n') i += t[i] == '\\' ? 2 : 1;
  return std::min(t.size(), i + 1);
}

size_t number_end(std::string_view t, size_t i) {
  const bool hex = t.substr(i, 2) == "0x" || t.substr(i, 2) == "0X";
  if (hex) i += 2;
  while (i < t.size()) {
    const char c = t[i];
    const bool exponent = hex ? (c == 'p' || c == 'P') : (c == 'e' || c == 'E');
    if (exponent && i + 1 < t.size() && (t[i + 1] == '+' || t[i + 1] == '-')) {
      i += 2;
    } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '.') {
      ++i;
    } else {
      break;
    }
  }
  return i;
}

}  // namespace

std::vector<LuaToken> lua_tokens(std::string_view t) {
  std::vector<LuaToken> out;
  size_t i = 0;
  while (i < t.size()) {
    const char c = t[i];
    if (c == '-' && i + 1 < t.size() && t[i + 1] == '-') {
      const int level = long_bracket_level(t, i + 2);
      size_t end = level >= 0 ? long_bracket_end(t, i + 2, level) : t.find('\n', i);
      if (end == std::string_view::npos) end = t.size();
      out.push_back({i, end, LuaTokenKind::Comment});
      i = end;
    } else if (c == '"' || c == '\'') {
      const size_t end = quoted_end(t, i);
      out.push_back({i, end, LuaTokenKind::String});
      i = end;
    } else if (const int level = long_bracket_level(t, i); level >= 0) {
      const size_t end = long_bracket_end(t, i, level);
      out.push_back({i, end, LuaTokenKind::String});
      i = end;
    } else if (std::isdigit(static_cast<unsigned char>(c)) ||
               (c == '.' && i + 1 < t.size() &&
                std::isdigit(static_cast<unsigned char>(t[i + 1])))) {
      const size_t end = number_end(t, i);
      out.push_back({i, end, LuaTokenKind::Number});
      i = end;
    } else if (is_name_start(c)) {
      size_t end = i;
      while (end < t.size() && is_name_char(t[end])) ++end;
      if (is_keyword(t.substr(i, end - i))) out.push_back({i, end, LuaTokenKind::Keyword});
      i = end;
    } else {
      ++i;
    }
  }
  return out;
}

std::vector<size_t> line_starts(std::string_view text) {
  std::vector<size_t> starts{0};
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') starts.push_back(i + 1);
  return starts;
}

std::string_view line_at(std::string_view text, int line) {
  if (line < 1) return {};
  size_t at = 0;
  for (int n = 1; n < line; ++n) {
    at = text.find('\n', at);
    if (at == std::string_view::npos) return {};
    ++at;
  }
  const size_t end = text.find('\n', at);
  std::string_view l = text.substr(at, end == std::string_view::npos ? text.size() - at : end - at);
  if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  return l;
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t at = 0;
  while (at <= text.size()) {
    const size_t end = text.find('\n', at);
    std::string_view l =
        text.substr(at, end == std::string_view::npos ? text.size() - at : end - at);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    lines.push_back(l);
    if (end == std::string_view::npos) break;
    at = end + 1;
  }
  return lines;
}

std::string comment_above(const std::vector<std::string_view>& lines, int line) {
  const auto at = [&](int n) { return lines[static_cast<size_t>(n - 1)]; };
  const auto blank = [&](int n) {
    return at(n).find_first_not_of(" \t") == std::string_view::npos;
  };
  const auto comment = [&](int n) {
    const std::string_view l = at(n);
    const size_t start = l.find_first_not_of(" \t");
    return start != std::string_view::npos && l.substr(start, 2) == "--";
  };
  int n = std::min(line, static_cast<int>(lines.size()) + 1) - 1;
  // Up through the rest of the definition's paragraph ("ace_high = false,"
  // above "wraparound = false,", or a table's opening lines) to its comment.
  while (n >= 1 && !blank(n) && !comment(n)) --n;
  std::vector<std::string_view> block;  // from the nearest line upwards
  for (; n >= 1 && comment(n); --n) {
    std::string_view l = at(n);
    const size_t start = l.find_first_not_of(" \t");
    l.remove_prefix(start + 2);
    if (!l.empty() && l.front() == ' ') l.remove_prefix(1);
    block.push_back(l);
  }
  std::string words;
  for (auto it = block.rbegin(); it != block.rend(); ++it) {
    if (it->empty()) continue;  // a bare "--" separates paragraphs; keep the words
    if (!words.empty()) words += ' ';
    words += *it;
  }
  return words;
}

std::string comment_above(std::string_view text, int line) {
  return comment_above(split_lines(text), line);
}

std::vector<FileLine> find_file_lines(std::string_view m) {
  std::vector<FileLine> out;
  for (size_t at = m.find(".lua:"); at != std::string_view::npos; at = m.find(".lua:", at + 1)) {
    size_t begin = at;
    while (begin > 0 && (is_name_char(m[begin - 1]) || m[begin - 1] == '/' || m[begin - 1] == '.' ||
                         m[begin - 1] == '-'))
      --begin;
    size_t end = at + 5;
    while (end < m.size() && std::isdigit(static_cast<unsigned char>(m[end]))) ++end;
    if (begin == at || end == at + 5 || end - (at + 5) > 7) continue;  // no name or no line
    FileLine f;
    f.begin = begin;
    f.end = end;
    f.file = std::string(m.substr(begin, at + 4 - begin));
    f.line = std::stoi(std::string(m.substr(at + 5, end - at - 5)));
    out.push_back(f);
  }
  return out;
}

}  // namespace zetema::scripting
