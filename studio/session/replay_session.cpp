#include "studio/session/replay_session.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "replays/golden.h"
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
  preview_.position = SIZE_MAX;
  return true;
}

bool ReplaySession::show_record(const replays::Replay& r,
                                std::shared_ptr<const scripting::LoadedVariant> variant,
                                const std::string& label) {
  auto previous = variant_;
  variant_ = std::move(variant);
  if (!build_cursor(r)) {
    variant_ = previous;
    return false;
  }
  replay_ = r;
  path_ = label;
  notes_.clear();
  truncated_.clear();
  divergence_.reset();
  first_changed_.reset();
  playing = false;
  cursor_->seek(cursor_->size());
  return true;
}

const State& ReplaySession::preview(size_t position) const {
  static const State kNone;
  if (!is_open()) return kNone;
  position = std::min(position, cursor_->size());
  if (preview_.position != position) {
    preview_.state = cursor_->state_at(position);
    preview_.position = position;
  }
  return preview_.state;
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
  std::string needs_yes;  // the replay would run its own Lua: what to ask
};

Opened read_game(const std::string& path, const scripting::VariantFolder& folder,
                 bool run_embedded) {
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
  if (!run_embedded) {
    const std::string note = replays::embedded_sources_note(d.replay, folder.path, folder.shown);
    if (!note.empty()) {  // nothing of the file has run
      std::string files;
      for (const auto& src : d.replay.sources)
        files += (files.empty() ? "" : ", ") + src.file + " (" +
                 std::to_string(std::count(src.text.begin(), src.text.end(), '\n')) + " lines)";
      out.needs_yes = "It carries the Lua sources of variant '" + d.replay.variant + "': " + files +
                      ".\nWhy: " + note + ".";
      return out;
    }
  }
  out.variant = replays::resolve_variant(d.replay, folder.path, folder.shown);
  if (!out.variant.ok) {
    out.error = path + ": " + out.variant.error;
    return out;
  }
  out.ok = true;
  return out;
}

}  // namespace

bool ReplaySession::open(const std::string& path, const scripting::VariantFolder& folder,
                         bool run_embedded) {
  error_.clear();
  needs_yes_.clear();
  Opened game = read_game(path, folder, run_embedded);
  if (!game.needs_yes.empty()) {
    needs_yes_ = std::move(game.needs_yes);
    return false;
  }
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
  divergence_.reset();
  first_changed_.reset();
  playing = false;
  return true;
}

namespace {

// Whether two derivations produced the same event (every field a reader
// sees, the reason too).
bool same_event(const Event& a, const Event& b) {
  return replays::same_event(a, b) && a.reason.str() == b.reason.str();
}

std::optional<size_t> first_difference(const EventLog& before, const EventLog& after) {
  const size_t n = std::min(before.size(), after.size());
  for (size_t i = 0; i < n; ++i) {
    if (!same_event(before[i], after[i])) return i;
  }
  return std::nullopt;
}

}  // namespace

std::string ReplaySession::reapply(std::shared_ptr<const scripting::LoadedVariant> rules) {
  if (!is_open()) {
    variant_ = std::move(rules);
    return {};
  }
  const size_t position = cursor_->position();
  const EventLog before = cursor_->events();
  const replays::Rederived again = replays::rederive(replay_, rules->rules);
  replays::Replay usable = replay_;
  if (!again.ok) {
    if (again.failed_hand < 0)
      return "the replay cannot be played under the edited rules: " + again.error;
    // Keep every action before the refused one: the game up to the divergence.
    usable = truncate_replay(replay_, again.failed_hand, again.failed_action);
  }
  auto old = variant_;
  variant_ = std::move(rules);
  if (!build_cursor(usable)) {
    variant_ = old;
    build_cursor(replay_);
    return "the edited rules cannot re-derive the replay: " + error_;
  }
  truncated_ = again.ok ? "" : "first divergence: " + again.error;
  divergence_ = again.ok ? std::nullopt : std::optional<size_t>(cursor_->size());
  first_changed_ = first_difference(before, cursor_->events());
  cursor_->seek(std::min(position, cursor_->size()));
  return reload_report(position);
}

std::string ReplaySession::reload_report(size_t asked) const {
  std::string r = "reloaded " + variant_->rules.id + "; ";
  r += divergence_ ? "kept " + std::to_string(cursor_->size()) + " events, up to the " + truncated_
                   : "the replay re-derives to its end";
  if (first_changed_) r += "; first changed event " + std::to_string(*first_changed_);
  r += asked <= cursor_->size()
           ? "; position " + std::to_string(asked) + " kept"
           : "; position " + std::to_string(asked) + " is past the divergence: now at " +
                 std::to_string(cursor_->position());
  return r;
}

std::optional<size_t> ReplaySession::selected_event() const {
  if (!is_open() || cursor_->position() == 0) return std::nullopt;
  return cursor_->position() - 1;
}

void ReplaySession::select_event(size_t i) {
  if (is_open()) cursor_->seek(i + 1);
}

void ReplaySession::next_turn() {
  if (!is_open()) return;
  const auto& t = cursor_->turn_starts();
  const auto it = std::upper_bound(t.begin(), t.end(), cursor_->position());
  cursor_->seek(it == t.end() ? cursor_->size() : *it);
}

void ReplaySession::prev_turn() {
  if (!is_open()) return;
  const auto& t = cursor_->turn_starts();
  const auto it = std::lower_bound(t.begin(), t.end(), cursor_->position());
  cursor_->seek(it == t.begin() ? 0 : *(it - 1));
}

size_t ReplaySession::position_at(double fraction, double snap) const {
  if (!is_open()) return 0;
  const double n = static_cast<double>(cursor_->size());
  const double want = std::clamp(fraction, 0.0, 1.0) * n;
  // A score's dot sits at the position just after its event: the nearest
  // dot within reach wins over the plain position under the pointer.
  const auto& scores = cursor_->score_events();
  const auto right = std::lower_bound(scores.begin(), scores.end(), want, [](size_t e, double w) {
    return static_cast<double>(e + 1) < w;
  });
  std::optional<size_t> best;
  const auto consider = [&](size_t dot) {
    const double d = std::abs(static_cast<double>(dot) - want);
    if (d <= snap * n && (!best || d < std::abs(static_cast<double>(*best) - want))) best = dot;
  };
  if (right != scores.end()) consider(*right + 1);
  if (right != scores.begin()) consider(*(right - 1) + 1);
  return best ? *best : static_cast<size_t>(std::lround(want));
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
