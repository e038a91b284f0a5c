// The one JSON writer in its three styles: the bytes each has always
// written (the CLI's --json, replay files, lab results), pinned here since
// the goldens compare most of them field by field, not byte by byte.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "replays/json_writer.h"

using namespace zetema::replays;

namespace {

// One document with every kind of value.
std::string sample(JsonStyle style) {
  JsonWriter w(style);
  w.begin_object();
  w.key("name").value("x");
  w.key("list").begin_array().value(1).value(-2).end_array();
  w.key("empty").begin_array().end_array();
  w.key("none").begin_object().end_object();
  w.key("games").begin_array().begin_object().key("deal").value(0).end_object().end_array();
  w.key("ok").value(true);
  w.end_object();
  return w.str();
}

std::string one_string(JsonStyle style, std::string_view s) {
  JsonWriter w(style);
  w.value(s);
  return w.str();
}

std::string one_real(JsonStyle style, double d) {
  JsonWriter w(style);
  w.value(d);
  return w.str();
}

}  // namespace

TEST_CASE("json writer: one line, without spaces") {
  CHECK(sample(kOneLineJson) ==
        R"({"name":"x","list":[1,-2],"empty":[],"none":{},"games":[{"deal":0}],"ok":true})");
}

TEST_CASE("json writer: indented, a value a line") {
  CHECK(sample(kIndentedJson) == R"({
  "name": "x",
  "list": [
    1,
    -2
  ],
  "empty": [],
  "none": {},
  "games": [
    {
      "deal": 0
    }
  ],
  "ok": true
})");
}

TEST_CASE("json writer: indented, arrays on one line (objects in them still indented)") {
  CHECK(sample(kIndentedJsonInlineArrays) == R"({
  "name": "x",
  "list": [1, -2],
  "empty": [],
  "none": {},
  "games": [{
      "deal": 0
    }],
  "ok": true
})");
}

TEST_CASE("json writer: whole numbers, all 64 bits") {
  JsonWriter w(kOneLineJson);
  w.begin_array();
  w.value(std::numeric_limits<uint64_t>::max()).value(std::numeric_limits<int64_t>::min());
  w.value(static_cast<uint8_t>(200)).value(static_cast<short>(-3)).value(size_t{7});
  w.end_array();
  CHECK(w.str() == "[18446744073709551615,-9223372036854775808,200,-3,7]");
}

TEST_CASE("json writer: text made safe to print, or only escaped as JSON requires") {
  const std::string text = "q\"b\\ \n\t\r\b\f\x1b\x7f \xc2\x85\xe2\x80\xae \xff é";
  CHECK(one_string(kOneLineJson, text) ==
        R"("q\"b\\ \n\t\u000d\u0008\u000c\u001b\u007f \u0085\u202e \ufffd é")");
  CHECK(one_string(kIndentedJson, text) ==
        "\"q\\\"b\\\\ \\n\\t\\r\\b\\f\\u001B\x7f \xc2\x85\xe2\x80\xae \xff é\"");
  CHECK(one_string(kIndentedJson, std::string("a\0b", 3)) == R"("a\u0000b")");
}

TEST_CASE("json writer: reals") {
  // The CLI's: six significant digits.
  CHECK(one_real(kOneLineJson, 1.0 / 3) == "0.333333");
  CHECK(one_real(kOneLineJson, 0.0) == "0");
  CHECK(one_real(kOneLineJson, 1e-7) == "1e-07");
  // Else digits that read back as the same double, always with a point or
  // an exponent (rapidjson's Grisu2, as the lab's results have them).
  CHECK(one_real(kIndentedJson, 0.0) == "0.0");
  CHECK(one_real(kIndentedJson, -30) == "-30.0");
  CHECK(one_real(kIndentedJson, 0.1) == "0.1");
  CHECK(one_real(kIndentedJson, 1e-7) == "1e-7");
  CHECK(one_real(kIndentedJson, 1.5e300) == "1.5e300");
  CHECK(one_real(kIndentedJson, -58.357481597677139) == "-58.357481597677139");
  for (double d : {1.0 / 3, 2.0 / 3, 1e-300, 123456789.123, -0.1}) {
    CHECK(std::stod(one_real(kIndentedJson, d)) == d);
  }
  CHECK(one_real(kIndentedJson, std::nan("")) == "null");
}

TEST_CASE("json writer: to a sink in pieces of at least 64 KiB") {
  std::vector<size_t> pieces;
  std::string all;
  JsonWriter w(kIndentedJsonInlineArrays, [&](std::string_view piece) {
    pieces.push_back(piece.size());
    all.append(piece);
  });
  JsonWriter whole(kIndentedJsonInlineArrays);
  for (JsonWriter* out : {&w, &whole}) {
    out->begin_array();
    for (int i = 0; i < 100000; ++i) out->value(i);
    out->end_array();
  }
  w.flush();
  whole.flush();  // no sink: the text stays
  CHECK(all == whole.str());
  REQUIRE(pieces.size() > 2);
  for (size_t i = 0; i + 1 < pieces.size(); ++i) CHECK(pieces[i] >= size_t{1} << 16);
}
