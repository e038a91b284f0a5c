// SHA-256 (FIPS 180-4), for the variant-source hash in a replay's header
// and the binary replay's checksum. Tested against the NIST vectors.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace zetema::replays {

class Sha256 {
 public:
  Sha256();
  void update(std::string_view data);
  std::array<uint8_t, 32> digest();  // ends the computation

 private:
  void block(const uint8_t* p);
  std::array<uint32_t, 8> h_;
  std::array<uint8_t, 64> buf_{};
  size_t buf_len_ = 0;
  uint64_t total_ = 0;
};

std::array<uint8_t, 32> sha256(std::string_view data);
std::string sha256_hex(std::string_view data);
std::string to_hex(const std::array<uint8_t, 32>& digest);

}  // namespace zetema::replays
