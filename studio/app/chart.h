// The one chart-drawing helper every panel uses (the diff's cumulative
// score, the Lab's bars and histograms): a plot with a y axis at round
// values, labelled x positions, a legend, the values under the mouse in a
// tooltip, and the index clicked returned to the caller.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace zetema::studio::chart {

// A line over x = 0..n-1, its values read in place by `y` (a chart of a
// long game copies nothing per frame, and reads only the points that fit
// its width).
struct Line {
  std::string name;
  ImU32 colour = IM_COL32_WHITE;
  std::function<double(size_t)> y;
  size_t n = 0;
  float thickness = 2.0f;
  bool dashed = false;  // drawn in dashes (B beside A's solid line)
  double at(size_t i) const { return y(i); }
};

struct LineChart {
  const char* id = "chart";
  std::string x_label, y_label;
  std::vector<Line> lines;
  std::optional<size_t> marker;     // the selected position, drawn as a white line
  std::optional<size_t> highlight;  // a red line (the first divergence)
  // Names the lines' data: the chart redraws its lines when it changes (or
  // the plot's size or y range do), not every frame.
  uint64_t data_key = 0;
  // What an x index stands for, for the tooltip ("" for nothing).
  std::function<std::string(size_t)> describe_x;
};

// Draws the chart `height` pixels tall across the available width; returns
// the x index clicked this frame, if any. `plot`, if given, receives the
// plot area's corners (x0, y0, x1, y1): index 0 at x0, the last at x1;
// `legend`, if given, the legend's (wrapped onto as many lines as it needs).
std::optional<size_t> line_chart(const LineChart& c, float height, ImVec4* plot = nullptr,
                                 ImVec4* legend = nullptr);

// A value with an optional 95% interval.
struct Bar {
  double value = 0, lo = 0, hi = 0;
  bool interval = false;
};
struct BarSeries {
  std::string name;
  ImU32 colour = IM_COL32_WHITE;
  std::vector<Bar> bars;  // one per group
};
struct BarChart {
  const char* id = "bars";
  std::string title, x_label, y_label;
  std::vector<std::string> groups;  // the x axis' labels, one per group
  std::vector<BarSeries> series;    // drawn side by side in each group
  int decimals = 2;                 // of the values in the tooltip
};

// Grouped bars standing on zero (below it for a negative value), with
// whiskers where an interval is given; returns the group clicked, if any.
std::optional<size_t> bar_chart(const BarChart& c, float height);

}  // namespace zetema::studio::chart
