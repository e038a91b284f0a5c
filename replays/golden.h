// Golden replays: a recorded game checked against the current version of its
// variant. The game is re-derived under the rules it was recorded with and
// re-run, action for action, under the current rules; the check passes only
// when every event comes out the same (what happened, to whom, the cards,
// the points and the rule that gave them). Where it does not, it names the
// first event that differs, or the first action the current rules refuse.
#pragma once

#include <optional>
#include <string>

#include "engine/event.h"
#include "engine/ruleset.h"
#include "replays/replay.h"

namespace zetema::replays {

struct GoldenCheck {
  bool ok = false;  // the replay could be run at all (else `error`)
  std::string error;
  bool same = false;            // every event the same under the current rules
  std::optional<size_t> event;  // the first event that differs (0-based)
  std::string recorded;         // that event as recorded ("" if the recorded game had ended)
  std::string now;              // and under the current rules ("" if that run had no more)
  // When the current rules' run has no event there and its game has not
  // ended: where it stands ("hand 1, turn 9: P2 to play").
  std::string now_stands;
  std::string refused;  // an action the current rules refuse: what and why
};

GoldenCheck check_against(const Replay& r, const Ruleset& recorded, const Ruleset& current);

// True when two events record the same play and score, whatever rule gave
// it: what a diff of two rule sets compares.
bool same_play(const Event& a, const Event& b);
// True when two events record the same thing (hooks' file:line aside: the
// rule id and whether a hook gave the points are compared, where a hook is
// written is not).
bool same_event(const Event& a, const Event& b);

}  // namespace zetema::replays
