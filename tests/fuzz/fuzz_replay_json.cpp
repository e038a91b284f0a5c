// libFuzzer harness: the replay JSON loader (and, for what decodes, the
// re-derivation under the built-in rules). Any crash, abort, leak or
// sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "replays/codec.h"
#include "replays/record.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace zetema;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const replays::Decoded d = replays::decode(text);
  if (d.ok) {
    static const Ruleset builtin;
    (void)replays::rederive(d.replay, builtin);
  }
  return 0;
}
