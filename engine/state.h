// One position of a Zetema game: the table as it stands.
//
// The State is plain data, so copying it is cheap: hooks run on a copy and
// the copy is kept only if every hook succeeded, which is how a failed hook
// leaves the game exactly as it was. Its one heap part, the history hooks
// read, is kept only when the variant has hooks. The rules live in the
// Ruleset the State points to; the game flow is in engine/game.h.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/card.h"
#include "engine/counted_cards.h"
#include "engine/reason.h"
#include "engine/rng.h"
#include "engine/ruleset.h"
#include "engine/shared_log.h"

namespace zetema {

enum class Phase : uint8_t {
  Deal,          // waiting for a deck to be dealt (before each hand)
  Play,          // the current player may declare, or discard
  AfterDeclare,  // declared this turn; must discard (or declare again, if allowed)
  Chain,         // two-player chain: must discard again, no declaration (D15)
  Choice,        // a player must pick an option of a choice the variant offered (State::offer)
  GameOver,
};
std::string_view to_string(Phase p);
// Whether a seat is to move: a hand is dealt and not over.
constexpr bool in_play(Phase p) {
  return p == Phase::Play || p == Phase::AfterDeclare || p == Phase::Chain || p == Phase::Choice;
}

inline constexpr uint8_t kNoPlayer = 0xff;

// What the table saw happen, for hooks (docs/architecture.md, "History"):
// every declaration, zetema and award of the game, in order (History), and
// every public move of its cards (MoveLog): each discard (which card, onto
// which pile), each draw (as a count: the cards drawn are the drawer's
// secret), a hand emptied by a play, a player dropping out.
// A hook's effect that moved a card (engine/effects.h) is a move too, its
// card named only where it came from or went to a public place. A choice
// put to a player (Offer) and the option picked (Choice) are in History,
// a card picked only where it was public (engine/choices.h).
enum class HistoryWhat : uint8_t {
  Declaration,
  Zetema,
  Award,
  Discard,
  Draw,
  Emptied,
  DropOut,
  Moved,
  Choice,
  Offer
};
std::string_view to_string(HistoryWhat w);  // "declaration", ..., "choice", "offer"
// Whether entries of this kind are PublicMoves (State::moves), not HistoryEntries.
constexpr bool is_move(HistoryWhat w) {
  return w >= HistoryWhat::Discard && w <= HistoryWhat::Moved;
}

struct HistoryEntry {
  using What = HistoryWhat;
  What what = What::Declaration;
  uint16_t hand = 0;  // the hand it happened in
  uint32_t turn = 0;
  uint8_t player = 0xff;  // who declared, made the zetema or chooses; none for an award
  uint8_t side = 0;       // who scored; a chooser's side
  DeclKind kind = DeclKind::Sequence;
  CardSet cards;       // Choice: the card picked, only where it was public
  int32_t points = 0;  // Choice: the option's value (Action::value)
  uint8_t rank = 0;    // zetema; Choice and Offer: the choice's index in Ruleset::choices
  std::array<uint8_t, 5> discarders{};  // zetema: who discarded each card of the pile
  Reason reason;                        // award
  uint32_t moves_before = 0;            // the moves recorded before it: its place among them
  std::string_view what_name() const { return to_string(what); }

  friend bool operator==(const HistoryEntry&, const HistoryEntry&) = default;
};

// One public move of cards: small, as a hand has a hundred of them.
struct PublicMove {
  HistoryWhat what = HistoryWhat::Discard;  // Discard, Draw, Emptied, DropOut or Moved
  uint8_t player = 0;
  uint8_t card = 0;   // Discard, and Moved where public: the card's code (Card::from_code)
  uint8_t count = 0;  // Draw: how many cards; Moved: 1, with no card where it is hidden
  uint8_t from = 0;   // Moved: the places (engine/effects.h): zone * 16 + seat
  uint8_t to = 0;
  uint16_t hand = 0;
  uint32_t turn = 0;

  friend bool operator==(const PublicMove&, const PublicMove&) = default;
};

// The game's history and its moves, oldest first, shared between copies
// of a State (engine/shared_log.h).
using History = SharedLog<HistoryEntry, 16>;
using MoveLog = SharedLog<PublicMove, 64>;

struct PlayerState {
  CountedCards hand;         // every card held, exposed ones included
  CardSet exposed;           // 1881 penalties: face up, must be played next (D18)
  CardSet last_meld;         // last scored sequence or flush this hand (D11)
  uint8_t short_by = 0;      // cards below the hand size for the rest of the hand (D18)
  uint8_t drawn = 0;         // cards drawn from the stock this hand
  bool dropped_out = false;  // no cards and nothing to draw (D14)

  friend bool operator==(const PlayerState&, const PlayerState&) = default;
};

// What listing the legal actions reads of the Ruleset on every turn,
// resolved once by new_game (listing_plan, engine/legal_actions.cpp) so the
// turns with nothing to declare -- most -- are screened on the hand's
// counts without reading the Ruleset (issue 17). The default screens
// nothing: a State made another way lists from the Ruleset itself.
struct ListingPlan {
  bool screened = false;  // no variant kind, no allow_discard hook: the screen applies
  bool assembly = false;  // the built-in kinds enabled
  bool marriages = false;
  uint8_t meld_length = 0;       // Ruleset::meld_length(players); 0 when no meld kind is enabled
  MeldTest melds;                // a meld of meld_length, by ace_high_in_sequence and wraparound
  uint8_t max_declarations = 0;  // max_declarations_per_turn
  bool allow_hook = false;       // an allow_declaration hook filters the declarations

  friend bool operator==(const ListingPlan&, const ListingPlan&) = default;
};
ListingPlan listing_plan(const Ruleset& rules, int players);

inline constexpr uint8_t kNoChoice = 0xff;

// A choice a hook offered (Acts::offer, engine/choices.h), put to its player
// (phase Choice) when the action that offered it is over, with its options
// and the phase and player to go back to once picked.
struct Offer {
  uint8_t choice = kNoChoice;  // its index in Ruleset::choices
  uint8_t chooser = 0;
  Phase resume_phase = Phase::Play;
  uint8_t resume_current = kNoPlayer;
  // 0 for a hook's offer; n for the nth in a row offered by a choice's apply
  uint8_t chained = 0;
  CardSet cards;      // Cards: the cards to pick from
  uint8_t seats = 0;  // Seat: a mask of the seats to pick from
  Reason reason;      // the offering hook's reason

  friend bool operator==(const Offer&, const Offer&) = default;
};
// A choice offered and waiting its turn to be put (State::waiting).
struct WaitingOffer {
  uint8_t choice = kNoChoice;
  uint8_t chooser = 0;
  uint8_t chained = 0;  // as Offer::chained
  Reason reason;
  friend bool operator==(const WaitingOffer&, const WaitingOffer&) = default;
};
inline constexpr int kMaxWaitingOffers = 4;
// Choices in a row, each offered by the one before's apply (a hook's offer
// starts a new row): an apply that offers its own choice again would
// otherwise ask for ever, and a game of bots never ended.
inline constexpr int kMaxChainedChoices = 16;

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
  std::array<std::array<uint8_t, kCardsPerRank>, kRanks> pile_by{};  // who discarded each card
  CountedCards table;  // every card in the 13 piles (kept with them, for speed)
  std::array<Card, 2 * kCardsPerRank> marriage_pile{};  // the 5 kings and 5 queens at most
  uint8_t marriage_pile_size = 0;
  CardSet shown;  // face up on the table outside the piles, put there by effects (engine/effects.h)
  std::array<uint8_t, kRanks> zetema_rank{};   // ranks turned face down, in order
  std::array<uint8_t, kRanks> zetema_taker{};  // the player who turned each
  uint8_t zetema_count = 0;

  // Scores, per side: the game's and this hand's.
  std::array<int32_t, kMaxPlayers> score{};
  std::array<int32_t, kMaxPlayers> hand_score{};

  // Per-hand memory the rules consult.
  uint8_t imperial_marriages = 0;  // imperial marriages declared this hand (D7)
  uint16_t assemblies = 0;         // ranks whose assembly was declared this hand (D10, D23)
  uint32_t turns_this_hand = 0;    // a hand that never ends is caught by this count

  // The Ruleset's flow rules (Ruleset::flow_rule), resolved once by new_game:
  // the engine reads them at every step of every turn.
  std::array<StepRule, kFlowSteps> flow{};
  ListingPlan listing;

  // Per-turn memory.
  uint8_t declarations_this_turn = 0;
  CardSet turn_meld;                   // cards of this turn's non-marriage declarations (D12)
  bool discard_from_meld_now = false;  // a step of this turn said the discard is from the meld
  bool marriage_this_turn = false;
  // The last draw, for the 1881 missed-draw irregularity: who drew which
  // card straight after playing, with nothing else done since.
  uint8_t last_play_drawer = kNoPlayer;
  Card last_play_drawn;

  // The order of play as hooks changed it this hand (Scored::turn): turns
  // each seat is still to miss, the seat that plays again after this turn,
  // and whether the direction of play is turned round.
  std::array<uint8_t, kMaxPlayers> turns_to_miss{};
  uint8_t plays_again = kNoPlayer;
  bool reversed = false;

  // End of game.
  bool target_reached = false;  // for end_at_target = end_of_hand
  uint8_t winners = 0;          // side mask, once over

  // The seeded generator behind math.random in hooks; part of the position
  // so a replay re-derives the same numbers.
  Rng hook_rng;

  // What hooks may read of the past (kept only when the variant has hooks).
  std::array<uint16_t, kMaxPlayers> drawn_in_game{};  // cards each player drew from the stock
  History history;
  MoveLog moves;

  // The choice put now (phase Choice), and those offered and waiting, in
  // the order they will be put. Last: the fields every turn reads keep
  // their places.
  Offer offer;
  std::array<WaitingOffer, kMaxWaitingOffers> waiting{};
  uint8_t waiting_count = 0;
  // Cards an effect took out of the zetema piles this hand (engine/effects.h):
  // a zetema pile holds its rank's cards but these. Empty unless a variant's
  // hook moves such a card.
  CardSet lifted;

  // Queries.
  int stock_size() const { return kDeckSize - next_draw; }
  const CardSet& hand(int p) const { return seat[p].hand; }
  int side(int p) const { return side_of[p]; }
  int hand_limit(int p) const {  // cards held between turns
    const int limit = rules->hand_size[players] - seat[p].short_by;
    return limit > 0 ? limit : 0;
  }
  const CardSet& tableau() const { return table; }
  CardSet in_zetema_piles() const;  // the cards lying face down in the zetema piles
  bool has_zetema(int rank) const;  // whether a zetema of `rank` was made this hand
  bool over() const { return phase == Phase::GameOver; }
  int next_seat(int p) const {  // in the direction of play (a hook may have turned it round)
    // Compares, not `%`: a division on every turn costs more than the rest
    // of this function.
    if ((rules->direction == Direction::Clockwise) != reversed) return p + 1 == players ? 0 : p + 1;
    return p == 0 ? players - 1 : p - 1;
  }

  // Exact equality of positions (a refused action must leave it unchanged).
  friend bool operator==(const State&, const State&) = default;
};

}  // namespace zetema
