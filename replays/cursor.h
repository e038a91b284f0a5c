// Stepping through a replay: a cursor over its event stream.
//
// Position i is the table after the first i events (0: before the first
// deal). Snapshots of the position are kept at step boundaries every few
// dozen events, so a seek restores the nearest one and re-applies at most
// a few dozen events' worth of actions, watching the events to stop at the
// exact one asked for.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "replays/record.h"

namespace zetema::replays {

class ReplayCursor {
 public:
  // Re-derives `r` under `rules` (which must outlive the cursor). On
  // failure returns nullopt and says why in `error`.
  static std::optional<ReplayCursor> open(const Replay& r, const Ruleset& rules,
                                          std::string& error);

  size_t size() const { return events_.size(); }  // positions are 0..size()
  size_t position() const { return position_; }
  const State& state() const { return state_; }
  const EventLog& events() const { return events_; }
  const std::vector<Step>& steps() const { return steps_; }
  bool finished() const { return finished_; }

  void seek(size_t position);
  // The table at `position` without moving the cursor (a hover preview):
  // the same bounded work as a seek, from the nearest snapshot.
  State state_at(size_t position) const;
  bool next();  // false at the end
  bool prev();  // false at the start

  // Markers: the positions where each hand and each turn begins (the
  // first position whose table shows its number: just after its first
  // event), and the events that score (each shown at the position after it).
  const std::vector<size_t>& hand_starts() const { return hand_starts_; }
  const std::vector<size_t>& turn_starts() const { return turn_starts_; }
  const std::vector<size_t>& score_events() const { return score_events_; }
  void seek_hand(size_t hand);  // 0-based
  void seek_turn(size_t turn);  // 0-based
  bool next_score();            // to the position just after the next scoring event
  bool prev_score();

  // The hand (0-based) and turn (0-based) a position belongs to.
  size_t hand_at(size_t position) const;
  size_t turn_at(size_t position) const;

  static constexpr size_t kSnapshotEvery = 32;

 private:
  struct Snapshot {
    size_t step;  // the state before this step
    State state;
  };
  ReplayCursor() = default;

  const Ruleset* rules_ = nullptr;
  State start_;
  EventLog events_;
  std::vector<Step> steps_;
  std::vector<Snapshot> snapshots_;
  std::vector<size_t> hand_starts_, turn_starts_, score_events_;
  bool finished_ = false;
  size_t position_ = 0;
  State state_;
};

}  // namespace zetema::replays
