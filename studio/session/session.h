// The studio's session model, GUI-free: the variants, the open replay and
// its cursor, the variant being edited, the current diff, the play-mode
// game, the settings. Views render it and send it commands; the tests and
// the scripted mode drive it directly.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "scripting/catalog.h"
#include "scripting/rule_quotes.h"
#include "studio/session/corpus_session.h"
#include "studio/session/diff_session.h"
#include "studio/session/lab_session.h"
#include "studio/session/play_session.h"
#include "studio/session/replay_session.h"
#include "studio/session/review_session.h"
#include "studio/session/settings.h"
#include "studio/session/strength_session.h"
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
  // The evaluation line (review_session.h): the open replay's decisions
  // searched in the background, at review_iterations a decision.
  ReviewSession review;
  // The Lab's strength ladder of one rule set.
  StrengthSession strength;
  int review_iterations = 1500;
  bool start_review(int iterations);
  // The open replay's review at review_iterations, once done (else null).
  const replays::Review* shown_review() const;
  Settings settings;

  // The last thing that happened, for the status bar.
  std::string status;

  // A replay that would run its own embedded Lua is not opened at once: it
  // waits in pending_replay() for the user's answer (the studio's prompt),
  // and nothing of it runs, nor does anything open change, until
  // accept_replay(); cancel_replay() forgets it. Returns false on an error
  // (status says it), true when opened or waiting.
  bool open_replay(const std::string& path);
  struct PendingReplay {
    std::string path;
    std::string note;  // why its own sources would run
  };
  const std::optional<PendingReplay>& pending_replay() const { return pending_replay_; }
  bool accept_replay();
  void cancel_replay();
  bool open_variant(const std::string& spec);
  // Saves the edited variant and reloads it; refuses while the file has
  // changed on disk since it was read, unless `overwrite`.
  bool save_variant(bool overwrite = false);

  // Actions that would replace the editor's text. request() does one at
  // once when the buffer has no unsaved edits; else it waits (pending())
  // for the user's answer: Save (then do it), Discard (do it) or Cancel.
  struct EditorAction {
    enum class Kind { Close, OpenVariant, GoTo, Revert, ReloadText } kind = Kind::Close;
    std::string spec;  // OpenVariant: an id or a path; GoTo: the file
    int line = 0;      // GoTo: the line
  };
  enum class Answer { Save, Discard, Cancel };
  bool request(const EditorAction& a);
  const std::optional<EditorAction>& pending() const { return pending_; }
  // What the pending action would do, in words: "close the studio".
  std::string pending_words() const;
  void answer(Answer a);
  // The window may close: asked for, with nothing unsaved (or answered).
  bool quit_requested() const { return quit_; }

  // Opens `file` (as messages name it: "variants/sackson.lua") in the editor
  // at `line`: a click on a file:line anywhere. Asks first when that would
  // replace unsaved edits of another file.
  bool open_location(const std::string& file, int line);
  // The file a message's name means, under the variants folders; "" if none.
  std::string resolve_file(const std::string& file) const;

  // The source's words for the open replay's rules, read once per load.
  const scripting::RuleQuotes& replay_quotes();
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
  // Take command (as StarCraft II's replays allow): plays on from the open
  // replay's position against bots, under `variant` ("" for the rules the
  // replay is shown under -- after a hot reload, the new rules: "continue
  // under the new rules from here"). `seats` as in start_play. The game is
  // saved as its own replay at `path` ("" for games/NAME-from-POS-VARIANT.json
  // in the config folder) and autosaved as any game.
  bool play_from_here(const std::string& variant, const std::vector<std::string>& seats,
                      const std::string& path = "");
  // While true, the replay panels (timeline, explanation, event list) show
  // the play-mode game, refreshed after every move; opening a replay ends it.
  bool follow_game = false;
  // Replay files opened so far: a panel showing something else (the Table's
  // play-mode game) turns to a replay just opened.
  uint64_t replays_opened = 0;
  // The table of the play-mode game to show: while the panels follow it and
  // the timeline is scrubbed back, that position (one selected position
  // everywhere); else the game as it stands (whose turn it is now).
  const State& game_table() const;
  // The table of the replay panels' position (the Table's "Replay", the
  // Timeline's hand and turn), a replay being open. At the last event of the play-mode game they
  // follow it is the game as it stands: a turn that began without an event
  // (a player with no card to draw) began after that event's table was taken.
  const State& replay_table() const;
  bool autosave_waiting() const;  // an unfinished game from an earlier run

  std::string autosave_path() const;
  std::string settings_path() const;
  void save_settings_now();

 private:
  void after_reload();
  bool perform(const EditorAction& a);

  std::optional<EditorAction> pending_;
  bool quit_ = false;
  std::shared_ptr<const scripting::LoadedVariant> quoted_variant_;
  scripting::RuleQuotes replay_quotes_;
  void show_game();  // the replay panels show the play-mode game as it is now
  uint64_t shown_generation_ = 0;
  bool open_replay_now(const std::string& path, bool run_embedded);
  void after_corpus(bool ok);

  scripting::VariantFolder folder_;
  std::string config_;
  std::vector<scripting::CatalogEntry> catalog_;
  std::optional<PendingReplay> pending_replay_;
};

}  // namespace zetema::studio
