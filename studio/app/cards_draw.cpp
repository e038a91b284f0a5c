#include "studio/app/cards_draw.h"

#include <imgui_internal.h>

#include <algorithm>
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
// The ink of `text` drawn at `size` pixels with its top-left at `at`: the
// union of its glyphs' boxes (x0, y0, x1, y1).
ImVec4 ink_of(ImFont* font, float size, ImVec2 at, const char* text) {
  const float k = size / font->FontSize;
  ImVec4 ink(1e9f, 1e9f, -1e9f, -1e9f);
  float x = at.x;
  for (const char* p = text; *p;) {
    unsigned cp = 0;
    p += ImTextCharFromUtf8(&cp, p, nullptr);
    const ImFontGlyph* g = font->FindGlyph(static_cast<ImWchar>(cp));
    if (!g) continue;
    ink = ImVec4(std::min(ink.x, x + g->X0 * k), std::min(ink.y, at.y + g->Y0 * k),
                 std::max(ink.z, x + g->X1 * k), std::max(ink.w, at.y + g->Y1 * k));
    x += g->AdvanceX * k;
  }
  return ink;
}

std::string rank_text(Card c) {
  return c.rank() == 9 ? "10" : std::string(1, rank_char(c.rank()));
}

// The suit's size in the index, to the rank's: a little smaller, so the
// widest index ("10'" and a suit) fits a small card.
constexpr float kIndexSuit = 0.85f;

// The widest index at text size 1: "10", a prime and a suit symbol.
float index_width_per_size() {
  ImFont* font = ImGui::GetFont();
  const float w = font->CalcTextSizeA(1.0f, 1e9f, 0.0f, "10'").x +
                  kIndexSuit * font->CalcTextSizeA(1.0f, 1e9f, 0.0f, suit_symbol(Suit::Diamonds)).x;
  return std::max(w, 1e-3f);
}

// The text size whose rank ink ('K', as tall as any rank) is kIndexInk pixels.
float smallest_index_size() {
  ImFont* font = ImGui::GetFont();
  const ImFontGlyph* k = font->FindGlyph('K');
  const float ink = k && k->Y1 > k->Y0 ? (k->Y1 - k->Y0) / font->FontSize : 0.7f;
  return kIndexInk / ink;
}

float mark_leg(float scale) {
  return std::max(14 * scale, kMarkLeg);
}

// The room on the face's top line for the index: the face less its left
// margin and a third of the mark's leg (the index ends under its slope).
float index_room(float scale) {
  return kCardW * scale - 3 * scale - 0.35f * mark_leg(scale) - 1;
}

// The corner index: its text size and where the text starts, from the
// card's top-left; and the imperial mark's leg.
struct CornerIndex {
  float size = 0;
  ImVec2 at;
  float mark = 0;
};
CornerIndex corner_index(float scale) {
  CornerIndex i;
  // The text's size, or less if the line would not fit, never under the least.
  const float fit = index_room(scale) / index_width_per_size();
  i.size = std::max(smallest_index_size(), std::min(ImGui::GetFontSize() * scale, fit));
  i.at = ImVec2(3 * scale, scale);
  i.mark = mark_leg(scale);
  return i;
}

// The index's pieces as drawn: rank, prime, suit, each after the last.
struct IndexText {
  std::string rank, prime;
  ImVec2 rank_at, prime_at, suit_at;
};
IndexText index_text(ImVec2 card, Card c, const CornerIndex& i) {
  ImFont* font = ImGui::GetFont();
  IndexText t;
  t.rank = rank_text(c);
  t.prime = c.copy() == 1 ? "'" : "";
  t.rank_at = ImVec2(card.x + i.at.x, card.y + i.at.y);
  t.prime_at =
      ImVec2(t.rank_at.x + font->CalcTextSizeA(i.size, 1e9f, 0, t.rank.c_str()).x, t.rank_at.y);
  // The smaller suit standing on the rank's baseline (its ink no lower:
  // a pile's covered card shows the index down to there).
  const float k = i.size / font->FontSize;
  unsigned cp = 0;
  ImTextCharFromUtf8(&cp, suit_symbol(c.suit()), nullptr);
  const ImFontGlyph* g = font->FindGlyph(static_cast<ImWchar>(cp));
  const float ink_bottom = g ? g->Y1 * k * kIndexSuit : font->Ascent * k * kIndexSuit;
  t.suit_at = ImVec2(t.prime_at.x + font->CalcTextSizeA(i.size, 1e9f, 0, t.prime.c_str()).x,
                     t.rank_at.y + font->Ascent * k - ink_bottom);
  return t;
}

}  // namespace

float smallest_card_scale() {
  // index_room(s) >= smallest size x width, with the mark at its least.
  const float need = smallest_index_size() * index_width_per_size() + 0.35f * kMarkLeg + 1;
  return need / (kCardW - 3);
}

float index_strip(float scale) {
  const CornerIndex i = corner_index(scale);
  return i.at.x + i.size * index_width_per_size() + 2;
}

float pile_fan(float scale) {
  const CornerIndex i = corner_index(scale);
  ImFont* font = ImGui::GetFont();
  // The lowest ink of any rank below the baseline (a font's glyph boxes run
  // from its line's top, the baseline at Ascent; the suit stands on it).
  const float k = i.size / font->FontSize;
  float below = 0;
  for (ImWchar ch : {ImWchar('K'), ImWchar('Q'), ImWchar('J'), ImWchar('0')}) {
    if (const ImFontGlyph* g = font->FindGlyph(ch))
      below = std::max(below, (g->Y1 - font->Ascent) * k);
  }
  return std::max(17.0f * scale, i.at.y + font->Ascent * k + below + 1);
}

namespace {

// What the scripted checks read of a face (drawn_frame.h): its index's
// ink and the part of the face the draw list's clip leaves.
void note_index(ImDrawList* dl, ImVec2 at, Card c, float scale) {
  const CornerIndex i = corner_index(scale);
  ImFont* font = ImGui::GetFont();
  const ImVec2 lo = dl->GetClipRectMin(), hi = dl->GetClipRectMax();
  DrawnIndex d;
  d.card = c;
  const IndexText t = index_text(at, c, i);
  d.rank = ink_of(font, i.size, t.rank_at, t.rank.c_str());
  d.suit = ink_of(font, i.size * kIndexSuit, t.suit_at, suit_symbol(c.suit()));
  d.shown = ImVec4(std::max(at.x, lo.x), std::max(at.y, lo.y),
                   std::min(at.x + kCardW * scale, hi.x), std::min(at.y + kCardH * scale, hi.y));
  d.mark = c.copy() == 1 ? i.mark : 0;
  note_card_index(d);
}

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
  ImFont* font = ImGui::GetFont();
  const CornerIndex i = corner_index(scale);
  // Text at another size than the font's is drawn at the frame's end (one
  // switch to bilinear sampling for all: font_texture.h), over this card,
  // unless the next card of a pile covers it: then now, in order.
  const auto text = covered || now ? add_scaled_text_now : add_scaled_text;
  const IndexText t = index_text(at, c, i);
  text(dl, i.size, t.rank_at, ink, t.rank.c_str());
  if (!t.prime.empty()) text(dl, i.size, t.prime_at, IM_COL32(170, 110, 0, 255), t.prime.c_str());
  text(dl, i.size * kIndexSuit, t.suit_at, ink, suit_symbol(c.suit()));
  if (!covered) {  // else it lies under the next card (and outside the caller's clip)
    const float big = ImGui::GetFontSize() * scale * 1.9f;
    const ImVec2 size = font->CalcTextSizeA(big, 1000.0f, 0.0f, suit_symbol(c.suit()));
    text(dl, big,
         ImVec2(at.x + (kCardW * scale - size.x) / 2 + 4 * scale,
                at.y + (kCardH * scale - size.y) / 2 + 6 * scale),
         ink, suit_symbol(c.suit()));
  }
  if (c.copy() == 1) {
    // The second copy of the imperial card: a gold corner (its prime is in the index).
    dl->AddTriangleFilled(ImVec2(end.x - i.mark, at.y), ImVec2(end.x, at.y),
                          ImVec2(end.x, at.y + i.mark), IM_COL32(212, 160, 20, 255));
  }
}

// What the atlas holds: every face uncovered, not highlighted.
void draw_atlas_face(ImDrawList* dl, ImVec2 at, Card c, float scale) {
  draw_face(dl, at, c, scale, false, false, true);
}
}  // namespace

void draw_card(ImDrawList* dl, ImVec2 at, Card c, float scale, bool highlight, bool covered) {
  note_card_face(c);  // what the hidden-card checks read (drawn_frame.h)
  if (capturing()) note_index(dl, at, c, scale);
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
