// How the font atlas is sampled. Text drawn at the font's own size maps each
// atlas texel to one screen pixel, so nearest sampling gives it the same
// look as bilinear and costs a software renderer (Mesa's llvmpipe under
// Xvfb) one texel fetch a pixel instead of four: ~15 % of the whole frame
// (docs/benchmarks.md, "Fifth pass"). Every solid shape samples the atlas
// too (its white pixel). Text drawn larger or smaller (the cards' symbols)
// is bracketed by scaled_text_begin/end, which switch bilinear back on.
#pragma once

#include <imgui.h>

namespace zetema::studio {

// Samples the atlas's texture (the backend's, once uploaded) nearest when
// the framebuffer has one pixel per window unit, else bilinear.
void set_font_sampling();
// Around text drawn at another size than the font's: bilinear sampling.
void scaled_text_begin(ImDrawList* dl);
void scaled_text_end(ImDrawList* dl);

}  // namespace zetema::studio
