// How the font atlas is sampled. Text drawn at the font's own size maps each
// atlas texel to one screen pixel, so nearest sampling gives it the same
// look as bilinear and costs a software renderer (Mesa's llvmpipe under
// Xvfb) one texel fetch a pixel instead of four: ~10 % of the whole frame
// (docs/benchmarks.md, "Fifth pass"). Every solid shape samples the atlas
// too (its white pixel). Text drawn larger or smaller (the cards' symbols)
// needs bilinear: it is kept until the end of the frame and drawn in one
// batch per draw list between two switches of the sampling, as each switch
// costs the renderer a draw call and a change of state.
#pragma once

#include <imgui.h>

namespace zetema::studio {

// Samples the atlas's texture (the backend's, once uploaded) nearest when
// the framebuffer has one pixel per window unit, else bilinear.
void set_font_sampling();
// Text at `size` pixels: drawn now if that is the font's size (or the
// atlas is bilinear anyway), else kept for draw_scaled_text. Kept text is
// drawn over whatever `dl` draws after it: only for text nothing covers.
void add_scaled_text(ImDrawList* dl, float size, ImVec2 at, ImU32 colour, const char* text);
// The same text drawn now, in order, between two switches of the sampling.
void add_scaled_text_now(ImDrawList* dl, float size, ImVec2 at, ImU32 colour, const char* text);
// Draws the kept text into its draw lists, each in its own clip rectangle
// (call once a frame, before ImGui::Render).
void draw_scaled_text();

}  // namespace zetema::studio
