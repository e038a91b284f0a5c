// Cards and their notation (docs/decisions.md, "Card notation").
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/action.h"
#include "engine/card.h"
#include "engine/counted_cards.h"
#include "engine/rng.h"

using namespace zetema;

TEST_CASE("the pack has 65 cards, five of each rank, the imperial copies distinct") {
  for (Suit imperial : {Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades}) {
    const auto deck = full_deck(imperial);
    CardSet all;
    std::array<int, kRanks> per_rank{};
    for (Card c : deck) {
      CHECK(in_deck(c, imperial));
      CHECK_FALSE(all.contains(c));
      all.insert(c);
      ++per_rank[c.rank()];
    }
    CHECK(all.size() == kDeckSize);
    for (int n : per_rank) CHECK(n == kCardsPerRank);
    // The two copies of an imperial card differ in identity, not in rank or suit.
    const Card first(7, imperial, 0), second(7, imperial, 1);
    CHECK(first != second);
    CHECK(first.rank() == second.rank());
    CHECK(first.suit() == second.suit());
  }
}

TEST_CASE("print and parse are exact inverses") {
  for (Suit imperial : {Suit::Clubs, Suit::Hearts, Suit::Spades}) {
    for (Card c : full_deck(imperial)) {
      const std::string text = to_string(c);
      const CardParse back = parse_card(text, imperial);
      REQUIRE(back.ok);
      CHECK(back.card == c);
      CHECK(to_string(back.card) == text);
    }
  }
  CHECK(to_string(Card(9, Suit::Hearts)) == "TH");
  CHECK(to_string(Card(11, Suit::Spades, 1)) == "QS'");
  CHECK(to_string(Card(0, Suit::Clubs)) == "AC");
}

TEST_CASE("10 is read as T") {
  const CardParse p = parse_card("10H", Suit::Spades);
  REQUIRE(p.ok);
  CHECK(p.card == Card(9, Suit::Hearts));
}

TEST_CASE("bad notation gets an error naming the token") {
  struct Bad {
    const char* token;
    const char* says;
  };
  for (const Bad& b : {Bad{"7X", "suit must be one of C D H S"}, Bad{"1S", "rank must be one of"},
                       Bad{"7H'", "only the imperial suit (S) has a second copy"},
                       Bad{"7", "expected rank then suit"}, Bad{"'", "expected rank then suit"},
                       Bad{"KSS", "rank must be one of"}}) {
    const CardParse p = parse_card(b.token, Suit::Spades);
    CHECK_FALSE(p.ok);
    CHECK(p.error.find(std::string("'") + b.token + "'") != std::string::npos);
    CHECK(p.error.find(b.says) != std::string::npos);
  }
}

TEST_CASE("a list of cards: separators, and no card twice") {
  const CardListParse ok = parse_cards("7S 8S', 9H\tTD", Suit::Spades);
  REQUIRE(ok.ok);
  CHECK(to_string(ok.cards) == "7S 8S' 9H TD");
  const CardListParse twice = parse_cards("7S 7S", Suit::Spades);
  CHECK_FALSE(twice.ok);
  CHECK(twice.error == "card 7S is given twice");
  const CardListParse bad = parse_cards("7S ZZ", Suit::Spades);
  CHECK_FALSE(bad.ok);
  CHECK(bad.error.find("'ZZ'") != std::string::npos);
}

TEST_CASE("CardSet rank masks cover both copies") {
  CardSet s;
  s.insert(Card(0, Suit::Spades, 1));
  s.insert(Card(12, Suit::Clubs));
  s.insert(Card(5, Suit::Spades));
  CHECK(s.ranks_of(Suit::Spades, 1) == 1u);
  CHECK(s.ranks_of(Suit::Spades, 0) == (1u << 5));
  CHECK(s.ranks_of(Suit::Clubs, 0) == (1u << 12));
  CHECK(s.size() == 3);
  CHECK(to_string(s) == "KC 6S AS'");
}

TEST_CASE("action notation round-trips") {
  for (const char* text :
       {"discard 7S'", "sequence 4C 5D 6H 7S 8S' 9H", "flush-sequence 4S 5S 6S 7S 8S 9S",
        "assembly 7C 7D 7H 7S 7S'", "marriages KH QH KS QS'", "flush 2D 4D 6D 8D TD QD"}) {
    const ActionParse p = parse_action(text, Suit::Spades);
    REQUIRE_MESSAGE(p.ok, p.error);
    CAPTURE(text);
    // Cards print in code order, so compare after one round.
    const ActionParse again = parse_action(to_string(p.action), Suit::Spades);
    REQUIRE(again.ok);
    CHECK(again.action == p.action);
  }
  CHECK(to_string(parse_action("discard 10H", Suit::Spades).action) == "discard TH");
  const ActionParse bad = parse_action("meld 7S", Suit::Spades);
  CHECK_FALSE(bad.ok);
  CHECK(bad.error.find("unknown action 'meld'") != std::string::npos);
  CHECK_FALSE(parse_action("discard 7S 8S", Suit::Spades).ok);
}

// The bit summaries the legal-action screens read, against a card-by-card
// count over every card of every pack.
TEST_CASE("CardSet summaries agree with counting card by card") {
  Rng rng(17);
  for (int imperial = 0; imperial < kSuits; ++imperial) {
    const auto deck = full_deck(static_cast<Suit>(imperial));
    CardSet pack;
    for (Card c : deck) pack.insert(c);
    CHECK(CardSet::pack(static_cast<Suit>(imperial)) == pack);
    for (int trial = 0; trial < 200; ++trial) {
      CardSet s;
      const int n = static_cast<int>(rng.below(40));
      for (int i = 0; i < n; ++i) s.insert(deck[rng.below(kDeckSize)]);
      int index = 0;  // nth(i) is for_each's i-th card
      s.for_each([&](Card c) { CHECK(s.nth(index++) == c); });
      for (int suit = 0; suit < kSuits; ++suit) {
        int count = 0;
        s.for_each([&](Card c) { count += static_cast<int>(c.suit()) == suit; });
        CHECK(s.count_of(static_cast<Suit>(suit)) == count);
      }
      for (int rank = 0; rank < kRanks; ++rank) {
        uint32_t suits = 0;
        int of_rank = 0;
        s.for_each([&](Card c) {
          if (c.rank() != rank) return;
          suits |= 1u << static_cast<int>(c.suit());
          ++of_rank;
        });
        CHECK(s.suits_with(rank) == suits);
        CHECK((s & CardSet::whole_rank(rank)).size() == of_rank);
      }
    }
  }
}

// The running counts (engine/counted_cards.h) answer the legal listing's
// questions; each answer is checked against the cards themselves, for sets
// built card by card, in and out, and for sets assigned whole.
TEST_CASE("nth finds every card of a full or a sparse set") {
  // Every code: each byte of both words full, so every k of select is met.
  CardSet all;
  for (int code = 0; code < Card::kCodes; ++code) all.insert(Card::from_code(code));
  for (int i = 0; i < Card::kCodes; ++i) CHECK(all.nth(i).code() == i);
  // One card a byte apart, and runs across a byte's and a word's edge.
  for (int first = 0; first < Card::kCodes; ++first) {
    for (int gap : {1, 7, 8, 9, 63}) {
      CardSet s;
      std::vector<int> codes;
      for (int code = first; code < Card::kCodes; code += gap) {
        s.insert(Card::from_code(code));
        codes.push_back(code);
      }
      for (size_t i = 0; i < codes.size(); ++i)
        CHECK(s.nth(static_cast<int>(i)).code() == codes[i]);
    }
  }
}

namespace {
// Whether this CPU can run the hardware way at all, fast or not (elsewhere
// select_bit_by_hardware is the portable way, so it can always be tested).
bool can_select_by_hardware() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  return __builtin_cpu_supports("bmi2");
#else
  return true;
#endif
}
}  // namespace

TEST_CASE("both ways of selecting a bit give the k-th set bit") {
  // In constant expressions, the portable way.
  static_assert(detail::select_bit(0b1011'0100u, 2) == 5);
  static_assert(CardSet::pack(Suit::Spades).nth(64) == Card(kRankKing, Suit::Spades, 1));
  Rng rng(11);
  INFO("this CPU selects in hardware: " << detail::kHardwareSelect);
  const bool hardware = can_select_by_hardware();
  CHECK((hardware || !detail::kHardwareSelect));  // fast only where it can run
  for (int trial = 0; trial < 2000; ++trial) {
    // Sparse, dense and everything between: each bit kept with a chance of 1 to 63 in 64.
    const uint64_t keep = rng.below(63) + 1;
    uint64_t x = 0;
    for (int bit = 0; bit < 64; ++bit) x |= uint64_t{rng.below(64) < keep} << bit;
    if (trial == 0) x = ~uint64_t{0};
    int k = 0;
    for (int bit = 0; bit < 64; ++bit) {
      if (!((x >> bit) & 1u)) continue;
      CAPTURE(x);
      CAPTURE(k);
      CHECK(detail::select_bit_portable(x, k) == bit);
      if (hardware) CHECK(detail::select_bit_by_hardware(x, k) == bit);
      ++k;
    }
  }
}

TEST_CASE("the run test finds a run exactly where one is") {
  // A plain reference: `len` consecutive ranks present, the ace (rank 0)
  // also above the king where it is high, round the corner with wraparound.
  auto has_run = [](uint32_t ranks, int len, bool ace_high, bool wrap) {
    const int top = wrap ? 2 * kRanks : (ace_high ? kRanks + 1 : kRanks);  // positions to reach
    if (wrap && len > kRanks) return false;
    for (int start = 0; start + len <= top; ++start) {
      bool all = true;
      for (int k = start; k < start + len; ++k) all = all && ((ranks >> (k % kRanks)) & 1u);
      if (all) return true;
    }
    return false;
  };
  Rng rng(7);
  for (int trial = 0; trial < 3000; ++trial) {
    const uint32_t ranks = rng.below(1u << kRanks);
    uint64_t tops = 0;  // rank_tops' layout: rank r at bit 4 * r + 3
    for (int r = 0; r < kRanks; ++r) tops |= uint64_t{(ranks >> r) & 1u} << (4 * r + 3);
    for (int len = 1; len <= 16; ++len) {
      for (bool ace_high : {false, true}) {
        CAPTURE(ranks);
        CAPTURE(len);
        CAPTURE(ace_high);
        CHECK(MeldTest(len, ace_high, false).run_possible(tops) ==
              has_run(ranks, len, ace_high, false));
        // Round the corner it is a screen: never "no" where there is one.
        if (has_run(ranks, len, false, true))
          CHECK(MeldTest(len, ace_high, true).run_possible(tops));
      }
    }
  }
}

TEST_CASE("running counts answer as the cards do") {
  Rng rng(17);
  for (int imperial = 0; imperial < kSuits; ++imperial) {
    const auto pack = full_deck(static_cast<Suit>(imperial));
    for (int trial = 0; trial < 400; ++trial) {
      CountedCards set;
      const int moves = 1 + static_cast<int>(rng.below(120));
      for (int m = 0; m < moves; ++m) {
        const Card c = pack[rng.below(kDeckSize)];
        if (rng.below(3) == 0) {
          set.erase(c);
        } else {
          set.insert(c);
        }
      }
      const CardSet cards = set.set();
      CAPTURE(to_string(cards));
      REQUIRE(set.counts() == CountedCards(cards).counts());
      const CardCounts& n = set.counts();
      int widest_suit = 0;
      for (int st = 0; st < kSuits; ++st)
        widest_suit = std::max(widest_suit, cards.count_of(static_cast<Suit>(st)));
      for (int len = 1; len <= 27; ++len) CHECK(n.suit_reaches(len) == (widest_suit >= len));
      // A meld's screen: a flush's length in one suit, or a run (ace low) of the ranks held.
      int longest_run = 0;
      for (int r = 0, run = 0; r < kRanks; ++r) {
        run = ((cards.rank_mask() >> r) & 1u) ? run + 1 : 0;
        longest_run = std::max(longest_run, run);
      }
      for (int len = 1; len <= 27; ++len) {
        CHECK(MeldTest(len, false, false).possible(n) ==
              (widest_suit >= len || longest_run >= len));
      }
      CHECK_FALSE(MeldTest().possible(n));
      bool whole = false;
      for (int r = 0; r < kRanks; ++r) {
        whole = whole || (cards & CardSet::whole_rank(r)).size() == kCardsPerRank;
        CHECK(((n.rank_tops() >> (4 * r + 3)) & 1u) == ((cards.rank_mask() >> r) & 1u));
      }
      CHECK(n.has_whole_rank() == whole);
      for (int st = 0; st < kSuits; ++st) {
        const uint32_t suits_q = cards.suits_with(kRankQueen),
                       suits_k = cards.suits_with(kRankKing);
        CHECK(((n.kq_tops() >> (CardCounts::kQueensAt + 8 * st + 3)) & 1u) ==
              ((suits_q >> st) & 1u));
        CHECK(((n.kq_tops() >> (CardCounts::kKingsAt + 8 * st + 3)) & 1u) ==
              ((suits_k >> st) & 1u));
      }
    }
  }
}

// A zetema's pile leaves the tableau by erase_whole_rank: the same set and
// counts as erasing its five cards one by one, and where one of the five is
// missing, the same as erasing the rest card by card.
TEST_CASE("erasing a whole rank at once matches erasing its cards") {
  Rng rng(29);
  for (int imperial = 0; imperial < kSuits; ++imperial) {
    const auto pack = full_deck(static_cast<Suit>(imperial));
    for (int rank = 0; rank < kRanks; ++rank) {
      for (int trial = 0; trial < 20; ++trial) {
        CardSet cards = CardSet::whole_rank(rank) & CardSet::pack(static_cast<Suit>(imperial));
        for (int m = 0; m < 20; ++m) cards.insert(pack[rng.below(kDeckSize)]);
        if (trial % 4 == 3) cards.erase((cards & CardSet::whole_rank(rank)).nth(trial % 5));
        CountedCards at_once(cards), one_by_one(cards);
        at_once.erase_whole_rank(rank, static_cast<Suit>(imperial));
        one_by_one.erase_all(CardSet::whole_rank(rank));
        CAPTURE(to_string(cards));
        REQUIRE(at_once.set() == one_by_one.set());
        REQUIRE(at_once.counts() == one_by_one.counts());
      }
    }
  }
}
