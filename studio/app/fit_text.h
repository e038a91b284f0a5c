// Text that fits the room it is given instead of running past its edge,
// where a row cannot wrap (the Diff's rows, of one height each for its
// list clipper): cut short with "..." (studio/session/elide.h), the whole
// text in a tooltip on hover.
#pragma once

#include <string>

namespace zetema::studio {

// `text` as it fits `room` pixels at the current font (elided()).
std::string fitted(const std::string& text, float room);
// One line of text in the room left on the current line.
void text_fitted(const std::string& text);

}  // namespace zetema::studio
