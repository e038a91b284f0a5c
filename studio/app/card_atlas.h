// Card faces drawn once into a texture (an offscreen framebuffer) at the
// current card size, then each card drawn as one textured rectangle. Under
// a software renderer (Mesa's llvmpipe under Xvfb) a full tableau's faces
// drawn shape by shape cost ~3,500 triangles and most of a frame
// (docs/benchmarks.md, "Card atlas"). An atlas is redrawn only when the
// card scale, the font or its size changes; a few sizes are kept, as the
// piles' cards are smaller than the hands' and the scale follows the deal.
#pragma once

#include <imgui.h>

#include "engine/card.h"

namespace zetema::studio {

// Draws one face, top-left at `at`, in full and in order (no text kept for
// the frame's end): what the atlas holds.
using CardFaceDrawer = void (*)(ImDrawList* dl, ImVec2 at, Card c, float scale);

// Draws the face of `c` from the atlas for `scale` (drawing the atlas with
// `face` first if there is none), its top-left at `at` rounded to whole
// pixels. False when no atlas can be made (no framebuffer objects): then
// the caller draws the face itself.
bool draw_card_from_atlas(ImDrawList* dl, ImVec2 at, Card c, float scale, CardFaceDrawer face);

}  // namespace zetema::studio
