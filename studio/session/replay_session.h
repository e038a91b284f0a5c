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
  // Opens a replay file; on failure returns false and sets error(). Without
  // `run_embedded`, a replay that would run the Lua sources it carries
  // (not an installed variant) is not opened: false, with needs_yes() the
  // note to ask the user with, and nothing of the file has run.
  bool open(const std::string& path, const scripting::VariantFolder& folder,
            bool run_embedded = true);
  const std::string& needs_yes() const { return needs_yes_; }
  // Re-derives the open replay under `rules` (e.g. an edited variant), up to
  // the first action those rules refuse; keeps the position where it can.
  // Returns a one-line report of what happened. The file's own record stays
  // whole, so a later reload under rules that accept it all restores it.
  std::string reapply(std::shared_ptr<const scripting::LoadedVariant> rules);

  // Shows a game given as a record (the play-mode game, which the panels
  // follow while it is played) under `variant`, at its last position.
  // `label` stands for the file name in the panels' titles.
  bool show_record(const replays::Replay& r,
                   std::shared_ptr<const scripting::LoadedVariant> variant,
                   const std::string& label);

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
  // After a reload: the position where the edited rules refused the file's
  // next action (the end of what they kept), if they refused one.
  std::optional<size_t> divergence() const { return divergence_; }
  // After a reload: the first event that differs from what the rules before
  // it derived (a score that changed), if any did.
  std::optional<size_t> first_changed() const { return first_changed_; }

  // The one selected event that every panel shows: the last event played
  // (the table is the position after it); none at position 0.
  std::optional<size_t> selected_event() const;
  // Selects event `i` (from 0): the cursor moves to the position after it.
  void select_event(size_t i);
  // PgDn / PgUp: the start of the next turn, or of this one (the previous
  // one when already at its start).
  void next_turn();
  void prev_turn();
  // The position a click on the timeline at `fraction` (0..1 of its width)
  // means: the nearest position, or a score's position (just after the
  // scoring event, where its dot is drawn) when one lies within `snap`.
  size_t position_at(double fraction, double snap) const;

  // The table at `position` for a hover preview, without moving the
  // cursor: the cursor's bounded recompute (from its nearest snapshot),
  // kept for the last position asked, so hovering costs nothing per frame.
  const State& preview(size_t position) const;
  // The position last previewed (SIZE_MAX: none since the cursor was built).
  size_t previewed() const { return preview_.position; }

  // Playback: advances `speed` events per second while playing.
  bool playing = false;
  double speed = 8.0;
  void tick(double seconds);

 private:
  bool build_cursor(const replays::Replay& r);
  // The status line after a reload; `asked` is the position before it.
  std::string reload_report(size_t asked) const;

  std::string path_;
  std::string error_;
  std::string needs_yes_;
  std::vector<std::string> notes_;
  replays::Replay replay_;
  std::shared_ptr<const scripting::LoadedVariant> variant_;
  std::optional<replays::ReplayCursor> cursor_;
  std::string truncated_;
  std::optional<size_t> divergence_, first_changed_;
  double pending_ = 0;
  struct Preview {
    size_t position = SIZE_MAX;
    State state;
  };
  mutable Preview preview_;
};

// The replay cut just before hand `hand`'s action `action` (action -1: before
// the hand's deal).
replays::Replay truncate_replay(const replays::Replay& r, int hand, int action);

}  // namespace zetema::studio
