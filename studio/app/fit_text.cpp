#include "studio/app/fit_text.h"

#include <imgui.h>

#include "studio/session/elide.h"

namespace zetema::studio {

void text_fitted(const std::string& text) {
  const float room = ImGui::GetContentRegionAvail().x;
  const std::string shown =
      elided(text, room, [](const std::string& s) { return ImGui::CalcTextSize(s.c_str()).x; });
  ImGui::TextUnformatted(shown.c_str());
  if (shown.size() != text.size() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
}

}  // namespace zetema::studio
