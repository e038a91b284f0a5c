// Effects: cards a variant's hook moves between the table's zones, and the
// stock it shuffles (docs/variant-authoring.md, "Effects: moving cards").
//
// A hook returns its effects as data; the engine applies them in order,
// each checked against the table as the earlier ones left it. An effect
// that cannot be done (a card not where it is said to be, a pile of the
// wrong rank, a card moved twice by one hook) is refused with a reason,
// and the whole action with it: the engine plays a hook's action on a copy
// of the state, so nothing of it is kept.
//
// The zones: each seat's hand (hidden from the other seats), the stock (its
// top or bottom; hidden), the tableau (a card goes onto the pile of its
// rank), the marriage pile (kings and queens) and the shown area, a place
// on the table where cards lie face up outside the piles, and the zetema
// piles (a card goes back only onto the pile of its own rank).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/card.h"
#include "engine/reason.h"

namespace zetema {

struct State;
class Rng;

enum class Zone : uint8_t { Hand, Stock, StockBottom, Tableau, Marriages, Shown, Zetemas };
// "hand", "stock", "stock_bottom", "tableau", "marriages", "shown",
// "zetemas": the names a variant writes.
std::string_view to_string(Zone z);
bool parse_zone(std::string_view s, Zone& out);

// A zone, with its seat for a hand. As the place a card is taken from,
// Stock is the whole stock.
struct Place {
  Zone zone = Zone::Hand;
  uint8_t seat = 0;  // Hand only
  friend bool operator==(const Place&, const Place&) = default;
};
// "P2's hand", "the stock", "the stock's bottom", "the tableau", ...
std::string place_name(Place p);
// Whether every seat sees a card an effect moves to or from this place: the
// face-up places, and the zetema piles. A zetema pile is face down but holds
// one rank's five cards, known to all; a card leaving or joining it is shown,
// so every seat still knows which cards lie in the piles.
constexpr bool is_public(Place p) {
  return p.zone == Zone::Tableau || p.zone == Zone::Marriages || p.zone == Zone::Shown ||
         p.zone == Zone::Zetemas;
}

struct Effect {
  enum class Kind : uint8_t { Move, Shuffle };
  // Which card a move takes: one named, or the stock's top or bottom card
  // (a hook need not know the stock's hidden cards to deal one).
  enum class Pick : uint8_t { Named, Top, Bottom };
  Kind kind = Kind::Move;
  Pick pick = Pick::Named;
  Card card;                  // Named
  std::optional<Place> from;  // where the card must be (Named: optional; Top, Bottom: the stock)
  Place to;                   // Move: where it goes; Shuffle: the zone (the stock)
  Reason reason;
};

// What an applied move did: the card and the two places.
struct Moved {
  Card card;
  Place from;
  Place to;
};

// Where card `c` is on the table (none for a card not in this pack).
std::optional<Place> locate(const State& s, Card c);

// Applies one move: "" and `done` filled, or why it cannot be done (and
// `s` unchanged). `actor`: the seat a card laid on the tableau is counted
// to when it comes from no hand.
std::string apply_move(State& s, const Effect& e, int actor, Moved& done);
// Shuffles the stock with the game's seeded generator (State::hook_rng).
std::string apply_shuffle(State& s, const Effect& e);

// How many cards the zetema pile of `rank` holds: five, or fewer once an
// effect took some out (none if no zetema of the rank was made).
int zetema_pile_size(const State& s, int rank);
// ", 3 cards" for a pile an effect took cards from, else "": what the
// table's texts add after the rank and its taker.
std::string zetema_pile_note(const State& s, int rank);

// Records a zetema of `rank` made by `taker`. A rank whose zetema pile an
// effect emptied can make its zetema again: the pile is whole once more, and
// the rank keeps its one place in the record with its latest taker (so the
// record never holds more than 13 piles).
void record_zetema(State& s, int rank, int taker);

// Every card in exactly one place: the hands, the tableau's piles (each
// fewer than five, in step with the tableau's set), the marriage pile, the
// shown area, the zetema piles (less the cards lifted from them) and the
// stock. "" or the first problem.
std::string card_accounting(const State& s);

}  // namespace zetema
