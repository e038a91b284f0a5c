#include "studio/session/elide.h"

#include <vector>

namespace zetema::studio {

namespace {
bool continues_character(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}
}  // namespace

std::string elided(const std::string& text, float room,
                   const std::function<float(const std::string&)>& width) {
  if (width(text) <= room) return text;
  // The character boundaries, so a cut never splits a UTF-8 sequence.
  std::vector<size_t> cuts;
  for (size_t i = 0; i < text.size(); ++i)
    if (!continues_character(text[i])) cuts.push_back(i);
  // The longest start that fits: widths grow with the start's length.
  size_t lo = 0, hi = cuts.size();  // cuts[lo - 1] fits (lo == 0: none tried)
  while (lo < hi) {
    const size_t mid = (lo + hi) / 2;
    if (width(text.substr(0, cuts[mid]) + "...") <= room)
      lo = mid + 1;
    else
      hi = mid;
  }
  return text.substr(0, lo == 0 ? 0 : cuts[lo - 1]) + "...";
}

}  // namespace zetema::studio
