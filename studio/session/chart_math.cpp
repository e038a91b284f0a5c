#include "studio/session/chart_math.h"

#include <algorithm>
#include <cmath>

namespace zetema::studio {

std::vector<double> nice_ticks(double lo, double hi, int most) {
  if (!(hi > lo)) return {lo};
  most = std::max(2, most);
  const double raw = (hi - lo) / most;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  double step = power;
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    step = m * power;
    if (step >= raw) break;
  }
  std::vector<double> ticks;
  for (double v = std::ceil(lo / step) * step; v <= hi + step * 1e-9; v += step)
    ticks.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
  return ticks;
}

std::optional<size_t> index_at(double fraction, size_t n) {
  if (n == 0) return std::nullopt;
  const double f = std::clamp(fraction, 0.0, 1.0);
  return static_cast<size_t>(std::lround(f * static_cast<double>(n - 1)));
}

std::vector<size_t> shown_group_labels(const std::vector<float>& widths, float plot_w,
                                       float reserved, float gap) {
  std::vector<size_t> out;
  if (widths.empty() || plot_w <= 0) return out;
  const float gw = plot_w / static_cast<float>(widths.size());
  const float widest = *std::max_element(widths.begin(), widths.end());
  // Centred labels k groups apart are k * gw apart, centre to centre.
  const auto every = std::max<size_t>(1, static_cast<size_t>(std::ceil((widest + gap) / gw)));
  auto left = [&](size_t g) { return gw * (static_cast<float>(g) + 0.5f) - widths[g] / 2; };
  size_t first = 0;  // the first label clear of the plot's left edge
  while (first < widths.size() && left(first) < 0) ++first;
  for (size_t g = first; g < widths.size(); g += every) {
    if (left(g) + widths[g] <= plot_w - reserved - gap) out.push_back(g);
  }
  return out;
}

std::optional<size_t> a_event_of_row(const replays::DiffResult& d, size_t row) {
  if (d.rows.empty()) return std::nullopt;
  for (size_t r = std::min(row, d.rows.size() - 1) + 1; r-- > 0;) {
    if (d.rows[r].a) return d.rows[r].a;
  }
  return std::nullopt;
}

size_t row_of_a_event(const replays::DiffResult& d, size_t event) {
  for (size_t r = 0; r < d.rows.size(); ++r) {
    if (d.rows[r].a == event) return r;
  }
  return d.rows.empty() ? 0 : d.rows.size() - 1;
}

}  // namespace zetema::studio
