#include "engine/card.h"

namespace zetema {

namespace {
constexpr char kRankChars[] = "A23456789TJQK";
constexpr char kSuitChars[] = "CDHS";
}  // namespace

char suit_char(Suit s) {
  return kSuitChars[static_cast<int>(s)];
}
char rank_char(int rank) {
  return kRankChars[rank];
}

bool parse_suit(std::string_view text, Suit& out) {
  if (text.size() != 1) return false;
  for (int s = 0; s < kSuits; ++s) {
    if (text[0] == kSuitChars[s]) {
      out = static_cast<Suit>(s);
      return true;
    }
  }
  return false;
}

int parse_rank(std::string_view text) {
  if (text == "10") return 9;
  if (text.size() != 1) return -1;
  for (int r = 0; r < kRanks; ++r) {
    if (text[0] == kRankChars[r]) return r;
  }
  return -1;
}

std::string to_string(Card c) {
  if (!c.valid()) return "??";
  std::string s{rank_char(c.rank()), suit_char(c.suit())};
  if (c.copy() == 1) s += '\'';
  return s;
}

std::vector<Card> CardSet::cards() const {
  std::vector<Card> out;
  out.reserve(static_cast<size_t>(size()));
  for_each([&](Card c) { out.push_back(c); });
  return out;
}

std::array<Card, kDeckSize> full_deck(Suit imperial) {
  std::array<Card, kDeckSize> deck{};
  int n = 0;
  for (int s = 0; s < kSuits; ++s) {
    for (int r = 0; r < kRanks; ++r) deck[n++] = Card(r, static_cast<Suit>(s));
  }
  for (int r = 0; r < kRanks; ++r) deck[n++] = Card(r, imperial, 1);
  return deck;
}

bool in_deck(Card c, Suit imperial) {
  return c.valid() && (c.copy() == 0 || c.suit() == imperial);
}

CardParse parse_card(std::string_view token, Suit imperial) {
  CardParse out;
  auto fail = [&](const std::string& why) {
    out.error = "bad card '" + std::string(token) + "': " + why;
    return out;
  };
  std::string_view body = token;
  int copy = 0;
  if (!body.empty() && body.back() == '\'') {
    copy = 1;
    body.remove_suffix(1);
  }
  if (body.size() < 2) return fail("expected rank then suit, as in 7S, TD or QS'");
  Suit suit;
  if (!parse_suit(body.substr(body.size() - 1), suit)) {
    return fail("suit must be one of C D H S");
  }
  int rank = parse_rank(body.substr(0, body.size() - 1));
  if (rank < 0) return fail("rank must be one of A 2 3 4 5 6 7 8 9 T (or 10) J Q K");
  if (copy == 1 && suit != imperial) {
    return fail(std::string("only the imperial suit (") + suit_char(imperial) +
                ") has a second copy");
  }
  out.ok = true;
  out.card = Card(rank, suit, copy);
  return out;
}

CardListParse parse_cards(std::string_view text, Suit imperial) {
  CardListParse out;
  CardSet seen;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == ',' || text[i] == '\t')) ++i;
    size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != ',' && text[j] != '\t') ++j;
    if (j == i) break;
    CardParse one = parse_card(text.substr(i, j - i), imperial);
    if (!one.ok) {
      out.error = one.error;
      return out;
    }
    if (seen.contains(one.card)) {
      out.error = "card " + to_string(one.card) + " is given twice";
      return out;
    }
    seen.insert(one.card);
    out.cards.push_back(one.card);
    i = j;
  }
  out.ok = true;
  return out;
}

std::string to_string(const std::vector<Card>& cards) {
  std::string s;
  for (Card c : cards) {
    if (!s.empty()) s += ' ';
    s += to_string(c);
  }
  return s;
}

std::string to_string(CardSet cards) {
  return to_string(cards.cards());
}

}  // namespace zetema
