// One position of a Zetema game: the table as it stands.
//
// The State is plain data (no heap), so copying it is cheap: hooks run on a
// copy and the copy is kept only if every hook succeeded, which is how a
// failed hook leaves the game exactly as it was. The rules live in the
// Ruleset the State points to; the game flow is in engine/game.h.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "engine/card.h"
#include "engine/rng.h"
#include "engine/ruleset.h"

namespace zetema {

enum class Phase : uint8_t {
  Deal,          // waiting for a deck to be dealt (before each hand)
  Play,          // the current player may declare, or discard
  AfterDeclare,  // declared this turn; must discard (or declare again, if allowed)
  Chain,         // two-player chain: must discard again, no declaration (D15)
  GameOver,
};
std::string_view to_string(Phase p);

inline constexpr uint8_t kNoPlayer = 0xff;

struct PlayerState {
  CardSet hand;              // every card held, exposed ones included
  CardSet exposed;           // 1881 penalties: face up, must be played next (D18)
  CardSet last_meld;         // last scored sequence or flush this hand (D11)
  uint8_t short_by = 0;      // cards below the hand size for the rest of the hand (D18)
  bool dropped_out = false;  // no cards and nothing to draw (D14)

  friend bool operator==(const PlayerState&, const PlayerState&) = default;
};

struct State {
  const Ruleset* rules = nullptr;

  // Table.
  uint8_t players = 0;
  uint8_t sides = 0;
  Partnerships partnerships = Partnerships::Off;
  std::array<uint8_t, kMaxPlayers> side_of{};

  // Flow.
  Phase phase = Phase::Deal;
  uint8_t dealer = 0;
  uint8_t current = kNoPlayer;
  uint16_t hand_number = 0;  // 1-based once dealt
  uint32_t turn_number = 0;  // turns begun in the whole game

  // Cards. The stock is deck[next_draw .. 65).
  std::array<Card, kDeckSize> deck{};
  uint8_t next_draw = kDeckSize;
  std::array<PlayerState, kMaxPlayers> seat{};
  std::array<std::array<Card, kCardsPerRank>, kRanks> piles{};  // tableau, in order of discard
  std::array<uint8_t, kRanks> pile_size{};
  CardSet table;  // every card in the 13 piles (kept with them, for speed)
  std::array<Card, 2 * kCardsPerRank> marriage_pile{};  // the 5 kings and 5 queens at most
  uint8_t marriage_pile_size = 0;
  std::array<uint8_t, kRanks> zetema_rank{};   // ranks turned face down, in order
  std::array<uint8_t, kRanks> zetema_taker{};  // the player who turned each
  uint8_t zetema_count = 0;

  // Scores, per side.
  std::array<int32_t, kMaxPlayers> score{};

  // Per-hand memory the rules consult.
  uint8_t imperial_marriages = 0;  // imperial marriages declared this hand (D7)
  uint16_t assemblies = 0;         // ranks whose assembly was declared this hand (D10, D23)

  // Per-turn memory.
  uint8_t declarations_this_turn = 0;
  CardSet turn_meld;  // cards of this turn's non-marriage declarations (D12)
  bool marriage_this_turn = false;
  // The last draw, for the 1881 missed-draw irregularity: who drew which
  // card straight after playing, with nothing else done since.
  uint8_t last_play_drawer = kNoPlayer;
  Card last_play_drawn;

  // End of game.
  bool target_reached = false;  // for end_at_target = end_of_hand
  uint8_t winners = 0;          // side mask, once over

  // The seeded generator behind math.random in hooks; part of the position
  // so a replay re-derives the same numbers.
  Rng hook_rng;

  // Queries.
  int stock_size() const { return kDeckSize - next_draw; }
  const CardSet& hand(int p) const { return seat[p].hand; }
  int side(int p) const { return side_of[p]; }
  int hand_limit(int p) const;  // cards held between turns
  const CardSet& tableau() const { return table; }
  bool over() const { return phase == Phase::GameOver; }
  int next_seat(int p) const;  // in the direction of play

  // Exact equality of positions (a refused action must leave it unchanged).
  friend bool operator==(const State&, const State&) = default;
};

}  // namespace zetema
