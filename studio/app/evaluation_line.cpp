// The evaluation line under the timeline, and the alternatives of the
// decision at the selected position in the explanation panel: the open
// replay reviewed by the search bot (studio/session/review_session.h). All
// the work is the review's, in its own thread; a frame only draws.
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cstdio>

#include "replays/text.h"
#include "studio/app/ui.h"
#include "studio/app/viewer.h"

namespace zetema::studio {

namespace {

constexpr float kLineHeight = 30.0f;

ImU32 seat_colour(int seat) {
  static const ImU32 colours[] = {IM_COL32(120, 190, 255, 255), IM_COL32(255, 200, 90, 255),
                                  IM_COL32(140, 230, 140, 255), IM_COL32(230, 140, 230, 255),
                                  IM_COL32(120, 230, 230, 255), IM_COL32(230, 230, 120, 255)};
  return colours[seat % 6];
}

std::string percent(double chance) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100 * chance);
  return buf;
}

// The controls: Evaluate, or the progress and Cancel while it runs.
void evaluation_controls(Session& s, UiState& ui) {
  if (s.review.running()) {
    const float f = s.review.total()
                        ? static_cast<float>(s.review.done()) / static_cast<float>(s.review.total())
                        : 0.0f;
    char label[64];
    std::snprintf(label, sizeof label, "evaluating %zu/%zu", s.review.done(), s.review.total());
    ImGui::ProgressBar(f, ImVec2(220, 0), label);
    ImGui::SameLine();
    if (ImGui::Button("Cancel##evaluation")) s.review.cancel();
    note_item(ui, "evaluation-cancel");
    return;
  }
  if (ImGui::Button("Evaluate")) s.start_review(s.review_iterations);
  note_item(ui, "evaluation-start");
  ImGui::SameLine();
  ImGui::TextDisabled("each decision searched by ismcts (%d iterations) from its seat's view",
                      s.review_iterations);
}

}  // namespace

void draw_evaluation_line(Session& s, UiState& ui) {
  evaluation_controls(s, ui);
  const replays::Review* review = s.shown_review();
  if (!review) return;
  const auto shown = visible_decisions(*review, shown_seats(s, ui));
  auto& c = s.replay.cursor();
  const ImVec2 a = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x;
  const float n = static_cast<float>(std::max<size_t>(1, c.size()));
  auto x_of = [&](size_t i) { return a.x + w * static_cast<float>(i) / n; };
  auto y_of = [&](double chance) {
    return a.y + kLineHeight - 2 - static_cast<float>(chance) * (kLineHeight - 4);
  };
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(a, ImVec2(a.x + w, a.y + kLineHeight), IM_COL32(30, 30, 36, 255));
  dl->AddLine(ImVec2(a.x, y_of(0.5)), ImVec2(a.x + w, y_of(0.5)), IM_COL32(80, 80, 90, 255));
  // Each seat's chance of winning at its decisions (the best action's
  // estimate), one line a seat in its colour; a decision that lost more
  // than the threshold is a red mark above it.
  const double threshold = kMarkedLoss;
  std::array<const replays::ReviewedDecision*, kMaxPlayers> last{};
  for (const replays::ReviewedDecision* dp : shown) {
    const replays::ReviewedDecision& d = *dp;
    const ImVec2 p(x_of(d.position), y_of(d.options[d.best].win_chance));
    if (const replays::ReviewedDecision* e = last[static_cast<size_t>(d.player)]) {
      dl->AddLine(ImVec2(x_of(e->position), y_of(e->options[e->best].win_chance)), p,
                  seat_colour(d.player), 1.5f);
    }
    last[static_cast<size_t>(d.player)] = dp;
    if (d.lost() > threshold) {
      dl->AddTriangleFilled(ImVec2(p.x - 5, a.y + 1), ImVec2(p.x + 5, a.y + 1),
                            ImVec2(p.x, a.y + 9), IM_COL32(255, 70, 70, 255));
      if (ui.record_layout) {
        note_rect(ui, "evaluation-mark-" + std::to_string(d.position), p.x - 5, a.y, 10, 10);
      }
    }
  }
  dl->AddLine(ImVec2(x_of(c.position()), a.y), ImVec2(x_of(c.position()), a.y + kLineHeight),
              IM_COL32(255, 80, 80, 255), 2.0f);
  ImGui::InvisibleButton("##evaluation", ImVec2(w, kLineHeight));
  note_item(ui, "evaluation-line");
  if (ImGui::IsItemHovered() && !shown.empty()) {
    // The nearest decision under the pointer: its numbers; a click goes there.
    const float mx = ImGui::GetIO().MousePos.x;
    const replays::ReviewedDecision* near = shown.front();
    for (const replays::ReviewedDecision* d : shown) {
      if (std::abs(x_of(d->position) - mx) < std::abs(x_of(near->position) - mx)) near = d;
    }
    ImGui::SetTooltip(
        "position %zu, %s: played %s (%s), best %s (%s)", near->position,
        player_name(near->player).c_str(),
        replays::printable(to_string(near->options[near->played].action, &s.replay.variant().rules))
            .c_str(),
        percent(near->options[near->played].win_chance).c_str(),
        replays::printable(to_string(near->options[near->best].action, &s.replay.variant().rules))
            .c_str(),
        percent(near->options[near->best].win_chance).c_str());
    if (ImGui::IsItemClicked()) c.seek(near->position);
  }
  int marked = 0;
  for (const replays::ReviewedDecision* d : shown) marked += d->lost() > kMarkedLoss ? 1 : 0;
  ImGui::TextDisabled(
      "each seat's chance of winning at its decisions: %zu%s, %d lost more than %s (red); click "
      "to go there",
      shown.size(), shown_seats(s, ui).shows_every() ? "" : " of the seats shown", marked,
      percent(threshold).c_str());
}

void draw_decision_alternatives(Session& s, UiState& ui) {
  const replays::Review* review = s.shown_review();
  if (!review) return;
  const auto shown = visible_decisions(*review, shown_seats(s, ui));
  const replays::ReviewedDecision* d = decision_at(shown, s.replay.cursor().position());
  if (!d) return;
  const Ruleset& rules = s.replay.variant().rules;
  ImGui::Separator();
  ImGui::TextWrapped("%s's decision at position %zu: played %s, %s to win; lost %s",
                     player_name(d->player).c_str(), d->position,
                     replays::printable(to_string(d->options[d->played].action, &rules)).c_str(),
                     percent(d->options[d->played].win_chance).c_str(), percent(d->lost()).c_str());
  note_item(ui, "decision-summary");
  std::vector<const ActionValue*> sorted;
  for (const ActionValue& a : d->options) sorted.push_back(&a);
  std::stable_sort(sorted.begin(), sorted.end(), [](const ActionValue* x, const ActionValue* y) {
    return x->win_chance > y->win_chance;
  });
  for (const ActionValue* a : sorted) {
    const bool played = a == &d->options[d->played];
    ImGui::Text("%s %-26s %6s  (%d visits)", played ? ">" : " ",
                replays::printable(to_string(a->action, &rules)).c_str(),
                percent(a->win_chance).c_str(), a->visits);
  }
}

}  // namespace zetema::studio
