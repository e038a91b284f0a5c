// The prompt before a replay runs its own Lua (issue 13): a replay that
// carries variant sources other than the installed ones opens only once the
// user says yes; until then nothing of it has run and nothing changed.
#include <imgui.h>

#include <string>

#include "replays/text.h"
#include "studio/app/ui.h"

namespace zetema::studio {

namespace {
constexpr const char* kTitle = "Run this replay's own rules?";
}

void draw_replay_prompt(Session& s, UiState& ui) {
  const auto& pending = s.pending_replay();
  if (!pending) return;
  if (!ImGui::IsPopupOpen(kTitle)) ImGui::OpenPopup(kTitle);
  const ImVec2 centre = ImGui::GetMainViewport()->GetCenter();
  ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal(kTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::TextUnformatted(("Opening " + replays::printable(pending->path)).c_str());
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40.0f);
  // The note's lines, each escaped (they hold names from the file).
  const std::string& note = pending->note;
  for (size_t start = 0; start < note.size();) {
    size_t end = note.find('\n', start);
    if (end == std::string::npos) end = note.size();
    ImGui::TextUnformatted(replays::printable(note.substr(start, end - start)).c_str());
    start = end + 1;
  }
  ImGui::TextUnformatted(
      "Its code runs in the sandbox, but it came with the file: run it only if you trust "
      "where the file came from. Nothing of it has run yet.");
  ImGui::PopTextWrapPos();
  ImGui::Separator();
  const bool run = ImGui::Button("Run the replay's own rules");
  note_item(ui, "prompt-run");
  ImGui::SameLine();
  const bool cancel =
      ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape));
  note_item(ui, "prompt-cancel");
  if (run || cancel) {
    ImGui::CloseCurrentPopup();
    if (run) {
      s.accept_replay();
    } else {
      s.cancel_replay();
    }
  }
  ImGui::EndPopup();
}

}  // namespace zetema::studio
