// Why a score happened: rule, variant, the Lua file:line, the source text.
#include <imgui.h>

#include "studio/app/ui.h"

#include "replays/text.h"
#include "studio/session/explain.h"

namespace zetema::studio {

void draw_explain_panel(Session& s, UiState& ui) {
  if (!ImGui::Begin(panel_title(Panel::Explain), &ui.open[static_cast<int>(Panel::Explain)])) {
    ImGui::End();
    return;
  }
  if (!s.replay.is_open() || s.replay.cursor().size() == 0) {
    ImGui::TextWrapped("Select an event of an open replay to see why it scored.");
    ImGui::End();
    return;
  }
  const auto& c = s.replay.cursor();
  const size_t shown = ui.selected_event.value_or(c.position() == 0 ? 0 : c.position() - 1);
  const Event& e = c.events()[std::min(shown, c.size() - 1)];
  const Explanation x = explain(e, c.state());
  ImGui::BeginChild("why", ImVec2(ImGui::GetContentRegionAvail().x * 0.55f, 0), true);
  const std::string what = x.what.substr(0, x.what.find(" ["));  // the cause is below
  ImGui::TextWrapped("event %zu: %s", shown, replays::printable(what).c_str());
  if (x.scores) {
    ImGui::Separator();
    ImGui::Text("%+d points by rule %s of variant %s", x.points, replays::printable(x.rule).c_str(),
                replays::printable(x.variant).c_str());
    ImGui::TextWrapped("defined at %s", replays::printable(x.location).c_str());
    ImGui::TextWrapped("following %s", replays::printable(x.source).c_str());
    if (!x.detail.empty()) ImGui::TextWrapped("%s", replays::printable(x.detail).c_str());
  } else {
    ImGui::TextDisabled("this event scores nothing");
  }
  ImGui::EndChild();
  ImGui::SameLine();
  // The events around the one explained; click one to explain it.
  ImGui::BeginChild("events", ImVec2(0, 0), true);
  const size_t from = shown > 12 ? shown - 12 : 0;
  const size_t to = std::min(c.size(), shown + 13);
  for (size_t i = from; i < to; ++i) {
    const Event& ev = c.events()[i];
    const std::string line = std::to_string(i) + "  " + describe(ev, c.state());
    if (ImGui::Selectable(replays::printable(line).c_str(), i == shown)) ui.selected_event = i;
    if (i == shown && ui.explain_scrolled_to != shown) {  // a new event: bring it into view
      ImGui::SetScrollHereY(0.5f);
      ui.explain_scrolled_to = shown;
    }
    if (i + 1 == c.position()) ImGui::SetItemDefaultFocus();
  }
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace zetema::studio
