#include "studio/session/branch.h"

#include "replays/replay_file.h"
#include "studio/session/replay_session.h"

namespace zetema::studio {

namespace {

// The record of `r` through step `last` (none when `last` is steps.size()).
replays::Replay through_step(const replays::Replay& r, const std::vector<replays::Step>& steps,
                             size_t last) {
  if (last >= steps.size()) return truncate_replay(r, 0, -1);
  const replays::Step& st = steps[last];
  // A deal keeps its hand with no action; an action (or irregularity) keeps
  // the hand's actions up to and including it.
  return truncate_replay(r, st.hand, st.kind == replays::Step::Kind::Deal ? 0 : st.action + 1);
}

}  // namespace

Branch branch_at(const replays::Replay& r, const std::vector<replays::Step>& steps, size_t position,
                 const Ruleset& rules) {
  Branch b;
  // The last step with an event before the position.
  size_t last = steps.size();
  for (size_t k = 0; k < steps.size() && steps[k].first_event < position; ++k) last = k;
  b.replay = through_step(r, steps, last);
  // Play mode records actions only (GameLoop's HandRecord): an 1881
  // irregularity before the position could not be carried into the new game.
  const size_t kept = last == steps.size() ? 0 : last + 1;
  for (size_t k = 0; k < kept; ++k) {
    if (steps[k].kind == replays::Step::Kind::Irregularity) {
      b.error = "an irregularity (hand " + std::to_string(steps[k].hand + 1) +
                ") lies before this position; play mode cannot carry it on";
      return b;
    }
  }
  replays::Rederived g = replays::rederive(b.replay, rules);
  if (!g.ok && g.failed_hand >= 0) {
    // The chosen rules part from the original earlier: start where they do.
    b.note = "the chosen rules refuse the original earlier, at " + g.error +
             "; the game starts just before it";
    b.replay = truncate_replay(b.replay, g.failed_hand, g.failed_action);
    g = replays::rederive(b.replay, rules);
  }
  if (!g.ok) {
    b.error = "the chosen rules cannot play this game: " + g.error;
    return b;
  }
  if (g.finished) {
    b.error = "the game is over at that position under the chosen rules";
    return b;
  }
  b.position = g.events.size();
  b.ok = true;
  return b;
}

std::string verify_saved_game(const std::string& path, const scripting::VariantFolder& folder) {
  const replays::Decoded d = replays::load_replay(path);
  if (!d.ok) return d.error;
  const replays::ResolvedVariant v = replays::resolve_variant(d.replay, folder.path, folder.shown);
  if (!v.ok) return v.error;
  const replays::Verified r = replays::verify_replay(d.replay, v.variant.rules);
  return r.ok ? "" : r.error;
}

}  // namespace zetema::studio
