#include "studio/app/raster_texture.h"

#include <GLFW/glfw3.h>

#include <cmath>
#include <cstdint>

namespace zetema::studio {

void RasterTexture::upload(const Raster& r) {
  if (texture_ == 0) glGenTextures(1, &texture_);
  GLint bound = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  glBindTexture(GL_TEXTURE_2D, texture_);
  // Nearest: the image is drawn pixel for pixel, never scaled.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, r.width, r.height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               r.pixels.data());
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(bound));
}

ImTextureID RasterTexture::id() const {
  return reinterpret_cast<ImTextureID>(static_cast<intptr_t>(texture_));
}

namespace {

// Run by the renderer before the image's rectangle: the image is opaque, so
// blending it would give the same pixels and only cost llvmpipe a read and a
// blend per pixel (docs/benchmarks.md, "Fourth pass").
void without_blending(const ImDrawList*, const ImDrawCmd*) {
  glDisable(GL_BLEND);
}

}  // namespace

void draw_raster(ImDrawList* dl, const RasterTexture& t, const Raster& image, ImVec2 at,
                 float scale) {
  if (t.empty() || image.width == 0 || image.height == 0) return;
  const ImVec2 a(std::round(at.x * scale) / scale, std::round(at.y * scale) / scale);
  dl->AddCallback(without_blending, nullptr);
  dl->AddImage(t.id(), a,
               ImVec2(a.x + static_cast<float>(image.width) / scale,
                      a.y + static_cast<float>(image.height) / scale));
  // The backend's own state again (blending on) for what follows.
  dl->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

}  // namespace zetema::studio
