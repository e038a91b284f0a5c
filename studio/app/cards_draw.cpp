#include "studio/app/cards_draw.h"

#include <string>

#include "studio/app/card_atlas.h"
#include "studio/app/drawn_frame.h"
#include "studio/app/font_texture.h"

namespace zetema::studio {

const char* suit_symbol(Suit s) {
  switch (s) {
    case Suit::Clubs:
      return "\xe2\x99\xa3";  // U+2663
    case Suit::Diamonds:
      return "\xe2\x99\xa6";  // U+2666
    case Suit::Hearts:
      return "\xe2\x99\xa5";  // U+2665
    case Suit::Spades:
      return "\xe2\x99\xa0";  // U+2660
  }
  return "?";
}

namespace {
// A card's outline without anti-aliased edges: a third of the triangles,
// which is most of a frame's cost under a software renderer (Xvfb).
void card_shape(ImDrawList* dl, ImVec2 at, ImVec2 end, ImU32 fill, ImU32 edge, float round,
                float thickness) {
  const ImDrawListFlags flags = dl->Flags;
  dl->Flags &= ~(ImDrawListFlags_AntiAliasedFill | ImDrawListFlags_AntiAliasedLines);
  dl->AddRectFilled(at, end, fill, round);  // nothing when `fill` is transparent
  dl->AddRect(at, end, edge, round, 0, thickness);
  dl->Flags = flags;
}
}  // namespace

namespace {
// The face drawn shape by shape. `now`: its scaled text in order too (for
// the atlas, whose draw list is rendered at once).
void draw_face(ImDrawList* dl, ImVec2 at, Card c, float scale, bool highlight, bool covered,
               bool now) {
  const ImVec2 end(at.x + kCardW * scale, at.y + kCardH * scale);
  card_shape(dl, at, end, IM_COL32(252, 250, 242, 255),
             highlight ? IM_COL32(255, 170, 0, 255) : IM_COL32(90, 90, 90, 255), kCardRound * scale,
             highlight ? 3.0f : 1.0f);
  const bool red = c.suit() == Suit::Hearts || c.suit() == Suit::Diamonds;
  const ImU32 ink = red ? IM_COL32(200, 30, 30, 255) : IM_COL32(20, 20, 20, 255);
  const std::string rank = c.rank() == 9 ? "10" : std::string(1, rank_char(c.rank()));
  ImFont* font = ImGui::GetFont();
  const float small = ImGui::GetFontSize() * scale;
  // Text at another size than the font's is drawn at the frame's end (one
  // switch to bilinear sampling for all: font_texture.h), over this card,
  // unless the next card of a pile covers it: then now, in order.
  const auto text = covered || now ? add_scaled_text_now : add_scaled_text;
  text(dl, small, ImVec2(at.x + 4 * scale, at.y + 2 * scale), ink, rank.c_str());
  text(dl, small, ImVec2(at.x + 4 * scale, at.y + 2 * scale + small), ink, suit_symbol(c.suit()));
  if (!covered) {  // else it lies under the next card (and outside the caller's clip)
    const float big = small * 1.9f;
    const ImVec2 size = font->CalcTextSizeA(big, 1000.0f, 0.0f, suit_symbol(c.suit()));
    text(dl, big,
         ImVec2(at.x + (kCardW * scale - size.x) / 2 + 4 * scale,
                at.y + (kCardH * scale - size.y) / 2 + 6 * scale),
         ink, suit_symbol(c.suit()));
  }
  if (c.copy() == 1) {
    // The second copy of the imperial card: a gold corner and a prime.
    dl->AddTriangleFilled(ImVec2(end.x - 14 * scale, at.y), ImVec2(end.x, at.y),
                          ImVec2(end.x, at.y + 14 * scale), IM_COL32(212, 160, 20, 255));
    text(dl, small, ImVec2(end.x - 10 * scale, end.y - small - 2 * scale), ink, "'");
  }
}

// What the atlas holds: every face uncovered, not highlighted.
void draw_atlas_face(ImDrawList* dl, ImVec2 at, Card c, float scale) {
  draw_face(dl, at, c, scale, false, false, true);
}
}  // namespace

void draw_card(ImDrawList* dl, ImVec2 at, Card c, float scale, bool highlight, bool covered) {
  note_card_face(c);  // what the hidden-card checks read (drawn_frame.h)
  // A covered card is its face clipped by the caller to the top strip.
  if (!highlight && draw_card_from_atlas(dl, at, c, scale, draw_atlas_face)) return;
  draw_face(dl, at, c, scale, highlight, covered, false);
}

void draw_card_back(ImDrawList* dl, ImVec2 at, const char* label, float scale) {
  const ImVec2 end(at.x + kCardW * scale, at.y + kCardH * scale);
  dl->AddRectFilled(at, end, IM_COL32(40, 70, 140, 255), kCardRound * scale);
  // The inner frame's outline only: its inside is the back's colour already.
  card_shape(dl, ImVec2(at.x + 3 * scale, at.y + 3 * scale),
             ImVec2(end.x - 3 * scale, end.y - 3 * scale), IM_COL32(0, 0, 0, 0),
             IM_COL32(200, 210, 240, 255), 4.0f * scale, 1.0f);
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize() * 1.3f * scale;
  const ImVec2 t = font->CalcTextSizeA(size, 1000.0f, 0.0f, label);
  add_scaled_text(dl, size,
                  ImVec2(at.x + (kCardW * scale - t.x) / 2, at.y + (kCardH * scale - t.y) / 2),
                  IM_COL32(255, 255, 255, 255), label);
}

int card_button(const char* id, Card c, float scale, bool selected, bool badged) {
  const float lift = 10.0f * scale;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(id, ImVec2(kCardW * scale, kCardH * scale + lift));
  const int click = ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(0) ? 2
                    : ImGui::IsItemClicked()                                 ? 1
                                                                             : 0;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 card(at.x, selected ? at.y : at.y + lift);
  draw_card(dl, card, c, scale, selected || ImGui::IsItemHovered());
  if (badged) {
    dl->AddCircleFilled(
        ImVec2(card.x + kCardW * scale - 7 * scale, card.y + kCardH * scale - 7 * scale),
        4.5f * scale, IM_COL32(60, 170, 90, 255));
  }
  return click;
}

}  // namespace zetema::studio
