#include "studio/app/fit_text.h"

#include <imgui.h>

#include "studio/session/elide.h"

namespace zetema::studio {

std::string fitted(const std::string& text, float room) {
  return elided(text, room, [](const std::string& s) { return ImGui::CalcTextSize(s.c_str()).x; });
}

void text_fitted(const std::string& text) {
  const std::string shown = fitted(text, ImGui::GetContentRegionAvail().x);
  ImGui::TextUnformatted(shown.c_str());
  if (shown.size() != text.size() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
}

}  // namespace zetema::studio
