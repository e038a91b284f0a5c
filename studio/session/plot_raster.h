// A line chart's lines drawn once into an image (studio/session/raster.h)
// and kept until their data, the plot's size or its y range change: the
// diff's cumulative scores over 25,000 rows are six lines of a few hundred
// segments each, which the chart then shows as one textured rectangle
// instead of two triangles per segment every frame.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "studio/session/raster.h"

namespace zetema::studio {

// A line over x = 0..n-1, its values read in place.
struct PlotLine {
  uint32_t colour = 0xffffffff;
  float thickness = 2.0f;
  bool dashed = false;  // every other segment left out
  size_t n = 0;
  std::function<double(size_t)> y;
};

// The indexes drawn of a line of `n` points: 0, stride, 2*stride, ... and the last.
std::vector<size_t> plot_points(size_t n, size_t stride);
// One point every ~3 pixels of a plot `width` pixels wide over `n` indexes.
size_t plot_stride(size_t n, float width);
// The lowest and highest value of the points drawn, including 0 and 1.
void plot_range(const std::vector<PlotLine>& lines, size_t stride, double& lo, double& hi);

// What the image shows under the lines: the plot's background and its grid
// lines (a value, its colour), so that the image is opaque and the plot's
// pixels are drawn once, not a background and then the lines over it.
struct PlotBackdrop {
  uint32_t background = 0;
  std::vector<std::pair<double, uint32_t>> grid;
  bool operator==(const PlotBackdrop&) const = default;
};

class PlotRaster {
 public:
  // Redraws the image (`width` x `height` pixels; index 0 at x = 0 and index
  // n-1 at x = width, `lo` at the bottom, `hi` at the top) unless nothing it
  // depends on changed since the last call; `data_key` names the lines' data
  // (change it when the data change; 0 = unknown, redrawn every call).
  // Returns whether it redrew.
  bool update(const std::vector<PlotLine>& lines, uint64_t data_key, int width, int height,
              double lo, double hi, size_t stride, const PlotBackdrop& backdrop = {});
  const Raster& image() const { return image_; }
  // How many times the image was drawn (tests check the cache).
  size_t builds() const { return builds_; }

 private:
  Raster image_;
  uint64_t key_data_ = 0;
  size_t key_lines_ = SIZE_MAX, key_stride_ = 0;
  int key_width_ = -1, key_height_ = -1;
  double key_lo_ = 0, key_hi_ = 0;
  PlotBackdrop key_backdrop_;
  size_t builds_ = 0;
};

}  // namespace zetema::studio
