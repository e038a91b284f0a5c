// The two encodings of a replay (docs/replay-format.md):
// - JSON: readable; written by the one JSON writer (json_writer.h). Read
//   with rapidjson, iteratively, after a pass that caps the nesting depth,
//   walking the document with a type check at every step: cereal's own
//   reader trusts the shape of its input (a member of the wrong type sends
//   its iterator out of bounds), which a shared file must never be trusted
//   with.
// - binary: compact; cereal's portable binary archive inside an envelope
//   ("ZTMR", format version, payload length, payload, SHA-256 of the
//   payload). Every length prefix is checked against the bytes left before
//   anything is allocated.
// Decoding never throws and never aborts: a malformed file gives an error
// naming what is wrong and where (a JSON path or a byte offset).
#pragma once

#include <string>
#include <string_view>

#include "replays/replay.h"

namespace zetema::replays {

enum class Encoding { Json, Binary };

std::string encode(const Replay& r, Encoding e);

struct [[nodiscard]] Decoded {
  bool ok = false;
  Replay replay;
  Encoding encoding = Encoding::Json;
  std::string error;
};
// Detects the encoding (binary files start with "ZTMR"; a UTF-8 byte-order
// mark before JSON is skipped), decodes, then checks the record across its
// fields (check_record).
Decoded decode(std::string_view bytes);

// What a decoded record must hold whatever the rules: embedded sources, the
// first of them the named variant, hashing to the recorded SHA-256 (else the
// file is corrupt: the sources that would run are not those recorded), and
// text in UTF-8. "" if it does, else why not.
std::string check_record(const Replay& r);

}  // namespace zetema::replays
