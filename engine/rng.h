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

namespace detail {
// SplitMix64's step: the next word of a seed's expansion.
constexpr uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
}  // namespace detail

class Rng {
 public:
  // Inline and constexpr: every State holds a generator, so a default one
  // (seed 0) is four constant words rather than a call that expands the
  // seed each time a State is made.
  constexpr explicit Rng(uint64_t seed = 0) { reseed(seed); }
  constexpr void reseed(uint64_t seed) {
    for (auto& word : s_) word = detail::splitmix64(seed);
  }

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

  // Fisher-Yates from the last element down, with below(i) for i = n..2:
  // the numbers below() draws, in its order. Every hand's shuffle runs
  // here, so the bounds of one bit width (a band) are drawn by a loop whose
  // shift is a constant; a pack's 65 cards span the widths 7 down to 1.
  template <class T>
  void shuffle(std::span<T> items) {
    // A local copy kept in registers: the compiler must assume a byte-sized
    // item (a Card) may alias the state, so it would reload it every draw.
    Rng r = *this;
    size_t i = items.size();
    for (; i > (size_t{1} << 7); --i) {
      std::swap(items[i - 1], items[r.draw_below(i, 64 - static_cast<int>(std::bit_width(i - 1)))]);
    }
    r.shuffle_band<7>(items, i);
    r.shuffle_band<6>(items, i);
    r.shuffle_band<5>(items, i);
    r.shuffle_band<4>(items, i);
    r.shuffle_band<3>(items, i);
    r.shuffle_band<2>(items, i);
    r.shuffle_band<1>(items, i);
    *this = r;
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
  // shuffle's band of bounds i in (2^(Width-1), 2^Width], whose i - 1 has
  // bit width Width: swaps items[i - 1] with items[below(i)] for each, i
  // counting down.
  template <int Width, class T>
  void shuffle_band(std::span<T> items, size_t& i) {
    for (; i > (size_t{1} << (Width - 1)); --i) {
      std::swap(items[i - 1], items[draw_below(i, 64 - Width)]);
    }
  }
  std::array<uint64_t, 4> s_{};
};

// A child seed for a named stream (a seat's bot, a hand's shuffle), so
// streams do not overlap and adding one does not shift another.
uint64_t derive_seed(uint64_t seed, uint64_t stream);

}  // namespace zetema
