// meld_sets builds a hand's sequences and flushes rank by rank and suit by
// suit. Held here to trying every subset of the hand, as the engine once did:
// the same sets in the same order (so every seeded game is unchanged), under
// each way a variant counts runs and imperial flushes. And a hand grown far
// past the meld length stops the listing with a limit error at once, where
// trying every subset ran for minutes or hours.
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <vector>

#include "engine/combinations.h"
#include "engine/match.h"
#include "engine/meld_sets.h"
#include "engine/rng.h"
#include "tests/support/variants.h"

using namespace zetema;

namespace {

// Every subset of `held` with `len` cards, in the order of their cards (the
// positions rising lexicographically), kept where classify_meld finds a
// category: what legal_actions tried before meld_sets.
std::vector<CardSet> every_subset_that_melds(CardSet held, int len, const Ruleset& r) {
  std::vector<CardSet> out;
  const std::vector<Card> cards = held.cards();
  const int n = static_cast<int>(cards.size());
  if (len <= 0 || n < len) return out;
  std::vector<int> idx(static_cast<size_t>(len));
  for (int i = 0; i < len; ++i) idx[static_cast<size_t>(i)] = i;
  for (;;) {
    CardSet pick;
    for (int i : idx) pick.insert(cards[static_cast<size_t>(i)]);
    if (classify_meld(pick, r).any()) out.push_back(pick);
    int i = len - 1;
    while (i >= 0 && idx[static_cast<size_t>(i)] == n - len + i) --i;
    if (i < 0) return out;
    ++idx[static_cast<size_t>(i)];
    for (int j = i + 1; j < len; ++j)
      idx[static_cast<size_t>(j)] = idx[static_cast<size_t>(j - 1)] + 1;
  }
}

// `n` cards of the pack at random.
CardSet random_hand(const Ruleset& r, int n, Rng& rng) {
  std::vector<Card> pack = CardSet::pack(r.imperial_suit).cards();
  CardSet hand;
  for (int i = 0; i < n; ++i) {
    const size_t k = static_cast<size_t>(rng.below(static_cast<uint32_t>(pack.size())));
    hand.insert(pack[k]);
    pack.erase(pack.begin() + static_cast<std::ptrdiff_t>(k));
  }
  return hand;
}

// A hand rich in melds: mostly two suits, so runs and flushes are common.
CardSet meld_rich_hand(const Ruleset& r, int n, Rng& rng) {
  const CardSet two_suits =
      CardSet::whole_suit(r.imperial_suit) | CardSet::whole_suit(Suit::Hearts);
  std::vector<Card> pool = two_suits.cards();
  CardSet hand;
  while (hand.size() < n && !pool.empty()) {
    const size_t k = static_cast<size_t>(rng.below(static_cast<uint32_t>(pool.size())));
    hand.insert(pool[k]);
    pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(k));
  }
  return hand;
}

void check_against_every_subset(const Ruleset& r, uint64_t seed) {
  Rng rng(seed);
  std::vector<CardSet> built;
  int melds_seen = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int len = 1 + static_cast<int>(rng.below(8));
    const int n = len + static_cast<int>(rng.below(7));
    const CardSet held = trial % 2 ? random_hand(r, n, rng) : meld_rich_hand(r, n, rng);
    const std::vector<CardSet> expected = every_subset_that_melds(held, len, r);
    REQUIRE(meld_sets(held, len, r, built));
    CAPTURE(trial);
    CHECK(built == expected);
    melds_seen += static_cast<int>(expected.size());
  }
  CHECK(melds_seen > 400);  // the hands did hold melds to compare
}

}  // namespace

TEST_CASE("meld_sets: the sets every subset of the hand gives, in their order") {
  Ruleset r = test::variant("sackson");
  SUBCASE("ace low only") {
    check_against_every_subset(r, 1);
  }
  SUBCASE("ace high too (D3)") {
    r.ace_high_in_sequence = true;
    check_against_every_subset(r, 2);
  }
  SUBCASE("round the corner (D3 house rule)") {
    r.wraparound = true;
    check_against_every_subset(r, 3);
  }
  SUBCASE("no imperial flush (D5, book1881)") {
    r.imperial_flush_allowed = false;
    check_against_every_subset(r, 4);
  }
  SUBCASE("no flush sequence category") {
    r.flush_sequence_points.reset();
    r.ace_high_in_sequence = true;
    check_against_every_subset(r, 5);
  }
}

TEST_CASE("meld_sets: thirteen ranks round the corner are one run, listed once") {
  Ruleset r = test::variant("sackson");
  r.wraparound = true;  // every rotation of the 13 ranks is the same run
  CardSet hearts;
  for (int rank = 0; rank < kRanks; ++rank) hearts.insert(Card(rank, Suit::Hearts));
  std::vector<CardSet> built;
  REQUIRE(meld_sets(hearts, 13, r, built));
  CHECK(built == std::vector<CardSet>{hearts});
}

TEST_CASE("meld_sets: a hand with more sets than the limit is refused, not tried") {
  const Ruleset& r = test::variant("sackson");
  // 40 cards, 10 to a meld: some 10^8 runs and flushes.
  Rng rng(7);
  const CardSet held = random_hand(r, 40, rng);
  std::vector<CardSet> built{CardSet()};
  const auto start = std::chrono::steady_clock::now();
  CHECK_FALSE(meld_sets(held, 10, r, built));
  CHECK(built.empty());
  // Bounded by the limit, not the hand (trying every subset took hours):
  // reported, not asserted, as no test's verdict depends on a clock.
  MESSAGE(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << " s");
}

TEST_CASE("a flow that lets the hands grow stops the game with the limit error") {
  Ruleset r = test::variant("sackson");
  // One card dealt, nine drawn a turn, one discarded: hands of 30 and more.
  r.hand_size = {0, 0, 1, 1, 1, 1, 1};
  r.meld_len = {0, 0, 10, 10, 10, 10, 10};
  r.flow[static_cast<int>(FlowStep::TurnStart)] = StepOverride{DrawRule::Count, 9, std::nullopt};
  REQUIRE(check_ruleset(r).empty());
  int stopped = 0;
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    MatchConfig c;
    c.setup.players = 2;
    c.seed = seed;
    c.max_hands = 1;
    const MatchRecord rec = play_match(r, c);
    if (rec.ok) continue;
    ++stopped;
    CHECK(rec.error.find("sets of 10 to try as sequences and flushes") != std::string::npos);
    CHECK(rec.error.find("hook failed") == std::string::npos);
  }
  CHECK(stopped > 0);
}
