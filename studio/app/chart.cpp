#include "studio/app/chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <memory>
#include <unordered_map>

#include "studio/app/raster_texture.h"
#include "studio/session/chart_math.h"
#include "studio/session/plot_raster.h"

namespace zetema::studio::chart {

namespace {

constexpr ImU32 kBackground = IM_COL32(24, 24, 30, 255);
constexpr ImU32 kGrid = IM_COL32(60, 60, 72, 255);
constexpr ImU32 kAxis = IM_COL32(150, 150, 160, 255);
constexpr ImU32 kText = IM_COL32(200, 200, 200, 255);

std::string number(double v) {
  char buf[32];
  if (std::abs(v) >= 1000 || v == std::floor(v))
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else
    std::snprintf(buf, sizeof buf, "%.2g", v);
  return buf;
}

// The plot's frame: a legend line on top, y ticks on the left, x labels
// under it. Reserves the whole rectangle as one item (hover and click).
struct Frame {
  ImVec2 min, max;                // the plot area
  ImVec2 legend_min, legend_max;  // the legend's lines above it
  double lo = 0, hi = 1;
  bool hovered = false, clicked = false;
  std::vector<double> ticks;  // the y axis' grid values
  float y(double v) const {
    return max.y - (max.y - min.y) * static_cast<float>((v - lo) / (hi - lo));
  }
  float width() const { return max.x - min.x; }
  double fraction(float x) const { return (x - min.x) / std::max(1.0f, width()); }
};

struct Key {
  std::string name;
  ImU32 colour;
  bool dashed;
};

// The y and x axes' lines, along the plot's left and bottom edges.
void axes(ImDrawList* dl, const Frame& f) {
  dl->AddLine(f.min, ImVec2(f.min.x, f.max.y), kAxis);
  dl->AddLine(ImVec2(f.min.x, f.max.y), f.max, kAxis);
}

// `backdrop`: draw the plot's background and grid lines (else the caller
// draws them, from f.ticks).
Frame frame(const char* id, float height, double lo, double hi, const std::string& y_label,
            const std::string& x_label, const std::vector<Key>& legend, bool backdrop = true) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float font = ImGui::GetFontSize();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float w = std::max(60.0f, ImGui::GetContentRegionAvail().x);
  Frame f;
  // The y axis' name and the legend on top, wrapped onto as many lines as
  // the width needs (five players' A and B lines do not fit on one).
  const float right = p.x + w - 4, row_h = font + 2;
  float x = p.x, y = p.y, widest = p.x;
  auto place = [&](float entry_w, float gap) {  // where the next entry goes
    if (x > p.x && x + entry_w > right) {
      x = p.x;
      y += row_h;
    }
    const ImVec2 at(x, y);
    widest = std::max(widest, x + entry_w);
    x += entry_w + gap;
    return at;
  };
  std::vector<std::pair<ImVec2, const Key*>> placed;
  if (!y_label.empty())
    dl->AddText(place(ImGui::CalcTextSize(y_label.c_str()).x, 16), kText, y_label.c_str());
  for (const Key& k : legend)
    placed.emplace_back(place(22 + ImGui::CalcTextSize(k.name.c_str()).x, 14), &k);
  f.legend_min = p;
  f.legend_max = ImVec2(widest, y + font);
  // The y axis' ticks, as many as the plot's height (below the legend) holds.
  const float plot_h = p.y + height - y - 2 * font - 12;
  const std::vector<double> ticks =
      nice_ticks(lo, hi, std::max(2, static_cast<int>(plot_h / (2.2f * font))));
  f.lo = std::min(lo, ticks.front());
  f.hi = std::max(hi, ticks.back());
  if (!(f.hi > f.lo)) f.hi = f.lo + 1;
  float label_w = 0;
  for (double t : ticks) label_w = std::max(label_w, ImGui::CalcTextSize(number(t).c_str()).x);
  f.min = ImVec2(p.x + label_w + 8, y + font + 6);
  f.max = ImVec2(right, std::max(f.min.y + 1, p.y + height - font - 6));
  f.ticks = ticks;
  if (backdrop) dl->AddRectFilled(f.min, f.max, kBackground);
  for (const auto& [at, k] : placed) {
    const float mid = at.y + font * 0.5f;
    if (k->dashed) {
      for (float s = 0; s < 18; s += 6)
        dl->AddLine(ImVec2(at.x + s, mid), ImVec2(at.x + s + 3, mid), k->colour, 2);
    } else {
      dl->AddLine(ImVec2(at.x, mid), ImVec2(at.x + 18, mid), k->colour, 3);
    }
    dl->AddText(ImVec2(at.x + 22, at.y), kText, k->name.c_str());
  }
  for (double t : ticks) {
    const float ty = f.y(t);
    if (backdrop) dl->AddLine(ImVec2(f.min.x, ty), ImVec2(f.max.x, ty), t == 0 ? kAxis : kGrid);
    const std::string s = number(t);
    dl->AddText(ImVec2(f.min.x - 6 - ImGui::CalcTextSize(s.c_str()).x, ty - font * 0.5f), kText,
                s.c_str());
  }
  if (backdrop) axes(dl, f);
  if (!x_label.empty()) {
    const float xw = ImGui::CalcTextSize(x_label.c_str()).x;
    dl->AddText(ImVec2(f.max.x - xw, f.max.y + 3), kText, x_label.c_str());
  }
  ImGui::SetCursorScreenPos(f.min);
  ImGui::InvisibleButton(id, ImVec2(f.width(), std::max(1.0f, f.max.y - f.min.y)));
  f.hovered = ImGui::IsItemHovered();
  f.clicked = ImGui::IsItemClicked();
  ImGui::SetCursorScreenPos(p);
  ImGui::Dummy(ImVec2(w, height));
  return f;
}

// The lines' images, one per chart (by ImGui id), kept between frames.
struct CachedPlot {
  PlotRaster plot;
  RasterTexture texture;
};
CachedPlot& cached_plot(ImGuiID id) {
  static std::unordered_map<ImGuiID, std::unique_ptr<CachedPlot>> plots;
  auto& p = plots[id];
  if (!p) p = std::make_unique<CachedPlot>();
  return *p;
}

}  // namespace

std::optional<size_t> line_chart(const LineChart& c, float height, ImVec4* plot,
                                 ImVec4* legend_rect) {
  size_t n = 0;
  std::vector<PlotLine> lines;
  for (const Line& l : c.lines) {
    n = std::max(n, l.n);
    lines.push_back({l.colour, l.thickness, l.dashed, l.n, l.y});
  }
  // The points drawn: one every ~3 pixels of the available width, and the last.
  const size_t stride = plot_stride(n, std::max(60.0f, ImGui::GetContentRegionAvail().x));
  double lo = 0, hi = 1;
  plot_range(lines, stride, lo, hi);
  std::vector<Key> legend;
  for (const Line& l : c.lines) legend.push_back({l.name, l.colour, l.dashed});
  const ImGuiID id = ImGui::GetID(c.id);
  const Frame f = frame(c.id, height, lo, hi, c.y_label, c.x_label, legend, false);
  if (plot) *plot = ImVec4(f.min.x, f.min.y, f.max.x, f.max.y);
  if (legend_rect)
    *legend_rect = ImVec4(f.legend_min.x, f.legend_min.y, f.legend_max.x, f.legend_max.y);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float span = static_cast<float>(std::max<size_t>(1, n - 1));
  auto x_of = [&](size_t i) { return f.min.x + f.width() * static_cast<float>(i) / span; };
  // The plot's background, grid and lines: drawn once into an opaque image
  // (studio/session/plot_raster.h) and shown as one rectangle, redrawn only
  // when their data or the plot change.
  PlotBackdrop backdrop{kBackground, {}};
  for (double t : f.ticks) backdrop.grid.emplace_back(t, t == 0 ? kAxis : kGrid);
  const float scale = ImGui::GetIO().DisplayFramebufferScale.x;
  CachedPlot& cache = cached_plot(id);
  if (cache.plot.update(lines, c.data_key, static_cast<int>(std::round(f.width() * scale)),
                        static_cast<int>(std::round((f.max.y - f.min.y) * scale)), f.lo, f.hi,
                        stride, backdrop) ||
      cache.texture.empty())
    cache.texture.upload(cache.plot.image());
  dl->PushClipRect(f.min, f.max, true);
  draw_raster(dl, cache.texture, cache.plot.image(), f.min, scale);
  dl->PopClipRect();
  axes(dl, f);
  dl->PushClipRect(f.min, f.max, true);
  const ImDrawListFlags flags = dl->Flags;
  dl->Flags &= ~ImDrawListFlags_AntiAliasedLines;
  if (c.highlight && *c.highlight < n)
    dl->AddLine(ImVec2(x_of(*c.highlight), f.min.y), ImVec2(x_of(*c.highlight), f.max.y),
                IM_COL32(255, 60, 60, 255), 1.5f);
  if (c.marker && *c.marker < n)
    dl->AddLine(ImVec2(x_of(*c.marker), f.min.y), ImVec2(x_of(*c.marker), f.max.y),
                IM_COL32(255, 255, 255, 200), 1.0f);
  dl->Flags = flags;
  dl->PopClipRect();
  if (!f.hovered) return std::nullopt;
  const auto at = index_at(f.fraction(ImGui::GetIO().MousePos.x), n);
  if (!at) return std::nullopt;
  dl->AddLine(ImVec2(x_of(*at), f.min.y), ImVec2(x_of(*at), f.max.y), IM_COL32(200, 200, 255, 120));
  ImGui::BeginTooltip();
  if (c.describe_x) ImGui::TextUnformatted(c.describe_x(*at).c_str());
  for (const Line& l : c.lines) {
    if (*at >= l.n) continue;
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(l.colour), "%s: %s", l.name.c_str(),
                       number(l.at(*at)).c_str());
  }
  ImGui::TextDisabled("click: go to this event");
  ImGui::EndTooltip();
  return f.clicked ? at : std::nullopt;
}

std::optional<size_t> bar_chart(const BarChart& c, float height) {
  if (!c.title.empty()) ImGui::TextUnformatted(c.title.c_str());
  double lo = 0, hi = 1e-9;
  for (const BarSeries& s : c.series) {
    for (const Bar& b : s.bars) {
      lo = std::min({lo, b.value, b.interval ? b.lo : b.value});
      hi = std::max({hi, b.value, b.interval ? b.hi : b.value});
    }
  }
  std::vector<Key> legend;
  for (const BarSeries& s : c.series) legend.push_back({s.name, s.colour, false});
  const Frame f = frame(c.id, height, lo, hi, c.y_label, c.x_label, legend);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const size_t groups = std::max<size_t>(1, c.groups.size());
  const float gw = f.width() / static_cast<float>(groups);
  const float bw = gw * 0.8f / static_cast<float>(std::max<size_t>(1, c.series.size()));
  const ImU32 whisker = IM_COL32(255, 255, 255, 230);
  for (size_t g = 0; g < c.groups.size(); ++g) {
    const float x0 = f.min.x + gw * static_cast<float>(g) + gw * 0.1f;
    for (size_t s = 0; s < c.series.size(); ++s) {
      if (g >= c.series[s].bars.size()) continue;
      const Bar& b = c.series[s].bars[g];
      const float x = x0 + bw * static_cast<float>(s);
      dl->AddRectFilled(ImVec2(x, std::min(f.y(b.value), f.y(0))),
                        ImVec2(x + std::max(1.0f, bw - 1), std::max(f.y(b.value), f.y(0))),
                        c.series[s].colour);
      if (!b.interval) continue;
      const float mid = x + bw / 2;
      const float cap = std::min(4.0f, bw / 2);
      dl->AddLine(ImVec2(mid, f.y(b.lo)), ImVec2(mid, f.y(b.hi)), whisker, 1.5f);
      dl->AddLine(ImVec2(mid - cap, f.y(b.hi)), ImVec2(mid + cap, f.y(b.hi)), whisker);
      dl->AddLine(ImVec2(mid - cap, f.y(b.lo)), ImVec2(mid + cap, f.y(b.lo)), whisker);
    }
  }
  // The groups' labels, as many as fit side by side whole, clear of the
  // axis' unit at the right (studio/session/chart_math.h).
  std::vector<float> widths;
  for (const std::string& g : c.groups) widths.push_back(ImGui::CalcTextSize(g.c_str()).x);
  const float unit = c.x_label.empty() ? 0 : ImGui::CalcTextSize(c.x_label.c_str()).x;
  for (size_t g : shown_group_labels(widths, f.width(), unit, 8)) {
    const float mid = f.min.x + gw * (static_cast<float>(g) + 0.5f);
    dl->AddText(ImVec2(mid - widths[g] / 2, f.max.y + 3), kText, c.groups[g].c_str());
  }
  if (!f.hovered || c.groups.empty()) return std::nullopt;
  const size_t g =
      std::min(c.groups.size() - 1,
               static_cast<size_t>(std::max(0.0, f.fraction(ImGui::GetIO().MousePos.x)) *
                                   static_cast<double>(c.groups.size())));
  const float gx = f.min.x + gw * static_cast<float>(g);
  dl->AddRect(ImVec2(gx, f.min.y), ImVec2(gx + gw, f.max.y), IM_COL32(200, 200, 255, 120));
  ImGui::BeginTooltip();
  ImGui::TextUnformatted(c.groups[g].c_str());
  for (const BarSeries& s : c.series) {
    if (g >= s.bars.size()) continue;
    const Bar& b = s.bars[g];
    char buf[160], v[48], l[48], h[48];
    std::snprintf(v, sizeof v, "%.*f", c.decimals, b.value);
    std::snprintf(l, sizeof l, "%.*f", c.decimals, b.lo);
    std::snprintf(h, sizeof h, "%.*f", c.decimals, b.hi);
    if (b.interval)
      std::snprintf(buf, sizeof buf, "%s: %s  (95%% CI %s to %s)", s.name.c_str(), v, l, h);
    else
      std::snprintf(buf, sizeof buf, "%s: %s", s.name.c_str(), v);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(s.colour), "%s", buf);
  }
  ImGui::EndTooltip();
  return f.clicked ? std::optional<size_t>(g) : std::nullopt;
}

}  // namespace zetema::studio::chart
