#include "engine/effects.h"

#include <algorithm>
#include <array>
#include <span>

#include "engine/event.h"
#include "engine/state.h"

namespace zetema {

namespace {

constexpr std::array<std::string_view, 7> kZoneNames = {
    "hand", "stock", "stock_bottom", "tableau", "marriages", "shown", "zetemas"};

// The stock is deck[next_draw .. 65): its top is deck[next_draw].
int stock_index(const State& s, Card c) {
  for (int i = s.next_draw; i < kDeckSize; ++i) {
    if (s.deck[static_cast<size_t>(i)] == c) return i;
  }
  return -1;
}

void take_from_stock(State& s, int index) {
  for (int i = index; i > s.next_draw; --i) s.deck[i] = s.deck[i - 1];
  ++s.next_draw;
}

void put_in_stock(State& s, Card c, bool bottom) {
  // Room below next_draw: the card came from another zone, so fewer than
  // 65 cards are in the stock.
  --s.next_draw;
  if (!bottom) {
    s.deck[s.next_draw] = c;
    return;
  }
  for (int i = s.next_draw; i + 1 < kDeckSize; ++i) s.deck[i] = s.deck[i + 1];
  s.deck[kDeckSize - 1] = c;
}

void take_from_pile(State& s, Card c) {
  s.table.erase(c);
  auto& pile = s.piles[c.rank()];
  auto& by = s.pile_by[c.rank()];
  uint8_t& n = s.pile_size[c.rank()];
  const auto at = std::find(pile.begin(), pile.begin() + n, c) - pile.begin();
  for (int j = static_cast<int>(at) + 1; j < n; ++j) {
    pile[j - 1] = pile[j];
    by[j - 1] = by[j];
  }
  --n;
}

void take_from_marriages(State& s, Card c) {
  const auto end = s.marriage_pile.begin() + s.marriage_pile_size;
  const auto at = std::find(s.marriage_pile.begin(), end, c);
  std::rotate(at, at + 1, end);  // the rest keep their order
  --s.marriage_pile_size;
}

void take(State& s, Card c, Place from) {
  switch (from.zone) {
    case Zone::Hand:
      s.seat[from.seat].hand.erase(c);
      s.seat[from.seat].exposed.erase(c);
      return;
    case Zone::Stock:
    case Zone::StockBottom:
      take_from_stock(s, stock_index(s, c));
      return;
    case Zone::Tableau:
      take_from_pile(s, c);
      return;
    case Zone::Marriages:
      take_from_marriages(s, c);
      return;
    case Zone::Shown:
      s.shown.erase(c);
      return;
    case Zone::Zetemas:
      s.lifted.insert(c);
      return;
  }
}

// Why `c` cannot go to `to`, or "".
std::string refusal_to(const State& s, Card c, Place to) {
  switch (to.zone) {
    case Zone::Hand:
      return to.seat < s.players ? "" : "there is no seat " + player_name(to.seat);
    case Zone::Tableau:
      // A pile of five is a zetema, which only a discard makes.
      return s.pile_size[c.rank()] + 1 < kCardsPerRank
                 ? ""
                 : "the " + std::string(1, rank_char(c.rank())) +
                       " pile holds four cards: a fifth makes a zetema, which only a discard does";
    case Zone::Marriages:
      return c.rank() == kRankKing || c.rank() == kRankQueen
                 ? ""
                 : "the marriage pile holds kings and queens, not " + to_string(c);
    case Zone::Zetemas:
      // A zetema pile takes back only a card of its rank that left it.
      if (!s.has_zetema(c.rank())) {
        return "there is no zetema pile of " + std::string(1, rank_char(c.rank())) + "s";
      }
      return s.lifted.contains(c) ? "" : to_string(c) + " never left its zetema pile";
    case Zone::Stock:
    case Zone::StockBottom:
    case Zone::Shown:
      return "";
  }
  return "";
}

void put(State& s, Card c, Place to, uint8_t by) {
  switch (to.zone) {
    case Zone::Hand:
      s.seat[to.seat].hand.insert_new(c);
      return;
    case Zone::Stock:
    case Zone::StockBottom:
      put_in_stock(s, c, to.zone == Zone::StockBottom);
      return;
    case Zone::Tableau: {
      uint8_t& n = s.pile_size[c.rank()];
      s.piles[c.rank()][n] = c;
      s.pile_by[c.rank()][n] = by;
      ++n;
      s.table.insert_new(c);
      return;
    }
    case Zone::Marriages:
      s.marriage_pile[s.marriage_pile_size++] = c;
      return;
    case Zone::Shown:
      s.shown.insert(c);
      return;
    case Zone::Zetemas:
      s.lifted.erase(c);
      return;
  }
}

// The card a move takes, or why there is none.
std::string pick_card(const State& s, const Effect& e, Card& out) {
  if (e.pick == Effect::Pick::Named) {
    out = e.card;
    return "";
  }
  if (s.stock_size() == 0) return "the stock is empty";
  out = e.pick == Effect::Pick::Top ? s.deck[s.next_draw] : s.deck[kDeckSize - 1];
  return "";
}

}  // namespace

std::string_view to_string(Zone z) {
  return kZoneNames[static_cast<size_t>(z)];
}

bool parse_zone(std::string_view s, Zone& out) {
  for (size_t i = 0; i < kZoneNames.size(); ++i) {
    if (kZoneNames[i] == s) {
      out = static_cast<Zone>(i);
      return true;
    }
  }
  return false;
}

std::string place_name(Place p) {
  switch (p.zone) {
    case Zone::Hand:
      return player_name(p.seat) + "'s hand";
    case Zone::Stock:
      return "the stock";
    case Zone::StockBottom:
      return "the stock's bottom";
    case Zone::Tableau:
      return "the tableau";
    case Zone::Marriages:
      return "the marriage pile";
    case Zone::Shown:
      return "the shown cards";
    case Zone::Zetemas:
      return "the zetema piles";
  }
  return "?";
}

std::optional<Place> locate(const State& s, Card c) {
  for (int p = 0; p < s.players; ++p) {
    if (s.seat[p].hand.contains(c)) return Place{Zone::Hand, static_cast<uint8_t>(p)};
  }
  if (s.table.contains(c)) return Place{Zone::Tableau};
  if (s.shown.contains(c)) return Place{Zone::Shown};
  const auto marriages = std::span(s.marriage_pile.data(), s.marriage_pile_size);
  if (std::find(marriages.begin(), marriages.end(), c) != marriages.end()) {
    return Place{Zone::Marriages};
  }
  if (stock_index(s, c) >= 0) return Place{Zone::Stock};
  if (s.in_zetema_piles().contains(c)) return Place{Zone::Zetemas};
  return std::nullopt;
}

std::string apply_move(State& s, const Effect& e, int actor, Moved& done) {
  Card c;
  if (std::string why = pick_card(s, e, c); !why.empty()) return why;
  if (!in_deck(c, s.rules->imperial_suit)) return to_string(c) + " is not a card of this pack";
  const std::optional<Place> at = locate(s, c);
  if (!at) return to_string(c) + " is in no zone an effect can take from";
  Place from = *at;
  if (e.from) {
    const bool same =
        e.from->zone == at->zone || (e.from->zone == Zone::StockBottom && at->zone == Zone::Stock);
    if (!same || (at->zone == Zone::Hand && e.from->seat != at->seat)) {
      return to_string(c) + " is not in " + place_name(*e.from);
    }
  }
  const bool same_zone =
      from.zone == e.to.zone && (from.zone != Zone::Hand || from.seat == e.to.seat);
  if (same_zone && e.to.zone != Zone::Stock && e.to.zone != Zone::StockBottom) {
    return to_string(c) + " is in " + place_name(from) + " already";
  }
  if (std::string why = refusal_to(s, c, e.to); !why.empty()) return why;
  const uint8_t by = from.zone == Zone::Hand ? from.seat : static_cast<uint8_t>(actor);
  take(s, c, from);
  put(s, c, e.to, by);
  done = Moved{c, from, e.to};
  return "";
}

std::string apply_shuffle(State& s, const Effect& e) {
  if (e.to.zone != Zone::Stock) {
    return "only the stock is shuffled: hands are sets and piles keep the order laid, not " +
           place_name(e.to);
  }
  s.hook_rng.shuffle(std::span<Card>(s.deck.data() + s.next_draw, s.stock_size()));
  return "";
}

int zetema_pile_size(const State& s, int rank) {
  return (s.in_zetema_piles() & CardSet::whole_rank(rank)).size();
}

std::string zetema_pile_note(const State& s, int rank) {
  const int n = zetema_pile_size(s, rank);
  if (n == kCardsPerRank) return "";
  return ", " + std::to_string(n) + (n == 1 ? " card" : " cards");
}

void record_zetema(State& s, int rank, int taker) {
  int z = 0;
  while (z < s.zetema_count && s.zetema_rank[z] != rank) ++z;
  if (z == s.zetema_count) s.zetema_rank[s.zetema_count++] = static_cast<uint8_t>(rank);
  s.zetema_taker[z] = static_cast<uint8_t>(taker);
  s.lifted = s.lifted.minus(CardSet::whole_rank(rank));
}

std::string card_accounting(const State& s) {
  CardSet seen;
  int total = 0;
  std::string problem;
  auto add = [&](Card c, const char* where) {
    if (seen.contains(c) && problem.empty()) {
      problem = to_string(c) + " twice (again in " + where + ")";
    }
    seen.insert(c);
    ++total;
  };
  auto fail = [&](const char* why) {
    if (problem.empty()) problem = why;
  };
  for (int p = 0; p < s.players; ++p) {
    s.seat[p].hand.for_each([&](Card c) { add(c, "a hand"); });
    if (!s.seat[p].hand.contains_all(s.seat[p].exposed)) fail("exposed card not held");
    if (s.seat[p].hand.counts() != CountedCards(s.seat[p].hand.set()).counts()) {
      fail("a hand's running counts out of step with its cards");
    }
  }
  CardSet piles;
  for (int r = 0; r < kRanks; ++r) {
    if (s.pile_size[r] >= kCardsPerRank) fail("a pile of five stayed on the tableau");
    for (int i = 0; i < s.pile_size[r]; ++i) {
      add(s.piles[r][i], "the tableau");
      piles.insert(s.piles[r][i]);
    }
  }
  if (!(s.tableau() == piles)) fail("tableau set out of step with the piles");
  if (s.table.counts() != CountedCards(s.table.set()).counts()) {
    fail("the tableau's running counts out of step with its cards");
  }
  for (int i = 0; i < s.marriage_pile_size; ++i) add(s.marriage_pile[i], "the marriage pile");
  s.shown.for_each([&](Card c) { add(c, "the shown cards"); });
  s.in_zetema_piles().for_each([&](Card c) { add(c, "the zetema piles"); });
  for (int r = 0; r < kRanks; ++r) {
    if (!s.has_zetema(r) && !(s.lifted & CardSet::whole_rank(r)).empty()) {
      fail("a card counted as lifted from a zetema pile that was never made");
    }
  }
  for (int i = s.next_draw; i < kDeckSize; ++i) add(s.deck[i], "the stock");
  if (total != kDeckSize && problem.empty()) {
    problem = std::to_string(total) + " cards in play, not 65";
  }
  return problem;
}

}  // namespace zetema
