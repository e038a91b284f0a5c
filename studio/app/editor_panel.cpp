// The variant editor: the Lua text with line numbers and colours, save,
// revert, the reload's result with the error line marked, outside changes,
// and the prompt before unsaved edits would be lost.
//
// ImGui 1.86's multi-line input draws all its text in one colour. The code
// view keeps that widget for editing (keys, selection, undo, clipboard) but
// draws its text transparent, sized to hold every line so it never scrolls
// itself; a child window around it scrolls, and the lines are drawn over it
// in colour, with their numbers beside them and the text cursor.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cfloat>
#include <filesystem>

#include "studio/app/ui.h"

#include "replays/text.h"

namespace zetema::studio {

namespace {

using Kind = Session::EditorAction::Kind;

ImU32 token_colour(LuaTokenKind k) {
  switch (k) {
    case LuaTokenKind::Keyword:
      return IM_COL32(200, 140, 255, 255);
    case LuaTokenKind::String:
      return IM_COL32(230, 190, 110, 255);
    case LuaTokenKind::Comment:
      return IM_COL32(120, 170, 120, 255);
    case LuaTokenKind::Number:
      return IM_COL32(120, 200, 230, 255);
  }
  return IM_COL32_WHITE;
}

float button_width(const char* label) {
  return ImGui::CalcTextSize(label).x + 2 * ImGui::GetStyle().FramePadding.x;
}

float text_width(const char* a, const char* b) {
  ImFont* f = ImGui::GetFont();
  return f->CalcTextSizeA(ImGui::GetFontSize(), FLT_MAX, 0, a, b).x;
}

// Re-tokenises only when the text changed since the last frame.
void retokenise(EditorView& v, const std::string& text) {
  if (v.coloured == text && !v.starts.empty()) return;
  v.coloured = text;
  v.tokens = lua_tokens(text);
  v.starts = line_starts(text);
  v.text_width = 0;
  for (size_t i = 0; i < v.starts.size(); ++i) {
    const size_t end = i + 1 < v.starts.size() ? v.starts[i + 1] : text.size();
    v.text_width = std::max(v.text_width, text_width(text.data() + v.starts[i], text.data() + end));
  }
}

int line_of(const EditorView& v, int byte) {
  const auto it = std::upper_bound(v.starts.begin(), v.starts.end(), static_cast<size_t>(byte));
  return static_cast<int>(it - v.starts.begin());
}

int on_input(ImGuiInputTextCallbackData* d) {
  auto& v = *static_cast<EditorView*>(d->UserData);
  if (v.goto_byte >= 0) {
    d->CursorPos = d->SelectionStart = d->SelectionEnd = std::min(v.goto_byte, d->BufTextLen);
    v.goto_byte = -1;
  }
  v.cursor = d->CursorPos;
  return 0;
}

// One line of text in colour at `pos`: the plain colour between tokens.
void draw_line(ImDrawList* dl, ImVec2 pos, const std::string& text, size_t from, size_t to,
               const std::vector<LuaToken>& tokens) {
  const ImU32 plain = ImGui::GetColorU32(ImGuiCol_Text);
  auto it = std::lower_bound(tokens.begin(), tokens.end(), from,
                             [](const LuaToken& t, size_t at) { return t.end <= at; });
  size_t at = from;
  auto piece = [&](size_t a, size_t b, ImU32 col) {
    if (b <= a) return;
    dl->AddText(pos, col, text.data() + a, text.data() + b);
    pos.x += text_width(text.data() + a, text.data() + b);
  };
  for (; it != tokens.end() && it->begin < to; ++it) {
    piece(at, std::max(at, it->begin), plain);
    const size_t b = std::min(to, it->end);
    piece(std::max(at, it->begin), b, token_colour(it->kind));
    at = b;
  }
  piece(at, to, plain);
}

// Where the code view's lines lie this frame: the line height, the frame's
// padding, the gutter, the visible part of the child, the input's box.
struct CodeGeometry {
  float lh = 0;  // the input widget's line height
  ImVec2 pad;
  int lines = 0;  // the line count the widget was sized for
  float gutter = 0;
  float view_h = 0;
  ImVec2 origin, box;
  float right = 0;  // the input's right edge
  float scroll = 0;
  int first = 0, last = 0;  // the visible lines, from 0, last excluded
};

// A new error in this file: go to its line once. Returns that line (0: none).
int follow_error(Session& s, EditorView& v) {
  const auto& err = s.editor.error();
  const int err_line = err && s.resolve_file(err->file) == s.editor.path() ? err->line : 0;
  const std::string err_text = err ? err->describe() : "";
  if (err_text != v.error_shown) {
    v.error_shown = err_text;
    if (err_line > 0) s.editor.goto_line = err_line;
  }
  return err_line;
}

// Waits for the click that asked for it to end: a button held on another
// window holds ImGui's active item, and its release would take the focus.
void start_goto(Session& s, EditorView& v, int lines) {
  if (s.editor.goto_line > 0 && !ImGui::IsAnyMouseDown()) {
    const int line = std::min(s.editor.goto_line, lines);
    v.goto_byte = static_cast<int>(v.starts[static_cast<size_t>(line - 1)]);
    v.followed = v.goto_byte;  // the scroll set here, not the cursor's follow
    v.scroll_line = line;
    v.scroll_frames = 3;
    ImGui::SetKeyboardFocusHere(0);
    s.editor.goto_line = 0;
  }
}

// The editing widget, its text transparent; true while it is being edited.
bool code_input(Session& s, EditorView& v, const ImVec2& size, ImVec2& box) {
  ImGui::PushID(s.editor.generation());  // text replaced by the session: a fresh widget
  ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(0, 0, 0, 0));
  ImGui::PushStyleColor(ImGuiCol_FrameBg, IM_COL32(0, 0, 0, 0));
  ImGui::InputTextMultiline("##lua", &s.editor.text, size,
                            ImGuiInputTextFlags_AllowTabInput | ImGuiInputTextFlags_CallbackAlways,
                            on_input, &v);
  ImGui::PopStyleColor(2);
  const bool editing = ImGui::IsItemActive();
  box = ImGui::GetItemRectMin();
  ImGui::PopID();
  return editing;
}

// The visible lines in colour, the error's line and the marked one shaded.
void coloured_lines(ImDrawList* dl, const Session& s, const EditorView& v, const CodeGeometry& g,
                    int err_line) {
  const std::string& text = s.editor.text;
  for (int i = g.first; i < g.last; ++i) {
    const int n = i + 1;
    const ImVec2 at(g.box.x + g.pad.x, g.box.y + g.pad.y + static_cast<float>(i) * g.lh);
    if (n == err_line)
      dl->AddRectFilled(ImVec2(g.origin.x, at.y), ImVec2(g.right, at.y + g.lh),
                        IM_COL32(200, 50, 50, 70));
    else if (n == s.editor.marked_line)
      dl->AddRectFilled(ImVec2(g.origin.x, at.y), ImVec2(g.right, at.y + g.lh),
                        IM_COL32(220, 190, 60, 45));
    const size_t from = v.starts[static_cast<size_t>(i)];
    size_t to = i + 1 < g.lines ? v.starts[static_cast<size_t>(i) + 1] - 1 : text.size();
    if (to > from && text[to - 1] == '\r') --to;
    draw_line(dl, at, text, from, to, v.tokens);
  }
}

// The line numbers stay put when the text scrolls sideways, over it.
void line_numbers(ImDrawList* dl, const CodeGeometry& g, int err_line) {
  const float gx = ImGui::GetWindowPos().x, gy = ImGui::GetWindowPos().y;
  dl->AddRectFilled(ImVec2(gx + 1, gy + 1), ImVec2(gx + g.gutter, gy + g.view_h - 1),
                    ImGui::GetColorU32(ImGuiCol_WindowBg));  // inside the child's border
  for (int i = g.first; i < g.last; ++i) {
    const int n = i + 1;
    const std::string num = std::to_string(n);
    const ImU32 col = n == err_line ? IM_COL32(255, 110, 110, 255) : IM_COL32(120, 125, 130, 255);
    const float y = g.box.y + g.pad.y + static_cast<float>(i) * g.lh;
    dl->AddText(ImVec2(gx + g.gutter - g.pad.x - text_width(num.c_str(), nullptr), y), col,
                num.c_str());
  }
}

// The text cursor (the widget's own is drawn in the transparent colour),
// and the scroll follows it as the user types or moves.
void text_cursor(ImDrawList* dl, const std::string& text, EditorView& v, const CodeGeometry& g) {
  if (v.cursor < 0) return;
  const size_t from = v.starts[static_cast<size_t>(v.cursor_line - 1)];
  const float x = g.box.x + g.pad.x + text_width(text.data() + from, text.data() + v.cursor);
  const float y = g.box.y + g.pad.y + static_cast<float>(v.cursor_line - 1) * g.lh;
  dl->AddLine(ImVec2(x, y), ImVec2(x, y + g.lh), ImGui::GetColorU32(ImGuiCol_Text));
  if (v.cursor != v.followed) {
    v.followed = v.cursor;
    const float top = y - g.origin.y;  // in the child's content (origin has the scroll in it)
    if (top < g.scroll) ImGui::SetScrollY(top);
    if (top + g.lh > g.scroll + g.view_h - g.lh) ImGui::SetScrollY(top + 2 * g.lh - g.view_h);
    const float left = x - g.origin.x;
    const float view_w = ImGui::GetWindowWidth();
    if (left < ImGui::GetScrollX() + g.gutter)
      ImGui::SetScrollX(std::max(0.0f, left - g.gutter * 2));
    if (left > ImGui::GetScrollX() + view_w - g.gutter)
      ImGui::SetScrollX(left - view_w + g.gutter * 2);
  }
}

// For the scripted checks: the lines wholly in view (inside the child's
// clip rectangle, which leaves out its scroll bars), the gutter's right edge
// and where a line's first character is drawn.
void note_shown_lines(EditorView& v, const CodeGeometry& g, ImDrawList* dl) {
  const float top = dl->GetClipRectMin().y, bottom = dl->GetClipRectMax().y;
  v.shown_first = v.shown_last = 0;
  for (int i = g.first; i < g.last; ++i) {
    const float y = g.box.y + g.pad.y + static_cast<float>(i) * g.lh;
    if (y < top - 1 || y + g.lh > bottom + 1) continue;
    if (v.shown_first == 0) v.shown_first = i + 1;
    v.shown_last = i + 1;
  }
  v.gutter_right = ImGui::GetWindowPos().x + g.gutter;
  v.text_left = g.box.x + g.pad.x;
}

void code_view(Session& s, UiState& ui) {
  EditorView& v = ui.editor_view;
  std::string& text = s.editor.text;
  retokenise(v, text);
  CodeGeometry g;
  g.lh = ImGui::GetFontSize();
  g.pad = ImGui::GetStyle().FramePadding;
  g.lines = static_cast<int>(v.starts.size());
  g.gutter = text_width("00000", nullptr) + g.pad.x * 2;
  ImGui::BeginChild("code", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  note_rect(ui, "editor-code", ImGui::GetWindowPos().x, ImGui::GetWindowPos().y,
            ImGui::GetWindowWidth(), ImGui::GetWindowHeight());
  g.view_h = ImGui::GetWindowHeight();
  g.origin = ImGui::GetCursorScreenPos();
  // A go-to (a clicked file:line, the error): scroll there and put the cursor there.
  const int err_line = follow_error(s, v);
  v.red_line = err_line;
  start_goto(s, v, g.lines);
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + g.gutter);
  const float width = std::max(ImGui::GetContentRegionAvail().x,
                               v.text_width + g.pad.x * 2 + text_width("0000000000", nullptr));
  const ImVec2 size(width, static_cast<float>(g.lines + 1) * g.lh + g.pad.y * 2);
  const bool editing = code_input(s, v, size, g.box);
  if (!editing) v.cursor = -1;
  // Scrolls to a go-to's line once the widget has the focus: taking it
  // scrolls the widget's left edge into view a frame later (the code under
  // the gutter), which this overrides for a few frames.
  if (v.scroll_line > 0 && editing) {
    ImGui::SetScrollY(
        std::max(0.0f, (static_cast<float>(v.scroll_line) - 1) * g.lh - g.view_h / 3));
    ImGui::SetScrollX(0);
    if (--v.scroll_frames <= 0) v.scroll_line = 0;
  }
  v.cursor_line = v.cursor >= 0 ? line_of(v, v.cursor) : 0;
  retokenise(v, text);  // this frame's typing, drawn this frame

  ImDrawList* dl = ImGui::GetWindowDrawList();
  g.scroll = ImGui::GetScrollY();
  g.first = std::max(0, static_cast<int>((g.scroll - g.pad.y) / g.lh));
  g.last = std::min(g.lines, static_cast<int>((g.scroll + g.view_h) / g.lh) + 1);
  g.right = g.box.x + size.x;
  coloured_lines(dl, s, v, g, err_line);
  line_numbers(dl, g, err_line);
  text_cursor(dl, text, v, g);
  note_shown_lines(v, g, dl);
  ImGui::EndChild();
}

// The variant picker, and the buttons that open another variant.
void picker(Session& s, UiState& ui) {
  const auto& catalog = s.catalog();
  // The picker follows the file being edited when it is one of the folder's.
  if (s.editor.path() != ui.editor_synced) {
    ui.editor_synced = s.editor.path();
    const std::string stem = std::filesystem::path(s.editor.path()).stem().string();
    for (size_t i = 0; i < catalog.size(); ++i)
      if (catalog[i].id == stem) ui.editor_pick = static_cast<int>(i);
  }
  if (!catalog.empty()) {
    int& pick = ui.editor_pick;
    pick = std::min(pick, static_cast<int>(catalog.size()) - 1);
    ImGui::SetNextItemWidth(160);
    if (ImGui::BeginCombo("##variant", catalog[static_cast<size_t>(pick)].id.c_str())) {
      for (size_t i = 0; i < catalog.size(); ++i) {
        if (ImGui::Selectable(catalog[i].id.c_str(), static_cast<int>(i) == pick))
          pick = static_cast<int>(i);
      }
      ImGui::EndCombo();
    }
    ImGui::SameLine();
    if (ImGui::Button("Edit"))
      s.request({Kind::OpenVariant, catalog[static_cast<size_t>(pick)].id, 0});
  }
  constexpr const char* kEditReplays = "Edit the replay's variant";
  if (!s.replay.is_open()) return;
  if (!catalog.empty()) same_line_or_wrap(button_width(kEditReplays));
  if (ImGui::Button(kEditReplays)) s.request({Kind::OpenVariant, s.replay.variant().rules.id, 0});
}

// The error's file:line as a link (the file's name alone where the path does
// not fit), then its message wrapped to the panel: nothing drawn past the
// panel's edge, which would let the panel scroll sideways.
void error_text(Session& s, UiState& ui, const ScriptError& err) {
  const std::string all = replays::printable(err.describe());
  const auto refs = find_file_lines(all);
  size_t at = 0;
  if (!refs.empty() && refs.front().begin == 0) {
    location_link(s, ui, all.substr(0, refs.front().end), "editor-error-link");
    at = all.compare(refs.front().end, 2, ": ") == 0 ? refs.front().end + 2 : refs.front().end;
  }
  const std::string message = all.substr(at);
  if (at > 0) same_line_or_wrap(ImGui::CalcTextSize(message.c_str()).x);
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.4f, 0.4f, 1));
  ImGui::TextWrapped("%s", message.c_str());
  ImGui::PopStyleColor();
  note_item(ui, "editor-error-message");
}

// The reload's result: the error (its line a link), or what loaded.
void load_result(Session& s, UiState& ui) {
  if (const auto& err = s.editor.error()) {
    error_text(s, ui, *err);
    if (s.editor.good())
      ImGui::TextDisabled("still playing the last good %s", s.editor.good()->rules.id.c_str());
  } else if (s.editor.good()) {
    ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.5f, 1), "loaded %s", s.editor.good()->rules.id.c_str());
  }
}

// The file changed on disk while the buffer had edits: the user chooses.
void outside_change(Session& s) {
  if (!s.editor.outside_change()) return;
  ImGui::TextColored(ImVec4(1, 0.85f, 0.3f, 1),
                     "changed on disk since you loaded it; the game follows the disk");
  if (ImGui::Button("Reload the text from disk")) s.request({Kind::ReloadText, "", 0});
  ImGui::SameLine();
  if (ImGui::Button("Overwrite it with mine")) s.save_variant(/*overwrite=*/true);
}

}  // namespace

void draw_editor_panel(Session& s, UiState& ui) {
  if (!ImGui::Begin(panel_title(Panel::Editor), &ui.open[static_cast<int>(Panel::Editor)])) {
    ImGui::End();
    return;
  }
  ui.editor_view.panel_scroll_x = ImGui::GetScrollX();
  picker(s, ui);
  if (!s.editor.is_open()) {
    ImGui::TextWrapped(
        "Choose a variant to edit. Saving reloads it; the open replay is re-applied.");
    ImGui::End();
    return;
  }
  // The file's path, or where it is too long for the panel (it scrolled the
  // whole panel sideways) its name, with the path on hover.
  const std::string path = replays::printable(s.editor.path());
  const std::string modified = s.editor.dirty() ? "  (modified)" : "";
  const bool fits =
      ImGui::CalcTextSize((path + modified).c_str()).x <= ImGui::GetContentRegionAvail().x;
  const std::string name =
      replays::printable(std::filesystem::path(s.editor.path()).filename().string());
  ImGui::TextUnformatted(((fits ? path : ".../" + name) + modified).c_str());
  note_item(ui, "editor-path");
  if (!fits && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", path.c_str());
  // The GLFW backend indexes keys by GLFW key code, which for letters is ASCII.
  const bool save =
      ImGui::Button("Save (Ctrl+S)") || (ImGui::GetIO().KeyCtrl && ImGui::IsKeyPressed('S', false));
  if (save) s.save_variant();
  same_line_or_wrap(button_width("Revert"));
  if (ImGui::Button("Revert")) s.request({Kind::Revert, "", 0});
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("back to the last version that loaded without error");
  const auto& err = s.editor.error();
  if (err && s.resolve_file(err->file) == s.editor.path() && err->line > 0) {
    same_line_or_wrap(button_width("Go to the error"));
    if (ImGui::Button("Go to the error")) s.editor.goto_line = s.editor.marked_line = err->line;
  }
  outside_change(s);
  load_result(s, ui);
  code_view(s, ui);
  ImGui::End();
}

void draw_discard_prompt(Session& s, UiState& ui) {
  constexpr const char* kTitle = "Unsaved edits";
  if (s.pending() && !ImGui::IsPopupOpen(kTitle)) ImGui::OpenPopup(kTitle);
  if (!ImGui::BeginPopupModal(kTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  if (!s.pending()) {
    ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return;
  }
  ImGui::Text("%s has unsaved edits.", replays::printable(s.editor.path()).c_str());
  ImGui::Text("Save them before you %s?", replays::printable(s.pending_words()).c_str());
  if (s.editor.outside_change())
    ImGui::TextColored(
        ImVec4(1, 0.85f, 0.3f, 1),
        "The file changed on disk since you loaded it: Save overwrites that change.");
  ImGui::Separator();
  std::optional<Session::Answer> answer;
  if (ImGui::Button("Save")) answer = Session::Answer::Save;
  note_item(ui, "prompt-save");
  ImGui::SameLine();
  if (ImGui::Button("Discard")) answer = Session::Answer::Discard;
  note_item(ui, "prompt-discard");
  ImGui::SameLine();
  if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    answer = Session::Answer::Cancel;
  note_item(ui, "prompt-cancel");
  if (answer) s.answer(*answer);
  if (!s.pending()) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace zetema::studio
