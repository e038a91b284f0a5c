#include "replays/codec.h"

#include "replays/codec_internal.h"
#include "replays/sha256.h"

namespace zetema::replays {

std::string sources_sha256(const std::vector<ReplaySource>& sources) {
  Sha256 h;
  for (const ReplaySource& s : sources) {
    h.update(s.id);
    h.update("\n");
    h.update(std::to_string(s.text.size()));
    h.update("\n");
    h.update(s.text);
  }
  return to_hex(h.digest());
}

std::string encode(const Replay& r, Encoding e) {
  return e == Encoding::Binary ? encode_binary(r) : encode_json(r);
}

Decoded decode(std::string_view bytes) {
  if (bytes.size() > kMaxFileBytes) {
    Decoded out;
    out.error = "the file is " + std::to_string(bytes.size()) + " bytes; replays are at most " +
                std::to_string(kMaxFileBytes);
    return out;
  }
  if (bytes.substr(0, kBinaryMagic.size()) == kBinaryMagic) return decode_binary(bytes);
  return decode_json(bytes);
}

}  // namespace zetema::replays
