#include "scripting/key_lines.h"

#include <array>
#include <cstdint>

#include "scripting/lua_lexer.h"

namespace zetema::scripting {

namespace {

using lexer::is_digit;
using lexer::is_xdigit;
using lexer::kMaxKey;
using lexer::Tok;
using lexer::Token;
using lexer::xdigit_value;

// Paths deeper than this are not followed.
constexpr int kMaxPathDepth = 32;
// Lua itself refuses a chunk nested some 200 levels deep; past this the scan
// gives up (every line 0), so its memory stays small whatever the text.
constexpr size_t kMaxNesting = 1000;
// What begins a table constructor.
constexpr std::string_view kTableOpen = "{";

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

// The scan of one text. It keeps what encloses the current token: a Brace
// is a table constructor, and its `node` is the path its keys are recorded
// under (-1: not followed).
class KeyLines::Scanner {
 public:
  Scanner(KeyLines& out, std::string_view text) : out_(out), lex_(text) {}

  // Scans the whole text: the node of the table the chunk returns, or -1.
  int run();

 private:
  enum class Kind : uint8_t { Brace, Paren, Bracket, Block, Repeat };
  struct Frame {
    Kind kind;
    int node = -1;
    bool field_start = false;  // the next token begins a field
  };

  void push(Kind k, int node = -1);
  void close(Kind k);
  void set(int node, int at);
  void value_of(int node);
  bool field(Frame& top);
  bool chunk_statement();
  void return_statement();
  void local_statement();
  void assignment(bool function);
  int follow_path(int node, bool& followed);
  void nesting();

  KeyLines& out_;
  lexer::Lexer lex_;
  std::vector<Frame> stack_;
  std::array<size_t, 5> open_{};  // frames of each kind on the stack
  bool too_deep_ = false;
  int returned_node_ = -1;
};

int KeyLines::Scanner::run() {
  while (lex_.peek().kind != Tok::End) {
    if (too_deep_) return -1;  // no result: every line 0
    const bool followed = stack_.empty() ? chunk_statement() : field(stack_.back());
    if (!followed) nesting();
  }
  return returned_node_;
}

void KeyLines::Scanner::push(Kind k, int node) {
  too_deep_ = too_deep_ || stack_.size() >= kMaxNesting;
  stack_.push_back(Frame{k, node, k == Kind::Brace});
  ++open_[static_cast<size_t>(k)];
}

// Pops down to the innermost frame of kind `k` (and it); a closer with no
// opener is ignored. Each frame is popped once, so this stays linear.
void KeyLines::Scanner::close(Kind k) {
  if (open_[static_cast<size_t>(k)] == 0) return;
  for (;;) {
    const Kind top = stack_.back().kind;
    --open_[static_cast<size_t>(top)];
    stack_.pop_back();
    if (top == k) return;
  }
}

// Records that the value at `node` is set here.
void KeyLines::Scanner::set(int node, int at) {
  Node& n = out_.nodes_[static_cast<size_t>(node)];
  n.line = at;
  n.epoch = ++out_.epoch_;
}

// After `... =`: a constructor that follows is the value of `node`.
void KeyLines::Scanner::value_of(int node) {
  if (is_punct(lex_.peek(), kTableOpen)) {
    lex_.skip();
    push(Kind::Brace, node);
  }
}

// A field of a constructor: `name =` or `[key] =`. False if the next token
// begins none (its tokens then only nest).
bool KeyLines::Scanner::field(Frame& top) {
  if (top.kind != Kind::Brace || !top.field_start) return false;
  top.field_start = false;
  const Token& t0 = lex_.peek();
  std::string key;
  size_t len = 0;
  if (is_plain_name(t0) && is_punct(lex_.peek(1), "=")) {
    key = key_text(t0);
    len = 2;
  } else if (is_punct(t0, "[") &&
             (lex_.peek(1).kind == Tok::String || lex_.peek(1).kind == Tok::Number) &&
             is_punct(lex_.peek(2), "]") && is_punct(lex_.peek(3), "=")) {
    key = key_text(lex_.peek(1));
    len = 4;
  }
  if (len == 0) return false;
  const int at = t0.line;
  for (size_t k = 0; k < len; ++k) lex_.skip();
  const int owner = top.node;  // `top` may move once value_of pushes
  const int node = owner >= 0 && !key.empty() ? out_.child(owner, key) : -1;
  if (node >= 0) {
    set(node, at);
    value_of(node);
  }
  return true;
}

// At chunk level: `return ...`, `local v = {`, `v = {`, `v.a.b = ...`,
// `function v.key(...)`. False if the statement is none of these.
bool KeyLines::Scanner::chunk_statement() {
  const Token& t0 = lex_.peek();
  if (is_word(t0, "return")) {
    return_statement();
    return true;
  }
  if (is_word(t0, "local") && is_plain_name(lex_.peek(1))) {
    local_statement();
    return true;
  }
  const bool function = is_word(t0, "function") && is_plain_name(lex_.peek(1));
  if (!function && !is_plain_name(t0)) return false;
  assignment(function);
  return true;
}

// `return { ... }`, or `return v` (a name alone, not a call or a path).
void KeyLines::Scanner::return_statement() {
  lex_.skip();
  if (is_punct(lex_.peek(), kTableOpen)) {
    const int node = out_.child(0, "\x1freturn");
    set(node, lex_.peek().line);
    lex_.skip();
    push(Kind::Brace, node);
    returned_node_ = node;
  } else if (is_plain_name(lex_.peek()) && !is_punct(lex_.peek(1), ".") &&
             !is_punct(lex_.peek(1), "[") && !is_punct(lex_.peek(1), "(") &&
             !is_punct(lex_.peek(1), ":") && !is_punct(lex_.peek(1), kTableOpen) &&
             lex_.peek(1).kind != Tok::String) {
    returned_node_ = out_.child(0, lex_.peek().text);
    lex_.skip();
  }
}

// `local v = ...` (or `local v <const> = ...`).
void KeyLines::Scanner::local_statement() {
  lex_.skip();
  const std::string_view name = lex_.peek().text;
  const int name_line = lex_.peek().line;
  lex_.skip();
  if (is_punct(lex_.peek(), "<") && lex_.peek(1).kind == Tok::Name && is_punct(lex_.peek(2), ">")) {
    lex_.skip();
    lex_.skip();
    lex_.skip();
  }
  if (is_punct(lex_.peek(), "=")) {
    const int node = out_.child(0, name);
    set(node, name_line);
    lex_.skip();
    value_of(node);
  }
}

// `v.a.b = ...` sets v.a.b where it stands; `function v.key(...)` sets
// v.key where `function` stands.
void KeyLines::Scanner::assignment(bool function) {
  const int at = lex_.peek().line;
  if (function) lex_.skip();
  int node = out_.child(0, lex_.peek().text);
  lex_.skip();
  bool followed = true;  // every component could be a key
  node = follow_path(node, followed);
  if (function) {
    if (followed && is_punct(lex_.peek(), "(")) set(node, at);
    push(Kind::Block);
  } else if (is_punct(lex_.peek(), "=") && followed) {
    set(node, at);
    lex_.skip();
    value_of(node);
  }
}

// The components after a name, `.key` or `["key"]` (or `[2]`): the node of
// the path; `followed` turns false at one that cannot be a key.
int KeyLines::Scanner::follow_path(int node, bool& followed) {
  for (;;) {
    std::string key;
    if (is_punct(lex_.peek(), ".") && lex_.peek(1).kind == Tok::Name) {
      lex_.skip();
      key = key_text(lex_.peek());
      lex_.skip();
    } else if (is_punct(lex_.peek(), "[") && is_punct(lex_.peek(2), "]") &&
               (lex_.peek(1).kind == Tok::String || lex_.peek(1).kind == Tok::Number)) {
      lex_.skip();
      key = key_text(lex_.peek());
      lex_.skip();
      lex_.skip();
    } else {
      return node;
    }
    if (followed && !key.empty()) node = out_.child(node, key);
    followed = followed && !key.empty() && node >= 0;
  }
}

// Anything else: only its nesting matters.
void KeyLines::Scanner::nesting() {
  // The tokens that open or close a frame.
  struct Nester {
    Tok kind;
    std::string_view text;
    Kind frame;
    bool opens;
  };
  static constexpr Nester kNesters[] = {
      {Tok::Punct, "{", Kind::Brace, true},       {Tok::Punct, "(", Kind::Paren, true},
      {Tok::Punct, "[", Kind::Bracket, true},     {Tok::Punct, "}", Kind::Brace, false},
      {Tok::Punct, ")", Kind::Paren, false},      {Tok::Punct, "]", Kind::Bracket, false},
      {Tok::Name, "function", Kind::Block, true}, {Tok::Name, "if", Kind::Block, true},
      {Tok::Name, "do", Kind::Block, true},       {Tok::Name, "repeat", Kind::Repeat, true},
      {Tok::Name, "end", Kind::Block, false},     {Tok::Name, "until", Kind::Repeat, false}};
  const Tok kind = lex_.peek().kind;
  const std::string_view text = lex_.peek().text;  // in the source: good after the skip
  lex_.skip();
  for (const Nester& n : kNesters) {
    if (n.kind != kind || n.text != text) continue;
    if (n.opens) {
      push(n.frame);
    } else {
      close(n.frame);
    }
    return;
  }
  if (kind == Tok::Punct && (text == "," || text == ";") && !stack_.empty() &&
      stack_.back().kind == Kind::Brace) {
    stack_.back().field_start = true;
  }
}

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
  result_ = Scanner(*this, lua_source).run();
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

}  // namespace zetema::scripting
