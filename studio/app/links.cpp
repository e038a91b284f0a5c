// file.lua:N references as links: in explanations, errors and the status
// bar, a click opens that file in the editor at that line.
#include <imgui.h>

#include <filesystem>

#include "studio/app/ui.h"

#include "replays/text.h"

namespace zetema::studio {

namespace {

// One link: underlined, in the link colour, the hand cursor on hover.
bool link(const std::string& label, const std::string& target) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.45f, 0.7f, 1.0f, 1));
  ImGui::TextUnformatted(label.c_str());
  ImGui::PopStyleColor();
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  const bool hovered = ImGui::IsItemHovered();
  ImGui::GetWindowDrawList()->AddLine(
      ImVec2(a.x, b.y - 1), ImVec2(b.x, b.y - 1),
      ImGui::GetColorU32(ImVec4(0.45f, 0.7f, 1.0f, hovered ? 1 : 0.5f)));
  if (hovered) {
    ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    ImGui::SetTooltip("open %s in the editor", target.c_str());
  }
  return ImGui::IsItemClicked(ImGuiMouseButton_Left);
}

}  // namespace

void text_with_links(Session& s, UiState& ui, const std::string& raw, const std::string& id) {
  const std::string text = replays::printable(raw);
  const std::vector<FileLine> refs = find_file_lines(text);
  if (refs.empty()) {
    ImGui::TextWrapped("%s", text.c_str());
    return;
  }
  // Pieces side by side: ImGui 1.86 cannot wrap across items, so a long
  // text is shown on one line (the panels give these a full line).
  size_t at = 0;
  for (size_t i = 0; i < refs.size(); ++i) {
    const FileLine& r = refs[i];
    if (r.begin > at) {
      ImGui::TextUnformatted(text.c_str() + at, text.c_str() + r.begin);
      ImGui::SameLine(0, 0);
    }
    const std::string label = text.substr(r.begin, r.end - r.begin);
    if (link(label, label)) s.open_location(r.file, r.line);
    note_item(ui, i == 0 ? id : id + "-" + std::to_string(i));
    at = r.end;
    if (at < text.size() || i + 1 < refs.size()) ImGui::SameLine(0, 0);
  }
  if (at < text.size()) ImGui::TextUnformatted(text.c_str() + at);
}

void location_link(Session& s, UiState& ui, const std::string& location, const std::string& id) {
  const std::string text = replays::printable(location);
  const std::vector<FileLine> refs = find_file_lines(text);
  if (refs.empty()) {
    ImGui::TextUnformatted(text.c_str());
    return;
  }
  const FileLine& r = refs.front();
  std::string shown = text;
  if (ImGui::CalcTextSize(shown.c_str()).x > ImGui::GetContentRegionAvail().x)
    shown = std::filesystem::path(r.file).filename().string() + ":" + std::to_string(r.line);
  if (link(shown, text)) s.open_location(r.file, r.line);
  note_item(ui, id);
}

}  // namespace zetema::studio
