// The binary encoding: an envelope around cereal's portable binary archive.
//
//   bytes 0-3    "ZTMR"
//   bytes 4-7    format version, little-endian u32
//   bytes 8-15   payload length, little-endian u64
//   payload      cereal PortableBinary: the fields of codec_walk.h in order;
//                strings and arrays as a u64 length then their contents
//   last 32      SHA-256 of the payload
#include <cereal/archives/portable_binary.hpp>
#include <cereal/types/string.hpp>

#include <sstream>

#include "replays/codec.h"
#include "replays/codec_internal.h"
#include "replays/codec_walk.h"
#include "replays/sha256.h"

namespace zetema::replays {

namespace {

constexpr size_t kEnvelopeHead = 16;
constexpr size_t kChecksumBytes = 32;

class BinaryWriter {
 public:
  explicit BinaryWriter(std::ostream& os) : ar_(os) {}
  void begin_object(const char*) {}
  void end_object() {}
  void begin_array(const char*, size_t n) {
    ar_(cereal::make_size_tag(static_cast<cereal::size_type>(n)));
  }
  void end_array() {}
  void string(const char*, const std::string& v) { ar_(v); }
  void integer(const char*, long long v) { ar_(static_cast<int64_t>(v)); }
  void unsigned_integer(const char*, uint64_t v) { ar_(v); }

 private:
  cereal::PortableBinaryOutputArchive ar_;
};

class BinaryReader {
 public:
  BinaryReader(std::istream& is, size_t payload) : is_(is), payload_(payload), ar_(is) {}

  [[noreturn]] void fail(const char* name, const std::string& what) { fail_at(pos(), name, what); }
  [[noreturn]] void fail_at(size_t at, const char* name, const std::string& what) {
    throw DecodeError("byte " + std::to_string(kEnvelopeHead + at),
                      (name ? std::string(name) + ": " : std::string()) + what);
  }
  void begin_object(const char*) {}
  void end_object() {}
  size_t begin_array(const char* name, size_t max) {
    const size_t at = pos();
    const uint64_t n = length(name);
    if (n > max)
      fail_at(at, name,
              std::to_string(n) + " entries, more than the " + std::to_string(max) + " allowed");
    if (n > left())
      fail_at(at, name,
              std::to_string(n) + " entries, more than the bytes left (" + std::to_string(left()) +
                  ")");
    return static_cast<size_t>(n);
  }
  void end_array() {}
  std::string string(const char* name, size_t max) {
    const size_t at = pos();
    const uint64_t n = length(name);
    if (n > max)
      fail_at(at, name,
              "string of " + std::to_string(n) + " bytes, more than the " + std::to_string(max) +
                  " allowed");
    if (n > left())
      fail_at(at, name,
              "string of " + std::to_string(n) + " bytes, more than the " + std::to_string(left()) +
                  " bytes left");
    std::string s(static_cast<size_t>(n), '\0');
    read([&] { ar_(cereal::binary_data(s.data(), s.size())); }, name);
    return s;
  }
  long long integer(const char* name, long long lo, long long hi) {
    int64_t v = 0;
    read([&] { ar_(v); }, name);
    if (v < lo || v > hi) {
      fail_at(pos() - sizeof v, name,
              std::to_string(v) + " is out of range (" + std::to_string(lo) + " to " +
                  std::to_string(hi) + ")");
    }
    return v;
  }
  uint64_t unsigned_integer(const char* name) {
    uint64_t v = 0;
    read([&] { ar_(v); }, name);
    return v;
  }
  size_t left() { return payload_ - pos(); }

 private:
  size_t pos() {
    const auto p = is_.tellg();
    return p < 0 ? payload_ : static_cast<size_t>(p);
  }
  uint64_t length(const char* name) {
    cereal::size_type n = 0;
    read([&] { ar_(cereal::make_size_tag(n)); }, name);
    return n;
  }
  template <class F>
  void read(F&& f, const char* name) {
    const size_t at = pos();
    try {
      f();
    } catch (const cereal::Exception&) {
      throw DecodeError("byte " + std::to_string(kEnvelopeHead + at),
                        (name ? std::string(name) + ": " : std::string()) + "the file ends early");
    }
  }

  std::istream& is_;
  size_t payload_;
  cereal::PortableBinaryInputArchive ar_;
};

void put_le(std::string& out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}
uint64_t get_le(std::string_view in, size_t at, int bytes) {
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= uint64_t{static_cast<unsigned char>(in[at + i])} << (8 * i);
  return v;
}

}  // namespace

std::string encode_binary(const Replay& r) {
  std::ostringstream payload;
  {
    BinaryWriter w(payload);
    write_replay(w, r);
  }
  const std::string body = payload.str();
  std::string out(kBinaryMagic);
  put_le(out, static_cast<uint64_t>(r.format), 4);
  put_le(out, body.size(), 8);
  out += body;
  const auto sum = sha256(body);
  out.append(reinterpret_cast<const char*>(sum.data()), sum.size());
  return out;
}

Decoded decode_binary(std::string_view bytes) {
  Decoded out;
  out.encoding = Encoding::Binary;
  if (bytes.size() < kEnvelopeHead + kChecksumBytes || bytes.substr(0, 4) != kBinaryMagic) {
    out.error = "byte 0: not a binary Zetema replay (too short, or no ZTMR header)";
    return out;
  }
  const uint64_t version = get_le(bytes, 4, 4);
  if (version > static_cast<uint64_t>(kFormatMax) || version < static_cast<uint64_t>(kFormatMin)) {
    out.error =
        "byte 4: replay format " + std::to_string(version) +
        (version > static_cast<uint64_t>(kFormatMax) ? " is newer than" : " is older than") +
        " this build reads (" + std::to_string(kFormatMin) +
        (kFormatMax > kFormatMin ? "-" + std::to_string(kFormatMax) : "") + ")";
    return out;
  }
  const uint64_t length = get_le(bytes, 8, 8);
  const uint64_t have = bytes.size() - kEnvelopeHead - kChecksumBytes;
  if (length != have) {
    out.error = "byte 8: the header gives " + std::to_string(length) +
                " payload bytes but the file holds " + std::to_string(have) +
                " (truncated or padded)";
    return out;
  }
  const std::string_view body = bytes.substr(kEnvelopeHead, static_cast<size_t>(length));
  const auto sum = sha256(body);
  if (std::string_view(reinterpret_cast<const char*>(sum.data()), sum.size()) !=
      bytes.substr(kEnvelopeHead + static_cast<size_t>(length))) {
    out.error = "byte " + std::to_string(kEnvelopeHead + length) +
                ": checksum mismatch: the file is corrupt (SHA-256 of the payload differs)";
    return out;
  }
  std::istringstream is{std::string(body)};
  try {
    BinaryReader rd(is, body.size());
    read_replay(rd, out.replay);
    if (rd.left() != 0) {
      throw DecodeError("byte " + std::to_string(kEnvelopeHead + body.size() - rd.left()),
                        std::to_string(rd.left()) + " bytes left over after the replay");
    }
    out.ok = true;
  } catch (const DecodeError& e) {
    out.error = e.where + ": " + e.what;
  } catch (const cereal::Exception& e) {
    out.error = std::string("binary payload: ") + e.what();
  }
  return out;
}

}  // namespace zetema::replays
