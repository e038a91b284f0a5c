// A set of cards whose counts are kept up to date as cards come and go: a
// hand, or the tableau (issue 17).
//
// Listing the legal actions asks every turn whether a hand could hold a
// sequence or flush, an assembly or a marriage. Read from running counts --
// per rank, per suit, and the kings and queens of each suit, packed in two
// 64-bit words and updated by adding or subtracting a card's entry of a
// table -- each question is a few bit operations. The counts are a function
// of the set, so the set alone decides equality, and a set assigned whole is
// counted afresh: no path can leave them stale.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "engine/card.h"

namespace zetema {

// The counts of a set of cards.
//   ranks: 4 bits a rank (rank r at bit 4 * r), 0 to 5 cards each.
//   suits: 8 bits a suit (suit s at bit 8 * s), both copies, 0 to 26 each;
//          then from bit 32 the queens (bit 32 + 8 * s) and the kings
//          (bit 36 + 8 * s) of each suit, 0 to 2 each.
struct CardCounts {
  uint64_t ranks = 0;
  uint64_t suits = 0;

  static constexpr uint64_t kSuitCounts = 0xffff'ffffu;
  static constexpr int kQueensAt = 32, kKingsAt = 36;
  // The top bit of each rank's nibble, ranks 0..12.
  static constexpr uint64_t kRankTops = 0x0008'8888'8888'8888u;

  // The top bit of every nibble that is not zero (each nibble below 8).
  static constexpr uint64_t nonzero_nibbles(uint64_t x) {
    return (x + 0x7777'7777'7777'7777u) & 0x8888'8888'8888'8888u;
  }
  // The ranks present, as the top bit of their nibble (rank r at 4 * r + 3).
  constexpr uint64_t rank_tops() const { return nonzero_nibbles(ranks) & kRankTops; }
  // True if a suit has at least `n` cards (0 < n <= 128).
  constexpr bool suit_reaches(int n) const { return suit_reaches_by(suit_addend(n)); }
  // The same in two steps, for a test made on every turn with one `n`:
  // what a suit's count needs added to set its byte's top bit where it
  // reaches `n` (no byte carries: 26 + 127 < 256), then the test.
  static constexpr uint64_t suit_addend(int n) { return uint64_t(0x80 - n) * 0x0101'0101u; }
  constexpr bool suit_reaches_by(uint64_t addend) const {
    return (((suits & kSuitCounts) + addend) & 0x8080'8080u) != 0;
  }
  // True if a rank has all its five cards: a count is at most 5, so only
  // 5 reaches 8 with 3 added (the bit rank_tops reads).
  constexpr bool has_whole_rank() const {
    return ((ranks + 0x0003'3333'3333'3333u) & kRankTops) != 0;
  }
  // The kings and queens present in each suit, as the top bit of their
  // nibble: the queen of suit s at bit 35 + 8 * s, its king 4 bits higher.
  constexpr uint64_t kq_tops() const { return nonzero_nibbles(suits & ~kSuitCounts); }

  // One card's entry: what it adds to the counts.
  static constexpr CardCounts of(Card c) {
    CardCounts n;
    n.ranks = uint64_t{1} << (4 * c.rank());
    const int suit = static_cast<int>(c.suit());
    n.suits = uint64_t{1} << (8 * suit);
    if (c.rank() == kRankQueen) n.suits |= uint64_t{1} << (kQueensAt + 8 * suit);
    if (c.rank() == kRankKing) n.suits |= uint64_t{1} << (kKingsAt + 8 * suit);
    return n;
  }
  friend constexpr bool operator==(const CardCounts&, const CardCounts&) = default;
};

// Whether a hand's counts could hold a meld of `len` cards (D3, D4):
// `len` cards of one suit, or a run of `len` consecutive ranks (the ace
// also above the king where it may be high). Made once a game, so a turn's
// test is a few fixed bit operations; and without a branch on the hand,
// whose answer no predictor can guess (issue 17). A default one (no meld
// kind) finds none.
class MeldTest {
 public:
  constexpr MeldTest() = default;
  constexpr MeldTest(int len, bool ace_high, bool wraparound)
      : len_(len), ace_(ace_high ? 8u : 0u), wraparound_(wraparound) {
    suit_addend_ = CardCounts::suit_addend(len < 27 ? len : 27);  // no suit has 27 cards
    // Runs of 1, 2, 4 ... ranks up to the largest power of two within
    // `len`, then two such runs overlapping to make `len`. No run is
    // longer than the 13 ranks and the ace again (those longer fail the
    // count of ranks), so at most four shifts; the rest shift by 0.
    const int reach = len < kRanks + 1 ? len : kRanks + 1;
    int whole = 1;
    size_t k = 0;
    for (; whole * 2 <= reach; whole *= 2) shifts_[k++] = static_cast<uint8_t>(4 * whole);
    if (reach > 0) shifts_[k] = static_cast<uint8_t>(4 * (reach - whole));
  }
  constexpr bool possible(const CardCounts& c) const {
    // Both halves made, and joined without a branch.
    const bool flush = c.suit_reaches_by(suit_addend_);
    const bool run = run_possible(c.rank_tops());
    return (len_ > 0) & (flush | run);
  }
  // The run half: whether the ranks present -- one bit every 4, rank r at
  // 4 * r + 3, as CardCounts::rank_tops gives them -- hold a run.
  constexpr bool run_possible(uint64_t run) const {
    // A run of `len` holds `len` different ranks (an ace-high or a wrapped one too).
    const bool enough_ranks = std::popcount(run) >= len_;
    if (wraparound_) return enough_ranks;  // runs round the corner: no cheap test
    run |= (run & ace_) << (4 * kRanks);
    for (const uint8_t shift : shifts_) run &= run >> shift;
    return enough_ranks & (run != 0);
  }
  friend constexpr bool operator==(const MeldTest&, const MeldTest&) = default;

 private:
  int len_ = 0;
  uint64_t suit_addend_ = 0;  // a flush: CardCounts::suit_addend(len)
  uint64_t ace_ = 0;          // the ace's bit where it is also high
  bool wraparound_ = false;
  std::array<uint8_t, 4> shifts_{};
};

class CountedCards {
 public:
  constexpr CountedCards() = default;
  // A whole set assigned: counted afresh.
  constexpr CountedCards(CardSet cards)  // NOLINT(google-explicit-constructor)
      : cards_(cards) {
    cards.for_each([&](Card c) { add(c); });
  }

  constexpr operator const CardSet&() const { return cards_; }  // NOLINT
  constexpr const CardSet& set() const { return cards_; }
  constexpr const CardCounts& counts() const { return counts_; }

  constexpr void insert(Card c) {
    if (cards_.contains(c)) return;
    cards_.insert(c);
    add(c);
  }
  // A card known not to be in the set (one from the stock, or the card just
  // played onto the tableau): no test first.
  constexpr void insert_new(Card c) {
    cards_.insert(c);
    add(c);
  }
  // Every card of `gone` that is in the set.
  constexpr void erase_all(CardSet gone) {
    gone = gone & cards_;
    cards_ = cards_.minus(gone);
    gone.for_each([&](Card c) { sub(c); });
  }
  // Every card of `rank`. Where the set holds all five (the four suits and
  // the imperial suit's second copy: a set of the pack's cards with five of
  // a rank holds them all) -- a zetema's pile leaving the tableau -- one
  // subtraction of their counts, not one per card.
  constexpr void erase_whole_rank(int rank, Suit imperial) {
    const CardSet rank_cards = CardSet::whole_rank(rank);
    if ((counts_.ranks >> (4 * rank) & 0xf) != kCardsPerRank) [[unlikely]] {
      erase_all(rank_cards);  // not all five: the counts card by card
      return;
    }
    cards_ = cards_.minus(rank_cards);
    const CardCounts& n = kWholeRanks[static_cast<int>(imperial)][rank];
    counts_.ranks -= n.ranks;
    counts_.suits -= n.suits;
  }
  constexpr void erase(Card c) {
    if (!cards_.contains(c)) return;
    erase_held(c);
  }
  // A card known to be in the set (the card a checked or listed discard
  // plays from the hand): no test first.
  constexpr void erase_held(Card c) {
    cards_.erase(c);
    sub(c);
  }

  // CardSet's queries.
  constexpr bool contains(Card c) const { return cards_.contains(c); }
  constexpr int size() const { return cards_.size(); }
  constexpr bool empty() const { return cards_.empty(); }
  constexpr CardSet operator&(CardSet o) const { return cards_ & o; }
  constexpr CardSet operator|(CardSet o) const { return cards_ | o; }
  constexpr CardSet minus(CardSet o) const { return cards_.minus(o); }
  constexpr bool contains_all(CardSet o) const { return cards_.contains_all(o); }
  constexpr uint32_t rank_mask() const { return cards_.rank_mask(); }
  constexpr uint32_t ranks_of(Suit s, int copy = 0) const { return cards_.ranks_of(s, copy); }
  constexpr uint64_t folded() const { return cards_.folded(); }
  constexpr uint32_t suits_with(int rank) const { return cards_.suits_with(rank); }
  constexpr int count_of(Suit s) const { return cards_.count_of(s); }
  template <class F>
  constexpr void for_each(F&& f) const {
    cards_.for_each(static_cast<F&&>(f));
  }
  std::vector<Card> cards() const { return cards_.cards(); }
  constexpr Card nth(int i) const { return cards_.nth(i); }

  friend constexpr bool operator==(const CountedCards& a, const CountedCards& b) {
    return a.cards_ == b.cards_;
  }
  friend constexpr bool operator==(const CountedCards& a, const CardSet& b) {
    return a.cards_ == b;
  }

 private:
  constexpr void add(Card c) {
    const CardCounts& n = kUnits[c.code()];
    counts_.ranks += n.ranks;
    counts_.suits += n.suits;
  }
  constexpr void sub(Card c) {
    const CardCounts& n = kUnits[c.code()];
    counts_.ranks -= n.ranks;
    counts_.suits -= n.suits;
  }
  // Every code a Card can hold (no entry beyond the pack's 104 codes).
  static constexpr std::array<CardCounts, 256> kUnits = [] {
    std::array<CardCounts, 256> t{};
    for (int code = 0; code < Card::kCodes; ++code) t[code] = CardCounts::of(Card::from_code(code));
    return t;
  }();

  // The counts of a whole rank, by imperial suit and rank.
  static constexpr std::array<std::array<CardCounts, kRanks>, kSuits> kWholeRanks = [] {
    std::array<std::array<CardCounts, kRanks>, kSuits> t{};
    for (int imperial = 0; imperial < kSuits; ++imperial) {
      for (int rank = 0; rank < kRanks; ++rank) {
        CardCounts& n = t[imperial][rank];
        (CardSet::whole_rank(rank) & CardSet::pack(static_cast<Suit>(imperial)))
            .for_each([&](Card c) {
              n.ranks += kUnits[c.code()].ranks;
              n.suits += kUnits[c.code()].suits;
            });
      }
    }
    return t;
  }();

  CardSet cards_;
  CardCounts counts_;
};

}  // namespace zetema
