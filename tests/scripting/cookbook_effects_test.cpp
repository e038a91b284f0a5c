// The cookbook's files that move cards and act at the game's moments
// (variants/examples/*.lua, docs/variant-authoring.md "Effects: moving
// cards" and "Moments"): in seeded games with bots each rule acts, with the
// events it promises, and after every event every card is in exactly one
// place (card_accounting).
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>

#include "engine/effects.h"
#include "engine/match.h"
#include "engine/rng.h"
#include "tests/scripting/sandbox_support.h"

using namespace zetema;

namespace {

// variants/examples/<id>.lua, loaded once; its parent from variants/.
const Ruleset& cookbook(const std::string& id) {
  static std::map<std::string, std::unique_ptr<Ruleset>> cache;
  auto it = cache.find(id);
  if (it == cache.end()) {
    it = cache.emplace(id, std::make_unique<Ruleset>(test::load_cookbook(id).rules)).first;
  }
  return *it->second;
}

// The line of the file where `text` first appears (1-based), 0 if nowhere:
// where the file defines a hook, as an event must cite it.
int line_of(const std::string& id, const std::string& text) {
  std::ifstream in(test::cookbook_file(id));
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.find(text) != std::string::npos) return n;
  }
  return 0;
}

struct Played {
  MatchConfig config;
  MatchRecord rec;
};

Played play(const Ruleset& rules, int players, uint64_t seed) {
  Played g;
  g.config.setup.players = players;
  g.config.seed = seed;
  g.config.bots = {"greedy"};
  g.rec = play_match(rules, g.config);
  REQUIRE_MESSAGE(g.rec.ok, rules.id << " seed " << seed << ": " << g.rec.error);
  CHECK(g.rec.completed);
  CHECK(check_scores(g.rec.final_state, g.rec.events) == "");
  return g;
}

// Re-derives a recorded game and shows every event with the position just
// before it and just after it (engine EventObserver); after every event,
// every card is in exactly one place.
using Seen = std::function<void(const State& before, const State& now, const Event& e)>;
void walk(const Ruleset& rules, const Played& g, const Seen& see) {
  GameSetup setup = g.config.setup;
  setup.hook_seed = stream_seed(g.config.seed, SeedStream::Hooks);
  NewGame fresh = new_game(rules, setup);
  REQUIRE_MESSAGE(fresh.ok, fresh.error);
  State s = fresh.state;
  State before = s;
  EventLog log;
  int broken = 0;
  const EventObserver observe = [&](const State& now, const Event& e) {
    // Once the deal is done (while dealing, the pack is not all laid out
    // yet), and not between a pile's fifth card and the zetema that takes
    // the pile (the event after it).
    const bool dealing = e.type == EventType::HandStart || e.type == EventType::Deal;
    const bool fifth =
        e.type == EventType::Discard && now.pile_size[e.card.rank()] == kCardsPerRank;
    const std::string accounting = dealing || fifth ? std::string() : card_accounting(now);
    if (!accounting.empty() && broken++ == 0) {
      FAIL_CHECK(rules.id << " seed " << g.config.seed << " event " << log.size() << " ("
                          << describe(e, now) << "): " << accounting);
    }
    see(before, now, e);
    before = now;
  };
  for (const HandRecord& hand : g.rec.hands) {
    REQUIRE(s.phase == Phase::Deal);
    REQUIRE(deal(s, hand.deck, hand.dealer, log, &observe).ok);
    for (const Action& a : hand.actions) {
      const ApplyResult r = apply(s, a, log, &observe);
      REQUIRE_MESSAGE(r.ok, r.reason);
    }
  }
  REQUIRE(log.size() == g.rec.events.size());
  CHECK(broken == 0);
}

// Seeds 1..n at `players`, each game walked.
void walk_games(const Ruleset& rules, int players, int n, const Seen& see) {
  for (int seed = 1; seed <= n; ++seed) walk(rules, play(rules, players, seed), see);
}

bool is_move(const Event& e, Hook hook, Zone from, Zone to) {
  return e.type == EventType::Move && e.by_hook && e.hook == hook && e.from.zone == from &&
         e.to.zone == to;
}

// The cause an event cites: the hook, in this file, at its line.
void check_cites(const Event& e, const Ruleset& rules, const std::string& hook, int line) {
  const Cause c = cause_of(e, rules);
  CHECK(c.rule == hook + " hook");
  CHECK(c.file.find(rules.id + ".lua") != std::string::npos);
  CHECK(c.line == line);
}

// The first card of the lowest (or highest) rank in the order a hand lists
// its cards, as the cookbook's files choose.
Card by_rank(CardSet hand, bool highest) {
  Card best;
  for (Card c : hand.cards()) {
    if (!best.valid() || (highest ? c.rank() > best.rank() : c.rank() < best.rank())) best = c;
  }
  return best;
}

// The first action of a turn (its draws and turn_start done): a
// declaration or discard from the Play phase with nothing declared yet.
bool turn_opens(const State& before, const Event& e) {
  return (e.type == EventType::Declare || e.type == EventType::Discard) &&
         before.phase == Phase::Play && before.current == e.player &&
         before.declarations_this_turn == 0;
}

}  // namespace

TEST_CASE("cookbook effects: every card in one place after every event, in every new file") {
  for (const char* id : {"starter_card", "bottom_swap", "zetema_gift", "stock_reshuffle",
                         "imperial_marriage_reverses", "shown_last_card", "dealer_head_start",
                         "zetema_piles_restock"}) {
    CAPTURE(id);
    const Ruleset& r = cookbook(id);
    CHECK(r.parent == "sackson");
    size_t events = 0;
    for (int players = 2; players <= 4; ++players) {
      walk_games(r, players, 3, [&](const State&, const State&, const Event&) { ++events; });
    }
    CHECK(events > 1000);
  }
}

TEST_CASE("cookbook starter_card: after each deal the stock's top card goes onto the tableau") {
  const Ruleset& r = cookbook("starter_card");
  const int line = line_of("starter_card", "after_deal = function");
  REQUIRE(line > 0);
  int hands = 0, starters = 0;
  bool dealt = false;  // the deal's events seen, no other event since
  walk_games(r, 3, 4, [&](const State& before, const State& now, const Event& e) {
    if (e.type == EventType::HandStart) ++hands;
    if (e.type == EventType::Deal) {
      dealt = true;
      return;
    }
    if (dealt) {
      // Right after the deal: the starter, before anyone plays.
      REQUIRE(is_move(e, Hook::AfterDeal, Zone::Stock, Zone::Tableau));
      ++starters;
      check_cites(e, r, "after_deal", line);
      CHECK(e.reason == "the starter card");
      CHECK(e.card == before.deck[before.next_draw]);
      CHECK(now.stock_size() == before.stock_size() - 1);
      CHECK(now.pile_size[e.card.rank()] == 1);
      CHECK(now.table.contains(e.card));
      // On the tableau: every seat sees it.
      CHECK(describe(e, now, SeatsShown::none()).find(to_string(e.card)) == 0);
    } else {
      CHECK(e.type != EventType::Move);
    }
    dealt = false;
  });
  CHECK(hands > 4);
  CHECK(starters == hands);
}

TEST_CASE("cookbook bottom_swap: each turn's lowest card goes under the stock for its bottom") {
  const Ruleset& r = cookbook("bottom_swap");
  const int line = line_of("bottom_swap", "turn_start = function");
  REQUIRE(line > 0);
  int swaps = 0, without = 0;
  bool swapped = false;           // this turn's swap seen
  std::optional<State> at_first;  // the position before the swap's first move
  walk_games(r, 3, 4, [&](const State& before, const State& now, const Event& e) {
    if (now.turn_number != before.turn_number) swapped = false;
    if (is_move(e, Hook::TurnStart, Zone::Stock, Zone::Hand)) {
      // The stock's bottom card into the hand of the player to move.
      REQUIRE(!at_first);
      check_cites(e, r, "turn_start", line);
      CHECK(e.to.seat == now.current);
      CHECK(e.player == now.current);
      CHECK(e.card == before.deck[kDeckSize - 1]);
      at_first = before;
      // Hidden: the player sees the card he takes, another seat does not.
      CHECK(describe(e, now, SeatsShown::only(e.to.seat)).find(to_string(e.card)) == 0);
      CHECK(describe(e, now, SeatsShown::only((e.to.seat + 1) % 3)).find("a card moves") == 0);
      return;
    }
    if (is_move(e, Hook::TurnStart, Zone::Hand, Zone::StockBottom)) {
      // Then his lowest card (as he held it before the swap) under the stock.
      REQUIRE(at_first);
      const int p = e.from.seat;
      CHECK(p == now.current);
      CHECK(e.card == by_rank(at_first->seat[p].hand, false));
      CHECK(now.deck[kDeckSize - 1] == e.card);
      CHECK(now.seat[p].hand.size() == at_first->seat[p].hand.size());
      CHECK(now.stock_size() == at_first->stock_size());
      check_cites(e, r, "turn_start", line);
      at_first.reset();
      swapped = true;
      ++swaps;
      return;
    }
    CHECK(!at_first);  // the two moves follow each other
    CHECK(e.type != EventType::Move);
    if (turn_opens(before, e) && !swapped) {
      CHECK(before.stock_size() == 0);  // no swap only with the stock empty
      ++without;
    }
  });
  CHECK(swaps > 100);
  CHECK(without > 0);
}

TEST_CASE("cookbook zetema_gift: a zetema's maker gives his highest card to the lowest side") {
  const Ruleset& r = cookbook("zetema_gift");
  const int line = line_of("zetema_gift", "score_zetema = function");
  REQUIRE(line > 0);
  int gifts = 0, kept = 0;
  std::optional<Card> expected;  // the gift the last zetema calls for
  int giver = -1, receiver = -1;
  walk_games(r, 3, 8, [&](const State& before, const State& now, const Event& e) {
    if (e.type == EventType::Zetema) {
      // The scores as the hook saw them: before the zetema's points.
      const int low = *std::min_element(before.score.begin(), before.score.begin() + now.sides);
      const int maker = e.player;
      const CardSet hand = before.seat[maker].hand;
      expected.reset();
      if (before.score[before.side_of[maker]] == low || hand.empty()) {
        ++kept;
        return;
      }
      expected = by_rank(hand, true);
      giver = maker;
      receiver = 0;
      while (before.score[before.side_of[receiver]] != low) ++receiver;
      return;
    }
    if (e.type == EventType::Move) {
      REQUIRE(expected);
      CHECK(is_move(e, Hook::ScoreZetema, Zone::Hand, Zone::Hand));
      CHECK(e.card == *expected);
      CHECK(e.from.seat == giver);
      CHECK(e.to.seat == receiver);
      CHECK(e.reason == "the zetema gift");
      CHECK(now.seat[receiver].hand.contains(e.card));
      CHECK(before.seat[giver].hand.size() == now.seat[giver].hand.size() + 1);
      check_cites(e, r, "score_zetema", line);
      ++gifts;
    } else if (expected && e.type != EventType::GameEnd) {  // the zetema won: no gift
      FAIL_CHECK("no gift of " << to_string(*expected) << " after P" << giver + 1 << "'s zetema");
    }
    expected.reset();
  });
  CHECK(gifts > 5);
  CHECK(kept > 5);
}

TEST_CASE("cookbook stock_reshuffle: the tableau becomes the stock once a hand, and games end") {
  const Ruleset& r = cookbook("stock_reshuffle");
  const int line = line_of("stock_reshuffle", "stock_empty = function");
  REQUIRE(line > 0);
  int reshuffles = 0, hands = 0;
  int in_hand = 0;           // shuffles this hand
  CardSet gathered;          // cards moved from the tableau since the stock ran out
  std::optional<int> table;  // the tableau's size when the stock ran out
  walk_games(r, 3, 6, [&](const State& before, const State& now, const Event& e) {
    if (e.type == EventType::HandStart) {
      ++hands;
      in_hand = 0;
    }
    if (is_move(e, Hook::StockEmpty, Zone::Tableau, Zone::Stock)) {
      if (!table) {
        // The first of them: a draw has just taken the stock's last card.
        CHECK(before.stock_size() == 0);
        table = static_cast<int>(before.table.size());
      }
      CHECK(in_hand == 0);
      check_cites(e, r, "stock_empty", line);
      gathered.insert(e.card);
      return;
    }
    CHECK(e.type != EventType::Move);
    if (e.type != EventType::Shuffle) return;
    // After the moves: every card the tableau held, now the stock.
    REQUIRE(table);
    check_cites(e, r, "stock_empty", line);
    CHECK(e.to.zone == Zone::Stock);
    CHECK(static_cast<int>(gathered.size()) == *table);
    CHECK(now.stock_size() == *table);
    CHECK(now.table.empty());
    for (int i = now.next_draw; i < kDeckSize; ++i) CHECK(gathered.contains(now.deck[i]));
    ++in_hand;
    ++reshuffles;
    gathered = CardSet();
    table.reset();
  });
  CHECK(reshuffles > 5);
  CHECK(reshuffles <= hands);
}

TEST_CASE(
    "cookbook zetema_piles_restock: the zetema piles become the stock, and a rank's "
    "zetema is made again") {
  const Ruleset& r = cookbook("zetema_piles_restock");
  const int line = line_of("zetema_piles_restock", "stock_empty = function");
  REQUIRE(line > 0);
  int restocks = 0, remade = 0;
  CardSet gathered;              // cards moved from the zetema piles since the stock ran out
  std::optional<CardSet> piles;  // the piles' cards when the stock ran out
  uint32_t made = 0;             // ranks whose zetema was made this hand
  walk_games(r, 3, 4, [&](const State& before, const State& now, const Event& e) {
    CHECK(now.zetema_count <= kRanks);
    if (e.type == EventType::HandStart) made = 0;
    if (e.type == EventType::Zetema) {
      remade += made >> e.rank & 1u;
      made |= 1u << e.rank;
      CHECK(now.in_zetema_piles().contains_all(CardSet::whole_rank(e.rank) &
                                               CardSet::pack(r.imperial_suit)));
    }
    if (is_move(e, Hook::StockEmpty, Zone::Zetemas, Zone::Stock)) {
      if (!piles) piles = before.in_zetema_piles();
      check_cites(e, r, "stock_empty", line);
      CHECK(piles->contains(e.card));
      gathered.insert(e.card);
      return;
    }
    CHECK(e.type != EventType::Move);
    if (e.type != EventType::Shuffle) return;
    // After the moves: every card the piles held, now the whole stock.
    REQUIRE(piles);
    check_cites(e, r, "stock_empty", line);
    CHECK(gathered == *piles);
    CHECK(now.stock_size() == static_cast<int>(piles->size()));
    CHECK(now.in_zetema_piles().empty());
    CHECK(now.lifted == *piles);
    ++restocks;
    gathered = CardSet();
    piles.reset();
  });
  CHECK(restocks > 3);
  CHECK(remade > 3);  // cards back in play met again on the tableau
}

TEST_CASE("cookbook imperial_marriage_reverses: an imperial marriage turns the order round") {
  const Ruleset& r = cookbook("imperial_marriage_reverses");
  const int line = line_of("imperial_marriage_reverses", "score_marriages = function");
  REQUIRE(line > 0);
  int reversals = 0, after_reverse = 0;
  bool imperial = false, reversed = false;
  int previous = -1, changes = 0;  // the last turn's player; changes of order since
  walk_games(r, 3, 8, [&](const State& before, const State& now, const Event& e) {
    if (e.type == EventType::HandStart) {
      reversed = false;  // each hand begins in sackson's direction
      previous = -1;
    }
    // Changes of the order other than a reversal.
    changes += e.type == EventType::DropOut ||
               (e.type == EventType::Turn && e.change != TurnChange::Reverse);
    if (e.type == EventType::Turn) {
      // Right after an imperial marriage, and only then.
      CHECK(imperial);
      CHECK(e.change == TurnChange::Reverse);
      check_cites(e, r, "score_marriages", line);
      reversed = !reversed;
      ++reversals;
    } else if (imperial && e.type != EventType::GameEnd) {  // the marriage won: no turn
      FAIL_CHECK("an imperial marriage without a reversal");
    }
    imperial = e.type == EventType::Declare && e.kind == DeclKind::Marriages &&
               now.imperial_marriages > before.imperial_marriages;
    if (now.turn_number == before.turn_number) return;
    // Each turn's player: the seat after the last, or before it once reversed.
    if (previous >= 0 && changes == 0) {
      CHECK(now.current == (previous + (reversed ? 2 : 1)) % 3);
      after_reverse += reversed;
    }
    previous = now.current;
    changes = 0;
  });
  CHECK(reversals > 3);
  CHECK(after_reverse > 5);
}

TEST_CASE("cookbook shown_last_card: the stock's bottom card shown, then drawn last") {
  const Ruleset& r = cookbook("shown_last_card");
  const int deal_line = line_of("shown_last_card", "after_deal = function");
  const int empty_line = line_of("shown_last_card", "stock_empty = function");
  REQUIRE(deal_line > 0);
  REQUIRE(empty_line > 0);
  int shown = 0, returned = 0, drawn_last = 0;
  std::optional<Card> last;  // the shown card, put back as the stock's last
  walk_games(r, 3, 4, [&](const State& before, const State& now, const Event& e) {
    if (is_move(e, Hook::AfterDeal, Zone::Stock, Zone::Shown)) {
      check_cites(e, r, "after_deal", deal_line);
      CHECK(e.card == before.deck[kDeckSize - 1]);
      CHECK(now.shown.contains(e.card));
      // Face up: every seat's view names it.
      CHECK(describe(e, now, SeatsShown::none()).find(to_string(e.card)) == 0);
      ++shown;
    } else if (is_move(e, Hook::StockEmpty, Zone::Shown, Zone::Stock)) {
      check_cites(e, r, "stock_empty", empty_line);
      CHECK(before.stock_size() == 0);
      CHECK(now.stock_size() == 1);
      CHECK(now.shown.empty());
      last = e.card;
      ++returned;
    } else if (e.type == EventType::Draw && last) {
      CHECK(e.card == *last);
      last.reset();
      ++drawn_last;
    } else {
      CHECK(e.type != EventType::Move);
    }
  });
  CHECK(shown > 4);
  CHECK(returned > 4);
  CHECK(drawn_last == returned);
}

TEST_CASE("cookbook dealer_head_start: the first dealer's side 5 up, once, at game_start") {
  const Ruleset& r = cookbook("dealer_head_start");
  const int line = line_of("dealer_head_start", "game_start = function");
  REQUIRE(line > 0);
  for (int seed = 1; seed <= 4; ++seed) {
    const Played g = play(r, 3, static_cast<uint64_t>(seed));
    const EventLog& ev = g.rec.events;
    int awards = 0;
    for (size_t i = 0; i < ev.size(); ++i) {
      if (ev[i].type != EventType::Award) continue;
      ++awards;
      // After the first deal, before any play.
      for (size_t j = 0; j < i; ++j) {
        CHECK((ev[j].type == EventType::HandStart || ev[j].type == EventType::Deal));
      }
      CHECK(ev[i].hook == Hook::GameStart);
      CHECK(ev[i].points == 5);
      CHECK(ev[i].side == g.rec.hands.front().dealer);
      CHECK(ev[i].reason == "the dealer's head start");
      check_cites(ev[i], r, "game_start", line);
    }
    CHECK(awards == 1);
    CHECK(g.rec.hands.size() > 1);  // later hands give none
  }
}
