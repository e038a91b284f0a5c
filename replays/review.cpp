#include "replays/review.h"

namespace zetema::replays {

namespace {

// The decisions to search: action steps at a position where a seat is to
// move with a choice (one legal action is no decision).
struct Decision {
  size_t step;
  State before;
};

}  // namespace

Review review_replay(const Replay& r, const Ruleset& rules, const ReviewOptions& options,
                     const std::function<void(size_t, size_t)>& progress,
                     const std::atomic<bool>* cancel) {
  Review out;
  const Rederived game = rederive(r, rules);
  if (!game.ok) {
    out.error = game.error;
    return out;
  }
  NewGame g = new_game(rules, replay_setup(r));
  if (!g.ok) {
    out.error = "table: " + g.error;
    return out;
  }
  // First the positions, then the searches, so progress knows its total.
  std::vector<Decision> decisions;
  State s = g.state;
  EventLog scratch;
  for (size_t i = 0; i < game.steps.size(); ++i) {
    const Step& step = game.steps[i];
    const bool decides = step.kind == Step::Kind::Action && in_play(s.phase) &&
                         (!options.seat || *options.seat == s.current);
    if (decides) decisions.push_back({i, s});
    scratch.clear();
    if (!apply_step(s, step, scratch).ok) {
      out.error = "the replay does not re-derive at step " + std::to_string(i + 1);
      return out;
    }
  }
  LegalActions legal;
  for (size_t k = 0; k < decisions.size(); ++k) {
    if (cancel && cancel->load(std::memory_order_relaxed)) {
      out.cancelled = true;
      return out;
    }
    const Step& step = game.steps[decisions[k].step];
    const State& before = decisions[k].before;
    if (auto e = legal_actions(before, legal)) {
      out.error = "hook failed: " + e->describe();
      return out;
    }
    ReviewedDecision d;
    d.step = decisions[k].step;
    d.position = step.first_event;
    d.hand = step.hand;
    d.action = step.action;
    d.player = before.current;
    d.side = before.side(before.current);
    if (legal.size() > 1) {
      Rng rng(derive_seed(options.seed, d.step));
      SearchResult res = search_position(before, legal, rng, options.search);
      if (res.error) {
        out.error = player_name(d.player) + "'s review: hook failed: " + res.error->describe();
        return out;
      }
      d.options = std::move(res.actions);
      for (size_t i = 0; i < d.options.size(); ++i) {
        if (d.options[i].action == step.parsed) d.played = i;
        if (d.options[i].win_chance > d.options[d.best].win_chance) d.best = i;
      }
      out.decisions.push_back(std::move(d));
    }
    if (progress) progress(k + 1, decisions.size());
  }
  out.ok = true;
  return out;
}

}  // namespace zetema::replays
