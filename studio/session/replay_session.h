// An open replay in the studio: the file, its variant, the cursor, and
// playback. GUI-free; the timeline and table views render it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "replays/cursor.h"
#include "replays/record.h"

namespace zetema::studio {

class ReplaySession {
 public:
  // Opens a replay file; on failure returns false and sets error().
  bool open(const std::string& path, const scripting::VariantFolder& folder);
  // Re-derives the open replay under `rules` (e.g. an edited variant), up to
  // the first action those rules refuse; keeps the position where it can.
  // Returns a one-line report of what happened.
  std::string reapply(std::shared_ptr<const scripting::LoadedVariant> rules);

  bool is_open() const { return cursor_.has_value(); }
  const std::string& path() const { return path_; }
  const std::string& error() const { return error_; }
  const std::vector<std::string>& notes() const { return notes_; }
  const replays::Replay& replay() const { return replay_; }
  const scripting::LoadedVariant& variant() const { return *variant_; }
  std::shared_ptr<const scripting::LoadedVariant> variant_ptr() const { return variant_; }
  replays::ReplayCursor& cursor() { return *cursor_; }
  const replays::ReplayCursor& cursor() const { return *cursor_; }
  // Where the re-derivation stopped short of the file, if it did.
  const std::string& truncated() const { return truncated_; }

  // Playback: advances `speed` events per second while playing.
  bool playing = false;
  double speed = 8.0;
  void tick(double seconds);

 private:
  bool build_cursor(const replays::Replay& r);

  std::string path_;
  std::string error_;
  std::vector<std::string> notes_;
  replays::Replay replay_;
  std::shared_ptr<const scripting::LoadedVariant> variant_;
  std::optional<replays::ReplayCursor> cursor_;
  std::string truncated_;
  double pending_ = 0;
};

// The replay cut just before hand `hand`'s action `action` (action -1: before
// the hand's deal).
replays::Replay truncate_replay(const replays::Replay& r, int hand, int action);

}  // namespace zetema::studio
