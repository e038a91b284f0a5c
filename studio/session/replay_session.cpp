#include "studio/session/replay_session.h"

#include <filesystem>

#include "replays/replay_file.h"
#include "replays/zgn.h"

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

namespace {

// A replay file as the studio opens it: a .zgn game is imported (every
// action checked through the engine under the installed variant it names);
// anything else is read as a replay.
struct Opened {
  bool ok = false;
  replays::Replay replay;
  replays::ResolvedVariant variant;
  std::string error;
};

Opened read_game(const std::string& path, const scripting::VariantFolder& folder) {
  Opened out;
  if (std::filesystem::path(path).extension() == ".zgn") {
    std::string text;
    if (out.error = replays::read_file_bounded(path, text); !out.error.empty()) return out;
    replays::ZgnImport imported = replays::import_zgn(text, replays::folder_lookup(folder));
    if (!imported.ok) {
      out.error = path + ":" + imported.error.describe();
      return out;
    }
    out.replay = std::move(imported.replay);
    out.variant.ok = true;
    out.variant.variant = std::move(imported.variant);
    out.ok = true;
    return out;
  }
  const replays::Decoded d = replays::load_replay(path);
  if (!d.ok) {
    out.error = path + ": " + d.error;
    return out;
  }
  out.replay = d.replay;
  out.variant = replays::resolve_variant(d.replay, folder.path, folder.shown);
  if (!out.variant.ok) {
    out.error = path + ": " + out.variant.error;
    return out;
  }
  out.ok = true;
  return out;
}

}  // namespace

bool ReplaySession::open(const std::string& path, const scripting::VariantFolder& folder) {
  error_.clear();
  Opened game = read_game(path, folder);
  if (!game.ok) {
    error_ = game.error;
    return false;
  }
  replays::ResolvedVariant& v = game.variant;
  auto variant = std::make_shared<const scripting::LoadedVariant>(std::move(v.variant));
  std::swap(variant_, variant);
  const replays::Replay previous = replay_;
  replay_ = std::move(game.replay);
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
