#include "studio/session/replay_session.h"

#include "replays/replay_file.h"

namespace zetema::studio {

replays::Replay truncate_replay(const replays::Replay& r, int hand, int action) {
  replays::Replay cut = r;
  cut.hands.resize(static_cast<size_t>(hand) + (action >= 0 ? 1 : 0));
  if (action >= 0) cut.hands.back().actions.resize(static_cast<size_t>(action));
  return cut;
}

bool ReplaySession::build_cursor(const replays::Replay& r) {
  std::string why;
  auto c = replays::ReplayCursor::open(r, variant_->rules, why);
  if (!c) {
    error_ = why;
    return false;
  }
  cursor_ = std::move(c);
  return true;
}

bool ReplaySession::open(const std::string& path, const scripting::VariantFolder& folder) {
  error_.clear();
  const replays::Decoded d = replays::load_replay(path);
  if (!d.ok) {
    error_ = path + ": " + d.error;
    return false;
  }
  replays::ResolvedVariant v = replays::resolve_variant(d.replay, folder.path, folder.shown);
  if (!v.ok) {
    error_ = path + ": " + v.error;
    return false;
  }
  auto variant = std::make_shared<const scripting::LoadedVariant>(std::move(v.variant));
  std::swap(variant_, variant);
  const replays::Replay previous = replay_;
  replay_ = d.replay;
  if (!build_cursor(replay_)) {
    error_ = path + ": " + error_;
    std::swap(variant_, variant);  // keep what was open
    replay_ = previous;
    return false;
  }
  path_ = path;
  notes_ = v.notes;
  truncated_.clear();
  playing = false;
  return true;
}

std::string ReplaySession::reapply(std::shared_ptr<const scripting::LoadedVariant> rules) {
  if (!is_open()) {
    variant_ = std::move(rules);
    return {};
  }
  const size_t position = cursor_->position();
  const replays::Rederived again = replays::rederive(replay_, rules->rules);
  replays::Replay usable = replay_;
  std::string report = "reloaded " + rules->rules.id + "; ";
  truncated_.clear();
  if (!again.ok) {
    if (again.failed_hand < 0)
      return "the replay cannot be played under the edited rules: " + again.error;
    usable = truncate_replay(replay_, again.failed_hand, again.failed_action);
    truncated_ = "first divergence: " + again.error;
    report += truncated_;
  } else {
    report += "the replay re-derives to its end";
  }
  auto old = variant_;
  variant_ = std::move(rules);
  if (!build_cursor(usable)) {
    variant_ = old;
    build_cursor(replay_);
    return "the edited rules cannot re-derive the replay: " + error_;
  }
  cursor_->seek(std::min(position, cursor_->size()));
  return report;
}

void ReplaySession::tick(double seconds) {
  if (!playing || !is_open()) return;
  pending_ += seconds * speed;
  while (pending_ >= 1.0) {
    pending_ -= 1.0;
    if (!cursor_->next()) {
      playing = false;
      pending_ = 0;
      return;
    }
  }
}

}  // namespace zetema::studio
