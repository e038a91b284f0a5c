// Reading Lua source as the editor shows it: tokens for colouring, lines by
// number, the comment block above a line, and the `file.lua:N` references
// in any message. Pure functions over text; no GUI.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace zetema::scripting {

enum class LuaTokenKind { Keyword, String, Comment, Number };
// A token to colour: bytes [begin, end) of the text. Everything between
// tokens (names, operators, spaces) is drawn in the plain colour.
struct LuaToken {
  size_t begin = 0, end = 0;
  LuaTokenKind kind = LuaTokenKind::Keyword;
};
// The coloured tokens of `text`, in order; long strings and comments
// ([[...]], --[==[...]==]) may span lines. Unterminated ones run to the end.
std::vector<LuaToken> lua_tokens(std::string_view text);

// Byte offsets where each line starts (line 1 at index 0).
std::vector<size_t> line_starts(std::string_view text);
// Line `line` (from 1) without its newline; "" past the end.
std::string_view line_at(std::string_view text, int line);

// The lines of `text`, without their newlines (a last empty line when it
// ends in one).
std::vector<std::string_view> split_lines(std::string_view text);

// The words of the comment block above line `line` (from 1): the `--` lines
// just before it, or before the paragraph (lines without a blank one) it
// ends, markers and one space stripped, joined by spaces; "" if none.
std::string comment_above(std::string_view text, int line);
std::string comment_above(const std::vector<std::string_view>& lines, int line);

// A `file.lua:N` found in a message ("defined at variants/sackson.lua:51").
struct FileLine {
  size_t begin = 0, end = 0;  // where the reference is in the message
  std::string file;           // as written: "variants/sackson.lua"
  int line = 0;
};
std::vector<FileLine> find_file_lines(std::string_view message);

}  // namespace zetema::scripting
