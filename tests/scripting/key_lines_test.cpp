// The file:line the loader cites is where the Lua source sets the key
// (scripting/key_lines.h), not where some text mentions it: comments and
// strings are skipped, nested tables and a table built in a local are
// followed, and hostile text neither crashes nor hangs the scan.
#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "scripting/key_lines.h"
#include "tests/scripting/sandbox_support.h"

using namespace zetema;
using scripting::KeyLines;
using test::load_text;

namespace {

std::string where(const RuleOrigin& o) {
  return o.file + ":" + std::to_string(o.line);
}
std::string origin(const scripting::LoadedVariant& v, RuleId id) {
  return where(v.rules.origins[static_cast<int>(id)]);
}
std::string error_at(const scripting::LoadedVariant& v) {
  return v.error ? v.error->describe() : "(loaded)";
}

}  // namespace

TEST_CASE("key lines: a comment or string that mentions a key does not move its line") {
  // Each mention below sits before the real assignment; a text search (the
  // loader's old key_line) cited the first of them.
  const std::string text =
      "return {\n"                                                            // 1
      "  id = \"c\", name = \"C\", source = \"s\", extends = \"sackson\",\n"  // 2
      "  follows = [[\n"                                                      // 3
      "marriage_base = { 1, 2, 3, 4, 5 }\n"                                   // 4
      "]],\n"                                                                 // 5
      "  --[==[\n"                                                            // 6
      "two_player_chain = true ]] still a comment\n"                          // 7
      "  ]==]\n"                                                              // 8
      "  -- marriage_base = 20 was the old value\n"                           // 9
      "  score_zetema = function(state, z)\n"                                 // 10
      "    local s = \"\\\"target = 5\"\n"                                    // 11
      "    target = 1\n"                                                      // 12
      "    return z.points\n"                                                 // 13
      "  end,\n"                                                              // 14
      "  zetema_points = { -- K = 40 in 1869\n"                               // 15
      "    K = 60 },\n"                                                       // 16
      "  points = { -- sequence = 5 was tried\n"                              // 17
      "    sequence = 12 },\n"                                                // 18
      "  marriage_base = { 10, 30, 60, 100, 150 },\n"                         // 19
      "  two_player_chain = false,\n"                                         // 20
      "  target = { [2] = 250 },\n"                                           // 21
      "}\n";
  const auto v = load_text(text, "test/mentions.lua");
  REQUIRE_MESSAGE(v.ok, error_at(v));
  CHECK(origin(v, RuleId::MarriageBase) == "test/mentions.lua:19");
  CHECK(origin(v, RuleId::TwoPlayerChain) == "test/mentions.lua:20");
  CHECK(origin(v, RuleId::Target) == "test/mentions.lua:21");
  CHECK(origin(v, RuleId::SequencePoints) == "test/mentions.lua:18");
  CHECK(where(v.rules.zetema_origins[kRankKing]) == "test/mentions.lua:16");
  CHECK(origin(v, RuleId::FlushPoints) == "variants/sackson.lua:31");  // inherited

  const KeyLines lines(text);
  CHECK(lines.line("follows") == 3);
  CHECK(lines.line("score_zetema") == 10);
  CHECK(lines.line("zetema_points") == 15);
  CHECK(lines.line("zetema_points.K") == 16);
  CHECK(lines.line("target.2") == 21);
  CHECK(lines.line("s") == 0);  // a local inside a hook is not a key
  CHECK(lines.line("nosuch") == 0);
}

TEST_CASE("key lines: each rank and each subkey at the line of its own entry") {
  const std::string text =
      "return {\n"                                                            // 1
      "  id = \"r\", name = \"R\", source = \"s\", extends = \"sackson\",\n"  // 2
      "  assembly_points = {\n"                                               // 3
      "    K = 140,\n"                                                        // 4
      "    [\"5\"] = 120,\n"                                                  // 5
      "    [7] = 105,\n"                                                      // 6
      "    ['10'] = 101,\n"                                                   // 7
      "    other = 90,\n"                                                     // 8
      "  },\n"                                                                // 9
      "  points = {\n"                                                        // 10
      "    flush = 35,\n"                                                     // 11
      "    flush_sequence = false,\n"                                         // 12
      "  },\n"                                                                // 13
      "}\n";
  const auto v = load_text(text, "test/ranks.lua");
  REQUIRE_MESSAGE(v.ok, error_at(v));
  const auto& asm_at = v.rules.assembly_origins;
  CHECK(where(asm_at[kRankKing]) == "test/ranks.lua:4");
  CHECK(where(asm_at[4]) == "test/ranks.lua:5");           // the 5
  CHECK(where(asm_at[6]) == "test/ranks.lua:6");           // the 7, written [7]
  CHECK(where(asm_at[9]) == "test/ranks.lua:7");           // the ten, written '10'
  CHECK(where(asm_at[kRankQueen]) == "test/ranks.lua:8");  // from `other`
  CHECK(where(asm_at[1]) == "test/ranks.lua:8");
  CHECK(v.rules.assembly_points[6] == 105);
  CHECK(origin(v, RuleId::AssemblyPoints) == "test/ranks.lua:3");
  CHECK(origin(v, RuleId::FlushPoints) == "test/ranks.lua:11");
  CHECK(origin(v, RuleId::FlushSequencePoints) == "test/ranks.lua:12");
  CHECK(origin(v, RuleId::SequencePoints) == "variants/sackson.lua:31");
  // The zetema table is not given here: every rank from sackson.lua.
  CHECK(where(v.rules.zetema_origins[kRankJack]) == "variants/sackson.lua:48");
}

TEST_CASE("key lines: a table built in a local, then returned") {
  const std::string text =
      "local v <const> = {\n"                                                   // 1
      "  id = \"loc\", name = \"L\", source = \"s\", extends = \"sackson\",\n"  // 2
      "  two_player_chain = true,\n"                                            // 3
      "  points = { sequence = 99 },\n"                                         // 4
      "}\n"                                                                     // 5
      "v.points = { sequence = 12 }\n"                                          // 6
      "v.zetema_points = {}\n"                                                  // 7
      "v.zetema_points.J = 30\n"                                                // 8
      "v[\"two_player_chain\"] = false\n"                                       // 9
      "function v.score_zetema(state, z) return z.points end\n"                 // 10
      "return v\n";
  const auto v = load_text(text, "test/local.lua");
  REQUIRE_MESSAGE(v.ok, error_at(v));
  CHECK(v.rules.sequence_points == 12);
  CHECK(origin(v, RuleId::SequencePoints) == "test/local.lua:6");
  CHECK(origin(v, RuleId::TwoPlayerChain) == "test/local.lua:9");
  CHECK(where(v.rules.zetema_origins[kRankJack]) == "test/local.lua:8");
  const KeyLines lines(text);
  CHECK(lines.line("id") == 2);
  CHECK(lines.line("score_zetema") == 10);
  // points was replaced on line 6; what the old table said is gone.
  CHECK(lines.line("points.sequence") == 6);
  CHECK(lines.line("points") == 6);
  // A different local is not the returned table.
  CHECK(KeyLines("local w = { a = 1 }\nlocal v = { b = 2 }\nreturn v\n").line("a") == 0);
  CHECK(KeyLines("local w = { a = 1 }\nlocal v = { b = 2 }\nreturn v\n").line("b") == 2);
}

TEST_CASE("key lines: what the scan cannot follow has no line, never a guess") {
  CHECK(KeyLines("return setmetatable({ a = 1 }, {})\n").line("a") == 0);
  CHECK(KeyLines("local t = {}\nif x then t.a = 1 end\nreturn t\n").line("a") == 0);
  CHECK(KeyLines("return {\n  [k] = 1,\n  a = f { b = 2 },\n}\n").line("k") == 0);
  CHECK(KeyLines("return {\n  [k] = 1,\n  a = f { b = 2 },\n}\n").line("a.b") == 0);
  CHECK(KeyLines("return {\n  [k] = 1,\n  a = f { b = 2 },\n}\n").line("a") == 3);
  // Line endings as Lua counts them: \r\n and \n\r are one line each.
  CHECK(KeyLines("return {\r\n  a = 1,\r\n\n\r  b = 2 }").line("b") == 4);
  // Escapes in short strings, \z across lines, keys in long brackets.
  CHECK(KeyLines("return {\n  s = \"a\\\n b\\z\n   c\",\n  [ [[k]] ] = 1, t = 2 }").line("t") == 5);
  CHECK(KeyLines("return {\n  s = \"a\\\n b\\z\n   c\",\n  [ [[k]] ] = 1, t = 2 }").line("k") == 5);
}

TEST_CASE("key lines: unterminated comments and strings, and huge hostile text") {
  const char* unfinished[] = {
      "return { a = 1, --[[ never closed\n b = 2 }\n",
      "return { a = 1, --[==[ closed the wrong way ]=]\n b = 2 }\n",
      "return { a = 1, s = [[ never closed\n b = 2 }\n",
      "return { a = 1, s = \"never closed\n b = 2 }\n",
      "return { a = 1, s = 'ends in a backslash \\",
      "return { a = 1, s = \"\\u{7FFFFFFFFFFF\" }",
      "return { a = 1, [\"",
      "return { a = 1, [",
      "\xEF\xBB\xBFreturn { a = 1 }",
      "",
  };
  for (const char* text : unfinished) {
    CAPTURE(text);
    const KeyLines lines{std::string_view(text)};
    CHECK(lines.line("b") == 0);
    if (std::string_view(text).find("a = 1") != std::string_view::npos) CHECK(lines.line("a") == 1);
    // The loader reports the file's syntax error; it does not crash.
    const auto v = load_text(text, "test/unfinished.lua");
    CHECK_FALSE(v.ok);
  }

  // 10 MiB of each kind of hostile text: the scan ends, in linear time.
  constexpr size_t kSize = 10u << 20;
  auto repeat = [&](const std::string& head, const std::string& unit) {
    std::string s = head;
    s.reserve(kSize + unit.size());
    while (s.size() < kSize) s += unit;
    return s;
  };
  const std::string cases[] = {
      repeat("return ", "{"),                         // nesting 10 million deep
      repeat("return { a = ", "{ a = "),              // nested keys, each a path
      repeat("return ", "}])end until "),             // closers with no opener
      repeat("return { ", "x = 1, "),                 // one key set a million times
      repeat("return { s = [==[", "]=]]==]=]"),       // near-misses of a long bracket
      repeat("--[=", "[=="),                          // near-misses of a long comment
      repeat("return { s = \"", "\\z\\\n\\x4\\u{1"),  // escapes, never closed
      repeat("local v = {} v", ".a"),                 // a path 5 million long
      repeat("return { [\"", "k"),                    // a key string, never closed
      std::string(kSize, '\n'),
      std::string(kSize, 'a'),
  };
  for (const std::string& text : cases) {
    CAPTURE(text.substr(0, 24));
    const auto start = std::chrono::steady_clock::now();
    const KeyLines lines(text);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    MESSAGE(seconds << " s");  // typically well under 0.5 s
    CHECK(lines.line("zz") == 0);
  }
  CHECK(KeyLines(cases[3]).line("x") == 1);
  CHECK(KeyLines(cases[1]).line("a") == 0);  // nested past what Lua can load: no lines
  std::string nested = "return ";
  for (int i = 0; i < 40; ++i) nested += "{ a = ";
  nested += "1" + std::string(40, '}');
  CHECK(KeyLines(nested).line("a.a.a") == 1);
}
