// The position of the k-th set bit of a word: how CardSet::nth finds the
// card a random bot picked (issue 17), on every turn of a bot game.
//
// Two ways, one answer. Where the CPU selects a bit in hardware, and fast
// (BMI2's pdep: Intel since Haswell, AMD since Zen 3), it does; elsewhere,
// and in constant expressions, a portable count of bytes does. Neither
// branches on the word, since a random pick is what no predictor can guess;
// the hardware's answer also comes some twenty cycles sooner, and the rest
// of the turn waits for it.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>

namespace zetema::detail {

// kSelectInByte[b][k]: the position of the k-th set bit of byte b.
inline constexpr std::array<std::array<uint8_t, 8>, 256> kSelectInByte = [] {
  std::array<std::array<uint8_t, 8>, 256> table{};
  for (int b = 0; b < 256; ++b) {
    int k = 0;
    for (int bit = 0; bit < 8; ++bit) {
      if ((b >> bit) & 1) table[b][k++] = static_cast<uint8_t>(bit);
    }
  }
  return table;
}();

// The portable way (k < popcount(x)), by counting bytes at once (Vigna,
// "Broadword implementation of rank/select queries", 2008): the byte that
// holds the bit, then a table within the byte.
constexpr int select_bit_portable(uint64_t x, int k) {
  constexpr uint64_t kOnes = 0x0101'0101'0101'0101u, kTops = 0x8080'8080'8080'8080u;
  uint64_t bytes = x - ((x >> 1) & 0x5555'5555'5555'5555u);
  bytes = (bytes & 0x3333'3333'3333'3333u) + ((bytes >> 2) & 0x3333'3333'3333'3333u);
  bytes = (bytes + (bytes >> 4)) & 0x0f0f'0f0f'0f0f'0f0fu;
  const uint64_t upto = bytes * kOnes;  // byte j: the bits set in bytes 0..j
  // A byte's top bit stays set where k >= its count so far (no byte
  // borrows: 0x80 + k >= 64 >= the count): those are the bytes before k's.
  const int byte = std::popcount((((static_cast<uint64_t>(k) * kOnes) | kTops) - upto) & kTops);
  const int before = static_cast<int>((upto << 8) >> (8 * byte) & 0xff);
  return 8 * byte + kSelectInByte[(x >> (8 * byte)) & 0xff][k - before];
}

// Whether this CPU has a fast pdep: read once, at start-up (bit_select.cpp).
extern const bool kHardwareSelect;
// The hardware way; call only where kHardwareSelect.
int select_bit_by_hardware(uint64_t x, int k);

constexpr int select_bit(uint64_t x, int k) {
  if (!std::is_constant_evaluated() && kHardwareSelect) return select_bit_by_hardware(x, k);
  return select_bit_portable(x, k);
}

}  // namespace zetema::detail
