// Cutting a line of text short to fit its room, GUI-free so tests can
// check it: the Diff's rows (one height each, for their list clipper)
// show as much of an event as fits, then "...", the whole on hover.
#pragma once

#include <functional>
#include <string>

namespace zetema::studio {

// `text` if it is at most `room` wide by `width`, else its longest start
// (whole UTF-8 characters) that with "..." after it is; "..." alone if
// nothing fits.
std::string elided(const std::string& text, float room,
                   const std::function<float(const std::string&)>& width);

}  // namespace zetema::studio
