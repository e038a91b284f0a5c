// The diff: rule set B and a policy; two streams side by side; the chart.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "engine/bots.h"

#include "replays/text.h"
#include "studio/app/chart.h"
#include "studio/app/fit_text.h"
#include "studio/app/ui.h"
#include "studio/app/viewer.h"
#include "studio/session/chart_math.h"

namespace zetema::studio {

// stop, skip, and bot:NAME for every bot (engine/bots.h).
const std::vector<std::string>& diff_policies() {
  static const std::vector<std::string> all = [] {
    std::vector<std::string> p{"stop", "skip"};
    for (const std::string& b : bot_names()) p.push_back("bot:" + b);
    return p;
  }();
  return all;
}

namespace {

const std::vector<std::string>& policies() {
  return diff_policies();
}
bool policy_name(void*, int i, const char** out) {
  *out = policies()[static_cast<size_t>(i)].c_str();
  return true;
}
constexpr ImU32 kSideColours[kMaxPlayers] = {
    IM_COL32(90, 170, 255, 255), IM_COL32(255, 140, 60, 255), IM_COL32(120, 220, 120, 255),
    IM_COL32(230, 90, 200, 255), IM_COL32(240, 220, 80, 255), IM_COL32(160, 160, 160, 255)};

// Cumulative score per side along the aligned rows, A solid and B dashed,
// with axes and a legend; hovering shows the values, a click selects that
// row's event of A in every panel.
void score_chart(Session& s, UiState& ui, float height, bool caption) {
  const DiffSession& d = s.diff;
  const auto& a = d.cumulative_a();
  const auto& b = d.cumulative_b();
  const replays::DiffResult& r = d.result();
  chart::LineChart c;
  c.id = "##score-chart";
  c.y_label = "score so far";
  c.x_label = "aligned event";
  c.data_key = d.generation();
  const int sides = std::max(r.a.final_state.sides, r.b.final_state.sides);
  for (int side = 0; side < sides; ++side) {
    const std::string name =
        side_name(side < r.a.final_state.sides ? r.a.final_state : r.b.final_state, side);
    const size_t k = static_cast<size_t>(side);
    c.lines.push_back({name + " A", kSideColours[side],
                       [&a, k](size_t i) { return static_cast<double>(a[i][k]); }, a.size(), 2.5f,
                       false});
    c.lines.push_back({name + " B", (kSideColours[side] & 0x00ffffff) | 0xc0000000,
                       [&b, k](size_t i) { return static_cast<double>(b[i][k]); },
                       std::min(a.size(), b.size()), 1.5f, true});
  }
  if (d.first_divergence_row() < a.size()) c.highlight = d.first_divergence_row();
  if (const auto sel = s.replay.selected_event()) c.marker = row_of_a_event(r, *sel);
  const SeatsShown shown = shown_seats(s, ui);
  c.describe_x = [&r, shown](size_t row) {
    const auto& rw = r.rows[row];
    std::string text = "row " + std::to_string(row);
    if (rw.a)
      text += "  A event " + std::to_string(*rw.a) + ": " +
              replays::printable(describe(r.a.events[*rw.a], r.a.final_state, shown));
    if (rw.b)
      text += "\n  B: " + replays::printable(describe(r.b.events[*rw.b], r.b.final_state, shown));
    return text;
  };
  ImVec4 plot, legend;
  const auto row = chart::line_chart(c, height, &plot, &legend);
  note_item(ui, "diff-chart");
  note_drawn(ui, "diff-legend", ImVec2(legend.x, legend.y), ImVec2(legend.z, legend.w),
             ImGui::IsItemVisible());
  note_rect(ui, "diff-plot", plot.x, plot.y, plot.z - plot.x, plot.w - plot.y);
  if (row) {
    if (const auto e = a_event_of_row(r, *row))
      s.replay.select_event(*e);
    else
      s.replay.cursor().seek(0);
  }
  if (caption)
    ImGui::TextDisabled("solid A, dashed B; red line: first divergence; white: the selected event");
}

// Rule set B, the policy where A's events do not apply, and Run diff.
void rerun_controls(Session& s, UiState& ui) {
  const auto& catalog = s.catalog();
  ImGui::Text("A: %s", s.replay.variant().rules.id.c_str());
  // Each picker after its label ("B: [sackson v]"), the two kept together.
  const float b_w = combo_width("house_example"), policy_w = combo_width("bot:greedy");
  const float gap = ImGui::GetStyle().ItemInnerSpacing.x;
  same_line_or_wrap(ImGui::CalcTextSize("B:").x + gap + b_w);
  ImGui::TextUnformatted("B:");
  note_item(ui, "diff-b-label");
  ImGui::SameLine(0, gap);
  ImGui::SetNextItemWidth(b_w);
  if (!catalog.empty() &&
      ImGui::BeginCombo("##diff-b",
                        catalog[std::min<size_t>(ui.diff_b, catalog.size() - 1)].id.c_str())) {
    for (size_t i = 0; i < catalog.size(); ++i) {
      if (ImGui::Selectable(catalog[i].id.c_str(), static_cast<int>(i) == ui.diff_b))
        ui.diff_b = static_cast<int>(i);
    }
    ImGui::EndCombo();
  }
  note_item(ui, "diff-b-picker");
  same_line_or_wrap(ImGui::CalcTextSize("policy:").x + gap + policy_w);
  ImGui::TextUnformatted("policy:");
  note_item(ui, "diff-policy-label");
  ImGui::SameLine(0, gap);
  ImGui::SetNextItemWidth(policy_w);
  ImGui::Combo("##diff-policy", &ui.diff_policy, policy_name, nullptr,
               static_cast<int>(policies().size()));
  note_item(ui, "diff-policy-picker");
  same_line_or_wrap(ImGui::CalcTextSize("Run diff").x + 2 * ImGui::GetStyle().FramePadding.x);
  const bool run = ImGui::Button("Run diff");
  note_item(ui, "run-diff");
  if (run && !catalog.empty()) {
    s.run_diff(catalog[static_cast<size_t>(ui.diff_b)].id,
               policies()[static_cast<size_t>(ui.diff_policy)]);
  }
}

// "B: draw_mode = play_then_draw", then where it is set: a link to the line.
void rule_line(Session& s, UiState& ui, const char* run, const scripting::RuleAsSet& r,
               const std::string& id) {
  ImGui::TextWrapped("%s: %s = %s", run, r.key.c_str(), replays::printable(r.value).c_str());
  text_with_links(s, ui, "   " + r.location, id);
}

// The source's words above the rule's line (they name their text), else
// the source alone.
void rule_words(const char* run, const scripting::RuleAsSet& r) {
  const std::string& words = r.words.empty() ? r.source : r.words;
  if (!words.empty()) ImGui::TextWrapped("%s: %s", run, replays::printable(words).c_str());
}

// Why B parted from A, and the rules behind it (DiffSession::first_rules,
// found once a run): one line naming them, which unfolds -- so that the rows
// and the chart keep their room in a short panel -- into each rule under B
// and under A: its value, where it is set (a link to the line) and the
// sources' words.
void reason_and_rules(Session& s, UiState& ui, const replays::Divergence& f) {
  const std::string why = f.reason + " -> " + f.followed;
  const std::vector<scripting::RuleContrast>& rules = s.diff.first_rules();
  ImGui::TextWrapped("%s", replays::printable(why).c_str());
  if (rules.empty()) return;
  std::string keys = rules.front().b.key;
  if (rules.size() > 1) keys += " and " + std::to_string(rules.size() - 1) + " more";
  if (ui.unfold_diff_rules) ImGui::SetNextItemOpen(true);
  ui.unfold_diff_rules = false;
  const bool open =
      ImGui::TreeNode("diff-rules", "the rule behind it: %s", replays::printable(keys).c_str());
  note_item(ui, "diff-rules");
  if (!open) return;
  for (size_t i = 0; i < rules.size(); ++i) {
    rule_line(s, ui, "B", rules[i].b, "diff-rule-B" + std::to_string(i));
    rule_words("B", rules[i].b);
    rule_line(s, ui, "A", rules[i].a, "diff-rule-A" + std::to_string(i));
    rule_words("A", rules[i].a);
  }
  ImGui::TreePop();
}

// "final A: P1 300  P2 175  P1 wins", or for a game that did not end (B
// stopped at a divergence) "B stopped, no result: P1 0  P2 10 so far".
std::string result_line(const char* run, const State& st, const std::string& end) {
  std::string scores;
  for (int side = 0; side < st.sides; ++side)
    scores += side_name(st, side) + " " + std::to_string(st.score[side]) + "  ";
  if (st.over()) return std::string("final ") + run + ": " + scores + winners_text(st, st.winners);
  return std::string(run) + " stopped, no result: " + scores + "so far" +
         (end.empty() ? "" : "; " + end);
}

// The first divergence (or none) with a jump to it and the rules behind it,
// then both games' results.
void divergence_summary(Session& s, UiState& ui) {
  const auto& d = s.diff.result();
  const State& sa = d.a.final_state;
  const State& sb = d.b.final_state;
  if (d.divergences.empty()) {
    ImGui::TextColored(ImVec4(0.5f, 0.9f, 0.5f, 1), "no divergence under %s",
                       s.diff.b_rules().id.c_str());
  } else {
    const auto& f = d.divergences.front();
    ImGui::TextColored(ImVec4(1, 0.45f, 0.45f, 1), "first of %zu divergence(s) at A event %zu: %s",
                       d.divergences.size(), f.a_event, replays::printable(f.what).c_str());
    // The button beside it where it fits: a line less for the rows below.
    const char* jump = "Jump to first divergence";
    same_line_or_wrap(ImGui::CalcTextSize(jump).x + 2 * ImGui::GetStyle().FramePadding.x);
    if (ImGui::Button(jump)) ui.scroll_to_divergence = s.jump_to_divergence();
    reason_and_rules(s, ui, f);
  }
  // Both results on one line where they fit: a line more for the rows below.
  const std::string result_a = result_line("A", sa, ""), result_b = result_line("B", sb, d.b_end);
  ImGui::TextUnformatted(result_a.c_str());
  same_line_or_wrap(ImGui::CalcTextSize(result_b.c_str()).x + 24);
  ImGui::TextUnformatted(result_b.c_str());
}

// Where B's table opens: over the variant editor, beside the Table (A's
// table) in the tiled layout, else over the Diff panel itself; put back
// there once it no longer lies inside the window (the window shrank).
void place_b_table() {
  std::optional<Rect> at = window_rect(panel_title(Panel::Editor));
  if (!at) at = window_rect(panel_title(Panel::Diff));
  if (!at) return;
  const Display d = current_display();
  const std::optional<Rect> was = window_rect("###b-table");
  const bool inside = was && was->x >= 0 && was->y >= d.top && was->right() <= d.width &&
                      was->bottom() <= d.height - d.bottom;
  const ImGuiCond when = inside ? ImGuiCond_Appearing : ImGuiCond_Always;
  ImGui::SetNextWindowPos(ImVec2(at->x, at->y), when);
  ImGui::SetNextWindowSize(ImVec2(at->w, at->h), when);
  ImGui::SetNextWindowBgAlpha(1.0f);  // the tiled panels' are clear: this one overlaps
}

// B's table at the selected position's aligned row, in a window of its own
// beside A's, drawn as the Table draws a table (draw_seat_table) and for
// the same seats. The layout's notes of the table's items and the Table's
// turn line are the Table panel's: left alone here.
void b_table_window(Session& s, UiState& ui) {
  place_b_table();
  const std::string title = "B's table: " + s.diff.b_rules().id + "###b-table";
  if (!ImGui::Begin(title.c_str(), &ui.diff_b_table)) {
    ImGui::End();
    return;
  }
  const auto row = s.diff.row_at_position(s.replay.cursor().position());
  const auto b_event = row ? s.diff.b_event_at_row(*row) : std::nullopt;
  const State* t = row ? s.diff.b_table_at_row(*row) : nullptr;
  if (t) {
    const auto a_event = a_event_of_row(s.diff.result(), *row);
    ImGui::TextDisabled("after B event %zu, on the row of A event %zu (position %zu)", *b_event,
                        a_event.value_or(0), s.replay.cursor().position());
    note_item(ui, "diff-b-table");
    const bool recording = ui.record_layout;
    const std::string table_turn = ui.table_turn, table_header = ui.table_header;
    ui.record_layout = false;
    draw_seat_table(*t, s.replay.replay().seats, shown_seats(s, ui), ui);
    ui.record_layout = recording;
    ui.table_turn = table_turn;  // the Table's own, as the checks read them
    ui.table_header = table_header;
  } else {
    ImGui::TextDisabled(row ? "B's table cannot be shown (its bots' play came out otherwise)"
                            : "no event yet: step to a position to see B's table there");
    note_item(ui, "diff-b-table");
  }
  ImGui::End();
}

// The score chart, sized to the room left.
void sized_score_chart(Session& s, UiState& ui) {
  // A third of the panel, at least ten lines of text -- but no more than
  // leaves its caption, the "points by kind" header, the rows' header and
  // three rows on screen (a shorter diff below the Corpus, or at 1280x720),
  // and never under four lines. Where even four lines leave no room for
  // the caption, it goes (the legend shows A solid and B dashed).
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float below = 3 * line + 2 * ImGui::GetFrameHeightWithSpacing();  // headers, rows
  const float avail = ImGui::GetContentRegionAvail().y;
  const bool caption = avail - below - line >= 4 * line;
  score_chart(s, ui,
              std::max(4 * line, std::min(std::max(10 * line, avail * 0.35f),
                                          avail - below - (caption ? line : 0))),
              caption);
}

// Points by kind under A and B, folded by default.
void points_by_kind(const replays::DiffResult& d, UiState& ui) {
  const bool by_kind = ImGui::CollapsingHeader("points by kind (all sides)");
  note_item(ui, "points-by-kind");
  if (!by_kind) return;
  // By name: the built-in kinds, the variants' own, hook awards, zetemas.
  if (ImGui::BeginTable("by_kind", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupColumn("kind");
    ImGui::TableSetupColumn("A");
    ImGui::TableSetupColumn("B");
    ImGui::TableSetupColumn("B - A");
    ImGui::TableHeadersRow();
    for (size_t k = 0; k < d.kinds.size(); ++k) {
      const long long pa = d.a.by_kind.points[k], pb = d.b.by_kind.points[k];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(replays::printable(d.kinds[k]).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%lld (%d)", pa, d.a.by_kind.count[k]);
      ImGui::TableNextColumn();
      ImGui::Text("%lld (%d)", pb, d.b.by_kind.count[k]);
      ImGui::TableNextColumn();
      ImGui::Text("%+lld", pb - pa);
    }
    ImGui::EndTable();
  }
}

// The marker of a row (DiffSession::mark): a glyph as well as a colour.
const char* mark_glyph(DiffSession::RowMark m) {
  switch (m) {
    case DiffSession::RowMark::FirstDivergence:
      return "\xe2\x97\x86";  // U+25C6, a black diamond
    case DiffSession::RowMark::Divergence:
      return "\xe2\x97\x88";  // U+25C8, a white diamond holding a black one
    case DiffSession::RowMark::Differs:
      return "\xe2\x97\x87";  // U+25C7, a white diamond
    case DiffSession::RowMark::Same:
      break;
  }
  return " ";
}

// The row's background: the selected position's row blue, the first
// divergence bright red, a later one dark red, the rows where A and B
// already differ dark amber.
void row_colour(DiffSession::RowMark m, bool selected) {
  ImU32 c = 0;
  if (m == DiffSession::RowMark::FirstDivergence) c = IM_COL32(150, 30, 30, 255);
  if (m == DiffSession::RowMark::Divergence) c = IM_COL32(105, 35, 35, 255);
  if (m == DiffSession::RowMark::Differs) c = IM_COL32(85, 62, 18, 255);
  if (selected) c = IM_COL32(40, 75, 135, 255);
  if (c) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, c);
}

// The first cell: "> " on the selected position's row, the row's mark, A's
// event number; the mark explained on hover.
void marker_cell(const DiffSession& d, size_t row, bool selected) {
  const auto& r = d.result().rows[row];
  const DiffSession::RowMark m = d.mark(row);
  const std::string number = r.a ? std::to_string(*r.a) : "";
  ImGui::Text("%s%s %s", selected ? "\xe2\x96\xb6" : " ", mark_glyph(m), number.c_str());
  if (m != DiffSession::RowMark::Same && ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", m == DiffSession::RowMark::FirstDivergence
                                ? "the first divergence: B refuses A's action here"
                            : m == DiffSession::RowMark::Divergence
                                ? "a later divergence: B refuses A's action here (skipped)"
                                : "A and B already differ here (the event or the scores so far)");
  }
}

// Scrolls the rows by as little as brings the row just drawn wholly into
// view (below the frozen header: the cell's clip rectangle), then on to a
// whole number of rows, so that the rows at the top stay whole.
void scroll_into_view() {
  const ImDrawList* dl = ImGui::GetWindowDrawList();
  const float pad = ImGui::GetStyle().CellPadding.y;
  const float top = ImGui::GetItemRectMin().y - pad, bottom = ImGui::GetItemRectMax().y + pad;
  const float row = bottom - top;
  float scroll = ImGui::GetScrollY();
  if (top < dl->GetClipRectMin().y)
    scroll -= dl->GetClipRectMin().y - top;
  else if (bottom > dl->GetClipRectMax().y)
    scroll = std::ceil((scroll + bottom - dl->GetClipRectMax().y) / row - 0.01f) * row;
  ImGui::SetScrollY(scroll);
}

// One aligned row: its marker and A's event number, A's event, B's.
void aligned_row(Session& s, UiState& ui, int i, std::optional<size_t> follow) {
  const auto& d = s.diff.result();
  const size_t at = static_cast<size_t>(i);
  const auto& row = d.rows[at];
  ImGui::TableNextRow();
  const auto selected_row = s.diff.row_at_position(s.replay.cursor().position());
  const bool selected = selected_row == at;
  row_colour(s.diff.mark(at), selected);
  ImGui::TableNextColumn();
  marker_cell(s.diff, at, selected);
  if (ui.scroll_to_divergence && at == s.diff.first_divergence_row()) {
    ImGui::SetScrollHereY(0.3f);
    ui.scroll_to_divergence = false;
  } else if (follow == at) {
    scroll_into_view();
  }
  ImGui::TableNextColumn();
  if (row.a)
    text_fitted(
        replays::printable(describe(d.a.events[*row.a], d.a.final_state, shown_seats(s, ui))));
  ImGui::TableNextColumn();
  if (row.b) {
    text_fitted(
        replays::printable(describe(d.b.events[*row.b], d.b.final_state, shown_seats(s, ui))));
  } else {
    ImGui::TextDisabled("(not played under B)");
  }
  note_row(ui, "diff-row-" + std::to_string(i + 1));
}

// The two event streams side by side, only the visible rows drawn.
void aligned_rows(Session& s, UiState& ui) {
  const auto& d = s.diff.result();
  if (ImGui::BeginTable("rows", 3,
                        ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                            ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("A #", ImGuiTableColumnFlags_WidthFixed,
                            ImGui::CalcTextSize("\xe2\x96\xb6\xe2\x97\x86 0000").x + 4);
    ImGui::TableSetupColumn(("A: " + s.replay.variant().rules.id).c_str());
    ImGui::TableSetupColumn(("B: " + s.diff.b_rules().id).c_str());
    ImGui::TableHeadersRow();
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(d.rows.size()));
    if (ui.scroll_to_divergence)
      clip.ForceDisplayRangeByIndices(static_cast<int>(s.diff.first_divergence_row()),
                                      static_cast<int>(s.diff.first_divergence_row()) + 1);
    // The rows follow the selected position: once it moves (or a new diff
    // is run, or the rows get more or less room), its row is drawn and
    // scrolled into view; then the user may scroll away.
    std::optional<size_t> follow;
    const size_t position = s.replay.cursor().position();
    const auto at =
        std::tuple(position, s.diff.generation(), static_cast<int>(ImGui::GetWindowHeight()));
    if (at != ui.diff_rows_at) {
      ui.diff_rows_at = at;
      follow = s.diff.row_at_position(position);
      if (follow)
        clip.ForceDisplayRangeByIndices(static_cast<int>(*follow), static_cast<int>(*follow) + 1);
    }
    while (clip.Step()) {
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) aligned_row(s, ui, i, follow);
    }
    ImGui::EndTable();
  }
}

}  // namespace

void sync_diff_choices(Session& s, UiState& ui) {
  if (!s.diff.is_open()) return;
  std::string of = s.diff.label() + '\n' + s.diff.b_rules().id + '\n' + s.diff.policy();
  if (of == ui.diff_choices_of) return;
  ui.diff_choices_of = std::move(of);
  const auto& catalog = s.catalog();
  for (size_t i = 0; i < catalog.size(); ++i) {
    if (catalog[i].id == s.diff.b_rules().id) ui.diff_b = static_cast<int>(i);
  }
  const auto& policies = diff_policies();
  for (size_t i = 0; i < policies.size(); ++i) {
    if (policies[i] == s.diff.policy()) ui.diff_policy = static_cast<int>(i);
  }
}

void draw_diff_panel(Session& s, UiState& ui) {
  if (!ImGui::Begin(panel_title(Panel::Diff), &ui.open[static_cast<int>(Panel::Diff)])) {
    ImGui::End();
    return;
  }
  if (!s.replay.is_open()) {
    ImGui::TextWrapped("Open a replay, then re-run it here under another rule set.");
    ImGui::End();
    return;
  }
  sync_diff_choices(s, ui);
  rerun_controls(s, ui);
  if (!s.diff.is_open()) {
    ImGui::End();
    return;
  }
  ImGui::TextDisabled("diff of %s", replays::printable(s.diff.label()).c_str());
  const char* show_b = "Show B's table";
  same_line_or_wrap(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                    ImGui::CalcTextSize(show_b).x);
  ImGui::Checkbox(show_b, &ui.diff_b_table);
  note_item(ui, "diff-show-b-table");
  divergence_summary(s, ui);
  sized_score_chart(s, ui);
  points_by_kind(s.diff.result(), ui);
  aligned_rows(s, ui);
  ImGui::End();
  if (ui.diff_b_table) b_table_window(s, ui);
}

}  // namespace zetema::studio
