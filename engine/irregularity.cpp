// The 1881 penalties (docs/decisions.md D18; book-1881.txt, "Penalties for
// playing out of turn or accidentally exposing a card during play").
#include "engine/game.h"

#include "engine/event.h"

namespace zetema {

ApplyResult apply_irregularity(State& s, const Irregularity& irr, EventLog& out,
                               const EventObserver* observe) {
  if (!s.rules->penalties_1881) {
    return ApplyResult::refuse("variant " + s.rules->id +
                               " has no 1881 penalties (penalties_1881)");
  }
  if (s.phase == Phase::Deal || s.phase == Phase::GameOver) {
    return ApplyResult::refuse("no hand is in play");
  }
  if (irr.player < 0 || irr.player >= s.players) return ApplyResult::refuse("no such player");
  PlayerState& who = s.seat[irr.player];
  Event e;
  e.type = EventType::Irregularity;
  e.player = static_cast<uint8_t>(irr.player);
  e.rule = RuleId::Penalties1881;
  switch (irr.kind) {
    case Irregularity::Kind::ExposedCard:
      // "The card must be left exposed on the table until the player's turn
      // comes round, when it must be played", and he "must continue one card
      // short": his hand size drops by one for the rest of the hand.
      if (!who.hand.contains(irr.card) || who.exposed.contains(irr.card)) {
        return ApplyResult::refuse("card " + to_string(irr.card) + " is not a concealed card of " +
                                   player_name(irr.player));
      }
      who.exposed.insert(irr.card);
      ++who.short_by;
      e.card = irr.card;
      break;
    case Irregularity::Kind::MissedDraw:
      // "This must be done ... immediately after he has played a card,
      // otherwise he cannot claim it": the card goes back on the stock and
      // the hand stays one short.
      if (s.last_play_drawer != irr.player) {
        return ApplyResult::refuse(player_name(irr.player) +
                                   " has not just drawn after a play; a missed draw is declared "
                                   "straight after the play");
      }
      who.hand.erase(s.last_play_drawn);
      --s.next_draw;
      s.deck[s.next_draw] = s.last_play_drawn;
      ++who.short_by;
      s.last_play_drawer = kNoPlayer;
      break;
  }
  out.push_back(e);
  if (observe) (*observe)(s, e);
  return {};
}

std::string to_string(const Irregularity& irr) {
  if (irr.kind == Irregularity::Kind::MissedDraw) return "missed-draw " + player_name(irr.player);
  return "expose " + player_name(irr.player) + " " + to_string(irr.card);
}

IrregularityParse parse_irregularity(std::string_view text, Suit imperial, int players) {
  IrregularityParse out;
  const bool expose = text.rfind("expose ", 0) == 0;
  const bool missed = text.rfind("missed-draw ", 0) == 0;
  if (!expose && !missed) return out;
  std::string_view rest = text.substr(expose ? 7 : 12);
  const size_t space = rest.find(' ');
  const std::string_view who = rest.substr(0, space);
  if (who.size() != 2 || who[0] != 'P' || who[1] < '1' || who[1] > '0' + players) {
    out.error =
        "expected a player P1 to P" + std::to_string(players) + ", got '" + std::string(who) + "'";
    return out;
  }
  out.irr.player = who[1] - '1';
  out.irr.kind = expose ? Irregularity::Kind::ExposedCard : Irregularity::Kind::MissedDraw;
  if (expose) {
    const CardParse card =
        parse_card(space == std::string_view::npos ? "" : rest.substr(space + 1), imperial);
    if (!card.ok) {
      out.error = card.error;
      return out;
    }
    out.irr.card = card.card;
  } else if (space != std::string_view::npos) {
    out.error = "missed-draw takes only a player";
    return out;
  }
  out.ok = true;
  return out;
}

int high_card_dealer(int players, std::span<const Card> deck) {
  // Ace high for this draw only (D2).
  auto value = [](Card c) { return c.rank() == kRankAce ? kRanks : c.rank(); };
  std::array<bool, kMaxPlayers> in{};
  for (int p = 0; p < players; ++p) in[p] = true;
  size_t next = 0;
  for (;;) {
    int best = -1, count = 0, who = 0;
    std::array<int, kMaxPlayers> drawn{};
    for (int p = 0; p < players; ++p) {
      if (!in[p]) continue;
      if (next >= deck.size()) return who;  // cannot happen with 65 cards; be total
      drawn[p] = value(deck[next++]);
      if (drawn[p] > best) {
        best = drawn[p];
        count = 1;
        who = p;
      } else if (drawn[p] == best) {
        ++count;
      }
    }
    if (count == 1) return who;
    for (int p = 0; p < players; ++p) in[p] = in[p] && drawn[p] == best;
  }
}

}  // namespace zetema
