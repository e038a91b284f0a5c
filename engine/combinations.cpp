#include "engine/combinations.h"

#include <algorithm>
#include <bit>

namespace zetema {

namespace {

// True if `mask` (bit r = rank r present) is one unbroken run of `len`
// bits within `width` bits.
bool is_run(uint32_t mask, int len, int width) {
  if (std::popcount(mask) != len || mask == 0) return false;
  const uint32_t shifted = mask >> std::countr_zero(mask);
  return shifted == (uint32_t{1} << len) - 1 && static_cast<int>(std::bit_width(mask)) <= width;
}

}  // namespace

// D3: the ace counts low (A 2 3 ...); with ace_high_in_sequence also high
// (... Q K A); wraparound (Q K A 2) only where a house rule asks for it.
bool is_sequence(uint32_t ranks, int len, const Ruleset& rules) {
  if (is_run(ranks, len, kRanks)) return true;
  if (rules.ace_high_in_sequence && (ranks & 1u)) {
    const uint32_t ace_high = (ranks & ~1u) | (1u << kRanks);
    if (is_run(ace_high, len, kRanks + 1)) return true;
  }
  if (rules.wraparound) {
    for (int shift = 1; shift < kRanks; ++shift) {
      const uint32_t rotated = ((ranks >> shift) | (ranks << (kRanks - shift))) & 0x1fffu;
      if (is_run(rotated, len, kRanks)) return true;
    }
  }
  return false;
}

MeldCategories classify_meld(CardSet cards, const Ruleset& rules) {
  MeldCategories out;
  const int len = cards.size();
  if (len == 0) return out;
  // Distinct ranks: as many ranks in the mask as cards.
  const uint32_t ranks = cards.rank_mask();
  out.sequence = std::popcount(ranks) == len && is_sequence(ranks, len, rules);
  // D5: where imperial flushes do not count (book-1881.txt: "which must not
  // be the duplicate suit"), an imperial-suit run is a sequence only.
  const std::optional<Suit> suit = single_suit(cards);
  out.flush = suit && (rules.imperial_flush_allowed || *suit != rules.imperial_suit);
  out.flush_sequence = out.sequence && out.flush && rules.flush_sequence_points.has_value();
  return out;
}

std::optional<Suit> single_suit(CardSet cards) {
  std::optional<Suit> suit;
  for (int si = 0; si < kSuits; ++si) {
    const Suit here = static_cast<Suit>(si);
    if ((cards.ranks_of(here, 0) | cards.ranks_of(here, 1)) == 0) continue;
    if (suit) return std::nullopt;
    suit = here;
  }
  return suit;
}

int meld_points(DeclKind kind, const Ruleset& rules) {
  switch (kind) {
    case DeclKind::Sequence:
      return rules.sequence_points;
    case DeclKind::Flush:
      return rules.flush_points;
    case DeclKind::FlushSequence:
      return rules.flush_sequence_points.value_or(0);
    default:
      return 0;
  }
}

bool is_highest_category(DeclKind kind, const MeldCategories& cats, const Ruleset& rules) {
  const bool formed = (kind == DeclKind::Sequence && cats.sequence) ||
                      (kind == DeclKind::Flush && cats.flush) ||
                      (kind == DeclKind::FlushSequence && cats.flush_sequence);
  if (!formed) return false;
  // D4/D24: scored once, in the highest category; ties (book1881's 30/30)
  // leave both labels legal.
  int best = 0;
  if (cats.sequence) best = std::max(best, rules.sequence_points);
  if (cats.flush) best = std::max(best, rules.flush_points);
  if (cats.flush_sequence) best = std::max(best, *rules.flush_sequence_points);
  return meld_points(kind, rules) == best;
}

DeclKind best_category(const MeldCategories& cats, const Ruleset& rules) {
  for (DeclKind k : {DeclKind::FlushSequence, DeclKind::Flush, DeclKind::Sequence}) {
    if (is_highest_category(k, cats, rules)) return k;
  }
  return DeclKind::Sequence;
}

MarriageSet read_marriages(CardSet cards, Suit imperial) {
  MarriageSet out;
  // Every declaration played reads its set here: a set of paired kings and
  // queens is counted by masks; anything else is read card by card below,
  // for its reason.
  const CardSet kings_in = cards & CardSet::whole_rank(kRankKing);
  const CardSet queens_in = cards & CardSet::whole_rank(kRankQueen);
  if ((kings_in | queens_in) == cards && !kings_in.empty()) {
    bool paired = true;
    for (int s = 0; s < kSuits; ++s) {
      const CardSet suit = CardSet::whole_suit(static_cast<Suit>(s));
      paired = paired && (kings_in & suit).size() == (queens_in & suit).size();
    }
    if (paired) {
      out.count = kings_in.size();
      out.imperial = kings_in.count_of(imperial);
      out.valid = true;
      return out;
    }
  }
  std::array<int, kSuits> kings{}, queens{};
  bool only_kq = true;
  cards.for_each([&](Card c) {
    if (c.rank() == kRankKing) {
      ++kings[static_cast<int>(c.suit())];
    } else if (c.rank() == kRankQueen) {
      ++queens[static_cast<int>(c.suit())];
    } else {
      only_kq = false;
    }
  });
  if (!only_kq) {
    out.why = "marriages hold only kings and queens";
    return out;
  }
  for (int s = 0; s < kSuits; ++s) {
    if (kings[s] != queens[s]) {
      out.why = std::string("the ") + suit_char(static_cast<Suit>(s)) +
                " kings and queens do not pair up (" + std::to_string(kings[s]) + " K, " +
                std::to_string(queens[s]) + " Q)";
      return out;
    }
    out.count += kings[s];
  }
  if (out.count == 0) {
    out.why = "a declaration of marriages needs at least one king and queen";
    return out;
  }
  out.imperial = kings[static_cast<int>(imperial)];
  out.valid = true;
  return out;
}

namespace {

// The kings of suit `s` in the cards: the marriages of that suit.
int kings_of(CardSet cards, int s) {
  const auto suit = static_cast<Suit>(s);
  return int{cards.contains(Card(kRankKing, suit, 0))} +
         int{cards.contains(Card(kRankKing, suit, 1))};
}

// per_marriage: the first suit whose marriages take more cards from the
// table than from hand (per suit, hand cards < kings), or -1 if none does.
int suit_short_of_hand_cards(CardSet cards, CardSet from_hand) {
  for (int s = 0; s < kSuits; ++s) {
    if ((from_hand & CardSet::whole_suit(static_cast<Suit>(s))).size() < kings_of(cards, s)) {
      return s;
    }
  }
  return -1;
}

}  // namespace

bool marriage_hand_cards_ok(CardSet cards, CardSet from_hand, const Ruleset& rules) {
  if (from_hand.empty()) return false;
  return rules.marriage_hand_card == MarriageHandCard::PerDeclaration ||
         suit_short_of_hand_cards(cards, from_hand) < 0;
}

std::string check_marriage_hand_cards(CardSet cards, CardSet from_hand, const Ruleset& rules) {
  if (marriage_hand_cards_ok(cards, from_hand, rules)) return {};
  if (from_hand.empty()) {
    return "at least one card of the marriages must come from your hand (marriage_hand_card, D8)";
  }
  const int s = suit_short_of_hand_cards(cards, from_hand);
  return std::string("each marriage needs its own card from hand; the ") +
         suit_char(static_cast<Suit>(s)) + " marriages take " + std::to_string(kings_of(cards, s)) +
         " from the table (marriage_hand_card = per_marriage, D8)";
}

MarriagePoints marriage_points(int count, int imperial, int imperial_before, const Ruleset& rules) {
  MarriagePoints out;
  out.base = rules.marriage_base[count - 1];
  // D7: five at once is a flat 150, the bonus "already included".
  if (count == 5) return out;
  const bool holds_second = imperial == 2 || (imperial == 1 && imperial_before == 1);
  switch (rules.effective_imperial_bonus()) {
    case ImperialBonus::Second10Both20:
      // sackson.txt: +10 for the second imperial marriage, +20 for both at once.
      if (imperial == 2) {
        out.bonus = 20;
      } else if (holds_second) {
        out.bonus = 10;
      }
      break;
    case ImperialBonus::Second10Only:
      // rules-site.txt read literally: +10 for any declaration holding the second.
      if (holds_second) out.bonus = 10;
      break;
    case ImperialBonus::None:
      break;
  }
  return out;
}

}  // namespace zetema
