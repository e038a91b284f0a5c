// An OpenGL texture holding a CPU-drawn image (studio/session/raster.h),
// uploaded only when the image changes, for ImDrawList::AddImage. Each one
// lives as long as the window (the chart's and the timeline's), so the
// texture is freed with the OpenGL context, not by a destructor that could
// run after the context is gone.
#pragma once

#include <imgui.h>

#include "studio/session/raster.h"

namespace zetema::studio {

class RasterTexture {
 public:
  RasterTexture() = default;
  RasterTexture(const RasterTexture&) = delete;
  RasterTexture& operator=(const RasterTexture&) = delete;
  // Sends the image to the GPU (call when it was redrawn, inside a frame).
  void upload(const Raster& r);
  ImTextureID id() const;
  bool empty() const { return texture_ == 0; }

 private:
  unsigned int texture_ = 0;
};

// Draws `image` (already uploaded to `t`) with its top-left corner at `at`,
// rounded to whole pixels so that each of its pixels lands on one of the
// screen's; `scale` is the framebuffer's pixels per window unit. The image
// must be opaque: it is drawn without blending.
void draw_raster(ImDrawList* dl, const RasterTexture& t, const Raster& image, ImVec2 at,
                 float scale);

}  // namespace zetema::studio
