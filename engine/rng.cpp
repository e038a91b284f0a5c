#include "engine/rng.h"

#include <bit>

namespace zetema {

namespace {
uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
}  // namespace

void Rng::reseed(uint64_t seed) {
  for (auto& word : s_) word = splitmix64(seed);
}

uint64_t Rng::next() {
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

uint32_t Rng::below(uint32_t bound) {
  // Take the smallest number of top bits that can hold bound - 1 and reject
  // values >= bound: exact, and at most two draws expected.
  if (bound <= 1) return 0;
  const int bits = std::bit_width(bound - 1);
  for (;;) {
    const auto v = static_cast<uint32_t>(next() >> (64 - bits));
    if (v < bound) return v;
  }
}

uint64_t derive_seed(uint64_t seed, uint64_t stream) {
  uint64_t x = seed ^ (stream * 0xd1b54a32d192ed03ull);
  splitmix64(x);
  return splitmix64(x);
}

}  // namespace zetema
