// Cards of the 65-card Zetema pack and their notation.
//
// Notation (docs/decisions.md, "Card notation"): rank then suit, ranks
// A 2 3 4 5 6 7 8 9 T J Q K (parsers also take 10 for T), suits C D H S.
// The pack is 52 cards plus a second copy of the imperial suit; the second
// copy of a card is written with a prime: 7S'. The two copies differ in
// identity, never in scoring.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/bit_select.h"

namespace zetema {

enum class Suit : uint8_t { Clubs, Diamonds, Hearts, Spades };
inline constexpr int kSuits = 4;
inline constexpr int kRanks = 13;        // rank index 0 = ace ... 12 = king
inline constexpr int kCardsPerRank = 5;  // four suits plus the imperial copy
inline constexpr int kDeckSize = 65;
inline constexpr int kRankAce = 0, kRankFive = 4, kRankJack = 10, kRankQueen = 11, kRankKing = 12;

char suit_char(Suit s);
char rank_char(int rank);
// Parses one suit letter (C D H S); false if it is none of them.
bool parse_suit(std::string_view text, Suit& out);
// Parses a rank token (A 2..9 T 10 J Q K); returns -1 if it is none of them.
int parse_rank(std::string_view text);

// One physical card. Its code is copy * 52 + suit * 13 + rank, so a card's
// identity does not depend on which suit is imperial; only the imperial suit
// has cards with copy 1.
class Card {
 public:
  static constexpr uint8_t kNone = 0xff;
  static constexpr int kCodes = 104;

  constexpr Card() = default;
  constexpr Card(int rank, Suit suit, int copy = 0)
      : code_(static_cast<uint8_t>(copy * 52 + static_cast<int>(suit) * 13 + rank)) {}
  static constexpr Card from_code(int code) {
    Card c;
    c.code_ = static_cast<uint8_t>(code);
    return c;
  }

  constexpr int code() const { return code_; }
  constexpr int rank() const { return kRankOf[code_]; }  // code % 13, read not divided
  constexpr Suit suit() const { return static_cast<Suit>((code_ % 52) / 13); }
  constexpr int copy() const { return code_ / 52; }
  constexpr bool valid() const { return code_ < kCodes; }

  friend constexpr bool operator==(Card a, Card b) { return a.code_ == b.code_; }
  friend constexpr auto operator<=>(Card a, Card b) { return a.code_ <=> b.code_; }

 private:
  static const std::array<uint8_t, 256> kRankOf;  // every code's rank, code % 13
  uint8_t code_ = kNone;
};

inline constexpr std::array<uint8_t, 256> Card::kRankOf = [] {
  std::array<uint8_t, 256> ranks{};
  for (int code = 0; code < 256; ++code) ranks[code] = static_cast<uint8_t>(code % 13);
  return ranks;
}();

std::string to_string(Card c);

// A set of physical cards as a 104-bit mask; cheap to copy and compare.
class CardSet {
 public:
  constexpr CardSet() = default;

  constexpr bool contains(Card c) const {
    return c.valid() && ((w_[c.code() >> 6] >> (c.code() & 63)) & 1u);
  }
  constexpr void insert(Card c) { w_[c.code() >> 6] |= uint64_t{1} << (c.code() & 63); }
  constexpr void erase(Card c) { w_[c.code() >> 6] &= ~(uint64_t{1} << (c.code() & 63)); }
  constexpr int size() const { return std::popcount(w_[0]) + std::popcount(w_[1]); }
  constexpr bool empty() const { return (w_[0] | w_[1]) == 0; }

  constexpr CardSet operator&(CardSet o) const { return CardSet(w_[0] & o.w_[0], w_[1] & o.w_[1]); }
  constexpr CardSet operator|(CardSet o) const { return CardSet(w_[0] | o.w_[0], w_[1] | o.w_[1]); }
  constexpr CardSet minus(CardSet o) const { return CardSet(w_[0] & ~o.w_[0], w_[1] & ~o.w_[1]); }
  constexpr bool contains_all(CardSet o) const { return o.minus(*this).empty(); }
  // The ranks present in any suit or copy, as a 13-bit mask: the set
  // folded over its copies, then over the suits' offsets (0, 13, 26, 39).
  constexpr uint32_t rank_mask() const {
    const uint64_t f = folded();
    return static_cast<uint32_t>(f | f >> 13 | f >> 26 | f >> 39) & 0x1fffu;
  }
  // The ranks present of one suit and copy, as a 13-bit mask (bit r = rank r).
  constexpr uint32_t ranks_of(Suit s, int copy = 0) const {
    const int base = copy * 52 + static_cast<int>(s) * 13;
    if (base >= 64) return static_cast<uint32_t>(w_[1] >> (base - 64)) & 0x1fffu;
    uint64_t v = w_[0] >> base;
    if (base + 13 > 64) v |= w_[1] << (64 - base);
    return static_cast<uint32_t>(v) & 0x1fffu;
  }
  // The set with the copies folded together: bit suit * 13 + rank is set
  // when either copy of that card is in the set.
  constexpr uint64_t folded() const {
    return (w_[0] | w_[0] >> 52 | w_[1] << 12) & ((uint64_t{1} << 52) - 1);
  }
  // The suits (bit s = suit s) holding a card of `rank`, either copy.
  constexpr uint32_t suits_with(int rank) const { return suits_with(folded(), rank); }
  // The same from a folded set (several ranks asked of one set).
  static constexpr uint32_t suits_with(uint64_t folded, int rank) {
    const uint64_t f = folded >> rank;  // suit s's card now at bit 13 * s
    return static_cast<uint32_t>((f & 1u) | (f >> 12 & 2u) | (f >> 24 & 4u) | (f >> 36 & 8u));
  }
  // The cards of one suit, both copies, counted.
  constexpr int count_of(Suit s) const { return (*this & whole_suit(s)).size(); }
  // Every card of a suit, both copies: a mask to count a suit with.
  static constexpr CardSet whole_suit(Suit s) { return kWholeSuit[static_cast<int>(s)]; }
  // Every card of a rank: the four suits and both copies.
  static constexpr CardSet whole_rank(int rank) { return kWholeRank[rank]; }
  // The 65 cards of the pack with this imperial suit.
  static constexpr CardSet pack(Suit imperial) {
    return CardSet((uint64_t{1} << 52) - 1, 0) | whole_suit(imperial);
  }
  friend constexpr bool operator==(CardSet a, CardSet b) = default;

  // Iterates cards in code order (clubs, diamonds, hearts, spades, then the
  // second copies), which is also the order of printing.
  template <class F>
  constexpr void for_each(F&& f) const {
    for (int w = 0; w < 2; ++w) {
      for (uint64_t bits = w_[w]; bits != 0; bits &= bits - 1) {
        f(Card::from_code(w * 64 + std::countr_zero(bits)));
      }
    }
  }
  std::vector<Card> cards() const;
  // The i-th card in code order (i < size()): for_each's i-th card.
  // Without a branch (engine/bit_select.h): a random bot's pick is a random
  // i, so a loop that stepped over i cards would end where no predictor
  // can guess (issue 17).
  constexpr Card nth(int i) const {
    const int low = std::popcount(w_[0]);
    const uint64_t high = uint64_t{0} - static_cast<uint64_t>(i >= low);  // all ones: word 1
    const uint64_t bits = (w_[0] & ~high) | (w_[1] & high);
    const int in_word = i - (low & static_cast<int>(high));
    return Card::from_code(static_cast<int>(high & 64) + detail::select_bit(bits, in_word));
  }

 private:
  constexpr CardSet(uint64_t a, uint64_t b) : w_{a, b} {}
  static constexpr CardSet build_suit(Suit s) {
    CardSet all;
    for (int copy = 0; copy < 2; ++copy) {
      for (int rank = 0; rank < kRanks; ++rank) all.insert(Card(rank, s, copy));
    }
    return all;
  }
  static constexpr CardSet build_rank(int rank) {
    CardSet all;
    for (int copy = 0; copy < 2; ++copy) {
      for (int s = 0; s < kSuits; ++s) all.insert(Card(rank, static_cast<Suit>(s), copy));
    }
    return all;
  }
  static const std::array<CardSet, kSuits> kWholeSuit;
  static const std::array<CardSet, kRanks> kWholeRank;
  uint64_t w_[2] = {0, 0};
};

inline constexpr std::array<CardSet, kSuits> CardSet::kWholeSuit = {
    build_suit(Suit::Clubs), build_suit(Suit::Diamonds), build_suit(Suit::Hearts),
    build_suit(Suit::Spades)};
inline constexpr std::array<CardSet, kRanks> CardSet::kWholeRank = [] {
  std::array<CardSet, kRanks> all{};
  for (int rank = 0; rank < kRanks; ++rank) all[rank] = build_rank(rank);
  return all;
}();

// The 65 cards of the pack with this imperial suit, in code order.
std::array<Card, kDeckSize> full_deck(Suit imperial);
// True if the card exists in the pack with this imperial suit.
bool in_deck(Card c, Suit imperial);

// Outcome of parsing notation: on failure, `error` names the bad token.
struct CardParse {
  bool ok = false;
  Card card;
  std::string error;
};
struct CardListParse {
  bool ok = false;
  std::vector<Card> cards;
  std::string error;
};

// Parses one card ("7S", "10H", "QS'"); the second copy must be of the
// imperial suit. parse_card(to_string(c)) == c for every card of the pack.
CardParse parse_card(std::string_view token, Suit imperial);
// Parses cards separated by spaces or commas; rejects a card given twice.
CardListParse parse_cards(std::string_view text, Suit imperial);
// Prints cards separated by single spaces.
std::string to_string(const std::vector<Card>& cards);
std::string to_string(CardSet cards);

}  // namespace zetema
