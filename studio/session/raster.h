// A small RGBA image drawn on the CPU: the static part of a dense chart or
// marker strip, drawn once when its data or size changes and shown as one
// textured rectangle. Drawn as primitives every frame it cost one or two
// triangles per segment or column, and the software renderer under Xvfb
// (llvmpipe) pays per triangle. Pixels are ImGui's IM_COL32 layout (red in
// the low byte), row 0 on top, not premultiplied.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace zetema::studio {

struct Raster {
  int width = 0, height = 0;
  std::vector<uint32_t> pixels;

  // Clears to transparent at the given size.
  void reset(int w, int h);
  uint32_t at(int x, int y) const { return pixels[static_cast<size_t>(y * width + x)]; }
  // The pixels whose centres fall in [x0, x1) x [y0, y1), `colour` blended over them.
  void fill_rect(float x0, float y0, float x1, float y1, uint32_t colour);
  // The pixels whose centres lie in the rectangle `thickness` wide along the
  // segment (square ends at the end points, as ImGui's plain lines).
  void line(float x0, float y0, float x1, float y1, uint32_t colour, float thickness);
  // The pixels whose centres lie within `r` of (cx, cy).
  void disc(float cx, float cy, float r, uint32_t colour);

 private:
  void blend(int x, int y, uint32_t colour);
};

// `colour` over `under`, both not premultiplied (what the GPU's blending of
// the two would give over an opaque background).
uint32_t blend_over(uint32_t colour, uint32_t under);

}  // namespace zetema::studio
