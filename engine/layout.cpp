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

// Places a layout's cards on a new game's table, each card in one place
// only, and sets the hand's record and the turn. Each step is false, with
// `error`, where the layout is wrong; build_state takes them in order.
class Placer {
 public:
  Placer(const Ruleset& rules, const Layout& l, State& s)
      : imp_(rules.imperial_suit), l_(l), s_(s) {}

  bool hands();
  bool tableau();
  bool marriage_pile();
  bool shown();
  bool zetemas();
  bool stock_and_deck();
  bool hand_record();  // assemblies, scores, imperial marriages
  bool turn();         // dealer, current seat, phase, hand number

  std::string error;

 private:
  bool claim(const std::string& text, const std::string& where, std::vector<Card>& out);

  const Suit imp_;
  const Layout& l_;
  State& s_;
  CardSet placed_;
};

// Parses `text` and claims its cards; false (with `error`) on a bad or repeated card.
bool Placer::claim(const std::string& text, const std::string& where, std::vector<Card>& out) {
  CardListParse p = parse_cards(text, imp_);
  if (!p.ok) {
    error = where + ": " + p.error;
    return false;
  }
  for (Card c : p.cards) {
    if (placed_.contains(c)) {
      error = where + ": card " + to_string(c) + " is already placed elsewhere";
      return false;
    }
    placed_.insert(c);
  }
  out = std::move(p.cards);
  return true;
}

bool Placer::hands() {
  std::vector<Card> cards;
  for (int p = 0; p < l_.players; ++p) {
    const std::string text = p < static_cast<int>(l_.hands.size()) ? l_.hands[p] : "";
    if (!claim(text, player_name(p) + "'s hand", cards)) return false;
    for (Card c : cards) s_.seat[p].hand.insert(c);
    if (p < static_cast<int>(l_.last_meld.size())) {
      CardListParse lm = parse_cards(l_.last_meld[p], imp_);
      if (!lm.ok) {
        error = "last_meld: " + lm.error;
        return false;
      }
      for (Card c : lm.cards) s_.seat[p].last_meld.insert(c);
    }
  }
  return true;
}

bool Placer::tableau() {
  std::vector<Card> cards;
  if (!claim(l_.tableau, "tableau", cards)) return false;
  for (Card c : cards) {
    if (s_.pile_size[c.rank()] == kCardsPerRank - 1) {
      error = std::string("tableau: the ") + rank_char(c.rank()) +
              " pile would hold five cards, which is a zetema";
      return false;
    }
    s_.piles[c.rank()][s_.pile_size[c.rank()]++] = c;
    s_.table.insert(c);
  }
  return true;
}

bool Placer::marriage_pile() {
  std::vector<Card> cards;
  if (!claim(l_.marriage_pile, "marriage pile", cards)) return false;
  if (cards.size() > s_.marriage_pile.size()) {
    error = "marriage pile: at most 10 kings and queens";
    return false;
  }
  for (Card c : cards) s_.marriage_pile[s_.marriage_pile_size++] = c;
  return true;
}

bool Placer::shown() {
  std::vector<Card> cards;
  if (!claim(l_.shown, "shown", cards)) return false;
  for (Card c : cards) s_.shown.insert(c);
  return true;
}

// The ranks turned this hand: all their cards out of play.
bool Placer::zetemas() {
  std::vector<int> ranks;
  if (!parse_ranks(l_.zetemas, ranks, error)) return false;
  for (int r : ranks) {
    for (Card c : full_deck(imp_)) {
      if (c.rank() != r) continue;
      if (placed_.contains(c)) {
        error = "zetemas: card " + to_string(c) + " of a turned rank is placed elsewhere";
        return false;
      }
      placed_.insert(c);
    }
    s_.zetema_rank[s_.zetema_count] = static_cast<uint8_t>(r);
    s_.zetema_taker[s_.zetema_count++] = 0;
  }
  return true;
}

// The stock, with every card placed nowhere else at its bottom (unless
// that is an error), and the deck it is drawn from.
bool Placer::stock_and_deck() {
  std::vector<Card> stock;
  if (!claim(l_.stock, "stock", stock)) return false;
  for (Card c : full_deck(imp_)) {
    if (placed_.contains(c)) continue;
    if (!l_.rest_to_stock) {
      error = "card " + to_string(c) + " is placed nowhere";
      return false;
    }
    stock.push_back(c);
  }
  // The deck: every card not in the stock first (already dealt), then the stock.
  int n = 0;
  for (Card c : full_deck(imp_)) {
    bool in_stock = false;
    for (Card t : stock) in_stock = in_stock || t == c;
    if (!in_stock) s_.deck[n++] = c;
  }
  s_.next_draw = static_cast<uint8_t>(n);
  for (Card c : stock) s_.deck[n++] = c;
  return true;
}

bool Placer::hand_record() {
  std::vector<int> assembled;
  if (!parse_ranks(l_.assemblies, assembled, error)) return false;
  for (int r : assembled) s_.assemblies = static_cast<uint16_t>(s_.assemblies | (1u << r));
  for (int side = 0; side < s_.sides; ++side) s_.score[side] = l_.scores[side];
  s_.imperial_marriages = static_cast<uint8_t>(l_.imperial_marriages);
  return true;
}

bool Placer::turn() {
  if (l_.dealer < 0 || l_.dealer >= l_.players || l_.current < 0 || l_.current >= l_.players) {
    error = "dealer and current must be seats from 0 to " + std::to_string(l_.players - 1);
    return false;
  }
  s_.dealer = static_cast<uint8_t>(l_.dealer);
  s_.current = static_cast<uint8_t>(l_.current);
  s_.phase = l_.phase;
  s_.hand_number = static_cast<uint16_t>(l_.hand_number);
  s_.turn_number = 1;
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
  Placer place(rules, l, g.state);
  if (!place.hands() || !place.tableau() || !place.marriage_pile() || !place.shown() ||
      !place.zetemas() || !place.stock_and_deck() || !place.hand_record() || !place.turn()) {
    res.error = place.error;
    return res;
  }
  res.ok = true;
  res.state = std::move(g.state);
  return res;
}

}  // namespace zetema
