// The JSON encoding: written by the one JSON writer (json_writer.h), read by
// a checked walk over a rapidjson document (see codec.h for why).
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "replays/codec.h"
#include "replays/codec_internal.h"
#include "replays/codec_walk.h"
#include "replays/json_writer.h"

namespace zetema::replays {

namespace {

// write_replay's calls (codec_walk.h) on the JSON writer: a named value is
// a member of the object open, an unnamed one an element of the array open.
class ReplayJsonWriter {
 public:
  explicit ReplayJsonWriter(JsonWriter& json) : json_(json) {}

  void begin_object(const char* name) { named(name).begin_object(); }
  void end_object() { json_.end_object(); }
  void begin_array(const char* name, size_t) { named(name).begin_array(); }
  void end_array() { json_.end_array(); }
  void string(const char* name, const std::string& v) { named(name).value(v); }
  void integer(const char* name, long long v) { named(name).value(v); }
  void unsigned_integer(const char* name, uint64_t v) { named(name).value(v); }

 private:
  JsonWriter& named(const char* name) { return name ? json_.key(name) : json_; }
  JsonWriter& json_;
};

// What a value in a replay is, as far as the reader cares: the members of
// codec_walk.h's shape are kept, everything else is skipped while parsing.
enum class Node : uint8_t {
  Root,
  Variant,
  Sources,
  Source,
  Table,
  Seats,
  Hands,
  Hand,
  Actions,
  Scalar,  // a string or number of the shape
  Skip,    // not part of the shape: parsed (to check it) but never stored
};

bool wants_object(Node n) {
  return n == Node::Root || n == Node::Variant || n == Node::Source || n == Node::Table ||
         n == Node::Hand;
}
bool wants_array(Node n) {
  return n == Node::Sources || n == Node::Seats || n == Node::Hands || n == Node::Actions;
}

// The member `key` of an object of kind `n`.
Node member_of(Node n, std::string_view key) {
  switch (n) {
    case Node::Root:
      if (key == "variant") return Node::Variant;
      if (key == "table") return Node::Table;
      if (key == "hands") return Node::Hands;
      if (key == "format" || key == "version" || key == "engine" || key == "events_sha256")
        return Node::Scalar;
      return Node::Skip;
    case Node::Variant:
      if (key == "sources") return Node::Sources;
      return key == "id" || key == "sha256" ? Node::Scalar : Node::Skip;
    case Node::Source:
      return key == "id" || key == "file" || key == "text" ? Node::Scalar : Node::Skip;
    case Node::Table:
      if (key == "seats") return Node::Seats;
      return key == "players" || key == "teams" || key == "seed" ? Node::Scalar : Node::Skip;
    case Node::Hand:
      if (key == "actions") return Node::Actions;
      return key == "dealer" || key == "deck" ? Node::Scalar : Node::Skip;
    default:
      return Node::Skip;
  }
}

// The elements of an array of kind `n`, and how many it may hold.
Node element_of(Node n) {
  switch (n) {
    case Node::Sources:
      return Node::Source;
    case Node::Hands:
      return Node::Hand;
    case Node::Seats:
    case Node::Actions:
      return Node::Scalar;
    default:
      return Node::Skip;
  }
}
size_t max_elements(Node n) {
  switch (n) {
    case Node::Sources:
      return kMaxSources;
    case Node::Hands:
      return kMaxHands;
    case Node::Seats:
      return 6;  // players at most (checked exactly by the walk)
    case Node::Actions:
      return kMaxActionsPerHand;
    default:
      return SIZE_MAX;
  }
}

uint64_t key_hash(std::string_view key) {  // FNV-1a
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : key) h = (h ^ c) * 1099511628211ull;
  return h;
}

// Builds the document from rapidjson's SAX events, passing on only what the
// replay's shape holds. So memory is bounded by the shape, not by the file:
// an unknown member (however large) is checked and dropped, an array of the
// shape is refused past its limit as it is read, and a container where a
// string belongs reaches the walk as an empty one (which the walk refuses
// by type). On the way it refuses what the walk could not see: nesting
// deeper than kMaxJsonDepth, and a key given twice in one object (readers
// disagree on which one counts: rapidjson's FindMember takes the first,
// Python and ajv the last).
class ShapeFilter {
 public:
  using Doc = rapidjson::Document;
  explicit ShapeFilter(Doc& doc) : doc_(doc) {}
  std::string error;

  bool Null() {
    return scalar([&] { return doc_.Null(); });
  }
  bool Bool(bool b) {
    return scalar([&] { return doc_.Bool(b); });
  }
  bool Int(int i) {
    return scalar([&] { return doc_.Int(i); });
  }
  bool Uint(unsigned u) {
    return scalar([&] { return doc_.Uint(u); });
  }
  bool Int64(int64_t i) {
    return scalar([&] { return doc_.Int64(i); });
  }
  bool Uint64(uint64_t u) {
    return scalar([&] { return doc_.Uint64(u); });
  }
  bool Double(double d) {
    return scalar([&] { return doc_.Double(d); });
  }
  bool RawNumber(const char* s, rapidjson::SizeType n, bool copy) {
    return scalar([&] { return doc_.RawNumber(s, n, copy); });
  }
  bool String(const char* s, rapidjson::SizeType n, bool copy) {
    return scalar([&] { return doc_.String(s, n, copy); });
  }
  bool StartObject() { return open(true); }
  bool StartArray() { return open(false); }
  bool Key(const char* s, rapidjson::SizeType n, bool copy) {
    Frame& f = stack_.back();
    const std::string_view key(s, n);
    if (!unique_key(f, key)) return false;
    f.next = f.kept ? member_of(f.node, key) : Node::Skip;
    f.next_key.assign(key);
    if (f.next == Node::Skip) return true;
    return doc_.Key(s, n, copy);
  }
  bool EndObject(rapidjson::SizeType) { return close(); }
  bool EndArray(rapidjson::SizeType) { return close(); }

 private:
  struct Frame {
    Node node;
    bool object;
    bool kept;                       // its contents go to the document
    bool emitted;                    // the container itself did (so its end does too)
    rapidjson::SizeType passed = 0;  // members or elements passed on
    size_t count = 0;                // elements seen, in an array
    std::vector<uint64_t> keys;      // hashes of the keys seen, in an object
    std::string path;
    Node next = Node::Skip;  // in an object: the kind of the value after the key
    std::string next_key;
  };

  // The path of the value about to come (only containers need one).
  std::string next_path() const {
    if (stack_.empty()) return "$";
    const Frame& f = stack_.back();
    return f.object ? f.path + "." + f.next_key : f.path + "[" + std::to_string(f.count) + "]";
  }

  // The kind of the value about to come and whether it is passed on; counts
  // it in its array.
  bool next_value(Node& node, bool& pass) {
    if (stack_.empty()) {
      node = Node::Root;
      pass = true;
      return true;
    }
    Frame& f = stack_.back();
    if (f.object) {
      node = f.next;
    } else {
      node = f.kept ? element_of(f.node) : Node::Skip;
      if (++f.count > max_elements(f.node)) {
        error =
            f.path + ": more than the " + std::to_string(max_elements(f.node)) + " entries allowed";
        return false;
      }
    }
    pass = node != Node::Skip;
    if (pass) ++f.passed;
    return true;
  }

  template <class F>
  bool scalar(F&& forward) {
    Node node;
    bool pass;
    if (!next_value(node, pass)) return false;
    return !pass || forward();
  }

  bool open(bool object) {
    if (stack_.size() >= static_cast<size_t>(kMaxJsonDepth)) {
      too_deep = true;
      return false;
    }
    Frame f{};
    f.path = next_path();
    if (!next_value(f.node, f.emitted)) return false;
    f.object = object;
    // A container where the shape has a scalar or the other container goes
    // on as an empty one, for the walk to name the wrong type.
    f.kept = f.emitted && (object ? wants_object(f.node) : wants_array(f.node));
    if (f.emitted && !(object ? doc_.StartObject() : doc_.StartArray())) return false;
    stack_.push_back(std::move(f));
    return true;
  }

  bool close() {
    const Frame f = std::move(stack_.back());
    stack_.pop_back();
    if (f.object && f.keys.size() > kKeysCheckedAtOnce && !duplicates_sorted(f.path, f.keys))
      return false;
    if (!f.emitted) return true;
    const rapidjson::SizeType n = f.kept ? f.passed : 0;
    return f.object ? doc_.EndObject(n) : doc_.EndArray(n);
  }

  // Small objects (every object of the shape) are checked key by key, so the
  // message can name the key; a large one once, when it ends.
  static constexpr size_t kKeysCheckedAtOnce = 16;
  bool unique_key(Frame& f, std::string_view key) {
    const uint64_t h = key_hash(key);
    if (f.keys.size() < kKeysCheckedAtOnce &&
        std::find(f.keys.begin(), f.keys.end(), h) != f.keys.end()) {
      error = f.path + ": the key \"" + std::string(key) +
              "\" is given twice (JSON readers disagree on which one counts)";
      return false;
    }
    f.keys.push_back(h);
    return true;
  }
  bool duplicates_sorted(const std::string& path, std::vector<uint64_t> keys) {
    std::sort(keys.begin(), keys.end());
    if (std::adjacent_find(keys.begin(), keys.end()) == keys.end()) return true;
    error = path + ": a key is given twice (JSON readers disagree on which one counts)";
    return false;
  }

 public:
  bool too_deep = false;

 private:
  Doc& doc_;
  std::vector<Frame> stack_;
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
  JsonWriter json(kIndentedJson);
  ReplayJsonWriter w(json);
  json.begin_object();
  write_replay(w, r);
  json.end_object();
  return json.str() + "\n";
}

Decoded decode_json(std::string_view bytes) {
  Decoded out;
  out.encoding = Encoding::Json;
  // One pass: rapidjson's iterative reader (no recursion), strings checked
  // as UTF-8, events filtered by ShapeFilter into the document.
  rapidjson::Document doc;
  ShapeFilter filter(doc);
  rapidjson::ParseResult result;
  auto parse = [&](rapidjson::Document&) {
    rapidjson::Reader reader;
    rapidjson::MemoryStream ms(bytes.data(), bytes.size());
    constexpr unsigned kFlags =
        rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag;
    result = reader.Parse<kFlags>(ms, filter);
    return !result.IsError();
  };
  doc.Populate(parse);
  if (filter.too_deep) {
    out.error = "JSON nests deeper than " + std::to_string(kMaxJsonDepth) + " levels at byte " +
                std::to_string(result.Offset());
    return out;
  }
  if (!filter.error.empty()) {
    out.error = filter.error;
    return out;
  }
  if (result.Code() == rapidjson::kParseErrorStringInvalidEncoding) {
    out.error =
        "invalid UTF-8 at byte " + std::to_string(result.Offset()) + " (a replay's text is UTF-8)";
    return out;
  }
  if (result.IsError()) {
    out.error = std::string("not valid JSON at byte ") + std::to_string(result.Offset()) + ": " +
                rapidjson::GetParseError_En(result.Code());
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
