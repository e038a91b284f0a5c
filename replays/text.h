// Text from a file on its way to a person: a terminal, a log or the studio.
//
// Variant names, Lua error messages, the reasons hooks give and every field
// of a replay come from files other people made. Printed raw, an escape
// sequence in them can rewrite the terminal (move the cursor, retitle the
// window, hide the line before it) and a carriage return or newline can
// forge a line of output ("game.json: ok"). printable() is the one
// escaping function every output point uses.
#pragma once

#include <string>
#include <string_view>

namespace zetema::replays {

// Whether `s` is well-formed UTF-8 (no overlong forms, surrogates, or code
// points above U+10FFFF).
bool valid_utf8(std::string_view s);

// `s` with every control character escaped: C0 controls as \n, \r, \t or
// \xNN (ESC is \x1b), DEL as \x7f, C1 controls (U+0080-U+009F) and the
// bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069, which
// reorder what a reader sees) as \u{NNNN}, and each byte of invalid UTF-8
// as \xNN. Everything else is kept, so ordinary text reads as it was.
std::string printable(std::string_view s);

// printable() line by line: the newlines of a message built of several
// lines stay newlines, every other control character is escaped. For
// text whose lines are ours (a report) with parts from a file that were
// already passed through printable().
std::string printable_lines(std::string_view s);

}  // namespace zetema::replays
