#include "replays/codec.h"

#include "replays/codec_internal.h"
#include "replays/sha256.h"
#include "replays/text.h"

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

namespace {

// The file as either encoding reads it, before the checks across fields.
Decoded decode_syntax(std::string_view bytes) {
  if (bytes.size() > kMaxFileBytes) {
    Decoded out;
    out.error = "the file is " + std::to_string(bytes.size()) + " bytes; replays are at most " +
                std::to_string(kMaxFileBytes);
    return out;
  }
  if (bytes.substr(0, kBinaryMagic.size()) == kBinaryMagic) return decode_binary(bytes);
  // The JSON parser stops at a NUL as at the end, and would call a file of
  // binary garbage "empty".
  if (const size_t nul = bytes.find('\0'); nul != std::string_view::npos) {
    Decoded out;
    out.error = "not a replay: a NUL byte at byte " + std::to_string(nul) +
                " (JSON text has none, and a binary replay starts with " +
                std::string(kBinaryMagic) + ")";
    return out;
  }
  return decode_json(bytes);
}

}  // namespace

std::string encode(const Replay& r, Encoding e) {
  return e == Encoding::Binary ? encode_binary(r) : encode_json(r);
}

std::string check_record(const Replay& r) {
  if (r.sources.empty()) return "$.variant.sources: the replay embeds no variant sources";
  if (r.sources.front().id != r.variant) {
    return "$.variant: the replay names variant '" + r.variant + "' but embeds '" +
           r.sources.front().id + "'";
  }
  if (sources_sha256(r.sources) != r.variant_sha256) {
    return "$.variant.sha256: the embedded variant sources do not match the replay's own SHA-256: "
           "the file is corrupt (or was edited)";
  }
  // JSON text is checked as it is parsed; this covers the binary encoding.
  const auto utf8 = [](const std::string& s) { return valid_utf8(s); };
  bool ok = utf8(r.engine_version) && utf8(r.teams) && utf8(r.events_sha256);
  for (const ReplaySource& s : r.sources) ok = ok && utf8(s.file) && utf8(s.text);
  for (const std::string& s : r.seats) ok = ok && utf8(s);
  for (const ReplayHand& h : r.hands) {
    ok = ok && utf8(h.deck);
    for (const std::string& a : h.actions) ok = ok && utf8(a);
  }
  if (!ok) return "invalid UTF-8 in a text field (a replay's text is UTF-8)";
  return {};
}

Decoded decode(std::string_view bytes) {
  // A byte-order mark, as some editors write one: skipped, as for variant
  // files (scripting/sandbox.cpp).
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
  Decoded out = decode_syntax(bytes);
  if (out.ok) {
    if (std::string why = check_record(out.replay); !why.empty()) {
      out.ok = false;
      out.error = std::move(why);
    }
  }
  return out;
}

}  // namespace zetema::replays
