// libFuzzer harness: the binary replay loader. The first byte chooses: the
// input as a whole file (envelope and checksum included), or the input as a
// payload sealed in a valid envelope, so the fuzzer reaches the length-
// prefixed fields behind the checksum.
#include <cstddef>
#include <cstdint>
#include <string>

#include "replays/codec.h"
#include "replays/record.h"
#include "replays/sha256.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace zetema;
  if (size == 0) return 0;
  std::string bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (data[0] & 1) {
    std::string file = "ZTMR";
    for (int i = 0; i < 4; ++i) file += static_cast<char>(i == 0 ? 1 : 0);
    for (int i = 0; i < 8; ++i) file += static_cast<char>((bytes.size() >> (8 * i)) & 0xff);
    const auto sum = replays::sha256(bytes);
    bytes = file + bytes + std::string(reinterpret_cast<const char*>(sum.data()), sum.size());
  }
  const replays::Decoded d = replays::decode(bytes);
  if (d.ok) {
    static const Ruleset builtin;
    (void)replays::rederive(d.replay, builtin);
  }
  return 0;
}
