#include "scripting/key_lines.h"

#include <array>
#include <cstdint>

namespace zetema::scripting {

namespace {

// --- tokens ------------------------------------------------------------------

enum class Tok : uint8_t { End, Name, String, Number, Punct };

struct Token {
  Tok kind = Tok::End;
  std::string_view text;  // a name, a number or a punctuator as written
  std::string value;      // a string's value (escapes decoded), when short enough
  bool long_value = false;
  int line = 0;
};

// Keys longer than this, and paths deeper than this, are not followed.
constexpr size_t kMaxKey = 256;
constexpr int kMaxPathDepth = 32;
// Lua itself refuses a chunk nested some 200 levels deep; past this the scan
// gives up (every line 0), so its memory stays small whatever the text.
constexpr size_t kMaxNesting = 1000;

bool is_alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_alnum(char c) {
  return is_alpha(c) || is_digit(c);
}
bool is_xdigit(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
int xdigit_value(char c) {
  return is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10;
}

// Lua's lexer, reduced to what the scan needs. Every character is looked at
// a bounded number of times, whatever the text.
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

  // Skips one newline ("\n", "\r", "\r\n" or "\n\r", as Lua counts them).
  void newline() {
    const char c = cur();
    ++pos_;
    if (at_newline() && cur() != c) ++pos_;
    ++line_;
  }

  // At '[': the level of a long bracket ("[[" 0, "[==[" 2), or -1.
  int long_bracket_level() const {
    size_t i = pos_ + 1;
    while (i < s_.size() && s_[i] == '=') ++i;
    if (i < s_.size() && s_[i] == '[') return static_cast<int>(i - pos_ - 1);
    return -1;
  }

  // After the opening bracket of `level`: up to and past the closing one, or
  // to the end of the text. Keeps the value if `out` and it is short.
  void skip_long(int level, Token* out) {
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

  static void append(Token* t, char c) {
    if (!t || t->long_value) return;
    if (t->value.size() >= kMaxKey) {
      t->long_value = true;
      t->value.clear();
      return;
    }
    t->value += c;
  }
  static void append_utf8(Token* t, unsigned long cp) {
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
  void short_string(char quote, Token& t) {
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
      const char e = cur();
      switch (e) {
        case 'a':
          append(&t, '\a');
          ++pos_;
          break;
        case 'b':
          append(&t, '\b');
          ++pos_;
          break;
        case 'f':
          append(&t, '\f');
          ++pos_;
          break;
        case 'n':
          append(&t, '\n');
          ++pos_;
          break;
        case 'r':
          append(&t, '\r');
          ++pos_;
          break;
        case 't':
          append(&t, '\t');
          ++pos_;
          break;
        case 'v':
          append(&t, '\v');
          ++pos_;
          break;
        case '\n':
        case '\r':
          append(&t, '\n');
          newline();
          break;
        case 'x': {
          ++pos_;
          int v = 0;
          for (int k = 0; k < 2 && is_xdigit(cur()); ++k, ++pos_) v = v * 16 + xdigit_value(cur());
          append(&t, static_cast<char>(v));
          break;
        }
        case 'z':
          ++pos_;
          while (!at_end() && (cur() == ' ' || cur() == '\t' || cur() == '\f' || cur() == '\v' ||
                               at_newline())) {
            if (at_newline()) {
              newline();
            } else {
              ++pos_;
            }
          }
          break;
        case 'u': {
          ++pos_;
          if (cur() != '{') break;
          ++pos_;
          unsigned long cp = 0;
          while (is_xdigit(cur())) {
            if (cp < 0x80000000UL) cp = cp * 16 + static_cast<unsigned long>(xdigit_value(cur()));
            ++pos_;
          }
          if (cur() == '}') ++pos_;
          append_utf8(&t, cp);
          break;
        }
        case '\0':
          if (at_end()) return;
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
      }
    }
  }

  void number() {
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

  // Lexes the next token into `t` (reused, so that its string keeps its
  // storage).
  void lex(Token& t) {
    t.kind = Tok::End;
    t.text = {};
    t.value.clear();
    t.long_value = false;
    for (;;) {
      if (at_end()) {
        t.line = line_;
        return;
      }
      const char c = cur();
      if (c == '\n' || c == '\r') {
        newline();
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\f' || c == '\v') {
        ++pos_;
        continue;
      }
      if (c == '-' && ahead(1) == '-') {  // a comment
        pos_ += 2;
        if (cur() == '[') {
          const int level = long_bracket_level();
          if (level >= 0) {
            skip_long(level, nullptr);
            continue;
          }
        }
        while (!at_end() && !at_newline()) ++pos_;
        continue;
      }
      t.line = line_;
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
        t.text = s_.substr(start, pos_ - start);
        return;
      }
      if (is_alpha(c)) {
        while (is_alnum(cur())) ++pos_;
        t.kind = Tok::Name;
      } else if (is_digit(c) || (c == '.' && is_digit(ahead(1)))) {
        number();
        t.kind = Tok::Number;
      } else {
        t.kind = Tok::Punct;
        size_t len = 1;  // the two- and three-character ones: .. ... == ~= <= >= // :: << >>
        const char n = ahead(1);
        if ((c == '.' && n == '.') || (c == '/' && n == '/') || (c == ':' && n == ':') ||
            (c == '<' && n == '<') || (c == '>' && n == '>') ||
            (n == '=' && (c == '=' || c == '~' || c == '<' || c == '>'))) {
          len = c == '.' && ahead(2) == '.' ? 3 : 2;
        }
        pos_ += len;
      }
      t.text = s_.substr(start, pos_ - start);
      return;
    }
  }

  std::string_view s_;
  size_t pos_ = 0;
  int line_ = 1;
  std::array<Token, kLookahead> buf_;
  size_t head_ = 0, count_ = 0;
};

bool is_keyword(std::string_view w) {
  static constexpr std::array<std::string_view, 22> kKeywords = {
      "and",      "break",  "do",   "else", "elseif", "end",  "false", "for",
      "function", "goto",   "if",   "in",   "local",  "nil",  "not",   "or",
      "repeat",   "return", "then", "true", "until",  "while"};
  for (std::string_view k : kKeywords) {
    if (w == k) return true;
  }
  return false;
}

bool is_punct(const Token& t, std::string_view p) {
  return t.kind == Tok::Punct && t.text == p;
}
bool is_word(const Token& t, std::string_view w) {
  return t.kind == Tok::Name && t.text == w;
}
bool is_plain_name(const Token& t) {
  return t.kind == Tok::Name && !is_keyword(t.text);
}

// A key as a path component: a name, a string's value, or an integer in
// decimal ("[2]", "[0x2]" and "[2.0]" are all "2", as Lua makes them one key).
// Empty if it cannot be one.
std::string key_text(const Token& t) {
  if (t.kind == Tok::Name) return t.text.size() <= kMaxKey ? std::string(t.text) : std::string();
  if (t.kind == Tok::String) return t.long_value ? std::string() : t.value;
  if (t.kind != Tok::Number) return {};
  std::string_view s = t.text;
  unsigned long long v = 0;
  size_t i = 0;
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    i = 2;
  }
  size_t digits = 0;
  for (; i < s.size() && (base == 16 ? is_xdigit(s[i]) : is_digit(s[i])); ++i, ++digits) {
    if (v > (1ULL << 52)) return {};
    v = v * static_cast<unsigned>(base) + static_cast<unsigned>(xdigit_value(s[i]));
  }
  if (digits == 0) return {};
  if (base == 10 && i < s.size() && s[i] == '.') {  // 2.0 is the key 2; 2.5 is not followed
    for (++i; i < s.size() && s[i] == '0'; ++i) {
    }
  }
  return i == s.size() ? std::to_string(v) : std::string();
}

}  // namespace

int KeyLines::find_child(int parent, std::string_view key) const {
  std::string k = std::to_string(parent);
  k += '\x1f';
  k += key;
  const auto it = children_.find(k);
  return it == children_.end() ? -1 : it->second;
}

int KeyLines::child(int parent, std::string_view key) {
  const int depth = nodes_[static_cast<size_t>(parent)].depth + 1;
  if (depth > kMaxPathDepth) return -1;
  std::string k = std::to_string(parent);
  k += '\x1f';
  k += key;
  const auto [it, added] = children_.try_emplace(std::move(k), static_cast<int>(nodes_.size()));
  if (added) {
    Node n;
    n.parent = parent;
    n.depth = depth;
    nodes_.push_back(n);
  }
  return it->second;
}

KeyLines::KeyLines(std::string_view lua_source) {
  nodes_.push_back(Node{});  // 0: the chunk's variables
  scan(lua_source);
}

int KeyLines::line(std::string_view path) const {
  if (result_ < 0) return 0;
  int node = result_;
  int epoch = nodes_[static_cast<size_t>(node)].epoch;
  while (!path.empty()) {
    const size_t dot = path.find('.');
    node = find_child(node, path.substr(0, dot));
    if (node < 0) return 0;
    const Node& n = nodes_[static_cast<size_t>(node)];
    if (n.epoch < epoch || n.line == 0) return 0;  // replaced since, or never set
    epoch = n.epoch;
    path = dot == std::string_view::npos ? std::string_view() : path.substr(dot + 1);
  }
  return node == result_ ? 0 : nodes_[static_cast<size_t>(node)].line;
}

void KeyLines::scan(std::string_view text) {
  // What encloses the current token. A Brace is a table constructor; `node`
  // is the path its keys are recorded under (-1: not followed).
  enum class Kind : uint8_t { Brace, Paren, Bracket, Block, Repeat };
  struct Frame {
    Kind kind;
    int node = -1;
    bool field_start = false;  // the next token begins a field
  };
  std::vector<Frame> stack;
  std::array<size_t, 5> open{};  // frames of each kind on the stack
  bool too_deep = false;
  auto push = [&](Kind k, int node = -1) {
    too_deep = too_deep || stack.size() >= kMaxNesting;
    stack.push_back(Frame{k, node, k == Kind::Brace});
    ++open[static_cast<size_t>(k)];
  };
  // Pops down to the innermost frame of kind `k` (and it); a closer with no
  // opener is ignored. Each frame is popped once, so this stays linear.
  auto close = [&](Kind k) {
    if (open[static_cast<size_t>(k)] == 0) return;
    for (;;) {
      const Kind top = stack.back().kind;
      --open[static_cast<size_t>(top)];
      stack.pop_back();
      if (top == k) return;
    }
  };
  // Records that the value at `node` is set here.
  auto set = [&](int node, int at) {
    Node& n = nodes_[static_cast<size_t>(node)];
    n.line = at;
    n.epoch = ++epoch_;
  };
  // After `... =`: a constructor that follows is the value of `node`.
  Lexer lex(text);
  auto value_of = [&](int node) {
    if (is_punct(lex.peek(), "{")) {
      lex.skip();
      push(Kind::Brace, node);
    }
  };
  int returned_node = -1;

  for (;;) {
    if (lex.peek().kind == Tok::End) break;
    if (too_deep) return;  // no result: every line 0
    Frame* top = stack.empty() ? nullptr : &stack.back();

    // A field of a constructor: `name =` or `[key] =`.
    if (top && top->kind == Kind::Brace && top->field_start) {
      top->field_start = false;
      const Token& t0 = lex.peek();
      std::string key;
      size_t len = 0;
      if (is_plain_name(t0) && is_punct(lex.peek(1), "=")) {
        key = key_text(t0);
        len = 2;
      } else if (is_punct(t0, "[") &&
                 (lex.peek(1).kind == Tok::String || lex.peek(1).kind == Tok::Number) &&
                 is_punct(lex.peek(2), "]") && is_punct(lex.peek(3), "=")) {
        key = key_text(lex.peek(1));
        len = 4;
      }
      if (len > 0) {
        const int at = t0.line;
        for (size_t k = 0; k < len; ++k) lex.skip();
        const int owner = top->node;  // `top` may move once value_of pushes
        const int node = owner >= 0 && !key.empty() ? child(owner, key) : -1;
        if (node >= 0) {
          set(node, at);
          value_of(node);
        }
        continue;
      }
    }

    // At chunk level: `local v = {`, `v = {`, `v.a.b = ...`, `return ...`.
    if (!top) {
      const Token& t0 = lex.peek();
      if (is_word(t0, "return")) {
        lex.skip();
        if (is_punct(lex.peek(), "{")) {
          const int node = child(0, "\x1freturn");
          set(node, lex.peek().line);
          lex.skip();
          push(Kind::Brace, node);
          returned_node = node;
        } else if (is_plain_name(lex.peek()) && !is_punct(lex.peek(1), ".") &&
                   !is_punct(lex.peek(1), "[") && !is_punct(lex.peek(1), "(") &&
                   !is_punct(lex.peek(1), ":") && !is_punct(lex.peek(1), "{") &&
                   lex.peek(1).kind != Tok::String) {
          returned_node = child(0, lex.peek().text);
          lex.skip();
        }
        continue;
      }
      if (is_word(t0, "local") && is_plain_name(lex.peek(1))) {
        lex.skip();
        const std::string_view name = lex.peek().text;
        const int name_line = lex.peek().line;
        lex.skip();
        if (is_punct(lex.peek(), "<") && lex.peek(1).kind == Tok::Name &&
            is_punct(lex.peek(2), ">")) {
          lex.skip();
          lex.skip();
          lex.skip();
        }
        if (is_punct(lex.peek(), "=")) {
          const int node = child(0, name);
          set(node, name_line);
          lex.skip();
          value_of(node);
        }
        continue;
      }
      // `function v.key(...)` sets v.key where `function` stands.
      const bool fn = is_word(t0, "function") && is_plain_name(lex.peek(1));
      if (fn || is_plain_name(t0)) {
        const int at = t0.line;
        if (fn) lex.skip();
        int node = child(0, lex.peek().text);
        lex.skip();
        bool followed = true;  // every component could be a key
        for (;;) {
          if (is_punct(lex.peek(), ".") && lex.peek(1).kind == Tok::Name) {
            lex.skip();
            const std::string key = key_text(lex.peek());
            lex.skip();
            if (followed && !key.empty()) node = child(node, key);
            followed = followed && !key.empty() && node >= 0;
          } else if (is_punct(lex.peek(), "[") && is_punct(lex.peek(2), "]") &&
                     (lex.peek(1).kind == Tok::String || lex.peek(1).kind == Tok::Number)) {
            lex.skip();
            const std::string key = key_text(lex.peek());
            lex.skip();
            lex.skip();
            if (followed && !key.empty()) node = child(node, key);
            followed = followed && !key.empty() && node >= 0;
          } else {
            break;
          }
        }
        if (fn) {
          if (followed && is_punct(lex.peek(), "(")) set(node, at);
          push(Kind::Block);
        } else if (is_punct(lex.peek(), "=") && followed) {
          set(node, at);
          lex.skip();
          value_of(node);
        }
        continue;
      }
    }

    // Anything else: only its nesting matters.
    const Tok kind = lex.peek().kind;
    const std::string_view text_of_t = lex.peek().text;
    lex.skip();
    if (kind == Tok::Punct) {
      const std::string_view p = text_of_t;
      if (p == "{") {
        push(Kind::Brace);
      } else if (p == "(") {
        push(Kind::Paren);
      } else if (p == "[") {
        push(Kind::Bracket);
      } else if (p == "}") {
        close(Kind::Brace);
      } else if (p == ")") {
        close(Kind::Paren);
      } else if (p == "]") {
        close(Kind::Bracket);
      } else if ((p == "," || p == ";") && top && top->kind == Kind::Brace) {
        top->field_start = true;
      }
    } else if (kind == Tok::Name) {
      const std::string_view w = text_of_t;
      if (w == "function" || w == "if" || w == "do") {
        push(Kind::Block);
      } else if (w == "repeat") {
        push(Kind::Repeat);
      } else if (w == "end") {
        close(Kind::Block);
      } else if (w == "until") {
        close(Kind::Repeat);
      }
    }
  }
  result_ = returned_node;
}

}  // namespace zetema::scripting
