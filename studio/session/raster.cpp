#include "studio/session/raster.h"

#include <algorithm>
#include <cmath>

namespace zetema::studio {

namespace {
uint32_t channel(uint32_t c, int i) {
  return (c >> (8 * i)) & 0xffu;
}
}  // namespace

uint32_t blend_over(uint32_t colour, uint32_t under) {
  const uint32_t sa = channel(colour, 3), da = channel(under, 3);
  if (sa == 255 || da == 0) return colour;
  if (sa == 0) return under;
  // Alpha in 0..255*255 to keep the arithmetic in integers.
  const uint32_t out_a = sa * 255 + da * (255 - sa);
  uint32_t out = (out_a + 127) / 255 << 24;
  for (int i = 0; i < 3; ++i) {
    const uint32_t v =
        (channel(colour, i) * sa * 255 + channel(under, i) * da * (255 - sa) + out_a / 2) / out_a;
    out |= std::min(255u, v) << (8 * i);
  }
  return out;
}

void Raster::reset(int w, int h) {
  width = std::max(0, w);
  height = std::max(0, h);
  pixels.assign(static_cast<size_t>(width) * static_cast<size_t>(height), 0);
}

void Raster::blend(int x, int y, uint32_t colour) {
  uint32_t& p = pixels[static_cast<size_t>(y * width + x)];
  p = blend_over(colour, p);
}

void Raster::fill_rect(float x0, float y0, float x1, float y1, uint32_t colour) {
  // Pixel i's centre is i + 0.5: covered when x0 <= i + 0.5 < x1.
  const int ax = std::max(0, static_cast<int>(std::ceil(x0 - 0.5f)));
  const int bx = std::min(width, static_cast<int>(std::ceil(x1 - 0.5f)));
  const int ay = std::max(0, static_cast<int>(std::ceil(y0 - 0.5f)));
  const int by = std::min(height, static_cast<int>(std::ceil(y1 - 0.5f)));
  for (int y = ay; y < by; ++y)
    for (int x = ax; x < bx; ++x) blend(x, y, colour);
}

void Raster::line(float x0, float y0, float x1, float y1, uint32_t colour, float thickness) {
  // A rectangle along the segment, `thickness` wide, with square ends at the
  // end points (as ImGui draws a plain line: two triangles).
  const float r = std::max(0.5f, thickness / 2);
  const int ax = std::max(0, static_cast<int>(std::floor(std::min(x0, x1) - r)));
  const int bx = std::min(width - 1, static_cast<int>(std::ceil(std::max(x0, x1) + r)));
  const int ay = std::max(0, static_cast<int>(std::floor(std::min(y0, y1) - r)));
  const int by = std::min(height - 1, static_cast<int>(std::ceil(std::max(y0, y1) + r)));
  const float dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy;
  if (len2 <= 0) return;
  for (int y = ay; y <= by; ++y) {
    for (int x = ax; x <= bx; ++x) {
      const float px = static_cast<float>(x) + 0.5f - x0, py = static_cast<float>(y) + 0.5f - y0;
      const float along = px * dx + py * dy;  // the projection, times the length
      const float across = px * dy - py * dx;
      if (along >= 0 && along <= len2 && across * across <= r * r * len2) blend(x, y, colour);
    }
  }
}

void Raster::disc(float cx, float cy, float r, uint32_t colour) {
  const int ax = std::max(0, static_cast<int>(std::floor(cx - r)));
  const int bx = std::min(width - 1, static_cast<int>(std::ceil(cx + r)));
  const int ay = std::max(0, static_cast<int>(std::floor(cy - r)));
  const int by = std::min(height - 1, static_cast<int>(std::ceil(cy + r)));
  for (int y = ay; y <= by; ++y) {
    for (int x = ax; x <= bx; ++x) {
      const float px = static_cast<float>(x) + 0.5f - cx, py = static_cast<float>(y) + 0.5f - cy;
      if (px * px + py * py <= r * r) blend(x, y, colour);
    }
  }
}

}  // namespace zetema::studio
