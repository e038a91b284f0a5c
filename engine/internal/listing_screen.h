// The listing's screen (issue 17): whether the current player's legal
// actions are the hand's discards alone, read from the running counts of
// hand and tableau, and if not which kinds to list. Inline, so the game
// loop lists three turns in four without a call; legal_actions.cpp lists
// every other turn.
#pragma once

#ifndef ZETEMA_ENGINE_INTERNALS
#error "engine/internal/ is the engine's own: list legal actions through engine/game.h"
#endif

#include <bit>
#include <cstdint>

#include "engine/counted_cards.h"
#include "engine/legal_list.h"
#include "engine/state.h"

namespace zetema::detail {

// The king and queen counts alone, in 32 bits: the queen of suit s at
// nibble 2s, its king at 2s + 1. 32-bit masks are immediates, where 64-bit
// ones each cost an instruction. Each count is at most 2, a sum of two at
// most 4, so nothing carries between nibbles.
inline uint32_t kq_counts(const CardCounts& c) {
  return static_cast<uint32_t>(c.suits >> CardCounts::kQueensAt);
}
// The top bit of every nibble that is not zero.
inline uint32_t kq_nonzero(uint32_t kq) {
  return (kq + 0x7777'7777u) & 0x8888'8888u;
}
inline constexpr uint32_t kQueenTops = 0x0808'0808u, kKingTops = kQueenTops << 4;

// D8: at least one card from hand, so some held king or queen must have a
// partner in hand or on the tableau; most turns stop here. Tested on the
// running counts of kings and queens, where a suit's king is 4 bits above
// its queen.
inline bool marriage_possible(const CardCounts& hand_counts, const CardCounts& table_counts) {
  const uint32_t hand = kq_counts(hand_counts);
  const uint32_t held = kq_nonzero(hand);
  const uint32_t pool = kq_nonzero(hand + kq_counts(table_counts));
  return (((held & kKingTops) >> 4 | (held & kQueenTops) << 4) & pool) != 0;
}

// The built-in kinds a hand's counts admit (bits), each listed only where
// its screen said yes.
enum Admits : unsigned { kMelds = 1, kAssemblies = 2, kMarriages = 4 };

// The built-in kinds the current player's counts admit this turn, by the
// plan: none only where listing would find no declaration (a meld is one
// suit or distinct ranks, D3/D4; an assembly a whole rank, D10; a marriage
// a king and queen of a suit, one from hand, D8). Each test is made and
// the answers combined without a branch: they depend on the cards dealt.
inline unsigned admitted_kinds(const State& s, const PlayerState& me, const ListingPlan& plan) {
  const CardCounts& held = me.hand.counts();
  // D18: a short hand declares no meld for the rest of the hand.
  const bool meld_in_counts = plan.melds.possible(held);
  const bool whole_rank = held.has_whole_rank();
  const bool pair = marriage_possible(held, s.table.counts());
  const bool meld = (me.short_by == 0) & meld_in_counts;
  const bool assembly = plan.assembly & whole_rank;
  const bool marriage = plan.marriages & pair;
  return (meld ? kMelds : 0u) | (assembly ? kAssemblies : 0u) | (marriage ? kMarriages : 0u);
}

// screen_turn's answer where the plan does not settle the turn.
inline constexpr int kListInFull = -1;

// What the plan (plan.screened: no variant kind, no allow_discard hook) and
// the counts settle of the current player's listing: 0 where the hand's
// discards alone are legal -- no exposed card, the discard not bound to
// the meld just declared, and no declaration, because the phase or the
// per-turn limit forbids one (D15, D19) or the counts admit none (the
// empty-stock gate only removes declarations, so it need not be read when
// there are none); else the kinds the counts admit (Admits, > 0), for
// list_past_screen to list; kListInFull where the plan settles nothing.
inline int screen_turn(const State& s) {
  const ListingPlan& plan = s.listing;
  if (!plan.screened || !in_play(s.phase)) return kListInFull;
  const PlayerState& me = s.seat[s.current];
  if (!me.exposed.empty()) return kListInFull;
  if (s.phase != Phase::Play) {
    if (s.phase == Phase::Choice) return kListInFull;  // a choice's options (engine/choices.h)
    if (s.phase == Phase::AfterDeclare && s.discard_from_meld_now) return kListInFull;
    if (s.phase == Phase::Chain || s.declarations_this_turn >= plan.max_declarations) return 0;
  }
  const unsigned admits = admitted_kinds(s, me, plan);  // none on three turns in four
  if (admits != 0 && plan.allow_hook) return kListInFull;
  return static_cast<int>(admits);
}

}  // namespace zetema::detail
