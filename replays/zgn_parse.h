// Zetema Game Notation (docs/notation.md), first stage: the text read into
// its parts -- the tags, and per hand its header, deal lines, stock line and
// play items -- each with the line and column where it was written. What
// the words mean (cards, actions, whose turn it is) is checked by the
// importer (zgn.h) against the variant the game names, so the card and
// action notation has one parser: the engine's.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zetema::replays {

// 1-based; the column counts bytes (a tab is one).
struct ZgnPos {
  int line = 1;
  int column = 1;
};

// An error in a .zgn file, where it is and why.
struct ZgnError {
  ZgnPos at;
  std::string message;
  // "12:5: card 7S is not in P2's hand"
  std::string describe() const;
};

// A bare word of the movetext (a card, "?", a seat, a keyword, a number).
struct ZgnWord {
  std::string text;
  ZgnPos at;
};

struct ZgnTag {
  std::string name;
  std::string value;  // unescaped
  ZgnPos at;          // the '['
  ZgnPos value_at;    // the opening quote
};

struct ZgnDeal {
  int seat = 0;  // 0-based
  ZgnPos at;
  std::vector<ZgnWord> cards;
};

// One action ("discard 7S") or 1881 irregularity ("expose P2 7S"), its
// words joined by single spaces, as the engine's notation reads it.
struct ZgnItem {
  bool irregularity = false;
  int turn = -1;  // an action: the seat of the turn it was written under
  std::string text;
  ZgnPos at;
  std::vector<ZgnWord> args;  // the words after the first
};

struct ZgnHand {
  int number = 0;
  ZgnPos at;
  std::optional<int> dealer;  // 0-based, when the header names one
  ZgnPos dealer_at;
  std::vector<ZgnDeal> deals;
  std::optional<ZgnWord> stock_keyword;
  std::vector<ZgnWord> stock;  // cards or "?", top first
  std::vector<ZgnItem> play;
};

struct ZgnDocument {
  std::vector<ZgnTag> tags;
  std::vector<ZgnHand> hands;
  ZgnPos end;  // just past the last byte

  const ZgnTag* tag(std::string_view name) const;
};

struct ZgnParse {
  bool ok = false;
  ZgnDocument doc;
  ZgnError error;
};

ZgnParse parse_zgn(std::string_view text);

// "P3" -> 2; -1 if the word is not a seat P1..P6.
int parse_seat(std::string_view word);

}  // namespace zetema::replays
