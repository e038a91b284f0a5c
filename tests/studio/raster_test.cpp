// The CPU-drawn images behind the diff's chart and the timeline's marker
// strip (studio/session/raster.h, plot_raster.h, tick_strip.h): what they
// show, and that they are redrawn only when their data or size change.
#include <doctest/doctest.h>

#include <vector>

#include "studio/session/plot_raster.h"
#include "studio/session/raster.h"
#include "studio/session/tick_strip.h"

using namespace zetema::studio;

namespace {
constexpr uint32_t kRed = 0xff0000ff, kBlue = 0xffff0000;
uint32_t alpha(uint32_t c) {
  return c >> 24;
}
// The rows of column `x` that are not transparent.
std::vector<int> painted_rows(const Raster& r, int x) {
  std::vector<int> rows;
  for (int y = 0; y < r.height; ++y)
    if (alpha(r.at(x, y))) rows.push_back(y);
  return rows;
}
}  // namespace

TEST_CASE("a raster fills the pixels whose centres a rectangle, line or disc covers") {
  Raster r;
  r.reset(10, 6);
  CHECK(r.pixels.size() == 60);
  CHECK(r.at(3, 3) == 0);
  r.fill_rect(2, 1, 4, 3, kRed);  // pixels x 2..3, y 1..2
  CHECK(r.at(2, 1) == kRed);
  CHECK(r.at(3, 2) == kRed);
  CHECK(r.at(4, 2) == 0);
  CHECK(r.at(2, 3) == 0);
  r.fill_rect(-5, -5, 100, 0.4f, kBlue);  // clipped to the image; no centre in y < 0.4
  CHECK(r.at(0, 0) == 0);
  // A horizontal line 1 thick along y = 4.5 paints row 4 only, end to end.
  r.line(0, 4.5f, 10, 4.5f, kBlue, 1);
  for (int x = 0; x < 10; ++x) CHECK(r.at(x, 4) == kBlue);
  CHECK(r.at(5, 3) == 0);
  CHECK(r.at(5, 5) == 0);
  Raster d;
  d.reset(9, 9);
  d.disc(4.5f, 4.5f, 2.5f, kRed);
  CHECK(d.at(4, 4) == kRed);
  CHECK(d.at(4, 2) == kRed);
  CHECK(d.at(4, 1) == 0);
  CHECK(d.at(2, 2) == 0);  // a disc, not its square
}

TEST_CASE("a translucent colour over another blends as the GPU would over an opaque background") {
  const uint32_t half_red = 0x800000ff;
  CHECK(blend_over(half_red, 0) == half_red);        // over nothing: itself
  CHECK(blend_over(kBlue, half_red) == kBlue);       // opaque covers
  const uint32_t mix = blend_over(half_red, kBlue);  // over opaque blue: half and half, opaque
  CHECK(alpha(mix) == 255);
  CHECK((mix & 0xff) == doctest::Approx(128).epsilon(0.02));
  CHECK(((mix >> 16) & 0xff) == doctest::Approx(127).epsilon(0.02));
}

TEST_CASE("a chart's lines are drawn once per data, size and range, A solid, B dashed") {
  // A rising line over 1,000 points into a plot 300 x 100 pixels.
  const size_t n = 1000;
  std::vector<PlotLine> lines{
      {kRed, 2.0f, false, n, [](size_t i) { return static_cast<double>(i); }}};
  const size_t stride = plot_stride(n, 300);
  CHECK(stride == 10);  // one point every ~3 pixels
  const auto at = plot_points(n, stride);
  CHECK(at.front() == 0);
  CHECK(at.back() == n - 1);  // the last point is always drawn
  CHECK(at[1] == 10);
  double lo = 0, hi = 0;
  plot_range(lines, stride, lo, hi);
  CHECK(lo == 0);
  CHECK(hi == 999);
  PlotRaster plot;
  CHECK(plot.update(lines, 7, 300, 100, lo, hi, stride));
  const Raster& img = plot.image();
  REQUIRE(img.width == 300);
  REQUIRE(img.height == 100);
  // The line runs from bottom left to top right: low in column 10, high in 290.
  const auto left = painted_rows(img, 10), right = painted_rows(img, 290);
  REQUIRE(!left.empty());
  REQUIRE(!right.empty());
  CHECK(left.front() > 90);
  CHECK(right.back() < 10);
  CHECK(img.at(150, 50) == kRed);  // the middle of the diagonal
  CHECK(alpha(img.at(150, 10)) == 0);
  // The next frame: nothing redrawn; a new diff (key), width or range redraws.
  CHECK_FALSE(plot.update(lines, 7, 300, 100, lo, hi, stride));
  CHECK(plot.builds() == 1);
  CHECK(plot.update(lines, 8, 300, 100, lo, hi, stride));
  CHECK(plot.update(lines, 8, 320, 100, lo, hi, stride));
  CHECK(plot.update(lines, 8, 320, 100, lo, 2 * hi, stride));
  CHECK(plot.builds() == 4);
  CHECK(plot.update(lines, 0, 320, 100, lo, 2 * hi, stride));  // key 0: unknown data, redrawn
  CHECK(plot.update(lines, 0, 320, 100, lo, 2 * hi, stride));
  // A dashed line (B) leaves every other segment out: about half the pixels.
  std::vector<PlotLine> flat{{kBlue, 2.0f, false, n, [](size_t) { return 500.0; }}};
  PlotRaster solid, dashed;
  solid.update(flat, 1, 300, 100, 0, 999, stride);
  flat[0].dashed = true;
  dashed.update(flat, 1, 300, 100, 0, 999, stride);
  auto count = [](const Raster& r) {
    size_t k = 0;
    for (uint32_t p : r.pixels) k += alpha(p) > 0;
    return k;
  };
  CHECK(count(solid.image()) > 500);
  CHECK(count(dashed.image()) < count(solid.image()) * 2 / 3);
  CHECK(count(dashed.image()) > count(solid.image()) / 3);
  CHECK(alpha(dashed.image().at(1, 50)) > 0);   // the first segment is drawn
  CHECK(alpha(dashed.image().at(4, 50)) == 0);  // the second is not
}

TEST_CASE("the tick strip's image shows hands, dense turns left out, and a score profile") {
  // 10 columns: a hand at column 0, turns everywhere (dense), scores in 6 of them.
  std::vector<TickColumn> cols(10);
  cols[0].hands = 1;
  for (auto& c : cols) c.turns = 2;
  for (size_t i : {2, 3, 4, 6, 7, 8}) cols[i].scores = 1;
  cols[4].scores = 4;  // the most: the tallest bar (12)
  Raster r;
  paint_strip(r, cols, 22, 1.0f);
  REQUIRE(r.width == 10);
  REQUIRE(r.height == 22);
  CHECK(r.at(0, 0) == kStripHand);  // a hand: 2 wide, the full height
  CHECK(r.at(1, 21) == kStripHand);
  CHECK(r.at(9, 20) == kStripBackground);  // dense turns: no tick
  CHECK(r.at(4, 1) == kStripScore);        // the tallest bar: rows 1..12
  CHECK(r.at(4, 0) == kStripBackground);
  CHECK(r.at(4, 12) == kStripScore);
  CHECK(r.at(4, 13) == kStripBackground);
  CHECK(r.at(2, 9) == kStripBackground);  // a quarter of the most: 3 tall, rows 10..12
  CHECK(r.at(2, 10) == kStripScore);
  CHECK(r.at(2, 12) == kStripScore);
  CHECK(r.at(5, 12) == kStripBackground);  // no score
  // Sparse turns and scores: ticks at the bottom, dots.
  std::vector<TickColumn> sparse(30);
  sparse[10].turns = 1;
  sparse[20].scores = 1;
  paint_strip(r, sparse, 22, 1.0f);
  CHECK(r.at(10, 14) == kStripTurn);
  CHECK(r.at(10, 21) == kStripTurn);
  CHECK(r.at(10, 13) == kStripBackground);
  CHECK(r.at(20, 8) == kStripScore);  // the dot's centre (20.5, 8)
  CHECK(r.at(20, 6) == kStripScore);
  CHECK(r.at(20, 4) == kStripBackground);
  // At twice the pixels per unit, everything twice as large.
  paint_strip(r, sparse, 22, 2.0f);
  CHECK(r.width == 60);
  CHECK(r.height == 44);
  CHECK(r.at(21, 28) == kStripTurn);
  CHECK(r.at(21, 27) == kStripBackground);
}

TEST_CASE("the tick strip's image is redrawn only when its columns or size change") {
  std::vector<size_t> hands{1, 50}, turns{1, 10, 20, 50}, scores{5, 30};
  TickStrip strip;
  strip.columns(100, hands, turns, scores, 40);
  CHECK(strip.paint(22, 1.0f));
  CHECK(strip.image().width == 40);
  CHECK_FALSE(strip.paint(22, 1.0f));  // the next frame
  CHECK(strip.paints() == 1);
  strip.columns(100, hands, turns, scores, 40);  // same columns: nothing to redraw
  CHECK_FALSE(strip.paint(22, 1.0f));
  strip.columns(100, hands, turns, scores, 60);  // resized
  CHECK(strip.paint(22, 1.0f));
  CHECK(strip.image().width == 60);
  CHECK(strip.paint(22, 2.0f));  // another display scale
  CHECK(strip.paints() == 3);
}
