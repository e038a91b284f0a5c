#include "studio/session/tick_strip.h"

#include <algorithm>
#include <cmath>

namespace zetema::studio {

int column_of(size_t p, size_t events, int width) {
  if (width <= 0) return 0;
  const size_t n = std::max<size_t>(1, events);
  const size_t c = std::min(p, n) * static_cast<size_t>(width) / n;
  return static_cast<int>(std::min<size_t>(c, static_cast<size_t>(width - 1)));
}

StripDensity strip_density(const std::vector<TickColumn>& columns) {
  size_t turns = 0, scores = 0;
  StripDensity d;
  for (const TickColumn& c : columns) {
    turns += c.turns > 0;
    scores += c.scores > 0;
    d.most_scores = std::max(d.most_scores, c.scores);
  }
  d.dense_turns = turns * 3 > columns.size();
  d.dense_scores = scores * 3 > columns.size();
  return d;
}

const std::vector<TickColumn>& TickStrip::columns(size_t events,
                                                  const std::vector<size_t>& hand_starts,
                                                  const std::vector<size_t>& turn_starts,
                                                  const std::vector<size_t>& score_events,
                                                  int width) {
  width = std::max(1, width);
  if (key_data_ == score_events.data() && key_events_ == events &&
      key_scores_ == score_events.size() && key_width_ == width)
    return columns_;
  columns_.assign(static_cast<size_t>(width), {});
  auto col = [&](size_t p) -> TickColumn& {
    return columns_[static_cast<size_t>(column_of(p, events, width))];
  };
  for (size_t t : turn_starts) ++col(t).turns;
  for (size_t h : hand_starts) ++col(h).hands;
  for (size_t e : score_events) {  // shown at the position after the event
    TickColumn& c = col(e + 1);
    if (c.scores++ == 0) c.first_score = e;
  }
  key_data_ = score_events.data();
  key_events_ = events;
  key_scores_ = score_events.size();
  key_width_ = width;
  ++builds_;
  return columns_;
}

void paint_strip(Raster& r, const std::vector<TickColumn>& columns, float height, float scale) {
  r.reset(static_cast<int>(std::lround(static_cast<double>(columns.size()) * scale)),
          static_cast<int>(std::lround(height * scale)));
  r.fill_rect(0, 0, static_cast<float>(r.width), static_cast<float>(r.height), kStripBackground);
  const StripDensity density = strip_density(columns);
  const float s = scale;
  for (size_t i = 0; i < columns.size(); ++i) {
    const float x = static_cast<float>(i);
    const TickColumn& t = columns[i];
    if (t.hands) {
      r.fill_rect(x * s, 0, (x + 2) * s, height * s, kStripHand);
    } else if (t.turns && !density.dense_turns) {
      r.fill_rect(x * s, 14 * s, (x + 1) * s, height * s, kStripTurn);
    }
    if (!t.scores) continue;
    if (density.dense_scores) {
      const float bar = std::round(std::max(
          2.0f, 12.0f * static_cast<float>(t.scores) / static_cast<float>(density.most_scores)));
      r.fill_rect(x * s, (13 - bar) * s, (x + 1) * s, 13 * s, kStripScore);
    } else {
      r.disc((x + 0.5f) * s, 8 * s, kStripDotRadius * s, kStripScore);
    }
  }
}

bool TickStrip::paint(float height, float scale) {
  if (painted_build_ == builds_ && painted_height_ == height && painted_scale_ == scale)
    return false;
  paint_strip(image_, columns_, height, scale);
  painted_build_ = builds_;
  painted_height_ = height;
  painted_scale_ = scale;
  ++paints_;
  return true;
}

}  // namespace zetema::studio
