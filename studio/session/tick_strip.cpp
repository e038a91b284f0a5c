#include "studio/session/tick_strip.h"

#include <algorithm>

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

}  // namespace zetema::studio
