// The scripted mode's commands and checks for one truth across the panels
// (the status bar, the title, the turn header, the panel in front) and for
// sharing a moment (the position as text, the table as a PNG).
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "studio/app/script_commands.h"
#include "studio/app/share_moment.h"
#include "studio/app/viewer.h"
#include "studio/session/seat_view.h"

namespace zetema::studio {

namespace {

// A panel by its title in lower case, or its title's last word: "play",
// "explanation", "editor".
std::optional<Panel> panel_by_title(std::string name) {
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  for (int p = 0; p < kPanels; ++p) {
    std::string t = panel_title(static_cast<Panel>(p));
    std::transform(t.begin(), t.end(), t.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    if (name == t || name == t.substr(t.rfind(' ') + 1)) return static_cast<Panel>(p);
  }
  return std::nullopt;
}

// File > Recent's item N (from 1): the menu hands the session the very
// string in the recent list, which opening the replay reorders.
std::string open_recent(ScriptCall& c) {
  const long long n = script_number(c.rest);
  if (n < 1 || static_cast<size_t>(n) > c.s.settings.recent.size())
    return "no recent file " + c.rest;
  c.s.open_replay(c.s.settings.recent[static_cast<size_t>(n - 1)]);
  c.w.frame(c.s, c.ui);
  return {};
}

std::string view_panel(ScriptCall& c) {
  const auto p = panel_by_title(c.rest);
  if (!p) return "no panel '" + c.rest + "'";
  bring_to_front(c.ui, *p);
  c.w.frame(c.s, c.ui);
  c.w.frame(c.s, c.ui);
  return {};
}

std::string save_table_png(ScriptCall& c) {
  request_table_png(c.s, c.ui, c.rest);
  c.w.frame(c.s, c.ui);
  return c.s.status.rfind("saved the table", 0) == 0 ? "" : c.s.status;
}

// The panel drawn last (in front) of the open panels that overlap it.
std::string check_front(const Expectation& e) {
  const auto p = panel_by_title(e.value);
  if (!p) return e.fail("no panel '" + e.value + "'");
  const ImGuiWindow* want = ImGui::FindWindowByName(panel_title(*p));
  if (!want || !want->WasActive) return e.fail("not drawn");
  const ImRect r(want->Pos, ImVec2(want->Pos.x + want->Size.x, want->Pos.y + want->Size.y));
  const ImVector<ImGuiWindow*>& order = ImGui::GetCurrentContext()->Windows;  // back to front
  bool after = false;
  for (const ImGuiWindow* w : order) {
    if (w == want) after = true;
    if (!after || w == want || !w->WasActive || (w->Flags & ImGuiWindowFlags_ChildWindow)) continue;
    for (int q = 0; q < kPanels; ++q)
      if (std::string(w->Name) == panel_title(static_cast<Panel>(q)) &&
          r.Overlaps(ImRect(w->Pos, ImVec2(w->Pos.x + w->Size.x, w->Pos.y + w->Size.y))))
        return e.fail(std::string(w->Name) + " in front of it");
  }
  return {};
}

// The clipboard names no card the seats shown never saw.
std::string check_clipboard_secrets(const Expectation& e) {
  const char* got = ImGui::GetClipboardText();
  const std::string text = got ? got : "";
  if (text.empty()) return e.fail("an empty clipboard");
  if (!e.s.replay.is_open()) return e.fail("no replay open");
  const auto& c = e.s.replay.cursor();
  const std::span<const Event> played(c.events().data(), c.position());
  const CardSet secret = secret_cards(played, shown_seats(e.s, e.ui));
  std::string named;
  secret.for_each([&](Card card) {
    const std::string n = to_string(card);
    // A whole card token: "KD" but not the "KD" of "KD'".
    for (size_t at = text.find(n); at != std::string::npos; at = text.find(n, at + 1)) {
      const size_t end = at + n.size();
      const bool starts = at == 0 || !std::isalnum(static_cast<unsigned char>(text[at - 1]));
      const bool ends = end == text.size() ||
                        (!std::isalnum(static_cast<unsigned char>(text[end])) && text[end] != '\'');
      if (starts && ends) named += " " + n;
    }
  });
  return named.empty() ? "" : e.fail("hidden cards named:" + named);
}

// The PNG at PATH is the Table panel's size.
std::string check_table_png(const Expectation& e) {
  const ScreenshotInfo info = inspect_png(e.value);
  if (!info.ok) return e.fail(info.error);
  const auto r = window_rect(panel_title(Panel::Table));
  if (!r) return e.fail("the Table was not drawn");
  const float scale = ImGui::GetIO().DisplayFramebufferScale.x;
  const int w = static_cast<int>(r->w * scale), h = static_cast<int>(r->h * scale);
  if (std::abs(info.width - w) > 1 || std::abs(info.height - h) > 1)
    return e.fail(std::to_string(info.width) + "x" + std::to_string(info.height) +
                  ", the Table is " + std::to_string(w) + "x" + std::to_string(h));
  return info.colours < 16 ? e.fail("a blank image") : "";
}

std::string contains(const Expectation& e, const std::string& got) {
  return got.find(e.value) != std::string::npos ? "" : e.fail(got);
}

void register_moment_checks(ScriptCommands& t) {
  t.add_check("status-names",
              "status-names FILE: the status bar's moment names FILE, and its message too if "
              "it says what was opened",
              [](const Expectation& e) {
                const std::string& said = e.s.status;
                if (said.rfind("opened ", 0) == 0 && said.find(e.value) == std::string::npos)
                  return e.fail("status: " + said);
                return contains(e, e.ui.status_shown);
              });
  t.add_check("status-shows", "status-shows TEXT: the status bar as drawn (message | moment)",
              [](const Expectation& e) { return contains(e, e.ui.status_shown); });
  t.add_check("title-names", "title-names FILE: the window's title names FILE",
              [](const Expectation& e) { return contains(e, e.ui.window_title); });
  t.add_check("header", "header TEXT: the Table's turn header as drawn (\"P2 to discard\")",
              [](const Expectation& e) { return e.equals(e.ui.table_header); });
  t.add_check("front", "front PANEL: drawn, and no open panel in front of it", check_front);
  t.add_check("clipboard-contains", "clipboard-contains TEXT", [](const Expectation& e) {
    const char* got = ImGui::GetClipboardText();
    return contains(e, got ? got : "");
  });
  t.add_check("clipboard-hides-secrets",
              "clipboard-hides-secrets: no card the seats shown never saw in the clipboard",
              check_clipboard_secrets);
  t.add_check("table-png", "table-png PATH: a PNG of the Table panel's size, not blank",
              check_table_png);
}

}  // namespace

void register_moment_commands(ScriptCommands& t) {
  t.add("open-recent", "open-recent N: File > Recent's item N (from 1)", open_recent);
  t.add("view", "view PANEL: View > PANEL, opening it", view_panel);
  t.add("copy-position", "copy-position: File > Copy position as text", [](ScriptCall& c) {
    copy_position(c.s, c.ui);
    return std::string();
  });
  t.add("save-table-png", "save-table-png PATH: File > Save table as PNG, to PATH", save_table_png);
  register_moment_checks(t);
}

}  // namespace zetema::studio
