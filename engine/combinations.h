// What a set of cards makes, and what the tables say it scores.
//
// Pure functions of cards and a Ruleset: no state, no hooks. The rules they
// follow are cited where each is coded (docs/decisions.md D3-D8, D24).
#pragma once

#include <optional>
#include <string>

#include "engine/action.h"
#include "engine/card.h"
#include "engine/ruleset.h"

namespace zetema {

// The categories a set of exactly meld-length cards forms (D4: a one-suit run
// is all three at once).
struct MeldCategories {
  bool sequence = false;
  bool flush = false;           // false for an imperial flush where it does not count (D5)
  bool flush_sequence = false;  // false where the variant has no such category
  bool any() const { return sequence || flush || flush_sequence; }
};
MeldCategories classify_meld(CardSet cards, const Ruleset& rules);

// True if `ranks` (bit r = rank r) are one run of `len` ranks as the variant
// counts runs (D3: ace low, ace high, round the corner).
bool is_sequence(uint32_t ranks, int len, const Ruleset& rules);

// The suit of the cards if they are all of one suit.
std::optional<Suit> single_suit(CardSet cards);

// Table points of one category (sequence, flush or flush sequence).
int meld_points(DeclKind kind, const Ruleset& rules);
// True if `kind` is among the categories the cards make and scores the most
// of them (D24: declare the highest category; equal scores are all legal).
bool is_highest_category(DeclKind kind, const MeldCategories& cats, const Ruleset& rules);
// The highest-scoring category the cards make (cats.any() must hold).
DeclKind best_category(const MeldCategories& cats, const Ruleset& rules);

// A set of kings and queens read as marriages.
struct MarriageSet {
  bool valid = false;
  std::string why;   // when not valid
  int count = 0;     // marriages in the set
  int imperial = 0;  // of them in the imperial suit (0-2)
};
MarriageSet read_marriages(CardSet cards, Suit imperial);

// D8: the cards from hand a declaration of marriages needs. Empty string if
// `from_hand` (the declared cards that are in the player's hand) suffices.
std::string check_marriage_hand_cards(CardSet cards, CardSet from_hand, const Ruleset& rules);
// The same as a yes/no, for the candidates legal_actions builds.
bool marriage_hand_cards_ok(CardSet cards, CardSet from_hand, const Ruleset& rules);

// D7: the table points of a declaration of `count` marriages holding
// `imperial` imperial ones, after `imperial_before` earlier this hand.
struct MarriagePoints {
  int base = 0;
  int bonus = 0;
  int total() const { return base + bonus; }
};
MarriagePoints marriage_points(int count, int imperial, int imperial_before, const Ruleset& rules);

}  // namespace zetema
