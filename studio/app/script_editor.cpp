// The scripted mode's commands and checks for the variant editor, its file
// on disk, the unsaved-edits prompt and saving.
#include <filesystem>
#include <fstream>

#include "replays/replay_file.h"
#include "studio/app/script_commands.h"

namespace zetema::studio {

namespace {

std::string edit_replace(ScriptCall& c) {
  const size_t arrow = c.rest.find(" => ");
  if (arrow == std::string::npos) return "usage: edit-replace OLD => NEW";
  const std::string from = c.rest.substr(0, arrow), to = c.rest.substr(arrow + 4);
  const size_t at = c.s.editor.text.find(from);
  if (at == std::string::npos) return "'" + from + "' is not in the edited text";
  std::string text = c.s.editor.text;
  c.s.editor.replace_text(text.replace(at, from.size(), to));
  return {};
}

std::string disk_replace(ScriptCall& c) {
  const std::string& rest = c.rest;
  const size_t arrow = rest.find(" => ");
  if (arrow == std::string::npos || !c.s.editor.is_open()) return "usage: disk-replace OLD => NEW";
  std::ifstream in(c.s.editor.path(), std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  std::string disk = bytes.str();
  const size_t at = disk.find(rest.substr(0, arrow));
  if (at == std::string::npos) return "'" + rest.substr(0, arrow) + "' is not in the file";
  disk.replace(at, arrow, rest.substr(arrow + 4));
  return replays::write_file_atomically(c.s.editor.path(), disk);
}

std::string answer(ScriptCall& c) {
  if (!c.s.pending()) return "no prompt is open";
  std::string a;
  c.args >> a;
  if (a == "save")
    c.s.answer(Session::Answer::Save);
  else if (a == "discard")
    c.s.answer(Session::Answer::Discard);
  else if (a == "cancel")
    c.s.answer(Session::Answer::Cancel);
  else
    return "answer takes save, discard or cancel, not '" + a + "'";
  return {};
}

std::string open_location(ScriptCall& c) {
  const size_t colon = c.rest.rfind(':');
  if (colon == std::string::npos) return "usage: open-location FILE:LINE";
  std::string file = c.rest.substr(0, colon);
  // A bare name is the variants folder's file, named as messages name it.
  if (file.find('/') == std::string::npos) file = c.s.folder().shown + "/" + file;
  c.s.open_location(file, static_cast<int>(script_number(c.rest.substr(colon + 1))));
  return {};
}

std::string save_as(ScriptCall& c) {
  std::string a, b;
  c.args >> a;
  std::getline(c.args, b);
  if (!b.empty() && b[0] == ' ') b.erase(0, 1);
  static const std::pair<const char*, Session::Saveable> kWhat[] = {
      {"game", Session::Saveable::Game},
      {"variant", Session::Saveable::Variant},
      {"replay", Session::Saveable::Replay}};
  for (const auto& [name, what] : kWhat)
    if (a == name) return c.s.save_as(what, b) ? "" : c.s.status;
  return "save-as takes game, variant or replay, not '" + a + "'";
}

// A command that asks the session for an editor action, as its button does.
ScriptCommand request(Session::EditorAction::Kind kind) {
  return [kind](ScriptCall& c) {
    c.s.request({kind, "", 0});
    return std::string();
  };
}

// The editor keeps its layout (with an error too): the panel is not
// scrolled sideways, the code starts right of the line numbers, and its
// file line and the error's link and message are drawn whole.
std::string expect_editor_layout(ScriptCall& c) {
  c.ui.record_layout = true;
  c.w.frame(c.s, c.ui);
  c.w.frame(c.s, c.ui);
  c.ui.record_layout = false;
  const EditorView& v = c.ui.editor_view;
  if (v.panel_scroll_x != 0)
    return "the editor panel is scrolled sideways by " + std::to_string(v.panel_scroll_x) + " px";
  if (v.text_left < v.gutter_right)
    return "the code starts at x " + std::to_string(v.text_left) +
           ", under the line numbers (they end at " + std::to_string(v.gutter_right) + ")";
  for (const char* item : {"editor-path", "editor-error-link", "editor-error-message"})
    if (c.ui.clipped.count(item)) return std::string(item) + " is cut off";
  if (!c.ui.layout.count("editor-path")) return "the editor's file line was not drawn";
  if (c.s.editor.error() && !c.ui.layout.count("editor-error-message"))
    return "the error's message was not drawn";
  return {};
}

void register_editor_checks(ScriptCommands& t) {
  t.add_check("editor-error-line-visible",
              "editor-error-line-visible: the last frame showed the error's line whole",
              [](const Expectation& e) {
                const auto& err = e.s.editor.error();
                if (!err) return e.fail("no error");
                const EditorView& v = e.ui.editor_view;
                if (err->line >= v.shown_first && err->line <= v.shown_last) return std::string();
                return e.fail("line " + std::to_string(err->line) + " not in the lines shown, " +
                              std::to_string(v.shown_first) + " to " +
                              std::to_string(v.shown_last));
              });
  t.add_check("editor-error-marker", "editor-error-marker N|none: the line drawn in red",
              [](const Expectation& e) {
                const int line = e.ui.editor_view.red_line;
                return e.equals(line > 0 ? std::to_string(line) : "none");
              });
  t.add_check("editor-error-line", "editor-error-line N", [](const Expectation& e) {
    const auto& err = e.s.editor.error();
    if (!err) return e.fail("no error");
    return e.count(err->line);
  });
  t.add_check("editor-ok", "editor-ok", [](const Expectation& e) {
    return e.s.editor.error() ? e.fail(e.s.editor.error()->describe()) : "";
  });
  t.add_check("editor-file", "editor-file NAME: the edited file's name: sackson.lua",
              [](const Expectation& e) {
                return e.equals(std::filesystem::path(e.s.editor.path()).filename().string());
              });
  t.add_check("editor-contains", "editor-contains TEXT", [](const Expectation& e) {
    return e.s.editor.text.find(e.value) != std::string::npos ? "" : e.fail("not in the text");
  });
  t.add_check("editor-lacks", "editor-lacks TEXT", [](const Expectation& e) {
    return e.s.editor.text.find(e.value) == std::string::npos ? "" : e.fail("in the text");
  });
  t.add_check("editor-dirty", "editor-dirty true|false",
              [](const Expectation& e) { return e.flag(e.s.editor.dirty()); });
  t.add_check("outside-change", "outside-change true|false",
              [](const Expectation& e) { return e.flag(e.s.editor.outside_change()); });
  t.add_check("editor-cursor-line",
              "editor-cursor-line N: where the editor widget's own cursor is (0: not editing)",
              [](const Expectation& e) { return e.count(e.ui.editor_view.cursor_line); });
  t.add_check("prompt", "prompt WORDS|none: the pending prompt's action in words has these",
              [](const Expectation& e) {
                const std::string got = e.s.pending() ? e.s.pending_words() : "none";
                return got.find(e.value) != std::string::npos ? "" : e.fail(got);
              });
  t.add_check("quit", "quit true|false: the window was asked to close and may",
              [](const Expectation& e) { return e.flag(e.s.quit_requested()); });
}

}  // namespace

void register_editor_commands(ScriptCommands& t) {
  using Kind = Session::EditorAction::Kind;
  t.add("open-variant", "open-variant ID|PATH: in the editor, at once",
        [](ScriptCall& c) { return c.s.open_variant(c.rest) ? "" : c.s.status; });
  t.add("edit-replace", "edit-replace OLD => NEW", edit_replace);
  t.add("edit-append", "edit-append TEXT", [](ScriptCall& c) {
    c.s.editor.replace_text(c.s.editor.text + c.rest + "\n");
    return std::string();
  });
  t.add("disk-replace", "disk-replace OLD => NEW: another program edits the file", disk_replace);
  t.add("close-window", "close-window: as the window's close button: asks when edits are unsaved",
        request(Kind::Close));
  t.add("reload-text", "reload-text: the outside-change banner's \"Reload the text from disk\"",
        request(Kind::ReloadText));
  t.add("revert", "revert: as the editor's Revert", request(Kind::Revert));
  t.add("answer", "answer save|discard|cancel: the prompt's buttons", answer);
  t.add("open-location", "open-location FILE:LINE, as a click on that link", open_location);
  t.add("save-variant", "save-variant: a failed reload is checked with expect", [](ScriptCall& c) {
    c.s.save_variant();
    return std::string();  // a failed reload is checked with expect
  });
  t.add("save-as", "save-as game|variant|replay PATH: as File > Save as", save_as);
  t.add("expect-editor-layout",
        "expect-editor-layout: the panel unshifted, the code right of the line numbers, its "
        "file line and error whole",
        expect_editor_layout);
  register_editor_checks(t);
}

}  // namespace zetema::studio
