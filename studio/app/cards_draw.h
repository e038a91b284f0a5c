// Drawing cards with ImGui's draw list: a rounded face with rank and suit
// symbol (red or black), the second copy of an imperial card marked with a
// gold corner; face-down backs for the zetema piles.
#pragma once

#include <imgui.h>

#include "engine/card.h"

namespace zetema::studio {

inline constexpr float kCardW = 46.0f;
inline constexpr float kCardH = 64.0f;
inline constexpr float kCardRound = 5.0f;  // the corners' radius

// The corner index -- the rank, a prime for the imperial card's second
// copy, the suit, on one line at the face's top-left, so a pile's covered
// card shows all of it -- is never drawn so small that a rank's ink is under
// kIndexInk pixels tall, whatever the card's scale; the imperial mark (the
// gold corner) never under kMarkLeg pixels a side.
inline constexpr float kIndexInk = 10.0f;
inline constexpr float kMarkLeg = 10.0f;
// The smallest card scale whose face holds that index beside the mark.
float smallest_card_scale();
// How far below a pile's covered card the next one lies at `scale`: enough
// to show the covered card's whole index.
float pile_fan(float scale);

// How much of a card's left side shows its whole index, at `scale`: how
// far apart cards overlapping in a row must lie.
float index_strip(float scale);

// Draws `c` with its top-left at `at`; `scale` 1 is kCardW x kCardH.
// `covered`: the next card of a pile lies over all but its top (drawn after
// it, clipped to that top by the caller).
void draw_card(ImDrawList* dl, ImVec2 at, Card c, float scale = 1.0f, bool highlight = false,
               bool covered = false);
// A face-down card with a label (e.g. the rank of a zetema pile).
void draw_card_back(ImDrawList* dl, ImVec2 at, const char* label, float scale = 1.0f);
// A card of the player's hand that can be clicked: lifted when selected,
// with a dot badge when a legal declaration holds it. Returns the click:
// 1 a single click, 2 a double click, 0 none.
int card_button(const char* id, Card c, float scale, bool selected, bool badged);
// The suit symbol: ♣ ♦ ♥ ♠.
const char* suit_symbol(Suit s);

}  // namespace zetema::studio
