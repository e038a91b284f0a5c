// The studio's session model, GUI-free: the variants, the open replay and
// its cursor, the variant being edited, the current diff, the play-mode
// game, the settings. Views render it and send it commands; the tests and
// the scripted mode drive it directly.
#pragma once

#include <string>
#include <vector>

#include "scripting/catalog.h"
#include "studio/session/corpus_session.h"
#include "studio/session/diff_session.h"
#include "studio/session/lab_session.h"
#include "studio/session/play_session.h"
#include "studio/session/replay_session.h"
#include "studio/session/settings.h"
#include "studio/session/variant_editor.h"

namespace zetema::studio {

class Session {
 public:
  // `config` is the folder for settings and the autosaved game ("" to keep
  // nothing between runs).
  Session(scripting::VariantFolder folder, std::string config);

  const scripting::VariantFolder& folder() const { return folder_; }
  const std::vector<scripting::CatalogEntry>& catalog() const { return catalog_; }
  void refresh_catalog();

  ReplaySession replay;
  VariantEditor editor;
  DiffSession diff;
  PlaySession play;
  LabSession lab;
  CorpusSession corpus;
  Settings settings;

  // The last thing that happened, for the status bar.
  std::string status;

  bool open_replay(const std::string& path);
  bool open_variant(const std::string& spec);
  bool save_variant();
  // File > Save as: what the studio holds, written to `path` (atomically).
  enum class Saveable { Game, Variant, Replay };
  // Whether there is one to save now.
  bool can_save(Saveable what) const;
  // The play-mode game or the open replay as a replay file (.json: JSON,
  // else binary); the edited variant's text as a new file, which the editor
  // then edits (a new house variant starts as a copy).
  bool save_as(Saveable what, const std::string& path);
  // Watches the edited file; on a change reloads it and, if the open replay
  // uses that variant, re-applies the replay under it. Call once a frame.
  void poll();
  bool run_diff(const std::string& b_spec, const std::string& policy);
  // Selects the diff's first divergence (A's event) in every panel.
  bool jump_to_divergence();
  // Re-runs a folder (or list) of replays under B (the corpus view): in the
  // background (poll() reports the end in the status), or waiting for it.
  void start_corpus(const std::vector<std::string>& inputs, const std::string& b_spec,
                    const std::string& policy);
  bool run_corpus(const std::vector<std::string>& inputs, const std::string& b_spec,
                  const std::string& policy);
  // Opens the corpus view's game `game` (an index into its games), re-runs it
  // under the corpus' B and policy, and selects its first divergence.
  bool open_corpus_game(size_t game);
  // What the replay panels belong to: "game.json (sackson)", "" if none.
  std::string replay_label() const;
  bool start_play(const std::string& variant, int players, const std::vector<std::string>& seats,
                  uint64_t seed);
  bool resume_play();
  bool autosave_waiting() const;  // an unfinished game from an earlier run

  std::string autosave_path() const;
  std::string settings_path() const;
  void save_settings_now();

 private:
  void after_reload();
  void after_corpus(bool ok);

  scripting::VariantFolder folder_;
  std::string config_;
  std::vector<scripting::CatalogEntry> catalog_;
};

}  // namespace zetema::studio
