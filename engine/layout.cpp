#include "engine/layout.h"

#include "engine/game.h"

namespace zetema {

namespace {

bool parse_ranks(const std::string& text, std::vector<int>& out, std::string& error) {
  for (char ch : text) {
    if (ch == ' ' || ch == ',') continue;
    const int r = parse_rank(std::string_view(&ch, 1));
    if (r < 0) {
      error = std::string("bad rank '") + ch + "'";
      return false;
    }
    out.push_back(r);
  }
  return true;
}

}  // namespace

LayoutResult build_state(const Ruleset& rules, const Layout& l) {
  LayoutResult res;
  GameSetup setup;
  setup.players = l.players;
  setup.partnerships = l.partnerships;
  NewGame g = new_game(rules, setup);
  if (!g.ok) {
    res.error = g.error;
    return res;
  }
  State& s = g.state;
  const Suit imp = rules.imperial_suit;
  CardSet placed;
  std::string error;
  // Parses `text` and claims its cards; false (with `error`) on a bad or repeated card.
  auto claim = [&](const std::string& text, const std::string& where, std::vector<Card>& out) {
    CardListParse p = parse_cards(text, imp);
    if (!p.ok) {
      error = where + ": " + p.error;
      return false;
    }
    for (Card c : p.cards) {
      if (placed.contains(c)) {
        error = where + ": card " + to_string(c) + " is already placed elsewhere";
        return false;
      }
      placed.insert(c);
    }
    out = std::move(p.cards);
    return true;
  };
  auto fail = [&]() {
    res.error = error;
    return res;
  };

  std::vector<Card> cards;
  for (int p = 0; p < l.players; ++p) {
    const std::string text = p < static_cast<int>(l.hands.size()) ? l.hands[p] : "";
    if (!claim(text, player_name(p) + "'s hand", cards)) return fail();
    for (Card c : cards) s.seat[p].hand.insert(c);
    if (p < static_cast<int>(l.last_meld.size())) {
      CardListParse lm = parse_cards(l.last_meld[p], imp);
      if (!lm.ok) {
        error = "last_meld: " + lm.error;
        return fail();
      }
      for (Card c : lm.cards) s.seat[p].last_meld.insert(c);
    }
  }
  if (!claim(l.tableau, "tableau", cards)) return fail();
  for (Card c : cards) {
    if (s.pile_size[c.rank()] == kCardsPerRank - 1) {
      error = std::string("tableau: the ") + rank_char(c.rank()) +
              " pile would hold five cards, which is a zetema";
      return fail();
    }
    s.piles[c.rank()][s.pile_size[c.rank()]++] = c;
    s.table.insert(c);
  }
  if (!claim(l.marriage_pile, "marriage pile", cards)) return fail();
  if (cards.size() > s.marriage_pile.size()) {
    error = "marriage pile: at most 10 kings and queens";
    return fail();
  }
  for (Card c : cards) s.marriage_pile[s.marriage_pile_size++] = c;
  std::vector<int> ranks;
  if (!parse_ranks(l.zetemas, ranks, error)) return fail();
  for (int r : ranks) {
    for (Card c : full_deck(imp)) {
      if (c.rank() != r) continue;
      if (placed.contains(c)) {
        error = "zetemas: card " + to_string(c) + " of a turned rank is placed elsewhere";
        return fail();
      }
      placed.insert(c);
    }
    s.zetema_rank[s.zetema_count] = static_cast<uint8_t>(r);
    s.zetema_taker[s.zetema_count++] = 0;
  }
  std::vector<Card> stock;
  if (!claim(l.stock, "stock", stock)) return fail();
  for (Card c : full_deck(imp)) {
    if (placed.contains(c)) continue;
    if (!l.rest_to_stock) {
      error = "card " + to_string(c) + " is placed nowhere";
      return fail();
    }
    stock.push_back(c);
  }
  // The deck: every card not in the stock first (already dealt), then the stock.
  int n = 0;
  for (Card c : full_deck(imp)) {
    bool in_stock = false;
    for (Card t : stock) in_stock = in_stock || t == c;
    if (!in_stock) s.deck[n++] = c;
  }
  s.next_draw = static_cast<uint8_t>(n);
  for (Card c : stock) s.deck[n++] = c;

  std::vector<int> assembled;
  if (!parse_ranks(l.assemblies, assembled, error)) return fail();
  for (int r : assembled) s.assemblies = static_cast<uint16_t>(s.assemblies | (1u << r));
  for (int side = 0; side < s.sides; ++side) s.score[side] = l.scores[side];
  s.imperial_marriages = static_cast<uint8_t>(l.imperial_marriages);
  if (l.dealer < 0 || l.dealer >= l.players || l.current < 0 || l.current >= l.players) {
    error = "dealer and current must be seats from 0 to " + std::to_string(l.players - 1);
    return fail();
  }
  s.dealer = static_cast<uint8_t>(l.dealer);
  s.current = static_cast<uint8_t>(l.current);
  s.phase = l.phase;
  s.hand_number = static_cast<uint16_t>(l.hand_number);
  s.turn_number = 1;
  res.ok = true;
  res.state = s;
  return res;
}

}  // namespace zetema
