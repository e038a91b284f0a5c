#include "studio/session/seat_view.h"

namespace zetema::studio {

SeatView seat_view(const State& s, SeatsShown shown) {
  SeatView v;
  v.shown = shown;
  v.table = s;
  if (shown.shows_every()) return v;
  for (int p = 0; p < s.players; ++p) {
    if (shown.shows(p)) continue;
    PlayerState& other = v.table.seat[static_cast<size_t>(p)];
    v.hidden[static_cast<size_t>(p)] = other.hand.minus(other.exposed).size();
    other.hand = other.exposed;
  }
  // The stock's order (and the deal's) is no seat's to know: only its size
  // (stock_size(), from next_draw) stays.
  v.table.deck.fill(Card());
  return v;
}

SeatView seat_view(const State& s, int seat) {
  return seat_view(s, seat < 0 ? SeatsShown::every() : SeatsShown::only(seat));
}

CardSet secret_cards(std::span<const Event> record, SeatsShown shown) {
  CardSet unseen, seen;
  auto add = [](CardSet& to, const Event& e) {
    if (e.card.valid()) to.insert(e.card);
    to = to | e.cards;
  };
  for (const Event& e : record) {
    switch (e.type) {
      case EventType::Deal:
      case EventType::Draw:
        add(shown.shows(e.player) ? seen : unseen, e);
        break;
      case EventType::Discard:
      case EventType::Declare:
      case EventType::Irregularity:
        add(seen, e);
        break;
      case EventType::Move:  // an effect's card: seen where it came from or went
        add(sees_moved_card(e, shown) ? seen : unseen, e);
        break;
      default:
        break;
    }
  }
  return unseen.minus(seen);
}

}  // namespace zetema::studio
