// Why a score happened: rule, variant, the Lua file:line, the source text.
#include <imgui.h>

#include "studio/app/event_list.h"
#include "studio/app/ui.h"
#include "studio/app/viewer.h"

#include "replays/text.h"
#include "studio/session/explain.h"
#include "studio/session/lua_text.h"

namespace zetema::studio {

namespace {

// Places the next piece of flowing text: on this line after `gap` pixels
// if it fits, else at the start of the next.
void flow_place(bool first, float gap, float width) {
  if (first) return;
  const float right = ImGui::GetItemRectMax().x + gap;
  const float edge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (right + width <= edge) ImGui::SameLine(0, gap);
}

// Text with file:line links flowing onto as many lines as the panel needs,
// a word at a time (ImGui 1.86 cannot wrap across items): the imperial
// bonus' line ends in a long path that was cut at the panel's edge. A link
// too long for a line of its own shows the file's name and line, the whole
// path on hover (location_link).
void flowing_text_with_links(Session& s, UiState& ui, const std::string& raw,
                             const std::string& id) {
  const std::string text = replays::printable(raw);
  const std::vector<FileLine> refs = find_file_lines(text);
  const float space = ImGui::CalcTextSize(" ").x;
  bool first = true;
  auto words = [&](size_t from, size_t to) {  // the plain text between links
    for (size_t i = from; i < to;) {
      const bool spaced = i > from || text[i] == ' ';
      while (i < to && text[i] == ' ') ++i;
      size_t j = i;
      while (j < to && text[j] != ' ') ++j;
      if (j == i) break;
      const std::string word = text.substr(i, j - i);
      flow_place(first, spaced ? space : 0, ImGui::CalcTextSize(word.c_str()).x);
      ImGui::TextUnformatted(word.c_str());
      first = false;
      i = j;
    }
  };
  size_t at = 0;
  for (size_t k = 0; k < refs.size(); ++k) {
    words(at, refs[k].begin);
    const std::string label = text.substr(refs[k].begin, refs[k].end - refs[k].begin);
    const bool spaced = refs[k].begin > 0 && text[refs[k].begin - 1] == ' ';
    flow_place(first, spaced ? space : 0, ImGui::CalcTextSize(label.c_str()).x);
    location_link(s, ui, label, k == 0 ? id : id + "-" + std::to_string(k));
    first = false;
    at = refs[k].end;
  }
  words(at, text.size());
}

void explain_event(Session& session, UiState& ui, const Event& e, size_t index, const State& s) {
  const Explanation x = explain(e, s, &session.replay_quotes(), shown_seats(session, ui));
  const std::string what = x.what.substr(0, x.what.find(" ["));  // the cause is below
  ImGui::TextWrapped("event %zu: %s", index, replays::printable(what).c_str());
  if (x.scores) {
    // Compact, so that the rule, its value, file:line and the source's
    // words show without scrolling in the default layout at 1280x720.
    ImGui::TextWrapped("%+d points by rule %s of variant %s", x.points,
                       replays::printable(x.rule).c_str(), replays::printable(x.variant).c_str());
    note_item(ui, "explain-rule");
    if (!x.definition.empty()) {
      ImGui::TextWrapped("value: %s", replays::printable(x.definition).c_str());
      note_item(ui, "explain-value");
    }
    ImGui::TextUnformatted("defined at ");
    ImGui::SameLine(0, 0);
    location_link(session, ui, x.location, "explain-link");
    const std::string following = "following " + replays::printable(x.source);
    same_line_or_wrap(ImGui::CalcTextSize(following.c_str()).x);
    ImGui::TextWrapped("%s", following.c_str());
    if (!x.quote.empty()) {
      // The source's words, as the variant file quotes them above the rule.
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.85f, 0.8f, 0.65f, 1));
      ImGui::TextWrapped("\"%s\"", replays::printable(x.quote).c_str());
      note_item(ui, "explain-quote");
      ImGui::PopStyleColor();
    }
    if (!x.detail.empty()) flowing_text_with_links(session, ui, x.detail, "explain-detail-link");
  } else {
    ImGui::TextDisabled("this event scores nothing");
  }
}

}  // namespace

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
  const std::optional<size_t> selected = s.replay.selected_event();
  // The explanation has the panel's full height and most of its width; the
  // replay's name heads the event list beside it.
  ImGui::BeginChild("why", ImVec2(ImGui::GetContentRegionAvail().x * 0.62f, 0), true);
  if (selected) {
    explain_event(s, ui, c.events()[*selected], *selected, c.state());
  } else {
    ImGui::TextWrapped("the start of the game: nothing played yet; %s deals first",
                       player_name(c.state().dealer).c_str());
  }
  draw_decision_alternatives(s, ui);
  ImGui::EndChild();
  note_item(ui, "explanation");
  ImGui::SameLine();
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%s", s.replay_label().c_str());
  ImGui::PopTextWrapPos();
  draw_event_list(s, ui, selected);
  ImGui::EndGroup();
  ImGui::End();
}

}  // namespace zetema::studio
