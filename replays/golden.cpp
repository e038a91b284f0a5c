#include "replays/golden.h"

#include <algorithm>

#include "replays/diff.h"

namespace zetema::replays {

bool same_play(const Event& a, const Event& b) {
  return a.type == b.type && a.player == b.player && a.side == b.side && a.kind == b.kind &&
         a.card == b.card && a.cards == b.cards && a.points == b.points && a.rank == b.rank &&
         a.winners == b.winners && a.change == b.change && a.from == b.from && a.to == b.to;
}

bool same_event(const Event& a, const Event& b) {
  return same_play(a, b) && a.bonus == b.bonus && a.rule == b.rule && a.by_hook == b.by_hook &&
         a.end_reason == b.end_reason;
}

namespace {

// "hand 1, turn 9: P2 to play", or "hand 1 over, before the next deal".
std::string where_it_stands(const State& s) {
  const std::string hand = "hand " + std::to_string(s.hand_number);
  if (s.phase == Phase::Deal) return hand + " over, before the next deal";
  return hand + ", turn " + std::to_string(s.turn_number) + ": " + player_name(s.current) +
         " to play";
}

}  // namespace

GoldenCheck check_against(const Replay& r, const Ruleset& recorded, const Ruleset& current) {
  GoldenCheck out;
  // The diff with policy `stop` is exactly "the same decks and actions under
  // the current rules, up to the first action they refuse".
  const DiffResult d = diff_replay(r, recorded, current, DiffPolicy{});
  if (!d.ok) {
    out.error = d.error;
    return out;
  }
  out.ok = true;
  const EventLog& a = d.a.events;
  const EventLog& b = d.b.events;
  const size_t common = std::min(a.size(), b.size());
  size_t i = 0;
  while (i < common && same_event(a[i], b[i])) ++i;
  if (i == a.size() && i == b.size() && d.divergences.empty()) {
    out.same = true;
    return out;
  }
  out.event = i;
  if (i < a.size()) out.recorded = describe(a[i], d.a.final_state);
  if (i < b.size()) out.now = describe(b[i], d.b.final_state);
  if (i >= b.size() && !d.b.final_state.over()) out.now_stands = where_it_stands(d.b.final_state);
  if (!d.divergences.empty()) {
    const Divergence& dv = d.divergences.front();
    out.refused = "hand " + std::to_string(dv.hand + 1) + ", " + dv.what + ": " + dv.reason;
  }
  return out;
}

}  // namespace zetema::replays
