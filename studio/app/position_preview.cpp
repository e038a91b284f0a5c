#include "studio/app/position_preview.h"

#include <imgui.h>

#include "replays/text.h"
#include "studio/app/cards_draw.h"
#include "studio/session/seat_view.h"

namespace zetema::studio {

namespace {

constexpr float kSmall = 0.55f;  // the cards' scale in the preview

void small_cards(ImDrawList* dl, CardSet cards, int backs) {
  const float scale = kSmall * ImGui::GetFontSize() / 16.0f;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  float x = at.x;
  cards.for_each([&](Card c) {
    draw_card(dl, ImVec2(x, at.y), c, scale);
    x += (kCardW + 2) * scale;
  });
  for (int i = 0; i < backs; ++i) {
    draw_card_back(dl, ImVec2(x, at.y), "", scale);
    x += (kCardW + 2) * scale;
  }
  ImGui::Dummy(ImVec2(std::max(x - at.x, 1.0f), kCardH * scale + 2));
}

// "   as P2 sees it", "   as P1 and P3 see it": whose view the preview is.
std::string seen_by(SeatsShown shown, int players) {
  if (shown.shows_every()) return {};
  std::string names;
  int n = 0;
  for (int p = 0; p < players; ++p) {
    if (!shown.shows(p)) continue;
    names += (n++ ? " and " : "") + player_name(p);
  }
  if (n == 0) return "   every hand hidden";
  return "   as " + names + (n == 1 ? " sees it" : " see it");
}

}  // namespace

void position_preview_tooltip(const Session& s, size_t position, const std::string& caption,
                              SeatsShown shown) {
  const State& full = s.replay.preview(position);
  if (!full.rules) return;
  const SeatView view = seat_view(full, shown);
  const State& t = view.table;
  ImGui::BeginTooltip();
  ImGui::TextUnformatted(replays::printable(caption).c_str());
  ImGui::TextDisabled("position %zu   hand %d   turn %u   stock %d%s", position, t.hand_number,
                      t.turn_number, t.stock_size(), seen_by(shown, t.players).c_str());
  for (int side = 0; side < t.sides; ++side) {
    if (side) ImGui::SameLine(0, 16);
    ImGui::Text("%s %d", side_name(t, side).c_str(), t.score[side]);
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int p = 0; p < t.players; ++p) {
    ImGui::Text("%s%s", p == t.current ? "> " : "  ", player_name(p).c_str());
    ImGui::SameLine(60);
    small_cards(dl, t.seat[p].hand, view.hidden[static_cast<size_t>(p)]);
  }
  // The tableau: each rank pile's top card.
  CardSet tops;
  for (int r = 0; r < kRanks; ++r) {
    if (t.pile_size[r] > 0) tops.insert(t.piles[r][t.pile_size[r] - 1]);
  }
  ImGui::Text("tableau");
  ImGui::SameLine(60);
  small_cards(dl, tops, 0);
  ImGui::EndTooltip();
}

}  // namespace zetema::studio
