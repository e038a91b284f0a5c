// The shuffle against exact combinatorics: the first player's six dealt
// cards, over 10^6 two-player deals, hit each event as often as exact
// counting says, within 3 standard deviations.
#include <doctest/doctest.h>

#include <cmath>

#include "engine/combinations.h"
#include "engine/match.h"

using namespace zetema;

namespace {

double choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  double r = 1;
  for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

const double kHands = choose(65, 6);

// P(at least one marriage): over the kings and queens of each suit (one of
// each, two of each in the imperial suit) and the 55 other cards.
double p_marriage() {
  // sizes of the 8 king/queen groups: C K, C Q, D K, D Q, H K, H Q, S K, S Q
  const int size[8] = {1, 1, 1, 1, 1, 1, 2, 2};
  double hits = 0;
  int x[8];
  for (int code = 0; code < 2 * 2 * 2 * 2 * 2 * 2 * 3 * 3; ++code) {
    int rest = code, taken = 0;
    double ways = 1;
    for (int g = 0; g < 8; ++g) {
      const int base = size[g] + 1;
      x[g] = rest % base;
      rest /= base;
      taken += x[g];
      ways *= choose(size[g], x[g]);
    }
    if (taken > 6) continue;
    bool married = false;
    for (int s = 0; s < 4; ++s) married = married || (x[2 * s] > 0 && x[2 * s + 1] > 0);
    if (married) hits += ways * choose(55, 6 - taken);
  }
  return hits / kHands;
}

}  // namespace

TEST_CASE("dealt hands match exact probabilities over 10^6 deals") {
  struct Event {
    const char* name;
    double p;
    long hits = 0;
  };
  Event imperial_flush{"six cards of the imperial suit", choose(26, 6) / kHands};
  Event plain_flush{"six cards of one plain suit", 3 * choose(13, 6) / kHands};
  Event sequence{"six consecutive ranks (ace low)", 8 * std::pow(5.0, 6) / kHands};
  Event marriage{"at least one marriage", p_marriage()};
  Ruleset rules;
  Rng rng(20261122);
  const long n = 1'000'000;
  for (long i = 0; i < n; ++i) {
    const auto deck = shuffled_deck(Suit::Spades, rng);
    // Two players: the dealer's left takes cards 0, 2, 4, 6, 8, 10 (D2).
    CardSet hand;
    for (int k = 0; k < 6; ++k) hand.insert(deck[static_cast<size_t>(2 * k)]);
    const std::optional<Suit> suit = single_suit(hand);
    if (suit == Suit::Spades) ++imperial_flush.hits;
    if (suit && *suit != Suit::Spades) ++plain_flush.hits;
    if (classify_meld(hand, rules).sequence) ++sequence.hits;
    bool married = false;
    for (int s = 0; s < kSuits; ++s) {
      const Suit st = static_cast<Suit>(s);
      const uint32_t ranks = hand.ranks_of(st, 0) | hand.ranks_of(st, 1);
      married = married || ((ranks >> kRankKing) & 1 && (ranks >> kRankQueen) & 1);
    }
    marriage.hits += married;
  }
  for (const Event* e : {&imperial_flush, &plain_flush, &sequence, &marriage}) {
    const double freq = static_cast<double>(e->hits) / n;
    const double sd = std::sqrt(e->p * (1 - e->p) / n);
    CAPTURE(e->name);
    CAPTURE(e->p);
    CAPTURE(freq);
    CHECK(std::abs(freq - e->p) <= 3 * sd);
  }
  // The exact values themselves, as worked out by hand.
  CHECK(imperial_flush.p == doctest::Approx(230230.0 / 82598880.0));
  CHECK(sequence.p == doctest::Approx(125000.0 / 82598880.0));
}
