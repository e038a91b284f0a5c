// The engine's one random number generator.
//
// Algorithm: xoshiro256** (Blackman and Vigna, 2018), seeded by expanding a
// 64-bit seed with SplitMix64. Bounded draws use rejection sampling on the top
// bits of the generator's output, so they are exact and defined here rather
// than by a standard library (std::uniform_int_distribution differs between
// libstdc++ and libc++). Same seed, same numbers, on every machine.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <utility>

namespace zetema {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) { reseed(seed); }
  void reseed(uint64_t seed);

  // Inline: a shuffle and every random bot's choice draw from here.
  uint64_t next() {
    const uint64_t result = std::rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = std::rotl(s_[3], 45);
    return result;
  }
  // Uniform in [0, bound); bound must be positive. Takes the smallest
  // number of top bits that can hold bound - 1 and rejects values >= bound:
  // exact, and at most two draws expected.
  uint32_t below(uint32_t bound) {
    if (bound <= 1) return 0;
    return static_cast<uint32_t>(draw_below(bound, 64 - std::bit_width(bound - 1)));
  }

  // Fisher-Yates from the last element down, with below(i + 1). The shift
  // is read from a table for a pack's sizes: every hand's shuffle runs here.
  template <class T>
  void shuffle(std::span<T> items) {
    for (size_t i = items.size(); i > 1; --i) {
      const int shift = i < kBelowShift.size()
                            ? kBelowShift[i]
                            : 64 - static_cast<int>(std::bit_width(static_cast<uint32_t>(i) - 1));
      std::swap(items[i - 1], items[draw_below(i, shift)]);
    }
  }

  friend bool operator==(const Rng&, const Rng&) = default;

 private:
  // below()'s rejection: a value of the top 64 - shift bits, drawn again
  // until it is below `bound`.
  uint64_t draw_below(uint64_t bound, int shift) {
    for (;;) {
      const uint64_t v = next() >> shift;
      if (v < bound) return v;
    }
  }
  // below(bound)'s shift for bounds 2..127 (a pack has 65 cards).
  static constexpr std::array<uint8_t, 128> kBelowShift = [] {
    std::array<uint8_t, 128> t{};
    for (uint32_t b = 2; b < t.size(); ++b) t[b] = static_cast<uint8_t>(64 - std::bit_width(b - 1));
    return t;
  }();
  std::array<uint64_t, 4> s_{};
};

// A child seed for a named stream (a seat's bot, a hand's shuffle), so
// streams do not overlap and adding one does not shift another.
uint64_t derive_seed(uint64_t seed, uint64_t stream);

}  // namespace zetema
