#include "replays/zgn_parse.h"

#include "engine/card.h"
#include "replays/replay.h"
#include "replays/zgn_lexer.h"

namespace zetema::replays {

std::string ZgnError::describe() const {
  return std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + message;
}

const ZgnTag* ZgnDocument::tag(std::string_view name) const {
  for (const ZgnTag& t : tags) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

int parse_seat(std::string_view word) {
  if (word.size() != 2 || word[0] != 'P' || word[1] < '1' || word[1] > '6') return -1;
  return word[1] - '1';
}

namespace {

// Bounds a hostile file cannot push past (the replay's own limits where
// they apply): a line of cards never holds more than the pack.
constexpr size_t kMaxTags = 64;
constexpr size_t kMaxCardsInLine = kDeckSize;

bool is_name(std::string_view w) {
  return !w.empty() && w[0] >= 'a' && w[0] <= 'z';
}
// "P2:": the turn of P2 begins.
int turn_marker(std::string_view w) {
  return w.size() == 3 && w[2] == ':' ? parse_seat(w.substr(0, 2)) : -1;
}
bool is_argument(std::string_view w) {
  return !is_name(w) && turn_marker(w) < 0;
}

class Parser {
 public:
  explicit Parser(std::string_view text) : lex_(text) {}

  ZgnParse run() {
    ZgnParse out;
    if (next() && tags() && hands()) {
      out.ok = true;
      out.doc = std::move(doc_);
    } else {
      out.error = error_;
    }
    return out;
  }

 private:
  bool next() {
    tok_ = lex_.next();
    if (tok_.kind == ZgnToken::Kind::Error) return fail(tok_.at, tok_.text);
    return true;
  }
  bool fail(ZgnPos at, std::string message) {
    error_ = ZgnError{at, std::move(message)};
    return false;
  }
  bool word_is(std::string_view w) const {
    return tok_.kind == ZgnToken::Kind::Word && tok_.text == w;
  }
  std::string found() const {
    return tok_.kind == ZgnToken::Kind::End ? "the end of the file" : "'" + tok_.text + "'";
  }

  bool tags();
  bool tag();
  bool hands();
  bool hand_header(ZgnHand& h);
  bool hand_body(ZgnHand& h);
  bool deal(ZgnHand& h);
  bool stock(ZgnHand& h);
  bool item(ZgnHand& h, int turn);
  // Words after a keyword up to the next keyword, turn or tag.
  bool arguments(std::vector<ZgnWord>& out, size_t most, const char* what);

  ZgnLexer lex_;
  ZgnToken tok_;
  ZgnDocument doc_;
  ZgnError error_;
};

bool Parser::tags() {
  while (tok_.kind == ZgnToken::Kind::Open) {
    if (doc_.tags.size() == kMaxTags) {
      return fail(tok_.at, "more than " + std::to_string(kMaxTags) + " tags");
    }
    if (!tag()) return false;
  }
  return true;
}

// [Name "value"]
bool Parser::tag() {
  ZgnTag t;
  t.at = tok_.at;
  if (!next()) return false;
  if (tok_.kind != ZgnToken::Kind::Word ||
      tok_.text.find_first_not_of(
          "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") != std::string::npos) {
    return fail(tok_.at, "expected a tag name (letters, digits, _), found " + found());
  }
  t.name = tok_.text;
  if (doc_.tag(t.name)) return fail(tok_.at, "tag " + t.name + " is given twice");
  if (!next()) return false;
  if (tok_.kind != ZgnToken::Kind::String) {
    return fail(tok_.at, "expected the tag's value in quotes, found " + found());
  }
  t.value = tok_.text;
  t.value_at = tok_.at;
  if (!next()) return false;
  if (tok_.kind != ZgnToken::Kind::Close) return fail(tok_.at, "expected ']', found " + found());
  doc_.tags.push_back(std::move(t));
  return next();
}

bool Parser::hands() {
  while (tok_.kind != ZgnToken::Kind::End) {
    // Only before the first hand: a hand's body runs to the next 'hand'.
    if (!word_is("hand")) {
      return fail(tok_.at, "expected a tag [Name \"value\"] or 'hand 1', found " + found());
    }
    if (doc_.hands.size() == kMaxHands) {
      return fail(tok_.at, "more than " + std::to_string(kMaxHands) + " hands");
    }
    ZgnHand h;
    if (!hand_header(h) || !hand_body(h)) return false;
    doc_.hands.push_back(std::move(h));
  }
  doc_.end = tok_.at;
  return true;
}

// hand N [dealer Pn]
bool Parser::hand_header(ZgnHand& h) {
  h.at = tok_.at;
  if (!next()) return false;
  const std::string expected = std::to_string(doc_.hands.size() + 1);
  if (!word_is(expected)) {
    return fail(tok_.at, "expected the hand's number " + expected + ", found " + found());
  }
  h.number = static_cast<int>(doc_.hands.size()) + 1;
  if (!next()) return false;
  if (!word_is("dealer")) return true;
  if (!next()) return false;
  h.dealer_at = tok_.at;
  const int seat = tok_.kind == ZgnToken::Kind::Word ? parse_seat(tok_.text) : -1;
  if (seat < 0) return fail(tok_.at, "expected the dealer's seat P1 to P6, found " + found());
  h.dealer = seat;
  return next();
}

bool Parser::hand_body(ZgnHand& h) {
  int turn = -1;
  for (;;) {
    if (tok_.kind == ZgnToken::Kind::End || word_is("hand")) return true;
    if (tok_.kind != ZgnToken::Kind::Word) {
      return fail(tok_.at, "tags belong before the first hand, found " + found());
    }
    const bool dealing = word_is("deal") || word_is("stock");
    if (dealing && !h.play.empty()) {
      return fail(tok_.at, "'" + tok_.text + "' lines come before the hand's play");
    }
    if (word_is("deal")) {
      if (!deal(h)) return false;
    } else if (word_is("stock")) {
      if (!stock(h)) return false;
    } else if (const int seat = turn_marker(tok_.text); seat >= 0) {
      turn = seat;
      if (!next()) return false;
    } else if (is_name(tok_.text) && tok_.text != "dealer") {
      if (!item(h, turn)) return false;
    } else {
      return fail(tok_.at,
                  "expected a deal line, a turn ('P1:'), an action ('discard 7S') or an "
                  "irregularity ('expose P2 7S'), found " +
                      found());
    }
  }
}

// deal Pn card...
bool Parser::deal(ZgnHand& h) {
  ZgnDeal d;
  d.at = tok_.at;
  if (!next()) return false;
  d.seat = tok_.kind == ZgnToken::Kind::Word ? parse_seat(tok_.text) : -1;
  if (d.seat < 0) return fail(tok_.at, "expected the seat dealt to, P1 to P6, found " + found());
  for (const ZgnDeal& other : h.deals) {
    if (other.seat == d.seat)
      return fail(tok_.at, "P" + std::to_string(d.seat + 1) + " is dealt twice");
  }
  if (!next() || !arguments(d.cards, kMaxCardsInLine, "deal line")) return false;
  h.deals.push_back(std::move(d));
  return true;
}

// stock card|? ...
bool Parser::stock(ZgnHand& h) {
  if (h.stock_keyword) return fail(tok_.at, "the hand has a stock line already");
  h.stock_keyword = ZgnWord{tok_.text, tok_.at};
  return next() && arguments(h.stock, kMaxCardsInLine, "stock line");
}

// An action under the current turn, or an irregularity.
bool Parser::item(ZgnHand& h, int turn) {
  ZgnItem it;
  it.at = tok_.at;
  it.text = tok_.text;
  it.irregularity = tok_.text == "expose" || tok_.text == "missed-draw";
  it.turn = turn;
  if (!it.irregularity && turn < 0) {
    return fail(tok_.at, "an action follows the turn's player, as in 'P1: " + tok_.text + " ...'");
  }
  if (h.play.size() == kMaxActionsPerHand) {
    return fail(tok_.at, "more than " + std::to_string(kMaxActionsPerHand) + " actions in a hand");
  }
  std::vector<ZgnWord> words;
  // `choose NAME OPTION`: the two words whatever they are (a name, yes, P2,
  // a number, a card); the engine's parser judges them.
  if (it.text == "choose") {
    for (int k = 0; k < 2; ++k) {
      if (!next()) return false;
      if (tok_.kind != ZgnToken::Kind::Word) break;
      words.push_back(ZgnWord{tok_.text, tok_.at});
    }
    if (words.size() == 2 && !next()) return false;
  } else if (!next() || !arguments(words, kMaxCardsInLine, "action")) {
    return false;
  }
  for (const ZgnWord& w : words) it.text += " " + w.text;
  it.args = std::move(words);
  h.play.push_back(std::move(it));
  return true;
}

bool Parser::arguments(std::vector<ZgnWord>& out, size_t most, const char* what) {
  while (tok_.kind == ZgnToken::Kind::Word && is_argument(tok_.text)) {
    if (out.size() == most) {
      return fail(tok_.at,
                  std::string("more than ") + std::to_string(most) + " cards in a " + what);
    }
    out.push_back(ZgnWord{tok_.text, tok_.at});
    if (!next()) return false;
  }
  return true;
}

}  // namespace

ZgnParse parse_zgn(std::string_view text) {
  if (text.size() > kMaxFileBytes) {
    ZgnParse out;
    out.error = ZgnError{{1, 1},
                         "file of " + std::to_string(text.size()) + " bytes; at most " +
                             std::to_string(kMaxFileBytes)};
    return out;
  }
  return Parser(text).run();
}

}  // namespace zetema::replays
