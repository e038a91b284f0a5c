// Finding events: the event list filtered by seat, kind, points and text,
// in game order or by points, and the next or previous score it keeps (the
// timeline's "< score" / "score >" and the keys N / Shift+N), the next
// divergence of a diff (D). GUI-free; the event list and timeline draw it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/event.h"
#include "engine/state.h"
#include "replays/cursor.h"
#include "replays/diff.h"

namespace zetema::studio {

// What the event list keeps, and in what order.
struct EventQuery {
  int seat = -1;             // -1: any; else the seat (from 0) that acted, or whose side scored
  std::string kind;          // "": any; else an event_kind() name
  bool scores_only = false;  // only the events that score
  int min_points = 0;        // > 0: only scores of at least this many points
  std::string text;          // "": any; else a part of the event's text, in any case
  bool by_points = false;    // the most points first (ties in game order); else game order
  // Whether the query leaves any event out or reorders them.
  bool filters() const;
  bool operator==(const EventQuery&) const = default;
};

// The kind an event is filtered by: a declaration's combination
// ("sequence", "marriages", a variant's own "pair-of-sevens"), else the
// event's type ("deal", "draw", "discard", "zetema", "award", ...).
std::string event_kind(const Event& e, const Ruleset& rules);

// Whether `q` keeps `e`; its text is matched as the seats `shown` read it
// (describe), so a search never finds a card those seats did not see.
bool keeps(const EventQuery& q, const Event& e, const State& s, SeatsShown shown);

// The event list's rows for a query, kept until the events, the seats
// shown or the query change (a search over every event's text is done once
// a keystroke, not once a frame).
class EventFinder {
 public:
  // The events `q` keeps (indexes into `events`), in its order. `s` is any
  // position of the game (only its rules and sides are read).
  const std::vector<size_t>& rows(const EventLog& events, const State& s, SeatsShown shown,
                                  const EventQuery& q);
  // Of the last rows(): the scoring events kept, in game order; every kind
  // that occurs in the game, in the order first met (the filter's choices).
  const std::vector<size_t>& scores() const { return scores_; }
  const std::vector<std::string>& kinds() const { return kinds_; }
  size_t builds() const { return builds_; }

 private:
  std::vector<size_t> rows_, scores_;
  std::vector<std::string> kinds_;
  EventQuery key_query_;
  const Event* key_data_ = nullptr;
  size_t key_size_ = SIZE_MAX;
  const Ruleset* key_rules_ = nullptr;
  SeatsShown key_shown_ = SeatsShown::none();
  size_t builds_ = 0;
};

// The position of the next (`forward`) or previous scoring event of
// `scores` (sorted) from cursor position `position`: just after it, where
// its dot is. None past the last (before the first).
std::optional<size_t> score_step(const std::vector<size_t>& scores, size_t position, bool forward);

// Moves `c` to the next or previous score `q` keeps; false if there is none.
// The timeline's buttons and keys and the scripted next-score all call it.
bool step_score(replays::ReplayCursor& c, EventFinder& f, const EventQuery& q, SeatsShown shown,
                bool forward);

// The event (of A) of the divergence after the `selected` event, or the
// first divergence when none lies after it; none without divergences.
std::optional<size_t> next_divergence(const std::vector<replays::Divergence>& d,
                                      std::optional<size_t> selected);

}  // namespace zetema::studio
