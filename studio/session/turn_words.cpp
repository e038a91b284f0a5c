#include "studio/session/turn_words.h"

namespace zetema::studio {

std::string turn_words(const State& t, const Event* next) {
  if (t.over()) return "game over";
  const bool acts = next && next->player < t.players &&
                    (next->type == EventType::Draw || next->type == EventType::Discard ||
                     next->type == EventType::Declare);
  if (acts && next->type == EventType::Draw) return player_name(next->player) + " to draw";
  if (t.phase == Phase::Deal || t.current == kNoPlayer) {
    // The last card dealt: the table is still the deal's, the first player is to move.
    if (acts) return player_name(next->player) + " may declare or discard";
    return t.dealer < t.players ? player_name(t.dealer) + " to deal" : "the deal";
  }
  const std::string who = player_name(t.current);
  switch (t.phase) {
    case Phase::Play:
      return who + " may declare or discard";
    case Phase::AfterDeclare:
      return who + " to discard";
    case Phase::Chain:
      return who + " to discard again";
    case Phase::Choice:
      return who + " to choose: " + t.rules->choices[t.offer.choice].name;
    case Phase::Deal:
    case Phase::GameOver:
      break;
  }
  return who + " to play";
}

const Event* next_event(const replays::ReplayCursor& c) {
  return c.position() < c.size() ? &c.events()[c.position()] : nullptr;
}

}  // namespace zetema::studio
