// libFuzzer harness: a replay that runs its own embedded sources. The input
// is the Lua text of the replay's variant: it is embedded in a recorded
// sample (the hash recomputed, so the file is not refused as corrupt),
// encoded as JSON, read back by the replay reader, and its embedded sources
// loaded and the game re-derived and verified under them -- the path a
// shared replay carrying its own code takes. Any crash, abort, leak or
// sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "replays/codec.h"
#include "replays/record.h"
#include "replays/replay_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace zetema;
  static const replays::Replay sample =
      replays::load_replay(ZETEMA_SAMPLE_REPLAY).replay;  // sackson, its parents embedded
  if (sample.sources.empty()) return 0;
  replays::Replay r = sample;
  r.sources.front().text.assign(reinterpret_cast<const char*>(data), size);
  r.variant_sha256 = replays::sources_sha256(r.sources);
  const replays::Decoded d = replays::decode(replays::encode(r, replays::Encoding::Json));
  if (!d.ok) return 0;  // invalid UTF-8, say
  scripting::SandboxLimits limits;
  limits.call_instructions = 20'000;
  limits.load_instructions = 200'000;
  limits.memory_bytes = 8u << 20;
  const replays::ResolvedVariant v = replays::embedded_variant(d.replay, limits);
  if (v.ok) (void)replays::verify_replay(d.replay, v.variant.rules);
  return 0;
}
