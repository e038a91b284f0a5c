// legal_actions lists every legal action, not only legal ones: at every
// position of seeded games, the list equals what a brute force finds by
// asking refusal() of every candidate it can build -- every meld-length
// subset of the hand under each meld kind, every set of kings and queens in
// hand and on the tableau, every assembly, every held card. The engine
// lists declarations only where cheap bit tests on the hand say one exists
// (engine/legal_actions.cpp); this holds those tests to the rules.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/combinations.h"
#include "engine/game.h"
#include "engine/layout.h"
#include "engine/legality.h"
#include "engine/match.h"
#include "engine/rng.h"
#include "tests/support/positions.h"
#include "tests/support/variants.h"

using namespace zetema;

namespace {

// Every subset of `cards` with `len` members, in no particular order.
void subsets(const std::vector<Card>& cards, int len, size_t from, CardSet pick,
             std::vector<CardSet>& out) {
  if (len == 0) {
    out.push_back(pick);
    return;
  }
  for (size_t i = from; i + static_cast<size_t>(len) <= cards.size(); ++i) {
    CardSet next = pick;
    next.insert(cards[i]);
    subsets(cards, len - 1, i + 1, next, out);
  }
}

// What refusal() accepts among every declaration and discard one can build.
std::vector<Action> brute_force_legal(const State& s) {
  std::vector<Action> candidates;
  const CardSet hand = s.hand(s.current);
  const std::vector<Card> held = hand.cards();
  for (int len = 1; len <= static_cast<int>(held.size()); ++len) {
    std::vector<CardSet> picks;
    subsets(held, len, 0, CardSet(), picks);
    for (CardSet pick : picks) {
      for (DeclKind k :
           {DeclKind::Sequence, DeclKind::Flush, DeclKind::FlushSequence, DeclKind::Assembly}) {
        candidates.push_back(Action::declare(k, pick));
      }
    }
  }
  std::vector<Card> kq;
  (hand | s.tableau()).for_each([&](Card c) {
    if (c.rank() == kRankKing || c.rank() == kRankQueen) kq.push_back(c);
  });
  for (uint32_t mask = 1; mask < (1u << kq.size()); ++mask) {
    CardSet pick;
    for (size_t i = 0; i < kq.size(); ++i) {
      if (mask & (1u << i)) pick.insert(kq[i]);
    }
    candidates.push_back(Action::declare(DeclKind::Marriages, pick));
  }
  for (Card c : held) candidates.push_back(Action::discard(c));
  std::vector<Action> legal;
  for (const Action& a : candidates) {
    if (refusal(s, a).empty()) legal.push_back(a);
  }
  return legal;
}

bool same_actions(std::vector<Action> a, std::vector<Action> b) {
  auto key = [](const Action& x) {
    return std::tuple(x.type, x.kind, x.card.code(), to_string(x.cards));
  };
  auto less = [&](const Action& x, const Action& y) { return key(x) < key(y); };
  std::sort(a.begin(), a.end(), less);
  std::sort(b.begin(), b.end(), less);
  return a == b;
}

// The compact list bots choose from indexes the very list written out:
// declarations first, then the discards in card order.
void check_compact_list(const State& s, const std::vector<Action>& listed) {
  LegalActions compact;
  REQUIRE_FALSE(legal_actions(s, compact).has_value());
  REQUIRE(compact.size() == listed.size());
  for (size_t i = 0; i < listed.size(); ++i) REQUIRE(compact[i] == listed[i]);
  for (size_t i = compact.declarations().size(); i + 1 < listed.size(); ++i) {
    REQUIRE(listed[i].type == ActionType::Discard);
    REQUIRE(listed[i].card < listed[i + 1].card);
  }
}

// The marriages in the order they have always been listed (bots pick by
// index, so seeded games depend on it), found the plain way: per suit with a
// king and a queen in hand or on the tableau, clubs first, the choices none,
// each king with each queen (king copy outer), then both pairs; every
// combination of choices with the later suits varying fastest, kept where
// refusal() accepts it.
std::vector<Action> marriages_in_listing_order(const State& s) {
  const CardSet pool = s.hand(s.current) | s.tableau();
  std::vector<std::vector<CardSet>> per_suit;
  for (int si = 0; si < kSuits; ++si) {
    const Suit suit = static_cast<Suit>(si);
    std::vector<Card> kings, queens;
    for (int copy = 0; copy < 2; ++copy) {
      if (pool.contains(Card(kRankKing, suit, copy))) kings.push_back(Card(kRankKing, suit, copy));
      if (pool.contains(Card(kRankQueen, suit, copy))) {
        queens.push_back(Card(kRankQueen, suit, copy));
      }
    }
    std::vector<CardSet> choices{CardSet()};
    for (Card k : kings) {
      for (Card q : queens) {
        CardSet pair;
        pair.insert(k);
        pair.insert(q);
        choices.push_back(pair);
      }
    }
    if (kings.size() == 2 && queens.size() == 2) choices.push_back(choices[1] | choices[4]);
    if (choices.size() > 1) per_suit.push_back(choices);
  }
  std::vector<CardSet> sets{CardSet()};
  for (const std::vector<CardSet>& choices : per_suit) {
    std::vector<CardSet> longer;
    for (CardSet before : sets) {
      for (CardSet c : choices) longer.push_back(before | c);
    }
    sets = longer;
  }
  std::vector<Action> out;
  for (CardSet cards : sets) {
    const Action a = Action::declare(DeclKind::Marriages, cards);
    if (!cards.empty() && refusal(s, a).empty()) out.push_back(a);
  }
  return out;
}

// The marriages `listed` holds, in its order, are marriages_in_listing_order.
void check_marriage_order(const State& s, const std::vector<Action>& listed) {
  std::vector<Action> marriages;
  for (const Action& a : listed) {
    if (a.type == ActionType::Declare && a.kind == DeclKind::Marriages) marriages.push_back(a);
  }
  REQUIRE(marriages == marriages_in_listing_order(s));
}

// Plays `games` seeded random games and compares the lists at every step.
void check_games(const Ruleset& rules, int players, int games) {
  std::vector<Action> listed;
  test::each_position(rules, players, games, {"random"}, [&](const State& s) {
    REQUIRE_FALSE(legal_actions(s, listed).has_value());
    check_compact_list(s, listed);
    check_marriage_order(s, listed);
    const std::vector<Action> expected = brute_force_legal(s);
    CAPTURE(to_string(s.hand(s.current)));
    CAPTURE(to_string(s.tableau()));
    REQUIRE(same_actions(listed, expected));
  });
}

}  // namespace

TEST_CASE("legal_actions is complete: the shipped table variants, 2-6 players") {
  for (const char* id : {"sackson", "rules_site", "book1881", "rummy_site"}) {
    CAPTURE(id);
    for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
      CAPTURE(players);
      check_games(test::variant(id), players, 12);
    }
  }
}

// The meld screen's corners: ace high (Q K A), wraparound (K A 2), short
// hands with shortened melds, and melds shorter than the hand.
TEST_CASE("legal_actions is complete: ace high, wraparound and short melds") {
  Ruleset ace_high = test::variant("sackson");
  ace_high.ace_high_in_sequence = true;
  Ruleset wrap = test::variant("sackson");
  wrap.wraparound = true;
  Ruleset short_melds = test::variant("sackson");
  short_melds.meld_len[2] = 4;  // 4-card melds from a 6-card hand
  short_melds.short_hand_melds = ShortHandMelds::Shorten;
  // Runs the screen tests in pieces of a power of two and a remainder.
  Ruleset five_ace_high = ace_high;
  five_ace_high.meld_len[2] = 5;
  five_ace_high.short_hand_melds = ShortHandMelds::Shorten;
  for (const Ruleset* rules : {&ace_high, &wrap, &short_melds, &five_ace_high}) {
    for (int players : {2, 5}) {
      CAPTURE(players);
      check_games(*rules, players, 25);
    }
  }
}

// new_game resolves a listing plan the common turns are listed from; a
// State without one (ListingPlan{}) lists from the Ruleset alone. Both must
// give the same list, in the same order, at every position.
TEST_CASE("legal_actions lists the same with the plan new_game resolves and without one") {
  for (const char* id : {"sackson", "rules_site", "book1881", "rummy_site"}) {
    CAPTURE(id);
    const Ruleset& rules = test::variant(id);
    for (int players : {2, 4}) {
      CAPTURE(players);
      std::vector<Action> planned, unplanned;
      int screened = 0;
      test::each_position(rules, players, 12, {"random"}, [&](const State& s) {
        REQUIRE(s.listing == listing_plan(rules, players));
        if (s.listing.screened) ++screened;
        State without = s;
        without.listing = ListingPlan{};
        REQUIRE_FALSE(legal_actions(s, planned).has_value());
        REQUIRE_FALSE(legal_actions(without, unplanned).has_value());
        REQUIRE(planned == unplanned);
      });
      CHECK(screened > 0);  // the plan's path was taken
    }
  }
}

namespace {

// A position where the current player (seat 1 of 2) holds some of the ten
// kings and queens (the imperial suit's two copies of each) and the tableau
// others, as `rng` deals them; the rest of the hand, up to six cards, is
// low cards that marry nothing.
State kings_and_queens_position(const Ruleset& rules, Rng& rng) {
  std::vector<std::string> kq;
  for (const char* suit : {"C", "D", "H", "S"}) {
    kq.push_back(std::string("K") + suit);
    kq.push_back(std::string("Q") + suit);
  }
  const std::string imperial(1, suit_char(rules.imperial_suit));
  kq.push_back("K" + imperial + "'");
  kq.push_back("Q" + imperial + "'");
  std::string hand, tableau;
  int held = 0;
  int kings_on_table = 0, queens_on_table = 0;  // four at most: five would be a zetema
  for (const std::string& card : kq) {
    const uint32_t where = rng.below(3);  // hand, tableau, or elsewhere (the stock)
    int& on_table = card[0] == 'K' ? kings_on_table : queens_on_table;
    if (where == 0 && held < 6) {
      hand += card + " ";
      ++held;
    } else if (where == 1 && on_table < 4) {
      tableau += card + " ";
      ++on_table;
    }
  }
  const char* low[] = {"2C", "3D", "4H", "5S", "6C", "7D"};
  for (int i = 0; held < 6; ++i, ++held) hand += std::string(low[i]) + " ";
  Layout l;
  l.players = 2;
  l.current = 1;
  l.dealer = 0;
  l.hands = {"8C 8D 8H 9C 9D 9H", hand};
  l.tableau = tableau;
  const LayoutResult built = build_state(rules, l);
  REQUIRE_MESSAGE(built.ok, built.error);
  return built.state;
}

}  // namespace

// Marriages over several suits and both imperial copies are rare in seeded
// games: random deals of the kings and queens between hand and tableau list
// them in the same order as marriages_in_listing_order, under both hand-card
// rules (D8), with an exposed card that must be among them (D18), and with
// an imperial suit other than spades (D20).
TEST_CASE("legal_actions lists marriages in their order: kings and queens dealt at random") {
  Ruleset clubs_imperial = test::variant("book1881");
  clubs_imperial.imperial_suit = Suit::Clubs;
  Ruleset hearts_imperial = test::variant("sackson");
  hearts_imperial.imperial_suit = Suit::Hearts;
  const Ruleset* variants[] = {&test::variant("sackson"), &test::variant("book1881"),
                               &clubs_imperial, &hearts_imperial};
  for (const Ruleset* variant : variants) {
    const Ruleset& rules = *variant;
    CAPTURE(to_string(rules.marriage_hand_card));
    CAPTURE(std::string(1, suit_char(rules.imperial_suit)));
    Rng rng(17);
    int several = 0;  // lists with a declaration of two or more marriages
    std::vector<Action> listed;
    for (int deal = 0; deal < 2000; ++deal) {
      CAPTURE(deal);
      State s = kings_and_queens_position(rules, rng);
      if (deal % 4 == 3) {  // D18: one held card exposed
        const CardSet hand = s.hand(s.current);
        const auto pick = static_cast<int>(rng.below(static_cast<uint32_t>(hand.size())));
        s.seat[s.current].exposed.insert(hand.nth(pick));
      }
      CAPTURE(to_string(s.hand(s.current)));
      CAPTURE(to_string(s.tableau()));
      REQUIRE_FALSE(legal_actions(s, listed).has_value());
      check_marriage_order(s, listed);
      for (const Action& a : listed) {
        if (a.type == ActionType::Declare &&
            read_marriages(a.cards, rules.imperial_suit).count > 1) {
          ++several;
          break;
        }
      }
    }
    CHECK(several > 100);  // the product over suits and copies was exercised
  }
}
