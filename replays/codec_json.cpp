// The JSON encoding: written by cereal, read by a checked walk over a
// rapidjson document (see codec.h for why).
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>
#include <cereal/archives/json.hpp>

#include <sstream>
#include <vector>

#include "replays/codec.h"
#include "replays/codec_internal.h"
#include "replays/codec_walk.h"

namespace zetema::replays {

namespace {

class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& os)
      : ar_(os, cereal::JSONOutputArchive::Options(
                    std::numeric_limits<double>::max_digits10,
                    cereal::JSONOutputArchive::Options::IndentChar::space, 2)) {}

  void begin_object(const char* name) {
    if (name) ar_.setNextName(name);
    ar_.startNode();
  }
  void end_object() { ar_.finishNode(); }
  void begin_array(const char* name, size_t) {
    if (name) ar_.setNextName(name);
    ar_.startNode();
    ar_.makeArray();
  }
  void end_array() { ar_.finishNode(); }
  void string(const char* name, const std::string& v) { put(name, v); }
  void integer(const char* name, long long v) { put(name, static_cast<int64_t>(v)); }
  void unsigned_integer(const char* name, uint64_t v) { put(name, v); }

 private:
  template <class T>
  void put(const char* name, const T& v) {
    if (name) {
      ar_(cereal::make_nvp(name, v));
    } else {
      ar_(v);
    }
  }
  cereal::JSONOutputArchive ar_;
};

// Caps the nesting depth before the document is built (rapidjson's
// iterative mode keeps the parse itself off the call stack).
struct DepthCap : rapidjson::BaseReaderHandler<rapidjson::UTF8<>, DepthCap> {
  int depth = 0;
  bool too_deep = false;
  bool open() {
    too_deep = ++depth > kMaxJsonDepth;
    return !too_deep;
  }
  bool StartObject() { return open(); }
  bool EndObject(rapidjson::SizeType) {
    --depth;
    return true;
  }
  bool StartArray() { return open(); }
  bool EndArray(rapidjson::SizeType) {
    --depth;
    return true;
  }
  bool Default() { return true; }
};

class JsonReader {
 public:
  explicit JsonReader(const rapidjson::Value& root) { stack_.push_back({&root, "$", 0}); }

  [[noreturn]] void fail(const char* name, const std::string& what) {
    throw DecodeError(path(name), what);
  }

  void begin_object(const char* name) {
    const rapidjson::Value& v = next(name);
    if (!v.IsObject()) fail(name, "expected an object, found " + type_name(v));
    stack_.push_back({&v, label(name), 0});
  }
  void end_object() { stack_.pop_back(); }
  size_t begin_array(const char* name, size_t max) {
    const rapidjson::Value& v = next(name);
    if (!v.IsArray()) fail(name, "expected an array, found " + type_name(v));
    if (v.Size() > max) {
      fail(name, std::to_string(v.Size()) + " entries, more than the " + std::to_string(max) +
                     " allowed");
    }
    stack_.push_back({&v, label(name), 0});
    return v.Size();
  }
  void end_array() { stack_.pop_back(); }
  std::string string(const char* name, size_t max) {
    const rapidjson::Value& v = next(name);
    if (!v.IsString()) fail(name, "expected a string, found " + type_name(v));
    if (v.GetStringLength() > max) {
      fail(name, "string of " + std::to_string(v.GetStringLength()) + " bytes, more than the " +
                     std::to_string(max) + " allowed");
    }
    return std::string(v.GetString(), v.GetStringLength());
  }
  long long integer(const char* name, long long lo, long long hi) {
    const rapidjson::Value& v = next(name);
    if (!v.IsInt64()) fail(name, "expected an integer, found " + type_name(v));
    const long long n = v.GetInt64();
    if (n < lo || n > hi) {
      fail(name, std::to_string(n) + " is out of range (" + std::to_string(lo) + " to " +
                     std::to_string(hi) + ")");
    }
    return n;
  }
  uint64_t unsigned_integer(const char* name) {
    const rapidjson::Value& v = next(name);
    if (!v.IsUint64()) fail(name, "expected an unsigned integer, found " + type_name(v));
    return v.GetUint64();
  }

 private:
  struct Frame {
    const rapidjson::Value* value;
    std::string path;
    rapidjson::SizeType index;  // next element, in an array
  };

  static std::string type_name(const rapidjson::Value& v) {
    if (v.IsNull()) return "null";
    if (v.IsBool()) return "a boolean";
    if (v.IsObject()) return "an object";
    if (v.IsArray()) return "an array";
    if (v.IsString()) return "a string";
    return "a number";
  }
  // The member `name` of the current object, or the next element of the
  // current array (name == nullptr).
  const rapidjson::Value& next(const char* name) {
    Frame& f = stack_.back();
    if (name) {
      const auto it = f.value->FindMember(name);
      if (it == f.value->MemberEnd()) fail(name, "missing");
      return it->value;
    }
    last_index_ = f.index;
    return (*f.value)[f.index++];
  }
  std::string label(const char* name) const {
    return name ? stack_.back().path + "." + name
                : stack_.back().path + "[" + std::to_string(last_index_) + "]";
  }
  std::string path(const char* name) const {
    if (name) return stack_.back().path + "." + name;
    return stack_.back().path + "[" + std::to_string(stack_.back().index - 1) + "]";
  }

  std::vector<Frame> stack_;
  rapidjson::SizeType last_index_ = 0;
};

}  // namespace

std::string encode_json(const Replay& r) {
  std::ostringstream os;
  {
    JsonWriter w(os);
    write_replay(w, r);
  }  // the archive closes the root object when destroyed
  os << "\n";
  return os.str();
}

Decoded decode_json(std::string_view bytes) {
  Decoded out;
  out.encoding = Encoding::Json;
  {
    DepthCap cap;
    rapidjson::Reader reader;
    rapidjson::MemoryStream ms(bytes.data(), bytes.size());
    const auto result =
        reader.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseStopWhenDoneFlag>(ms, cap);
    if (cap.too_deep) {
      out.error = "JSON nests deeper than " + std::to_string(kMaxJsonDepth) + " levels at byte " +
                  std::to_string(result.Offset());
      return out;
    }
    if (result.IsError()) {
      out.error = std::string("not valid JSON at byte ") + std::to_string(result.Offset()) + ": " +
                  rapidjson::GetParseError_En(result.Code());
      return out;
    }
  }
  rapidjson::Document doc;
  doc.Parse<rapidjson::kParseIterativeFlag>(bytes.data(), bytes.size());
  if (doc.HasParseError()) {
    out.error = std::string("not valid JSON at byte ") + std::to_string(doc.GetErrorOffset()) +
                ": " + rapidjson::GetParseError_En(doc.GetParseError());
    return out;
  }
  if (!doc.IsObject()) {
    out.error = "$: a replay is a JSON object";
    return out;
  }
  try {
    JsonReader rd(doc);
    read_replay(rd, out.replay);
    out.ok = true;
  } catch (const DecodeError& e) {
    out.error = e.where + ": " + e.what;
  }
  return out;
}

}  // namespace zetema::replays
