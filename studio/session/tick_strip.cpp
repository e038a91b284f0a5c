#include "studio/session/tick_strip.h"

#include <algorithm>
#include <cmath>

namespace zetema::studio {

ScoreKind score_kind(const Event& e) {
  switch (e.type) {
    case EventType::Declare: {
      const int k = static_cast<int>(e.kind);
      return k < static_cast<int>(ScoreKind::OwnKind) ? static_cast<ScoreKind>(k)
                                                      : ScoreKind::OwnKind;
    }
    case EventType::Zetema:
      return ScoreKind::Zetema;
    case EventType::Award:
      return ScoreKind::Award;
    default:
      return ScoreKind::Other;
  }
}

namespace {
struct KindLook {
  const char* name;
  uint32_t colour;  // IM_COL32(r, g, b, 255) = 0xffBBGGRR
};
// In ScoreKind's order: apart from each other, from the hand lines' blue and
// from the position's and the divergence's red.
constexpr KindLook kKindLooks[kScoreKinds] = {
    {"sequence", 0xff6ed26e},              // (110, 210, 110)
    {"flush", 0xffff785a},                 // (90, 120, 255)
    {"flush-sequence", 0xffdcdc3c},        // (60, 220, 220)
    {"assembly", 0xfff082be},              // (190, 130, 240)
    {"marriages", 0xffb478f5},             // (245, 120, 180)
    {"a variant's own kind", 0xffebebeb},  // (235, 235, 235)
    {"zetema", kStripScore},               // (240, 190, 60)
    {"award", 0xff328cf5},                 // (245, 140, 50)
    {"other score", 0xff969696},           // (150, 150, 150)
};
}  // namespace

const char* score_kind_name(ScoreKind k) {
  return k < ScoreKind::Count ? kKindLooks[static_cast<int>(k)].name : "score";
}

uint32_t score_kind_colour(ScoreKind k) {
  return k < ScoreKind::Count ? kKindLooks[static_cast<int>(k)].colour : kStripScore;
}

float score_dot_radius(int32_t points, int32_t most_points) {
  if (most_points <= 0) return kStripDotRadius;
  const float share =
      std::min(1.0f, static_cast<float>(std::abs(points)) / static_cast<float>(most_points));
  return kStripDotRadius + (kStripDotMaxRadius - kStripDotRadius) * std::sqrt(share);
}

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
    d.most_points = std::max(d.most_points, c.most_points);
  }
  d.dense_turns = turns * 3 > columns.size();
  d.dense_scores = scores * 3 > columns.size();
  return d;
}

const std::vector<TickColumn>& TickStrip::columns(size_t events,
                                                  const std::vector<size_t>& hand_starts,
                                                  const std::vector<size_t>& turn_starts,
                                                  const std::vector<size_t>& score_events,
                                                  int width, const EventLog* log) {
  width = std::max(1, width);
  if (key_data_ == score_events.data() && key_events_ == events &&
      key_scores_ == score_events.size() && key_width_ == width && key_log_ == log)
    return columns_;
  kinds_seen_ = 0;
  columns_.assign(static_cast<size_t>(width), {});
  auto col = [&](size_t p) -> TickColumn& {
    return columns_[static_cast<size_t>(column_of(p, events, width))];
  };
  for (size_t t : turn_starts) ++col(t).turns;
  for (size_t h : hand_starts) ++col(h).hands;
  for (size_t e : score_events) {  // shown at the position after the event
    TickColumn& c = col(e + 1);
    if (c.scores++ == 0) c.first_score = e;
    if (!log || e >= log->size()) continue;
    const Event& ev = (*log)[e];
    const int32_t points = std::abs(ev.points);
    if (points > c.most_points || c.kind == ScoreKind::Count) {
      c.most_points = std::max(c.most_points, points);
      c.kind = score_kind(ev);
    }
    kinds_seen_ |= 1u << static_cast<int>(score_kind(ev));
  }
  key_data_ = score_events.data();
  key_events_ = events;
  key_scores_ = score_events.size();
  key_width_ = width;
  key_log_ = log;
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
    const uint32_t colour = score_kind_colour(t.kind);
    if (density.dense_scores) {
      const float bar = std::round(std::max(
          2.0f, 12.0f * static_cast<float>(t.scores) / static_cast<float>(density.most_scores)));
      r.fill_rect(x * s, (13 - bar) * s, (x + 1) * s, 13 * s, colour);
    } else {
      r.disc((x + 0.5f) * s, 8 * s, score_dot_radius(t.most_points, density.most_points) * s,
             colour);
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
