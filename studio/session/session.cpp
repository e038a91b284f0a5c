#include "studio/session/session.h"

#include <signal.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>

#include "replays/replay_file.h"
#include "studio/session/branch.h"

namespace zetema::studio {

namespace {

// Removes the temporary files (NAME.tmp.PID.RANDOM) that saves cut short by a crash
// left in `dir` (the real files beside them are whole). A file whose process
// is still alive is another studio's save in progress and stays.
void remove_stale_temporaries(const std::string& dir) {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    const size_t at = name.rfind(".tmp.");
    if (at == std::string::npos) continue;
    char* end = nullptr;
    const long pid = std::strtol(name.c_str() + at + 5, &end, 10);
    if ((*end != '\0' && *end != '.') || pid <= 0) continue;
    if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;
    std::filesystem::remove(e.path(), ec);
  }
}

}  // namespace

Session::Session(scripting::VariantFolder folder, std::string config)
    : folder_(std::move(folder)), config_(std::move(config)) {
  if (!config_.empty()) {
    remove_stale_temporaries(config_);
    settings = load_settings(settings_path());
  }
  replay.speed = settings.playback_speed;
  refresh_catalog();
}

void Session::refresh_catalog() {
  std::string note;
  catalog_ = scripting::list_variants(folder_, &note);
  if (!note.empty()) status = "variants: " + note;
}

std::string Session::autosave_path() const {
  return config_.empty() ? "" : config_ + "/autosave.json";
}
std::string Session::settings_path() const {
  return config_.empty() ? "" : config_ + "/settings.ini";
}

void Session::save_settings_now() {
  if (config_.empty()) return;
  settings.playback_speed = replay.speed;
  if (std::string why = save_settings(settings_path(), settings); !why.empty()) status = why;
}

bool Session::open_replay(const std::string& path) {
  // A copy: File > Recent passes an entry of settings.recent, which opening
  // reorders (the status would name another file).
  return open_replay_now(std::string(path), false);
}

bool Session::accept_replay() {
  if (!pending_replay_) return false;
  const std::string path = pending_replay_->path;
  pending_replay_.reset();
  return open_replay_now(path, true);
}

void Session::cancel_replay() {
  if (!pending_replay_) return;
  status = "not opened: " + pending_replay_->path + " (its own Lua was not run)";
  pending_replay_.reset();
}

bool Session::open_replay_now(const std::string& path, bool run_embedded) {
  pending_replay_.reset();
  if (!replay.open(path, folder_, run_embedded)) {
    if (!replay.needs_yes().empty()) {
      // Asked first; what is open stays as it is until the answer.
      pending_replay_ = PendingReplay{path, replay.needs_yes()};
      status = "waiting for an answer: " + path + " carries its own Lua";
      return true;
    }
    status = replay.error();
    return false;
  }
  settings.add_recent(path);
  follow_game = false;
  ++replays_opened;
  diff.clear();  // it was the previous replay's
  // A replay running its own embedded Lua says so first, plainly.
  status.clear();
  for (const std::string& n : replay.notes()) status += "NOTE: " + n + "; ";
  status += "opened " + path + " (" + replay.replay().variant + ", " +
            std::to_string(replay.cursor().size()) + " events)";
  return true;
}

bool Session::open_variant(const std::string& spec) {
  if (!editor.open(spec, folder_)) {
    status = editor.status();
    return false;
  }
  status = editor.status();
  return true;
}

bool Session::save_variant(bool overwrite) {
  if (std::string why = editor.save(overwrite); !why.empty()) {
    status = why;
    return false;
  }
  editor.reload(folder_);
  after_reload();
  return !editor.error();
}

bool Session::request(const EditorAction& a) {
  const bool go_to = a.kind == EditorAction::Kind::GoTo;
  const std::string target = go_to ? resolve_file(a.spec) : "";
  // A bad file name is refused before asking; a line of this file discards nothing.
  if (!editor.dirty() || (go_to && (target.empty() || target == editor.path()))) return perform(a);
  pending_ = a;
  status = "unsaved edits in " + editor.path() + ": save them before you " + pending_words() + "?";
  return false;
}

std::string Session::pending_words() const {
  if (!pending_) return "";
  using Kind = EditorAction::Kind;
  switch (pending_->kind) {
    case Kind::Close:
      return "close the studio";
    case Kind::OpenVariant:
      return "open " + pending_->spec;
    case Kind::GoTo:
      return "open " + pending_->spec + ":" + std::to_string(pending_->line);
    case Kind::Revert:
      return "revert to the last version that loaded";
    case Kind::ReloadText:
      return "reload the text from disk";
  }
  return "";
}

void Session::answer(Answer a) {
  if (!pending_) return;
  const EditorAction what = *pending_;
  if (a == Answer::Cancel) {
    pending_.reset();
    status = "cancelled: your edits are kept";
    return;
  }
  if (a == Answer::Save) {
    // The prompt has shown an outside change on disk: its Save overwrites it.
    if (std::string why = editor.save(/*overwrite=*/true); !why.empty()) {
      status = why;  // not written: still asking
      return;
    }
    editor.reload(folder_);  // written; a file that does not load is still saved
    after_reload();
  }
  pending_.reset();
  perform(what);
}

bool Session::perform(const EditorAction& a) {
  using Kind = EditorAction::Kind;
  switch (a.kind) {
    case Kind::Close:
      quit_ = true;
      return true;
    case Kind::OpenVariant:
      return open_variant(a.spec);
    case Kind::Revert:
      if (!editor.revert()) {
        status = "nothing has loaded yet: no version to revert to";
        return false;
      }
      status = editor.status();
      return true;
    case Kind::ReloadText:
      editor.reload_text();
      editor.reload(folder_);
      after_reload();
      status = editor.status();
      return true;
    case Kind::GoTo: {
      const std::string path = resolve_file(a.spec);
      if (path.empty()) {
        status = "no file " + a.spec + " in the variants folders";
        return false;
      }
      if (path != editor.path() && !open_variant(path)) return false;
      editor.goto_line = editor.marked_line = a.line;
      status = "editing " + a.spec + " at line " + std::to_string(a.line);
      return true;
    }
  }
  return false;
}

bool Session::open_location(const std::string& file, int line) {
  return request({EditorAction::Kind::GoTo, file, line});
}

std::string Session::resolve_file(const std::string& file) const {
  namespace fs = std::filesystem;
  std::error_code ec;
  // "variants/sackson.lua" -> the folder's file; the user's folder likewise.
  const std::pair<const std::string*, const std::string*> roots[] = {
      {&folder_.shown, &folder_.path}, {&folder_.user_shown, &folder_.user_path}};
  for (const auto& [shown, path] : roots) {
    if (shown->empty() || path->empty()) continue;
    const std::string prefix = *shown + "/";
    if (file.rfind(prefix, 0) == 0) {
      const fs::path p = fs::path(*path) / file.substr(prefix.size());
      if (fs::is_regular_file(p, ec)) return p.string();
    }
  }
  if (file == editor.path() || fs::is_regular_file(file, ec)) return file;  // a path as it is
  return "";
}

const scripting::RuleQuotes& Session::replay_quotes() {
  if (!replay.is_open()) {
    quoted_variant_.reset();
    return replay_quotes_ = scripting::RuleQuotes();
  }
  if (replay.variant_ptr() != quoted_variant_) {
    quoted_variant_ = replay.variant_ptr();
    replay_quotes_ = scripting::RuleQuotes(*quoted_variant_);
  }
  return replay_quotes_;
}

bool Session::can_save(Saveable what) const {
  switch (what) {
    case Saveable::Game:
      return play.is_open();
    case Saveable::Variant:
      return editor.is_open();
    case Saveable::Replay:
      return replay.is_open();
  }
  return false;
}

bool Session::save_as(Saveable what, const std::string& path) {
  if (!can_save(what)) {
    status = "nothing to save";
    return false;
  }
  std::string why;
  if (what == Saveable::Variant) {
    why = editor.save_as(path);
    if (why.empty()) {
      editor.reload(folder_);
      refresh_catalog();
    }
  } else {
    why = replays::save_replay(path, what == Saveable::Game ? play.record() : replay.replay());
  }
  if (!why.empty()) {
    status = why;
    return false;
  }
  if (what != Saveable::Variant) settings.add_recent(path);
  status = "saved " + path;
  return true;
}

void Session::poll() {
  if (follow_game && play.is_open() && play.generation() != shown_generation_) show_game();
  if (editor.poll(folder_)) after_reload();
  if (corpus.poll()) after_corpus(corpus.error().empty());
  if (lab.poll()) {
    const size_t steps = lab.ladder().size();
    status = !lab.error().empty() ? "lab: " + lab.error()
             : steps              ? "lab: skill trace, " + std::to_string(steps) + " steps done"
             : lab.has_result()
                 ? "lab: " + std::to_string(lab.result().deals_held()) + " paired deals done"
                 : "lab: stopped";
  }
  if (strength.poll()) {
    const auto& l = strength.ladder();
    status = !l->error.empty() ? "strength ladder: " + l->error
             : l->interrupted
                 ? "strength ladder: stopped"
                 : "strength ladder: " + std::to_string(l->ratings.size()) + " bots rated";
  }
  if (review.poll()) {
    status = review.error().empty() ? "evaluation: done" : "evaluation: " + review.error();
  }
}

bool Session::start_review(int iterations) {
  if (!replay.is_open()) {
    status = "evaluation: no replay open";
    return false;
  }
  review_iterations = iterations;
  review.start(replay.replay(), folder_, iterations);
  status = review.running() ? "evaluation: searching each decision (ismcts)" : "evaluation: kept";
  return true;
}

const replays::Review* Session::shown_review() const {
  return replay.is_open() ? review.review_of(replay.replay(), review_iterations) : nullptr;
}

void Session::after_reload() {
  status = editor.status();
  if (editor.error() || !editor.good()) return;
  if (replay.is_open() && replay.variant().rules.id == editor.good()->rules.id) {
    status = replay.reapply(editor.good());
    diff.clear();  // run under the rules before the edit
  }
}

bool Session::run_diff(const std::string& b_spec, const std::string& policy) {
  if (!replay.is_open()) {
    status = "open a replay first";
    return false;
  }
  if (!diff.run(replay.replay(), replay.variant(), b_spec, policy, folder_, replay_label())) {
    status = "diff: " + diff.error();
    return false;
  }
  settings.last_variant_b = b_spec;
  const auto& d = diff.result();
  status = "diff under " + diff.b_rules().id + ": " +
           (d.divergences.empty()
                ? std::string("no divergence")
                : "first divergence at A event " + std::to_string(d.divergences.front().a_event) +
                      ": " + d.divergences.front().reason);
  return true;
}

bool Session::jump_to_divergence() {
  if (!replay.is_open() || !diff.is_open() || diff.result().divergences.empty()) return false;
  replay.select_event(diff.result().divergences.front().a_event);
  return true;
}

void Session::start_corpus(const std::vector<std::string>& inputs, const std::string& b_spec,
                           const std::string& policy) {
  corpus.start(inputs, b_spec, policy, folder_);
  status = "corpus under " + b_spec + ": running";
}

bool Session::run_corpus(const std::vector<std::string>& inputs, const std::string& b_spec,
                         const std::string& policy) {
  const bool ok = corpus.run(inputs, b_spec, policy, folder_);
  after_corpus(ok);
  return ok;
}

void Session::after_corpus(bool ok) {
  if (!ok) {
    status = "corpus diff: " + corpus.error();
    return;
  }
  const lab::CorpusSummary& s = corpus.summary();
  status.clear();
  // Replays that ran their own embedded Lua say so, plainly, first.
  if (!corpus.notes().empty())
    status = "NOTE: " + std::to_string(corpus.notes().size()) +
             " replay(s) ran their own embedded sources (listed in the Corpus view); ";
  status += "corpus under " + corpus.result().b_id + ": " + std::to_string(s.files) + " replays, " +
            std::to_string(s.diverged) + " diverged, " + std::to_string(s.flips) + " of " +
            std::to_string(s.decided) + " winners flipped" +
            (s.errors ? ", " + std::to_string(s.errors) + " could not be re-run" : "") +
            (corpus.stopped() ? " (stopped before the last file)" : "");
}

bool Session::open_corpus_game(size_t game) {
  if (!corpus.is_open() || game >= corpus.result().games.size()) {
    status = "no such game in the corpus";
    return false;
  }
  const lab::CorpusGame& g = corpus.result().games[game];
  if (!g.error.empty()) {
    status = g.file + ": " + g.error;
    return false;
  }
  const std::string b = corpus.b_spec(), policy = corpus.policy();
  if (!open_replay(g.file) || !run_diff(b, policy)) return false;
  jump_to_divergence();
  return true;
}

std::string Session::replay_label() const {
  if (!replay.is_open()) return "";
  return std::filesystem::path(replay.path()).filename().string() + " (" +
         replay.variant().rules.id + ")";
}

bool Session::start_play(const std::string& variant, int players,
                         const std::vector<std::string>& seats, uint64_t seed) {
  auto v = std::make_shared<const scripting::LoadedVariant>(
      scripting::load_variant_spec(variant, folder_));
  if (!v->ok) {
    status = v->error->describe();
    return false;
  }
  if (!play.start(v, players, std::nullopt, seats, seed, autosave_path())) {
    status = play.error();
    return false;
  }
  status = "new game: " + v->rules.id + ", " + std::to_string(players) + " players";
  follow_game = true;
  show_game();
  return true;
}

const State& Session::game_table() const {
  return follow_game && replay.is_open() ? replay_table() : play.state();
}

const State& Session::replay_table() const {
  const replays::ReplayCursor& c = replay.cursor();
  const bool live = follow_game && play.is_open() && c.position() == c.size();
  return live ? play.state() : c.state();
}

void Session::show_game() {
  shown_generation_ = play.generation();
  const std::string label = play.own_path().empty() ? "game in play" : play.own_path();
  if (!replay.show_record(play.record(), play.variant_ptr(), label)) {
    status = "cannot show the game: " + replay.error();
    return;
  }
  diff.clear();  // it was the previous replay's
}

bool Session::play_from_here(const std::string& variant, const std::vector<std::string>& seats,
                             const std::string& path) {
  if (!replay.is_open()) {
    status = "open a replay first";
    return false;
  }
  std::shared_ptr<const scripting::LoadedVariant> rules = replay.variant_ptr();
  if (!variant.empty()) {
    auto v = std::make_shared<const scripting::LoadedVariant>(
        scripting::load_variant_spec(variant, folder_));
    if (!v->ok) {
      status = v->error->describe();
      return false;
    }
    rules = std::move(v);
  }
  const size_t asked = replay.cursor().position();
  const Branch b = branch_at(replay.replay(), replay.cursor().steps(), asked, rules->rules);
  if (!b.ok) {
    status = "cannot play from here: " + b.error;
    return false;
  }
  std::string own = path;
  if (own.empty() && !config_.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(config_ + "/games", ec);
    const std::string stem = std::filesystem::path(replay.path()).stem().string();
    own = config_ + "/games/" + stem + "-from-" + std::to_string(b.position) + "-" +
          rules->rules.id + ".json";
  }
  if (!play.start_from(rules, b.replay, seats, autosave_path(), own)) {
    status = "cannot play from here: " + play.error();
    return false;
  }
  status = "playing from position " + std::to_string(b.position) + " under " + rules->rules.id +
           (own.empty() ? "" : "; saved to " + own) + (b.note.empty() ? "" : "; " + b.note);
  follow_game = true;
  show_game();
  return true;
}

bool Session::autosave_waiting() const {
  return !autosave_path().empty() && !play.is_open() &&
         has_unfinished_game(autosave_path(), folder_);
}

bool Session::resume_play() {
  if (!play.resume(autosave_path(), folder_)) {
    status = "cannot resume: " + play.error();
    return false;
  }
  status = "resumed the autosaved game (" + std::to_string(play.actions_played()) + " actions)";
  follow_game = true;
  show_game();
  return true;
}

}  // namespace zetema::studio
