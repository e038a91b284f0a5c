#include "replays/cursor.h"

#include <algorithm>

namespace zetema::replays {

std::optional<ReplayCursor> ReplayCursor::open(const Replay& r, const Ruleset& rules,
                                               std::string& error) {
  ReplayCursor c;
  c.rules_ = &rules;
  // Watch every event once: where turns begin, which events score. A turn
  // or hand "begins" at the first position whose table shows it (just after
  // the event that first carries its number), so the timeline's numbers and
  // the table's are the same at every position.
  uint32_t turn = 0;
  size_t seen = 0;
  const EventObserver watch = [&](const State& s, const Event& e) {
    if (s.turn_number != turn) {  // turn numbers start at 1
      turn = s.turn_number;
      c.turn_starts_.push_back(seen + 1);
    }
    if (e.type == EventType::HandStart) c.hand_starts_.push_back(seen + 1);
    if (e.scores()) c.score_events_.push_back(seen);
    ++seen;
  };
  Rederived d = rederive(r, rules, &watch);
  if (!d.ok) {
    error = d.error;
    return std::nullopt;
  }
  NewGame g = new_game(rules, replay_setup(r));
  c.start_ = g.state;
  // Before the first deal the table already knows who deals it (event 0).
  if (!r.hands.empty()) c.start_.dealer = static_cast<uint8_t>(r.hands.front().dealer);
  c.events_ = std::move(d.events);
  c.steps_ = std::move(d.steps);
  c.finished_ = d.finished;
  // Snapshots: replay the steps once more, keeping the state before a step
  // whenever kSnapshotEvery events have passed since the last snapshot.
  State s = c.start_;
  EventLog scratch;
  size_t last = 0;
  for (size_t k = 0; k < c.steps_.size(); ++k) {
    const Step& st = c.steps_[k];
    if (k == 0 || st.first_event - last >= kSnapshotEvery) {
      c.snapshots_.push_back({k, s});
      last = st.first_event;
    }
    scratch.clear();
    if (!apply_step(s, st, scratch).ok) {  // a hook that answers otherwise the second time
      error = kPlayedOtherwise;
      return std::nullopt;
    }
  }
  c.state_ = c.start_;
  c.position_ = 0;
  return c;
}

void ReplayCursor::seek(size_t target) {
  target = std::min(target, events_.size());
  state_ = state_at(target);
  position_ = target;
}

State ReplayCursor::state_at(size_t target) const {
  target = std::min(target, events_.size());
  if (target == 0) return start_;
  // The step holding event target - 1, and the last snapshot before it.
  const size_t event = target - 1;
  const auto step_it =
      std::upper_bound(steps_.begin(), steps_.end(), event,
                       [](size_t e, const Step& st) { return e < st.first_event; });
  const size_t step = static_cast<size_t>(step_it - steps_.begin()) - 1;
  const auto snap_it = std::upper_bound(snapshots_.begin(), snapshots_.end(), step,
                                        [](size_t k, const Snapshot& sn) { return k < sn.step; });
  const Snapshot& snap = *(snap_it - 1);
  State s = snap.state;
  State at;
  EventLog scratch;
  for (size_t k = snap.step; k <= step; ++k) {
    const Step& st = steps_[k];
    scratch.clear();
    size_t index = st.first_event;
    const EventObserver stop_at = [&](const State& now, const Event&) {
      if (index++ == event) at = now;
    };
    const EventObserver* observe = k == step ? &stop_at : nullptr;
    // open() played these very steps from this snapshot; were a hook now to
    // refuse one, the table stays at the last position reached.
    if (!apply_step(s, st, scratch, observe).ok) return at.rules ? at : s;
  }
  return at;
}

bool ReplayCursor::next() {
  if (position_ >= events_.size()) return false;
  seek(position_ + 1);
  return true;
}

bool ReplayCursor::prev() {
  if (position_ == 0) return false;
  seek(position_ - 1);
  return true;
}

void ReplayCursor::seek_hand(size_t hand) {
  if (hand < hand_starts_.size()) seek(hand_starts_[hand]);
}

void ReplayCursor::seek_turn(size_t turn) {
  if (turn < turn_starts_.size()) seek(turn_starts_[turn]);
}

bool ReplayCursor::next_score() {
  const auto it = std::lower_bound(score_events_.begin(), score_events_.end(), position_);
  if (it == score_events_.end()) return false;
  seek(*it + 1);
  return true;
}

bool ReplayCursor::prev_score() {
  // The scoring event before the one just shown.
  const auto it = std::lower_bound(score_events_.begin(), score_events_.end(),
                                   position_ == 0 ? 0 : position_ - 1);
  if (it == score_events_.begin()) return false;
  seek(*(it - 1) + 1);
  return true;
}

size_t ReplayCursor::hand_at(size_t position) const {
  const auto it = std::upper_bound(hand_starts_.begin(), hand_starts_.end(), position);
  return it == hand_starts_.begin() ? 0 : static_cast<size_t>(it - hand_starts_.begin()) - 1;
}

size_t ReplayCursor::turn_at(size_t position) const {
  const auto it = std::upper_bound(turn_starts_.begin(), turn_starts_.end(), position);
  return it == turn_starts_.begin() ? 0 : static_cast<size_t>(it - turn_starts_.begin()) - 1;
}

}  // namespace zetema::replays
