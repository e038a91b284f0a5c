// The timeline's marker strip, drawn at the resolution of the screen: the
// hand, turn and score markers of a replay aggregated per pixel column, so
// a 25,000-event replay draws at most a few primitives per column instead
// of one per marker (and never a solid bar). Computed once per replay and
// strip width, not per frame.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/event.h"
#include "studio/session/raster.h"

namespace zetema::studio {

// What a score marker's colour says: the combination declared, a zetema,
// a hook's award, or another score (a penalty, the game's end).
enum class ScoreKind : uint8_t {
  Sequence,
  Flush,
  FlushSequence,
  Assembly,
  Marriages,
  OwnKind,  // a kind the variant defines
  Zetema,
  Award,
  Other,
  Count
};
inline constexpr int kScoreKinds = static_cast<int>(ScoreKind::Count);
ScoreKind score_kind(const Event& e);
const char* score_kind_name(ScoreKind k);  // "sequence", ..., "a variant's own kind"
// As IM_COL32 packs it; Count (a kind not known) kStripScore.
uint32_t score_kind_colour(ScoreKind k);

struct TickColumn {
  uint32_t turns = 0;                 // turn starts falling in this column
  uint32_t scores = 0;                // scoring events (drawn at the position after each)
  uint32_t hands = 0;                 // hand starts
  size_t first_score = SIZE_MAX;      // the first scoring event in the column
  int32_t most_points = 0;            // the largest score in the column (its dot's size)
  ScoreKind kind = ScoreKind::Count;  // that score's kind, its dot's colour (Count: unknown)
};

class TickStrip {
 public:
  // The columns for a strip `width` pixels wide over positions 0..events;
  // recomputed only when the markers or the width change. With `log` (the
  // events `score_events` index) each column's scores carry their points
  // and kind; without, every score is drawn alike.
  const std::vector<TickColumn>& columns(size_t events, const std::vector<size_t>& hand_starts,
                                         const std::vector<size_t>& turn_starts,
                                         const std::vector<size_t>& score_events, int width,
                                         const EventLog* log = nullptr);
  // The score kinds the last columns() met (bit k: ScoreKind k), for the legend.
  uint32_t kinds_seen() const { return kinds_seen_; }
  // How many times the columns were computed (tests check the cache).
  size_t builds() const { return builds_; }
  // The strip drawn from the last columns() into an image `height` units
  // tall at `scale` pixels per unit (one column per unit across), redrawn
  // only when the columns or the size change; returns whether it redrew.
  bool paint(float height, float scale);
  const Raster& image() const { return image_; }
  size_t paints() const { return paints_; }

 private:
  std::vector<TickColumn> columns_;
  const size_t* key_data_ = nullptr;  // the markers the columns were built from
  size_t key_events_ = SIZE_MAX, key_scores_ = 0;
  int key_width_ = -1;
  const EventLog* key_log_ = nullptr;
  uint32_t kinds_seen_ = 0;
  size_t builds_ = 0;
  Raster image_;
  size_t painted_build_ = 0;
  float painted_height_ = -1, painted_scale_ = -1;
  size_t paints_ = 0;
};

// Whether markers are too dense to draw one by one (more than one column
// in three has one): then turn ticks would make a solid bar, and score dots
// would merge; and the most scores any column holds.
struct StripDensity {
  bool dense_turns = false, dense_scores = false;
  uint32_t most_scores = 0;
  int32_t most_points = 0;  // the largest score of all (the largest dot)
};
StripDensity strip_density(const std::vector<TickColumn>& columns);

// The strip's colours and geometry (in units of a column's width; 22 tall).
inline constexpr uint32_t kStripBackground = 0xff241e1e;  // IM_COL32(30, 30, 36, 255)
inline constexpr uint32_t kStripHand = 0xffffc878;        // IM_COL32(120, 200, 255, 255)
inline constexpr uint32_t kStripTurn = 0xff6e5a5a;        // IM_COL32(90, 90, 110, 255)
inline constexpr uint32_t kStripScore = 0xff3cbef0;       // IM_COL32(240, 190, 60, 255)
inline constexpr float kStripDotRadius = 2.5f;            // a score's dot when they are sparse
inline constexpr float kStripDotMaxRadius = 6.0f;         // ... the largest score's dot

// The radius of a score's dot: kStripDotRadius for the smallest (or when
// the points are unknown), growing with the square root of its points (the
// dot's area with the points) to kStripDotMaxRadius for the largest score.
float score_dot_radius(int32_t points, int32_t most_points);

// Draws `columns` into `r` (resized to the columns' count times `scale`
// across, `height` times `scale` down): the background, a hand start as a
// bar 2 wide the full height, turn starts as ticks 1 wide at the bottom
// (left out when dense), scores as dots sized by their points, or when
// dense as a profile up to 12 tall, taller where more of them fall; each in
// its kind's colour (the column's largest score's).
void paint_strip(Raster& r, const std::vector<TickColumn>& columns, float height, float scale);

// The column (0..width-1) of position `p` in a strip over 0..events.
int column_of(size_t p, size_t events, int width);

}  // namespace zetema::studio
