// The event list: search, filter and sort it, a click selects an event.
#include "studio/app/event_list.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "studio/app/fit_text.h"
#include "studio/app/position_preview.h"
#include "studio/app/viewer.h"

#include "replays/text.h"

namespace zetema::studio {

const std::vector<size_t>& event_rows(Session& s, UiState& ui) {
  const auto& c = s.replay.cursor();
  return ui.event_finder.rows(c.events(), c.state(), shown_seats(s, ui), ui.event_query);
}

bool step_kept_score(Session& s, UiState& ui, bool forward) {
  if (!s.replay.is_open()) return false;
  return step_score(s.replay.cursor(), ui.event_finder, ui.event_query, shown_seats(s, ui),
                    forward);
}

bool jump_next_divergence(Session& s, UiState& ui) {
  if (!s.replay.is_open()) return false;
  if (s.diff.is_open()) {
    const auto& d = s.diff.result().divergences;
    const std::optional<size_t> to = next_divergence(d, s.replay.selected_event());
    if (!to) return false;
    s.replay.select_event(*to);
    ui.scroll_to_divergence = *to == d.front().a_event;  // the Diff's rows show it
    return true;
  }
  if (!s.replay.divergence()) return false;
  s.replay.cursor().seek(*s.replay.divergence());
  return true;
}

namespace {

// explain_scrolled_to after a new list with nothing selected went to its top.
constexpr size_t kListTop = SIZE_MAX - 1;

// The filter's popup: player, kind, points, order.
void filter_popup(Session& s, UiState& ui) {
  EventQuery& q = ui.event_query;
  const int players = s.replay.cursor().state().players;
  const std::string seat = q.seat < 0 ? "any player" : player_name(q.seat);
  ImGui::SetNextItemWidth(combo_width("any player"));
  if (ImGui::BeginCombo("player", seat.c_str())) {
    if (ImGui::Selectable("any player", q.seat < 0)) q.seat = -1;
    for (int p = 0; p < players; ++p) {
      if (ImGui::Selectable(player_name(p).c_str(), q.seat == p)) q.seat = p;
    }
    ImGui::EndCombo();
  }
  ImGui::SetNextItemWidth(combo_width("flush-sequence"));
  const std::string kind = q.kind.empty() ? "any kind" : replays::printable(q.kind);
  if (ImGui::BeginCombo("kind", kind.c_str())) {
    if (ImGui::Selectable("any kind", q.kind.empty())) q.kind.clear();
    for (const std::string& k : ui.event_finder.kinds()) {
      if (ImGui::Selectable(replays::printable(k).c_str(), q.kind == k)) q.kind = k;
    }
    ImGui::EndCombo();
  }
  ImGui::Checkbox("scores only", &q.scores_only);
  note_item(ui, "event-filter-scores");
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("0000").x + 2 * ImGui::GetFrameHeight());
  ImGui::InputInt("points at least", &q.min_points, 10, 50);
  q.min_points = std::max(0, q.min_points);
  if (ImGui::RadioButton("game order", !q.by_points)) q.by_points = false;
  ImGui::SameLine();
  if (ImGui::RadioButton("most points first", q.by_points)) q.by_points = true;
  note_item(ui, "event-filter-by-points");
  if (ImGui::Button("Clear")) q = EventQuery{};
  note_item(ui, "event-filter-clear");
}

// The search field and the filter button (which says how many events are
// kept while anything is filtered).
void search_line(Session& s, UiState& ui, size_t kept) {
  EventQuery& q = ui.event_query;
  const std::string filter =
      q.filters()
          ? std::to_string(kept) + " of " + std::to_string(s.replay.cursor().size()) + "###filter"
          : "Filter...###filter";
  const float button =
      ImGui::CalcTextSize(filter.c_str(), nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x;
  ImGui::SetNextItemWidth(
      std::max(80.0f, ImGui::GetContentRegionAvail().x - button - ImGui::GetStyle().ItemSpacing.x));
  if (ui.focus_event_search) {
    ImGui::SetKeyboardFocusHere();
    ui.focus_event_search = false;
  }
  char text[128];
  std::snprintf(text, sizeof text, "%s", q.text.c_str());
  // Esc leaves the field and keeps the search (ImGui's own Esc would put
  // back the text from before the field was clicked).
  const bool changed =
      ImGui::InputTextWithHint("##event-search", "search events (Ctrl+F)", text, sizeof text);
  if (changed && !ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) q.text = text;
  note_item(ui, "event-search");
  ImGui::SameLine();
  if (ImGui::Button(filter.c_str()) || ui.open_event_filter) ImGui::OpenPopup("event-filter");
  note_item(ui, "event-filter");
  ui.open_event_filter = false;
  // Above the button, to its left: over the explanation, not the list.
  ImGui::SetNextWindowPos(ImVec2(ImGui::GetItemRectMax().x, ImGui::GetItemRectMin().y),
                          ImGuiCond_Appearing, ImVec2(1, 1));
  if (ImGui::BeginPopup("event-filter")) {
    filter_popup(s, ui);
    ImGui::EndPopup();
  }
}

// One event's row; a click selects it, hovering previews the position after it.
// One row wrapped to the list's width: a long event's points and rule run
// onto a second line instead of past the edge.
bool wrapped_row(size_t index, const std::string& text, bool selected) {
  const float wrap = ImGui::GetContentRegionAvail().x;
  const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::PushID(static_cast<int>(index));
  const bool clicked = ImGui::Selectable("##event", selected, 0, ImVec2(0, size.y));
  ImGui::PopID();
  ImGui::GetWindowDrawList()->AddText(ImGui::GetFont(), ImGui::GetFontSize(), at,
                                      ImGui::GetColorU32(ImGuiCol_Text), text.c_str(), nullptr,
                                      wrap);
  return clicked;
}

// One row of one line (the filtered list's clipper needs rows of one
// height): cut short with "...", the whole on hover (the preview shows it).
bool fitted_row(size_t index, const std::string& text, bool selected) {
  ImGui::PushID(static_cast<int>(index));
  const std::string shown = fitted(text, ImGui::GetContentRegionAvail().x);
  const bool clicked = ImGui::Selectable(shown.c_str(), selected);
  ImGui::PopID();
  return clicked;
}

// `wrap`: rows of as many lines as they need; else one line each.
void event_row(Session& s, UiState& ui, size_t i, std::optional<size_t> selected, bool wrap) {
  const auto& c = s.replay.cursor();
  const std::optional<size_t> changed = s.replay.first_changed();
  const std::string line =
      std::to_string(i) + "  " + describe(c.events()[i], c.state(), shown_seats(s, ui));
  if (changed == i) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.8f, 0.3f, 1));
  const std::string text = replays::printable(line);
  if (wrap ? wrapped_row(i, text, selected == i) : fitted_row(i, text, selected == i))
    s.replay.select_event(i);
  note_item(ui, "event-row-" + std::to_string(i));
  if (changed == i) ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) {
    position_preview_tooltip(
        s, i + 1, changed == i ? line + "  (the first event the edited rules changed)" : line,
        shown_seats(s, ui));
  }
}

// The events around the selected one. After a reload, the first changed
// event is marked and the list ends with where the edited rules stop.
void window_around(Session& s, UiState& ui, std::optional<size_t> selected) {
  const auto& c = s.replay.cursor();
  const size_t shown = selected.value_or(0);
  const size_t from = shown > 12 ? shown - 12 : 0;
  const size_t to = std::min(c.size(), shown + 13);
  for (size_t i = from; i < to; ++i) {
    event_row(s, ui, i, selected, true);
    if (selected == i && ui.explain_scrolled_to != i) {  // a new event: bring it into view
      ImGui::SetScrollHereY(0.5f);
      ui.explain_scrolled_to = i;
    }
  }
  if (s.replay.divergence() && to == c.size()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.4f, 0.4f, 1));
    ImGui::TextWrapped("%zu  diverges: %s", c.size(),
                       replays::printable(s.replay.truncated()).c_str());
    ImGui::PopStyleColor();
  }
}

// Every kept event, only the visible rows drawn (a search may keep thousands).
void kept_rows(Session& s, UiState& ui, const std::vector<size_t>& rows,
               std::optional<size_t> selected) {
  if (rows.empty()) {
    ImGui::TextDisabled("no event matches");
    return;
  }
  const float row_h = ImGui::GetTextLineHeightWithSpacing();
  if (!selected && ui.explain_scrolled_to == SIZE_MAX) {  // a new list, nothing selected
    ImGui::SetScrollY(0);
    ui.explain_scrolled_to = kListTop;
  }
  if (selected && ui.explain_scrolled_to != *selected) {  // bring the selected row into view
    const auto at = std::find(rows.begin(), rows.end(), *selected);
    if (at != rows.end()) {
      const float y = row_h * static_cast<float>(at - rows.begin());
      ImGui::SetScrollY(std::max(0.0f, y - ImGui::GetWindowHeight() * 0.5f));
    }
    ui.explain_scrolled_to = *selected;
  }
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(rows.size()), row_h);
  while (clip.Step()) {
    for (int k = clip.DisplayStart; k < clip.DisplayEnd; ++k)
      event_row(s, ui, rows[static_cast<size_t>(k)], selected, false);
  }
}

}  // namespace

void draw_event_list(Session& s, UiState& ui, std::optional<size_t> selected) {
  const size_t builds = ui.event_finder.builds();
  search_line(s, ui, event_rows(s, ui).size());
  const std::vector<size_t>& rows = event_rows(s, ui);  // the query may have changed above
  if (ui.event_finder.builds() != builds) ui.explain_scrolled_to = SIZE_MAX;  // scroll again
  ImGui::BeginChild("events", ImVec2(0, 0), true);
  if (ui.event_query.filters()) {
    kept_rows(s, ui, rows, selected);
  } else {
    window_around(s, ui, selected);
  }
  ImGui::EndChild();
}

}  // namespace zetema::studio
