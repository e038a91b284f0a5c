// Shared by the two codecs.
#pragma once

#include <string>
#include <string_view>

#include "replays/codec.h"

namespace zetema::replays {

// Thrown inside a codec (never out of decode): where and what.
struct DecodeError {
  DecodeError(std::string w, std::string m) : where(std::move(w)), what(std::move(m)) {}
  std::string where;  // "$.hands[2].deck" or "byte 1234"
  std::string what;
};

std::string encode_json(const Replay& r);
std::string encode_binary(const Replay& r);
Decoded decode_json(std::string_view bytes);
Decoded decode_binary(std::string_view bytes);

inline constexpr std::string_view kBinaryMagic = "ZTMR";

}  // namespace zetema::replays
