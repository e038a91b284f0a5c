// The studio's own keys beyond stepping (keymap.h lists them all): the list
// of keys, File > Open and Recent, Run diff, and the menu bar by keyboard.
#include <GLFW/glfw3.h>  // ImGui 1.86 names no F keys: the GLFW backend's codes
#include <imgui.h>
#include <imgui_internal.h>  // the menu bar's window and ImGui's navigation state

#include <algorithm>

#include "studio/app/key_taps.h"
#include "studio/app/ui.h"

namespace zetema::studio {

namespace {

// Alt pressed and released with no other key between (as ImGui's own Alt
// does for a window's menu layer; the main menu bar is a window of its own,
// which a panel's Alt never reaches). Presses are counted as they arrive,
// so a tap quicker than a frame still counts.
bool alt_tapped(const ImGuiIO& io) {
  static bool armed = false;
  if (key_taps(GLFW_KEY_LEFT_ALT) + key_taps(GLFW_KEY_RIGHT_ALT) > 0) armed = true;
  if (!armed) return false;
  bool other = io.KeyCtrl || io.KeyShift || io.KeySuper || ImGui::IsAnyMouseDown();
  for (int k = GLFW_KEY_SPACE; k <= GLFW_KEY_LAST && !other; ++k)
    other = k != GLFW_KEY_LEFT_ALT && k != GLFW_KEY_RIGHT_ALT && key_taps(k) > 0;
  if (other) armed = false;
  if (!armed || io.KeyAlt) return false;
  armed = false;
  return true;
}

bool question_mark_typed(const ImGuiIO& io) {
  return std::find(io.InputQueueCharacters.begin(), io.InputQueueCharacters.end(),
                   static_cast<ImWchar>('?')) != io.InputQueueCharacters.end();
}

void run_diff_by_key(Session& s, UiState& ui) {
  const auto& catalog = s.catalog();
  if (catalog.empty() || !s.replay.is_open()) return;
  const size_t b =
      std::min<size_t>(static_cast<size_t>(std::max(ui.diff_b, 0)), catalog.size() - 1);
  s.run_diff(catalog[b].id, diff_policies()[static_cast<size_t>(ui.diff_policy)]);
  ui.open[static_cast<int>(Panel::Diff)] = true;
}

// The window that had the keyboard before the menu bar took it.
ImGuiWindow* g_before_menu = nullptr;

// ImGui's own keyboard navigation, on only while the menu bar or a panel is
// driven by keys: elsewhere the arrows and Space step the timeline. ImGui
// 1.86 presses an item with Space (its "activate" key), not with Enter:
// while it navigates, Enter is that key.
void navigate_by_keys(bool on) {
  ImGuiIO& io = ImGui::GetIO();
  if (on)
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  else
    io.ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
  io.KeyMap[ImGuiKey_Space] = on ? GLFW_KEY_ENTER : GLFW_KEY_SPACE;
}

// Tab: ImGui's navigation in the panel that has the keyboard (its pickers,
// buttons and fields); Esc, with no picker open, leaves it.
void panel_navigation(const ImGuiIO& io, UiState& ui) {
  ImGuiContext& g = *GImGui;
  static bool popup_seen = false;  // a picker was open last frame (Esc closed it)
  if (!ui.panel_nav && !ui.menu_by_key && !io.WantTextInput && !io.KeyCtrl &&
      key_taps(GLFW_KEY_TAB) > 0 && g.NavWindow != nullptr) {
    navigate_by_keys(true);
    ImGui::NavInitWindow(g.NavWindow, true);  // its first item chosen
    g.NavDisableHighlight = false;
    g.NavDisableMouseHover = true;
    ui.panel_nav = true;
  } else if (ui.panel_nav && (g.NavWindow == nullptr || ui.menu_by_key ||
                              (key_taps(GLFW_KEY_ESCAPE) > 0 && !popup_seen))) {
    if (!ui.menu_by_key) navigate_by_keys(false);
    g.NavDisableHighlight = true;
    ui.panel_nav = false;
  }
  popup_seen = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
}

}  // namespace

void show_files_dialog(Session& s, UiState& ui, bool saving) {
  ui.files_saving = saving;
  if (saving) {  // offer the first thing there is to save: the game, the variant, the replay
    for (int i = 2; i >= 0; --i)
      if (s.can_save(static_cast<Session::Saveable>(i))) ui.save_what = i;
  }
  ui.open[static_cast<int>(Panel::Files)] = true;
  ui.focus = Panel::Files;
}

void handle_action_keys(Session& s, UiState& ui) {
  const ImGuiIO& io = ImGui::GetIO();
  if (alt_tapped(io) || key_taps(GLFW_KEY_F10) > 0) ui.menu_key = true;
  panel_navigation(io, ui);
  if (key_taps(GLFW_KEY_F1) % 2 || (!io.WantTextInput && question_mark_typed(io)))
    ui.help_open = !ui.help_open;
  else if (ui.help_open && key_taps(GLFW_KEY_ESCAPE) > 0)
    ui.help_open = false;
  if (!io.KeyCtrl || io.KeyShift || io.KeyAlt) return;
  if (key_taps(GLFW_KEY_O) > 0) show_files_dialog(s, ui, false);
  for (int i = 0; i < 9; ++i) {
    if (key_taps(GLFW_KEY_1 + i) > 0 && static_cast<size_t>(i) < s.settings.recent.size())
      ui.open_recent = i;  // opened by draw_menu, as File > Recent does
  }
  if (key_taps(GLFW_KEY_D) > 0) run_diff_by_key(s, ui);
}

void draw_diff_menu(Session& s, UiState& ui) {
  if (!ImGui::BeginMenu("Diff")) return;
  const auto& catalog = s.catalog();
  if (ImGui::MenuItem("Run diff", "Ctrl+D", false, s.replay.is_open() && !catalog.empty()))
    run_diff_by_key(s, ui);
  if (ImGui::BeginMenu("B", !catalog.empty())) {
    for (size_t i = 0; i < catalog.size(); ++i) {
      if (ImGui::MenuItem(catalog[i].id.c_str(), nullptr, static_cast<int>(i) == ui.diff_b))
        ui.diff_b = static_cast<int>(i);
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Policy")) {
    const auto& policies = diff_policies();
    for (size_t i = 0; i < policies.size(); ++i) {
      if (ImGui::MenuItem(policies[i].c_str(), nullptr, static_cast<int>(i) == ui.diff_policy))
        ui.diff_policy = static_cast<int>(i);
    }
    ImGui::EndMenu();
  }
  ImGui::EndMenu();
}

void menu_keyboard(UiState& ui) {
  ImGuiContext& g = *GImGui;
  ImGuiWindow* bar = ImGui::GetCurrentWindow();
  // The bar keeps the keyboard while it is in its menu layer or one of its
  // menus is open.
  const bool in_bar =
      g.NavWindow != nullptr && ((g.NavWindow == bar && g.NavLayer == ImGuiNavLayer_Menu) ||
                                 (g.NavWindow->Flags & ImGuiWindowFlags_ChildMenu) != 0);
  const bool leave = ui.menu_by_key && (ui.menu_key || !in_bar);
  if (ui.menu_key && !ui.menu_by_key) {
    // Arrows, Enter and Esc drive ImGui's navigation only while the bar
    // has the keyboard: elsewhere they step the timeline.
    navigate_by_keys(true);
    g_before_menu = g.NavWindow == bar ? nullptr : g.NavWindow;
    ImGui::FocusWindow(bar);
    ImGui::SetNavID(ImGui::GetID("File"), ImGuiNavLayer_Menu, 0, ImRect());
    g.NavDisableHighlight = false;  // "File" shows as chosen
    g.NavDisableMouseHover = true;
    ui.menu_by_key = true;
  } else if (leave) {
    navigate_by_keys(false);
    ui.menu_by_key = false;
    // Give the keyboard back, unless something else took it (a click, a
    // dialog the menu opened).
    if (g.NavWindow == nullptr || g.NavWindow == bar ||
        (g.NavWindow->Flags & ImGuiWindowFlags_ChildMenu) != 0) {
      ImGui::FocusWindow(g_before_menu != nullptr && g_before_menu->WasActive ? g_before_menu
                                                                              : nullptr);
      g.NavDisableHighlight = true;
    }
  }
  ui.menu_key = false;
}

}  // namespace zetema::studio
