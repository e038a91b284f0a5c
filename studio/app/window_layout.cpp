#include "studio/app/window_layout.h"

#include <imgui.h>
#include <imgui_internal.h>  // FindWindowByName: where the user left a window

#include <cmath>

namespace zetema::studio {

namespace {

bool same(const Rect& a, const Rect& b) {
  constexpr float kTolerance = 1.5f;  // ImGui rounds positions to whole pixels
  return std::abs(a.x - b.x) < kTolerance && std::abs(a.y - b.y) < kTolerance &&
         std::abs(a.w - b.w) < kTolerance && std::abs(a.h - b.h) < kTolerance;
}

void set_next(const Rect& r) {
  ImGui::SetNextWindowPos(ImVec2(r.x, r.y), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(r.w, r.h), ImGuiCond_Always);
}

}  // namespace

Display current_display() {
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  Display d;
  d.width = size.x;
  d.height = size.y;
  // The menu bar and the status bar are one frame's height each.
  d.top = ImGui::GetFrameHeight();
  d.bottom = ImGui::GetFrameHeight();
  d.line = ImGui::GetTextLineHeightWithSpacing() + 2;
  return d;
}

void place_panel(WindowLayout& l, int slot, const char* title, bool open) {
  const size_t i = static_cast<size_t>(slot);
  const bool was_open = l.was_open[i];
  l.was_open[i] = open;
  if (!open) return;
  if (!was_open) ImGui::SetNextWindowFocus();  // just opened: in front of what it covers
  const ImGuiWindow* w = ImGui::FindWindowByName(title);
  const Rect now = w ? Rect{w->Pos.x, w->Pos.y, w->SizeFull.x, w->SizeFull.y} : Rect{};
  if (l.reset) {
    l.user_arranged = false;
    l.moved.clear();
  } else if (!l.user_arranged && w && was_open && !same(now, l.placed[i])) {
    l.user_arranged = true;  // dragged or resized since we placed it
    l.moved = title;
  }
  if (!l.user_arranged) {
    l.placed[i] = tiled_layout(l.display, l.open)[i];
    set_next(l.placed[i]);
    return;
  }
  if (!w) {  // first shown after the user arranged the others: its tile
    const Rect t = tiled_layout(l.display, l.open)[i];
    ImGui::SetNextWindowPos(ImVec2(t.x, t.y), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(t.w, t.h), ImGuiCond_FirstUseEver);
    return;
  }
  l.placed[i] = now;
  if (!fits(now, l.display)) {  // the window shrank under it: pull it back in
    l.placed[i] = clamp_into(now, l.display);
    set_next(l.placed[i]);
  }
}

std::optional<Rect> window_rect(const char* title) {
  const ImGuiWindow* w = ImGui::FindWindowByName(title);
  if (!w || !w->WasActive) return std::nullopt;
  return Rect{w->Pos.x, w->Pos.y, w->Size.x, w->Size.y};
}

}  // namespace zetema::studio
