// Zetema Game Notation: every error the reader and the importer give, each
// at its line and column (docs/notation.md, "Errors").
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "replays/zgn.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::replays;

namespace {

struct Case {
  std::string text;
  int line;
  int column;
  std::string message;  // a part of the message
};

ZgnError import_error(const std::string& text) {
  static const scripting::VariantFolder folder{test::variants_dir(), "variants"};
  const ZgnImport r = import_zgn(text, folder_lookup(folder));
  REQUIRE_FALSE_MESSAGE(r.ok, text);
  return r.error;
}

void check_all(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    CAPTURE(c.text);
    const ZgnError e = import_error(c.text);
    CAPTURE(e.describe());
    CHECK(e.at.line == c.line);
    CHECK(e.at.column == c.column);
    CHECK(e.message.find(c.message) != std::string::npos);
  }
}

// Lines 1-2: a two-player sackson game; lines 3-5: its first deal, from a
// pack in card order (P1, left of the dealer, is dealt first).
const std::string kHead = "[Variant \"sackson\"]\n[Players \"2\"]\n";
const std::string kDeal =
    "hand 1 dealer P2\n"
    "deal P1 AC 3C 5C 7C 9C JC\n"
    "deal P2 2C 4C 6C 8C TC QC\n";
const std::string kBook = "[Variant \"book1881\"]\n[Players \"2\"]\n" + kDeal;

}  // namespace

TEST_CASE("zgn: every error of the reader is at its line and column") {
  check_all({
      {"{ a comment never closed", 1, 1, "comment '{' is never closed with '}'"},
      {"[Event \"a\"] }", 1, 13, "'}' closes no comment"},
      {"[Event \"abc\n", 1, 8, "tag value is never closed"},
      {"[Event \"a\\q\"]", 1, 10, "unknown escape"},
      {"[Event \"" + std::string(300, 'x') + "\"]", 1, 8, "at most 256 bytes"},
      {"[Ev-ent \"x\"]", 1, 2, "expected a tag name"},
      {"[Event \"a\"]\n[Event \"b\"]", 2, 2, "tag Event is given twice"},
      {"[Event]", 1, 7, "expected the tag's value in quotes, found ']'"},
      {"[Event \"a\"\nhand 1", 2, 1, "expected ']', found 'hand'"},
      {"[Event \"a\"]\n  foo", 2, 3, "expected a tag [Name \"value\"] or 'hand 1', found 'foo'"},
      {"hand 2", 1, 6, "expected the hand's number 1, found '2'"},
      {"hand 1 dealer X", 1, 15, "expected the dealer's seat P1 to P6, found 'X'"},
      {"hand 1\ndeal 7S", 2, 6, "expected the seat dealt to, P1 to P6, found '7S'"},
      {"hand 1\ndeal P1 7S\ndeal P1 8S", 3, 6, "P1 is dealt twice"},
      {"hand 1\nstock ?\nstock ?", 3, 1, "the hand has a stock line already"},
      {"hand 1\nP1: discard 7S\ndeal P1 8S", 3, 1, "'deal' lines come before the hand's play"},
      {"hand 1\n discard 7S", 2, 2, "an action follows the turn's player"},
      {"hand 1\n[Event \"x\"]", 2, 1, "tags belong before the first hand"},
      {"hand 1\nP1: 7S", 2, 5, "expected a deal line, a turn ('P1:')"},
      {"hand 1 dealer P1\ndealer P2", 2, 1, "expected a deal line"},
      {"hand 1\nP1: discard " + std::string(70, 'S'), 2, 13, "word of 70 bytes; at most 64"},
      {"hand 1\nstock" +
           [] {
             std::string many;
             for (int i = 0; i < 66; ++i) many += " ?";
             return many;
           }(),
       2, 137, "more than 65 cards in a stock line"},
  });
}

TEST_CASE("zgn: every error of the tags is at its line and column") {
  check_all({
      {"[Players \"2\"]", 1, 1, "the game names no variant"},
      {"[Variant \"../x\"]", 1, 10, "a variant id is lower-case letters, digits and _"},
      {"[Variant \"nosuch\"]", 1, 10, "variant 'nosuch' does not load"},
      {"[Variant \"sackson\"]\n[VariantSHA256 \"00ff\"]", 2, 16,
       "the game was recorded under variant sackson with SHA-256 00ff"},
      {"[Variant \"sackson\"]\n[Imperial \"X\"]", 2, 11, "the imperial suit is one of C D H S"},
      {"[Variant \"sackson\"]\n[Imperial \"H\"]", 2, 11, "variant sackson plays with S imperial"},
      {"[Variant \"sackson\"]", 1, 1, "the game names no player count"},
      {"[Variant \"sackson\"]\n[Players \"7\"]", 2, 10, "players are 2 to 6, not '7'"},
      {kHead + "[Teams \"trios\"]", 3, 8, "teams are off, pairs or teams_of_three"},
      {kHead + "[Teams \"pairs\"]", 3, 8, "pairs"},
      {kHead + "[Dealer \"P3\"]", 3, 9, "the dealer is a seat P1 to P2, not 'P3'"},
      {kHead + "[P3 \"Ann\"]", 3, 1, "P3 is named but the game has 2 players"},
      {kHead + "[P2 \"Ann\"]", 1, 1, "P1 has no name tag but a later seat has"},
      {kHead + "[ReplayFormat \"3\"]", 3, 15, "replay format is 1 to 2, not '3'"},
      {kHead + "[Seed \"-1\"]", 3, 7, "the seed is a number from 0 to 2^64-1"},
      {kHead + "[Result \"P2 wins\"]\n" + kDeal, 3, 9,
       "the result says 'P2 wins' but the game comes out '*'"},
  });
}

TEST_CASE("zgn: every error of a hand is at its line and column") {
  check_all({
      {kHead + "hand 1\n", 3, 1, "hand 1 names no dealer"},
      {kHead + "[Dealer \"P1\"]\nhand 1 dealer P2", 4, 15,
       "hand 1's dealer differs from the Dealer tag"},
      {kHead + "hand 1 dealer P3", 3, 15, "the dealer is a seat P1 to P2"},
      {kHead + "hand 1 dealer P2\ndeal P3 7S", 4, 1, "P3 has no seat: the game has 2 players"},
      {kHead + "hand 1 dealer P2\ndeal P1 AC 3C", 4, 1,
       "P1 is dealt 6 cards under sackson, this line has 2"},
      {kHead + "hand 1 dealer P2\ndeal P1 AC 3C 5C 7C 9C 1C", 4, 24, "bad card '1C'"},
      {kHead + "hand 1 dealer P2\ndeal P1 AC 3C 5C 7C 9C JC\ndeal P2 2C 4C 6C 8C TC AC", 5, 24,
       "card AC is given twice in this hand"},
      {kHead + "hand 1 dealer P2\nstock" +
           [] {
             std::string many;
             for (int i = 0; i < 54; ++i) many += " ?";
             return many;
           }(),
       4, 113, "the stock holds 53 cards after the deal; this is one more"},
      {kHead + kDeal + "P1: discard 7X", 6, 13, "bad card '7X'"},
      {kHead + kDeal + "P1: discard AC 3C", 6, 5, "discard takes exactly one card, got 2"},
      {kHead + kDeal + "P1: meld AC", 6, 5, "expected discard, sequence"},
      {kHead + kDeal + "expose P3 AC", 6, 1, "expected a player P1 to P2, got 'P3'"},
      {kHead + kDeal + "expose", 6, 1, "expected 'expose P1 7S' or 'missed-draw P1'"},
      {kHead + kDeal + "P1: discard AC missed-draw P1 AC", 6, 16,
       "missed-draw takes only a player"},
      {kHead + kDeal + "P2: discard 2C", 6, 5, "it is P1's turn, not P2's"},
      // Illegal moves: the engine's reason for refusing them.
      {kHead + kDeal + "P1: discard 2C", 6, 5, "card 2C is not in P1's hand"},
      {kHead + kDeal + "P1: assembly AC 3C 5C 7C 9C", 6, 5,
       "an assembly is five cards of one rank"},
      {kHead + kDeal + "expose P2 2C", 6, 1, "variant sackson has no 1881 penalties"},
      {kBook + "P1: discard AC\nP2: discard AD", 7, 5, "card AD is not in P2's hand"},
      {kBook + "P1: discard AC\nexpose P2 4C\nP2: discard 2C", 8, 5,
       "the exposed card 4C must be played first (D18)"},
      {kBook + "P1: discard AC\nmissed-draw P2", 7, 1, "P2 has not just drawn after a play"},
      {kHead + kDeal + "P1: discard AC\nhand 2", 7, 1,
       "hand 1 has not ended under the rules: P2 is to move"},
  });
}
