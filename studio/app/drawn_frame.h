// What one frame showed, read back from what was drawn: the text of every
// glyph (from ImGui's draw data, by the glyphs' places in the font atlas)
// and every card face. The scripted checks that no hidden card leaks read
// it, so they see every panel, tooltip and popup as a person would, whatever
// code drew it.
#pragma once

#include <imgui.h>

#include <string>
#include <vector>

#include "engine/card.h"
#include "studio/app/cut_text.h"

namespace zetema::studio {

// A card's corner index (rank over suit) as drawn, in window pixels: the
// rank's and the suit's ink, the part of the face left uncovered (a pile's
// covered card shows its top only), the imperial mark's size (0: none).
struct DrawnIndex {
  Card card;
  ImVec4 rank, suit, shown;  // x0, y0, x1, y1
  float mark = 0;
};

struct DrawnFrame {
  std::vector<std::string> lines;   // each run of glyphs on one baseline, left to right
  CardSet faces;                    // the cards drawn face up
  std::vector<CutLine> cut;         // text cut at the side of its clip (cut_text.h)
  std::vector<DrawnIndex> indexes;  // each card face's corner index as drawn
};

// The next frame is kept (its card faces noted as drawn, its text read at
// its end); until then capturing() is true.
void capture_next_frame();
bool capturing();
// A card face drawn (cards_draw.cpp): noted while a frame is kept.
void note_card_face(Card c);
// A card face's corner index drawn (cards_draw.cpp): noted while a frame is kept.
void note_card_index(const DrawnIndex& index);
// The end of a frame (after ImGui::Render): a kept frame's text is read.
void end_drawn_frame(const ImDrawData& data);
// The last frame kept.
const DrawnFrame& last_drawn_frame();

// The text of the glyphs in `data` drawn from `fonts`, one string per line.
std::vector<std::string> drawn_text(const ImDrawData& data, const ImFontAtlas& fonts);

// Appends the code point as UTF-8 (the glyphs ImGui draws are of the Basic
// Multilingual Plane: at most three bytes).
void append_utf8(std::string& out, unsigned cp);

}  // namespace zetema::studio
