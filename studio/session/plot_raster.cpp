#include "studio/session/plot_raster.h"

#include <algorithm>
#include <cmath>

namespace zetema::studio {

std::vector<size_t> plot_points(size_t n, size_t stride) {
  std::vector<size_t> at;
  if (n == 0) return at;
  stride = std::max<size_t>(1, stride);
  for (size_t i = 0; i < n; i += stride) at.push_back(i);
  if (at.back() != n - 1) at.push_back(n - 1);
  return at;
}

size_t plot_stride(size_t n, float width) {
  return std::max<size_t>(1, static_cast<size_t>(static_cast<float>(n) / (width / 3)));
}

void plot_range(const std::vector<PlotLine>& lines, size_t stride, double& lo, double& hi) {
  lo = 0;
  hi = 1;
  for (const PlotLine& l : lines) {
    for (size_t i : plot_points(l.n, stride)) {
      lo = std::min(lo, l.y(i));
      hi = std::max(hi, l.y(i));
    }
  }
}

bool PlotRaster::update(const std::vector<PlotLine>& lines, uint64_t data_key, int width,
                        int height, double lo, double hi, size_t stride,
                        const PlotBackdrop& backdrop) {
  if (data_key != 0 && data_key == key_data_ && lines.size() == key_lines_ && width == key_width_ &&
      height == key_height_ && lo == key_lo_ && hi == key_hi_ && stride == key_stride_ &&
      backdrop == key_backdrop_)
    return false;
  image_.reset(width, height);
  size_t n = 0;
  for (const PlotLine& l : lines) n = std::max(n, l.n);
  const double span = static_cast<double>(std::max<size_t>(1, n - 1));
  const double range = hi > lo ? hi - lo : 1;
  auto x_of = [&](size_t i) { return static_cast<float>(width * static_cast<double>(i) / span); };
  auto y_of = [&](double v) { return static_cast<float>(height - height * (v - lo) / range); };
  image_.fill_rect(0, 0, static_cast<float>(width), static_cast<float>(height),
                   backdrop.background);
  for (const auto& [v, colour] : backdrop.grid) {  // 1 pixel, as ImGui's AddLine
    const float y = std::min(std::floor(y_of(v) + 0.5f) + 0.5f, static_cast<float>(height) - 0.5f);
    image_.fill_rect(0, y - 0.5f, static_cast<float>(width), y + 0.5f, colour);
  }
  for (const PlotLine& l : lines) {
    const std::vector<size_t> at = plot_points(l.n, stride);
    for (size_t k = 1; k < at.size(); ++k) {
      if (l.dashed && (k - 1) % 2) continue;
      image_.line(x_of(at[k - 1]), y_of(l.y(at[k - 1])), x_of(at[k]), y_of(l.y(at[k])), l.colour,
                  l.thickness);
    }
  }
  key_data_ = data_key;
  key_lines_ = lines.size();
  key_width_ = width;
  key_height_ = height;
  key_lo_ = lo;
  key_hi_ = hi;
  key_stride_ = stride;
  key_backdrop_ = backdrop;
  ++builds_;
  return true;
}

}  // namespace zetema::studio
