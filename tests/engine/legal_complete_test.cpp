// legal_actions lists every legal action, not only legal ones: at every
// position of seeded games, the list equals what a brute force finds by
// asking refusal() of every candidate it can build -- every meld-length
// subset of the hand under each meld kind, every set of kings and queens in
// hand and on the tableau, every assembly, every held card. The engine
// lists declarations only where cheap bit tests on the hand say one exists
// (engine/legal_actions.cpp); this holds those tests to the rules.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "engine/game.h"
#include "engine/legality.h"
#include "engine/match.h"
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

// Plays `games` seeded random games and compares the lists at every step.
void check_games(const Ruleset& rules, int players, int games) {
  std::vector<Action> listed;
  test::each_position(rules, players, games, {"random"}, [&](const State& s) {
    REQUIRE_FALSE(legal_actions(s, listed).has_value());
    check_compact_list(s, listed);
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
