// The engine's generator: xoshiro256** seeded by SplitMix64, with its own
// bounded draw. The expected values were computed by an independent
// implementation of the published algorithms, so a change of algorithm or
// of platform shows here.
#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <span>
#include <vector>

#include "engine/match.h"
#include "engine/rng.h"

using namespace zetema;

TEST_CASE("same seed, same numbers: pinned outputs") {
  Rng r(42);
  CHECK(r.next() == 0x15780b2e0c2ec716ull);
  CHECK(r.next() == 0x6104d9866d113a7eull);
  CHECK(r.next() == 0xae17533239e499a1ull);
}

TEST_CASE("a default generator is seed 0's, and can be made at compile time") {
  constexpr Rng made_by_compiler;  // reseed is constexpr: every State's default generator
  Rng zero(0);
  CHECK(made_by_compiler == zero);
  Rng copy = made_by_compiler;
  CHECK(copy.next() == zero.next());
  CHECK(Rng(42) != zero);
}

TEST_CASE("same seed, same shuffle: pinned deck") {
  Rng r(1);
  const auto deck = shuffled_deck(Suit::Spades, r);
  const std::vector<Card> top(deck.begin(), deck.begin() + 10);
  CHECK(to_string(top) == "JS' AH 5D 2D 6S' 4C 2S' QC JC QS'");
}

TEST_CASE("below(n) stays in range and is roughly uniform") {
  Rng r(7);
  for (uint32_t bound : {1u, 2u, 3u, 13u, 65u, 1000u}) {
    std::vector<int> hits(bound, 0);
    const int draws = 20000;
    for (int i = 0; i < draws; ++i) {
      const uint32_t v = r.below(bound);
      REQUIRE(v < bound);
      ++hits[v];
    }
    if (bound <= 65) {
      const double expected = static_cast<double>(draws) / bound;
      for (int h : hits) CHECK(std::abs(h - expected) < 6 * std::sqrt(expected) + 1);
    }
  }
}

TEST_CASE("derived seeds are distinct streams") {
  CHECK(derive_seed(1, 0) != derive_seed(1, 1));
  CHECK(derive_seed(1, 0) != derive_seed(2, 0));
  CHECK(derive_seed(5, 3) == derive_seed(5, 3));
}

// below() as first written: the smallest number of top bits that holds
// bound - 1, values >= bound rejected.
namespace {
uint32_t below_by_rejection(Rng& r, uint32_t bound) {
  if (bound <= 1) return 0;
  const int shift = 64 - std::bit_width(bound - 1);
  for (;;) {
    const auto v = static_cast<uint32_t>(r.next() >> shift);
    if (v < bound) return v;
  }
}
}  // namespace

TEST_CASE("shuffle draws what Fisher-Yates with the rejection draw draws, at every size") {
  // shuffle draws each bit width of bounds (2..2, 3..4, ..., 65..128) in a
  // loop of its own and larger bounds in another: every size up to past
  // the last band, each with a few seeds, must draw what the plain
  // rejection draw does.
  std::vector<size_t> sizes(141);
  for (size_t n = 0; n < sizes.size(); ++n) sizes[n] = n;
  sizes.push_back(300);
  for (size_t n : sizes) {
    for (uint64_t seed = n + 5; seed < n + 8; ++seed) {
      CAPTURE(n);
      CAPTURE(seed);
      std::vector<int> items(n), expected(n);
      for (size_t i = 0; i < n; ++i) items[i] = expected[i] = static_cast<int>(i);
      Rng a(seed), b(seed);
      a.shuffle(std::span<int>(items));
      for (size_t i = n; i > 1; --i)
        std::swap(expected[i - 1], expected[below_by_rejection(b, static_cast<uint32_t>(i))]);
      CHECK(items == expected);
      CHECK(a == b);
    }
  }
}
