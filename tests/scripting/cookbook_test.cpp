// The house-rule cookbook (variants/examples/*.lua, docs/variant-authoring.md
// "House-rule cookbook"): each file loads, and in seeded games with bots its
// rule fires, with the points and reasons it promises. Where a rule removes
// something, the same seeds under sackson show what it removed.
#include <doctest/doctest.h>

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <set>

#include "engine/internal/apply_paths.h"
#include "engine/legality.h"
#include "engine/match.h"
#include "engine/rng.h"
#include "tests/scripting/sandbox_support.h"

using namespace zetema;

namespace {

std::string examples_dir() {
  return test::variants_dir() + "/examples";
}

// variants/examples/<id>.lua, loaded once; its parent from variants/.
const Ruleset& cookbook(const std::string& id) {
  static std::map<std::string, std::unique_ptr<Ruleset>> cache;
  auto it = cache.find(id);
  if (it == cache.end()) {
    scripting::LoadedVariant v =
        scripting::load_variant_spec(examples_dir() + "/" + id + ".lua", test::variants_dir());
    if (!v.ok) FAIL("cookbook file " << id << " does not load: " << v.error->describe());
    it = cache.emplace(id, std::make_unique<Ruleset>(std::move(v.rules))).first;
  }
  return *it->second;
}

struct Played {
  MatchConfig config;
  MatchRecord rec;
};

Played play(const Ruleset& rules, int players, uint64_t seed,
            std::vector<std::string> bots = {"greedy"},
            std::optional<Partnerships> partnerships = std::nullopt) {
  Played g;
  g.config.setup.players = players;
  g.config.setup.partnerships = partnerships;
  g.config.seed = seed;
  g.config.bots = std::move(bots);
  g.rec = play_match(rules, g.config);
  REQUIRE_MESSAGE(g.rec.ok, rules.id << " seed " << seed << ": " << g.rec.error);
  CHECK(g.rec.completed);
  CHECK(check_scores(g.rec.final_state, g.rec.events) == "");
  return g;
}

// Seeded games: `n` seeds from 1, all greedy (`players` each).
std::vector<Played> games(const Ruleset& rules, int players, int n,
                          std::vector<std::string> bots = {"greedy"},
                          std::optional<Partnerships> partnerships = std::nullopt) {
  std::vector<Played> out;
  for (int seed = 1; seed <= n; ++seed)
    out.push_back(play(rules, players, seed, bots, partnerships));
  return out;
}

// Re-derives a recorded game and shows every event with the position just
// before it and just after it (engine EventObserver).
using Seen = std::function<void(size_t i, const State& before, const State& now, const Event& e)>;
void walk(const Ruleset& rules, const Played& g, const Seen& see) {
  GameSetup setup = g.config.setup;
  setup.hook_seed = derive_seed(g.config.seed, 100);
  NewGame fresh = new_game(rules, setup);
  REQUIRE_MESSAGE(fresh.ok, fresh.error);
  State s = fresh.state;
  State before = s;
  EventLog log;
  const EventObserver observe = [&](const State& now, const Event& e) {
    see(log.size() - 1, before, now, e);
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
}

// The first action of a turn (its draws done): a declaration or discard
// from the Play phase with nothing declared yet.
bool turn_opens(const State& before, const Event& e) {
  return (e.type == EventType::Declare || e.type == EventType::Discard) &&
         before.phase == Phase::Play && before.current == e.player &&
         before.declarations_this_turn == 0;
}

bool is_declare(const Event& e, const Ruleset& rules, const std::string& kind) {
  return e.type == EventType::Declare && kind_name(e.kind, rules) == kind;
}

std::vector<Card> cards_of(CardSet cs) {
  return cs.cards();
}

Card card(const std::string& text) {
  const CardParse c = parse_card(text, Suit::Spades);
  REQUIRE_MESSAGE(c.ok, text);
  return c.card;
}

// Two players, P1 (seat 0) to move holding `hand`; P2 holds six low cards.
State table_for(const Ruleset& rules, const std::string& hand) {
  Layout l;
  l.players = 2;
  l.current = 0;
  l.hands = {hand, "TC TD TH 8C 8D 8S"};
  return test::table(rules, l);
}

std::vector<Action> legal(const State& s) {
  std::vector<Action> out;
  const auto err = legal_actions(s, out);
  REQUIRE_MESSAGE(!err, err->describe());
  return out;
}

int count_declares(const std::vector<Action>& actions, const Ruleset& rules,
                   const std::string& kind) {
  int n = 0;
  for (const Action& a : actions) {
    n += a.type == ActionType::Declare && kind_name(a.kind, rules) == kind;
  }
  return n;
}

}  // namespace

TEST_CASE("cookbook: every file loads, extends a shipped variant and is a house rule") {
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(examples_dir())) {
    if (entry.path().extension() != ".lua") continue;
    ++files;
    const std::string id = entry.path().stem().string();
    CAPTURE(id);
    const Ruleset& r = cookbook(id);
    CHECK(r.id == id);
    CHECK(r.parent == "sackson");
    CHECK(r.source == "house rules (no historical source)");
  }
  CHECK(files >= 10);
}

TEST_CASE("cookbook four_of_a_rank: half the variant's own assembly value, read from state.rules") {
  const Ruleset& r = cookbook("four_of_a_rank");
  // Four kings: one set; five kings: every four of them (and the assembly).
  CHECK(count_declares(legal(table_for(r, "KC KD KH KS 2H 9C")), r, "four-of-a-rank") == 1);
  CHECK(count_declares(legal(table_for(r, "KC KD KH KS KS' 9C")), r, "four-of-a-rank") == 5);
  State s = table_for(r, "KC KD KH KS 2H 9C");
  const ActionParse a = parse_action("four-of-a-rank KC KD KH KS", r);
  REQUIRE_MESSAGE(a.ok, a.error);
  EventLog log;
  REQUIRE(apply(s, a.action, log).ok);
  REQUIRE(log.size() == 1);
  CHECK(log[0].points == 65);  // sackson.lua: an assembly of kings is 130
  int declared = 0;
  for (const Played& g : games(r, 2, 12)) {
    for (const Event& e : g.rec.events) {
      if (!is_declare(e, r, "four-of-a-rank")) continue;
      ++declared;
      const auto cards = cards_of(e.cards);
      REQUIRE(cards.size() == 4);
      CHECK(e.points == r.assembly_value(cards[0].rank()) / 2);
    }
  }
  CHECK(declared > 0);
}

TEST_CASE("cookbook pair_of_sevens: a new kind, two sevens for 15, then a discard of one") {
  const Ruleset& r = cookbook("pair_of_sevens");
  // The finder lists every pair in hand: three sevens make three pairs.
  State s = table_for(r, "7C 7D 7S' 2H 9C JD");
  CHECK(count_declares(legal(s), r, "pair-of-sevens") == 3);
  const ActionParse a = parse_action("pair-of-sevens 7C 7S'", r);
  REQUIRE_MESSAGE(a.ok, a.error);
  EventLog log;
  REQUIRE(apply(s, a.action, log).ok);
  REQUIRE(log.size() == 1);
  CHECK(log[0].points == 15);
  CHECK(s.score[0] == 15);
  // The discard is one of the pair (discard = "from_meld").
  const auto after = legal(s);
  REQUIRE(after.size() == 2);
  for (const Action& d : after) CHECK((d.card == card("7C") || d.card == card("7S'")));
  // Two cards that are not a pair the finder lists are refused.
  const ActionParse bad = parse_action("pair-of-sevens 7C 2H", r);
  REQUIRE(bad.ok);
  State t = table_for(r, "7C 7D 7S' 2H 9C JD");
  CHECK(apply(t, bad.action, log).reason.find("is not a pair-of-sevens its finder lists") !=
        std::string::npos);

  int declared = 0;
  for (const Played& g : games(r, 3, 12)) {
    const EventLog& ev = g.rec.events;
    for (size_t i = 0; i < ev.size(); ++i) {
      if (!is_declare(ev[i], r, "pair-of-sevens")) continue;
      ++declared;
      CHECK(ev[i].points == 15);
      const auto cards = cards_of(ev[i].cards);
      REQUIRE(cards.size() == 2);
      CHECK(cards[0].rank() == 6);  // rank index 6 is the seven
      CHECK(cards[1].rank() == 6);
      if (i + 1 < ev.size() && ev[i + 1].type != EventType::GameEnd) {
        CHECK(ev[i + 1].type == EventType::Discard);
        CHECK(ev[i].cards.contains(ev[i + 1].card));
      }
    }
  }
  CHECK(declared > 0);
}

TEST_CASE("cookbook full_house: a new kind, three of a rank and two of another for 25") {
  const Ruleset& r = cookbook("full_house");
  CHECK(count_declares(legal(table_for(r, "4C 4D 4H JD JS' 2C")), r, "full-house") == 1);
  // Four fours and two jacks: four ways to choose the three fours.
  CHECK(count_declares(legal(table_for(r, "4C 4D 4H 4S JD JS'")), r, "full-house") == 4);
  CHECK(count_declares(legal(table_for(r, "4C 4D JH 5S JD 2S'")), r, "full-house") == 0);

  int declared = 0;
  for (const Played& g : games(r, 3, 12)) {
    const EventLog& ev = g.rec.events;
    for (size_t i = 0; i < ev.size(); ++i) {
      if (!is_declare(ev[i], r, "full-house")) continue;
      ++declared;
      CHECK(ev[i].points == 25);
      std::map<int, int> ranks;
      for (Card c : cards_of(ev[i].cards)) ++ranks[c.rank()];
      REQUIRE(ranks.size() == 2);
      CHECK(((ranks.begin()->second == 3 && ranks.rbegin()->second == 2) ||
             (ranks.begin()->second == 2 && ranks.rbegin()->second == 3)));
      if (i + 1 < ev.size() && ev[i + 1].type != EventType::GameEnd) {
        CHECK(ev[i].cards.contains(ev[i + 1].card));
      }
    }
  }
  CHECK(declared > 0);
}

namespace {

// Turns whose first action found the player holding `want(before, p)` cards
// (counted only while the stock still had cards after the turn's draws).
struct TurnHolding {
  int turns = 0;
  int wrong = 0;
  int seven = 0;
};
TurnHolding turn_holdings(const Ruleset& rules, const std::vector<Played>& gs,
                          const std::function<int(const State&, int)>& want) {
  TurnHolding h;
  for (const Played& g : gs) {
    walk(rules, g, [&](size_t, const State& before, const State&, const Event& e) {
      if (!turn_opens(before, e) || before.stock_size() == 0) return;
      ++h.turns;
      const int held = before.hand(e.player).size();
      h.seven += held == 7;
      h.wrong += held != want(before, e.player);
    });
  }
  return h;
}

}  // namespace

TEST_CASE("cookbook seven_card_turn: a turn starts with seven cards, not six") {
  const Ruleset& r = cookbook("seven_card_turn");
  const auto seven = [](const State& s, int) { return s.rules->hand_size[s.players] + 1; };
  const TurnHolding h = turn_holdings(r, games(r, 3, 6), seven);
  CHECK(h.turns > 100);
  CHECK(h.wrong == 0);
  CHECK(h.seven == h.turns);
  // Under sackson the same count finds six cards at every turn.
  const Ruleset& sackson = test::variant("sackson");
  const TurnHolding base = turn_holdings(sackson, games(sackson, 3, 6), seven);
  CHECK(base.seven == 0);
  CHECK(base.wrong == base.turns);
}

TEST_CASE("cookbook catch_up_draw: flow_step gives the side trailing alone a seventh card") {
  const Ruleset& r = cookbook("catch_up_draw");
  const auto want = [](const State& s, int p) {
    bool alone = true;
    for (int side = 0; side < s.sides; ++side) {
      if (side != s.side_of[p] && s.score[side] <= s.score[s.side_of[p]]) alone = false;
    }
    return s.rules->hand_size[s.players] + (alone ? 1 : 0);
  };
  const TurnHolding h = turn_holdings(r, games(r, 3, 6), want);
  CHECK(h.wrong == 0);
  CHECK(h.seven > 20);             // the trailing player drew a seventh card ...
  CHECK(h.seven < h.turns - 100);  // ... and the others did not
  const TurnHolding pairs =
      turn_holdings(r, games(r, 4, 4, {"greedy", "random"}, Partnerships::Pairs), want);
  CHECK(pairs.wrong == 0);
  CHECK(pairs.seven > 0);
}

TEST_CASE("cookbook draw_after_zetema: the zetema-maker draws one card at once") {
  const Ruleset& r = cookbook("draw_after_zetema");
  int rewarded = 0, missed = 0;
  for (const Played& g : games(r, 3, 8)) {
    std::vector<int> stock(g.rec.events.size());
    walk(r, g, [&](size_t i, const State&, const State& now, const Event&) {
      stock[i] = now.stock_size();
    });
    const EventLog& ev = g.rec.events;
    for (size_t i = 0; i + 1 < ev.size(); ++i) {
      if (ev[i].type != EventType::Zetema || ev[i + 1].type == EventType::GameEnd ||
          stock[i] == 0) {
        continue;
      }
      const bool drew = ev[i + 1].type == EventType::Draw && ev[i + 1].player == ev[i].player;
      // Exactly one: what follows the draw is not another draw by him.
      const bool one = i + 2 < ev.size() &&
                       !(ev[i + 2].type == EventType::Draw && ev[i + 2].player == ev[i].player);
      rewarded += drew && one;
      missed += !(drew && one);
    }
  }
  CHECK(rewarded > 20);
  CHECK(missed == 0);
  // Under sackson no zetema is followed by the maker drawing.
  int sackson_draws = 0;
  const Ruleset& sackson = test::variant("sackson");
  for (const Played& g : games(sackson, 3, 8)) {
    const EventLog& ev = g.rec.events;
    for (size_t i = 0; i + 1 < ev.size(); ++i) {
      sackson_draws += ev[i].type == EventType::Zetema && ev[i + 1].type == EventType::Draw &&
                       ev[i + 1].player == ev[i].player;
    }
  }
  CHECK(sackson_draws == 0);
}

namespace {

// After each declaration of marriages: whether the same player's next
// action was a discard, and whether he held the hand size again.
struct AfterMarriage {
  int marriages = 0;
  int discarded = 0;
  int refilled = 0;
};
AfterMarriage after_marriages(const Ruleset& rules, const std::vector<Played>& gs) {
  AfterMarriage m;
  for (const Played& g : gs) {
    int married = -1;  // the player who just declared marriages
    const EventLog& ev = g.rec.events;
    walk(rules, g, [&](size_t i, const State& before, const State& now, const Event& e) {
      if (e.type != EventType::Declare && e.type != EventType::Discard) return;
      if (married >= 0) {  // the action after the marriages
        m.discarded += e.player == married;
        m.refilled +=
            e.player != married && (before.stock_size() == 0 ||
                                    before.hand(married).size() == rules.hand_size[before.players]);
        married = -1;
      }
      // Counted where the turn could go on: the game not over (a score
      // reaching the target is followed by the game's end), a card left.
      if (e.type == EventType::Declare && e.kind == DeclKind::Marriages &&
          ev[i + 1].type != EventType::GameEnd && !now.hand(e.player).empty()) {
        ++m.marriages;
        married = e.player;
      }
    });
  }
  return m;
}

}  // namespace

TEST_CASE("cookbook no_discard_after_marriage: marriages end the turn, refilled, no discard") {
  const Ruleset& r = cookbook("no_discard_after_marriage");
  const AfterMarriage m = after_marriages(r, games(r, 3, 10));
  CHECK(m.marriages > 10);
  CHECK(m.discarded == 0);
  CHECK(m.refilled == m.marriages);
  const Ruleset& sackson = test::variant("sackson");
  const AfterMarriage base = after_marriages(sackson, games(sackson, 3, 10));
  CHECK(base.marriages > 10);
  CHECK(base.discarded == base.marriages);  // Sackson: the turn ends with a discard
}

TEST_CASE("cookbook most_zetemas_bonus: 20 at the hand's end to the one with most zetemas") {
  const Ruleset& r = cookbook("most_zetemas_bonus");
  int prizes = 0, ties = 0;
  for (const Played& g : games(r, 3, 10)) {
    std::map<int, int> zetemas;        // this hand's, by player
    std::vector<const Event*> awards;  // this hand's
    for (const Event& e : g.rec.events) {
      if (e.type == EventType::HandStart) {
        zetemas.clear();
        awards.clear();
      } else if (e.type == EventType::Zetema) {
        ++zetemas[e.player];
      } else if (e.type == EventType::Award) {
        awards.push_back(&e);
      } else if (e.type == EventType::HandEnd) {
        int best = 0, who = -1, at_best = 0;
        for (auto [p, n] : zetemas) {
          if (n > best) {
            best = n;
            who = p;
            at_best = 0;
          }
          at_best += n == best;
        }
        if (at_best == 1) {
          ++prizes;
          REQUIRE(awards.size() == 1);
          CHECK(awards[0]->side == g.rec.final_state.side_of[who]);
          CHECK(awards[0]->points == 20);
          CHECK(awards[0]->reason == "most zetemas this hand");
          CHECK(describe_cause(*awards[0], r).find("score_hand_end hook @ ") == 0);
        } else {
          ++ties;
          CHECK(awards.empty());
        }
      }
    }
  }
  CHECK(prizes > 5);
  CHECK(ties > 0);  // a tie for the most: no prize
}

TEST_CASE("cookbook cards_left_penalty: the hand ends with the stock, -1 a card held") {
  const Ruleset& r = cookbook("cards_left_penalty");
  int hands = 0, penalties = 0;
  for (const Played& g : games(r, 3, 6)) {
    std::map<int, int> awarded;  // by side (= player at 3)
    walk(r, g, [&](size_t, const State&, const State& now, const Event& e) {
      if (e.type == EventType::HandStart) awarded.clear();
      if (e.type == EventType::Award) {
        CHECK(e.reason == "a point a card still held");
        awarded[e.side] += e.points;
      }
      if (e.type != EventType::HandEnd) return;
      ++hands;
      CHECK(now.stock_size() == 0);
      std::map<int, int> expected;
      for (int p = 0; p < now.players; ++p) {
        if (now.hand(p).size() > 0) expected[p] = -now.hand(p).size();
      }
      CHECK(awarded == expected);
      penalties += static_cast<int>(expected.size());
    });
  }
  CHECK(hands > 10);
  CHECK(penalties > 2 * hands);  // nearly everyone still holds cards
}

TEST_CASE("cookbook second_flush_double: the hand's second flush scores 60") {
  const Ruleset& r = cookbook("second_flush_double");
  int seconds = 0, others = 0;
  for (const Played& g : games(r, 3, 20)) {
    int flushes = 0;
    for (const Event& e : g.rec.events) {
      if (e.type == EventType::HandStart) flushes = 0;
      if (e.type != EventType::Declare || e.kind != DeclKind::Flush) continue;
      ++flushes;
      if (flushes == 2) {
        ++seconds;
        CHECK(e.points == 60);
        CHECK(e.reason == "the second flush of the hand doubles");
      } else {
        ++others;
        CHECK(e.points == 30);
      }
    }
  }
  CHECK(seconds > 0);
  CHECK(others > seconds);
}

TEST_CASE("cookbook feeder_pays: the feeder of each zetema pays its maker 5 at once") {
  const Ruleset& r = cookbook("feeder_pays");
  int paid = 0, own = 0, partner = 0;
  auto check_games = [&](const std::vector<Played>& gs) {
    for (const Played& g : gs) {
      const State& fin = g.rec.final_state;
      const EventLog& ev = g.rec.events;
      std::array<std::vector<std::pair<Card, int>>, kRanks> piles;  // card, discarder
      for (size_t i = 0; i < ev.size(); ++i) {
        const Event& e = ev[i];
        if (e.type == EventType::HandStart) {
          for (auto& pile : piles) pile.clear();
        } else if (e.type == EventType::Discard) {
          piles[e.card.rank()].emplace_back(e.card, e.player);
        } else if (e.type == EventType::Declare) {  // married cards may come off the tableau
          for (auto& pile : piles) {
            std::erase_if(pile, [&](const auto& c) { return e.cards.contains(c.first); });
          }
        } else if (e.type == EventType::Zetema) {
          const int feeder = piles[e.rank].at(3).second;  // the pile's fourth card
          piles[e.rank].clear();
          if (fin.side_of[feeder] == e.side) {
            feeder == e.player ? ++own : ++partner;
            CHECK(e.points == r.zetema_value(e.rank));
            CHECK(e.reason.empty());
            continue;
          }
          ++paid;
          CHECK(e.points == r.zetema_value(e.rank) + 5);
          CHECK(e.reason == "took 5 from the feeder");
          if (fin.over() && i + 1 == ev.size() - 1) continue;  // the maker reached the target
          REQUIRE(i + 1 < ev.size());
          const Event& a = ev[i + 1];
          CHECK(a.type == EventType::Award);
          CHECK(a.side == fin.side_of[feeder]);
          CHECK(a.points == -5);
          CHECK(a.reason == "fed the pile");
          const std::string text = describe(a, fin);
          CHECK(text.find("[score_zetema hook @ ") != std::string::npos);
          CHECK(text.ends_with("feeder_pays.lua:19]"));
        }
      }
    }
  };
  check_games(games(r, 3, 8));
  check_games(games(r, 4, 8, {"greedy", "random"}, Partnerships::Pairs));
  CHECK(paid > 20);
  CHECK(own > 0);      // fed his own zetema: nothing paid
  CHECK(partner > 0);  // fed his partner's: nothing paid
}

TEST_CASE("cookbook ace_tribute: an ace zetema takes 10 from every other side at once") {
  const Ruleset& r = cookbook("ace_tribute");
  int tributes = 0;
  auto check_games = [&](const std::vector<Played>& gs) {
    for (const Played& g : gs) {
      const EventLog& ev = g.rec.events;
      const int sides = g.rec.final_state.sides;
      for (size_t i = 0; i < ev.size(); ++i) {
        if (ev[i].type == EventType::Award) {
          // Every award follows an ace zetema (or another award after it).
          size_t z = i;
          while (z > 0 && ev[z - 1].type == EventType::Award) --z;
          REQUIRE(z > 0);
          CHECK(ev[z - 1].type == EventType::Zetema);
          CHECK(ev[z - 1].rank == kRankAce);
        }
        if (ev[i].type != EventType::Zetema || ev[i].rank != kRankAce) continue;
        CHECK(ev[i].points == 15);
        if (i + 1 < ev.size() && ev[i + 1].type == EventType::GameEnd) continue;
        ++tributes;
        std::vector<int> paying;
        for (size_t j = i + 1; j < ev.size() && ev[j].type == EventType::Award; ++j) {
          CHECK(ev[j].points == -10);
          CHECK(ev[j].reason == "ace tribute");
          const std::string cause = describe_cause(ev[j], r);
          CHECK(cause.find("score_zetema hook @ ") == 0);
          CHECK(cause.find("examples/ace_tribute.lua:17") != std::string::npos);
          paying.push_back(ev[j].side);
        }
        std::vector<int> others;
        for (int side = 0; side < sides; ++side) {
          if (side != ev[i].side) others.push_back(side);
        }
        CHECK(paying == others);
      }
    }
  };
  check_games(games(r, 3, 10));
  check_games(games(r, 4, 6, {"greedy"}, Partnerships::Pairs));
  CHECK(tributes > 10);
}

TEST_CASE("cookbook no_king_discard: allow_discard keeps kings in hand, with its reason") {
  const Ruleset& r = cookbook("no_king_discard");
  State s = table_for(r, "KC 2D 3H 4S 5C 6D");
  for (const Action& a : legal(s)) CHECK_FALSE(a.card == card("KC"));
  EventLog log;
  const ApplyResult refused = apply(s, Action::discard(card("KC")), log);
  CHECK_FALSE(refused.ok);
  CHECK(refused.reason.find("refused by allow_discard (") == 0);
  CHECK(refused.reason.find("): kings stay in hand (house rule)") != std::string::npos);
  // A bot's preview skips only the tables' checks: the hook's veto stands.
  const State unplayed = s;
  const ApplyResult previewed = detail::apply_table_legal(s, Action::discard(card("KC")), log);
  CHECK_FALSE(previewed.ok);
  CHECK(previewed.reason.find("refused by allow_discard (") == 0);
  CHECK(previewed.reason.find("): kings stay in hand (house rule)") != std::string::npos);
  CHECK(s == unplayed);
  CHECK(log.empty());
  // Nothing but kings: the veto is lifted.
  State kings = table_for(r, "KC KD");
  CHECK(legal(kings).size() == 2);
  CHECK(apply(kings, Action::discard(card("KC")), log).ok);

  // In play a king is discarded only when no other card could be.
  auto free_kings = [](const Ruleset& rules, const std::vector<Played>& gs) {
    int free = 0, forced = 0;
    for (const Played& g : gs) {
      walk(rules, g, [&](size_t, const State& before, const State&, const Event& e) {
        if (e.type != EventType::Discard || e.card.rank() != kRankKing) return;
        bool other = false;
        before.hand(e.player).for_each([&](Card c) {
          other = other || (c.rank() != kRankKing && refusal(before, Action::discard(c)).empty());
        });
        free += other;
        forced += !other;
      });
    }
    return std::pair{free, forced};
  };
  const auto [free, forced] = free_kings(r, games(r, 3, 10, {"random"}));
  CHECK(free == 0);
  CHECK(forced > 0);
  const Ruleset& sackson = test::variant("sackson");
  CHECK(free_kings(sackson, games(sackson, 3, 10, {"random"})).first > 10);
}

TEST_CASE("cookbook no_snap: the last discard, read from the history, bars its rank") {
  const Ruleset& r = cookbook("no_snap");
  // Snaps in play: a discard of the rank of the hand's discard before it,
  // free (the player had another card he could lay) or forced.
  auto snaps = [](const Ruleset& rules, const std::vector<Played>& gs) {
    int free = 0, forced = 0;
    for (const Played& g : gs) {
      std::optional<Card> last;
      walk(rules, g, [&](size_t, const State& before, const State&, const Event& e) {
        if (e.type == EventType::HandStart) last.reset();
        if (e.type != EventType::Discard) return;
        if (last && last->rank() == e.card.rank()) {
          bool other = false;
          before.hand(e.player).for_each([&](Card c) {
            other =
                other || (c.rank() != e.card.rank() && refusal(before, Action::discard(c)).empty());
          });
          free += other;
          forced += !other;
        }
        last = e.card;
      });
    }
    return std::pair{free, forced};
  };
  const auto [free, forced] = snaps(r, games(r, 3, 10, {"random"}));
  CHECK(free == 0);
  CHECK(forced > 0);
  const Ruleset& sackson = test::variant("sackson");
  CHECK(snaps(sackson, games(sackson, 3, 10, {"random"})).first > 10);
  // The refusal names the card just laid.
  State s = table_for(r, "7C 2D 3H 4S 5C 6D");
  EventLog log;
  REQUIRE(apply(s, Action::discard(card("7C")), log).ok);  // P1 lays 7C; P2 to play
  s.seat[1].hand = CountedCards();
  for (const char* c : {"7D", "8C"}) s.seat[1].hand.insert_new(card(c));
  const ApplyResult refused = apply(s, Action::discard(card("7D")), log);
  CHECK(refused.reason.find("): no snap: 7C was just laid (house rule)") != std::string::npos);
}

// The order of play as the events show it: each turn's first player, in
// order, with the turn-control events (EventType::Turn) seen just before.
struct TurnStart {
  int player = 0;
  int previous = -1;  // the player of the turn before, in this hand (-1: the first)
  std::vector<Event> controls;
  int dropped_out = 0;  // drop-outs since the turn before
};
std::vector<TurnStart> turn_starts(const Ruleset& rules, const Played& g) {
  std::vector<TurnStart> out;
  std::vector<Event> controls;
  int previous = -1, dropped_out = 0;
  walk(rules, g, [&](size_t, const State& before, const State& now, const Event& e) {
    if (e.type == EventType::HandStart) {
      previous = -1;
      controls.clear();
    }
    if (e.type == EventType::Turn) controls.push_back(e);
    dropped_out += e.type == EventType::DropOut;
    if (now.turn_number == before.turn_number) return;
    out.push_back({now.current, previous, controls, dropped_out});
    controls.clear();
    previous = now.current;
    dropped_out = 0;
  });
  return out;
}

int count_changes(const std::vector<Event>& controls, TurnChange change) {
  return static_cast<int>(std::count_if(controls.begin(), controls.end(),
                                        [&](const Event& e) { return e.change == change; }));
}

TEST_CASE("cookbook zetema_plays_again: a zetema's maker begins the next turn") {
  const Ruleset& r = cookbook("zetema_plays_again");
  int again = 0;
  for (const Played& g : games(r, 3, 6)) {
    for (const TurnStart& t : turn_starts(r, g)) {
      if (count_changes(t.controls, TurnChange::Again) == 0) {
        if (t.previous >= 0) CHECK(t.player != t.previous);
        continue;
      }
      if (t.dropped_out > 0) continue;  // the maker had no card left: out of the hand
      ++again;
      CHECK(t.player == t.previous);
      CHECK(t.controls.back().player == t.previous);
      CHECK(t.controls.back().reason == "a zetema plays again");
    }
  }
  CHECK(again > 5);
}

TEST_CASE("cookbook imperial_marriage_skip: the next player misses a turn, with an event") {
  const Ruleset& r = cookbook("imperial_marriage_skip");
  int skipped = 0;
  for (const Played& g : games(r, 3, 8)) {
    const EventLog& ev = g.rec.events;
    for (size_t i = 0; i < ev.size(); ++i) {
      if (ev[i].type != EventType::Turn || ev[i].change != TurnChange::Skip) continue;
      // The declarer's discard ends the turn; the skipped seat misses it;
      // the seat after it plays (its first event: a draw or its play).
      const int declarer = ev[i - 1].player;
      const int seat = ev[i].player;
      CHECK(seat == (declarer + 1) % 3);
      size_t j = i + 1;
      while (j < ev.size() && ev[j].type != EventType::Turn && ev[j].type != EventType::HandEnd)
        ++j;
      if (j == ev.size() || ev[j].type == EventType::HandEnd) continue;  // the hand ended first
      CHECK(ev[j].change == TurnChange::Skipped);
      CHECK(ev[j].player == seat);
      for (size_t k = i + 1; k < j; ++k) CHECK(ev[k].player != seat);
      if (j + 1 < ev.size() && ev[j + 1].player < kMaxPlayers) {
        CHECK(ev[j + 1].player == (seat + 1) % 3);
        ++skipped;
      }
    }
  }
  CHECK(skipped > 5);
}

TEST_CASE("cookbook ace_zetema_reverses: the order of play turns round for the rest of the hand") {
  const Ruleset& r = cookbook("ace_zetema_reverses");
  int after_reverse = 0;
  for (const Played& g : games(r, 3, 8)) {
    bool reversed = false;
    for (const TurnStart& t : turn_starts(r, g)) {
      if (t.previous < 0) reversed = false;  // each hand begins in sackson's direction
      if (count_changes(t.controls, TurnChange::Reverse) % 2 == 1) reversed = !reversed;
      if (t.previous < 0 || !t.controls.empty() || t.dropped_out > 0) continue;
      const int step = reversed ? 2 : 1;  // three seats: one back is two on
      if (t.player == (t.previous + step) % 3) {
        after_reverse += reversed;
        continue;
      }
      FAIL_CHECK("P" << t.player + 1 << " played after P" << t.previous + 1);
    }
  }
  CHECK(after_reverse > 5);
}

TEST_CASE("cookbook no_flush: kinds.flush = false removes the plain flush") {
  const Ruleset& r = cookbook("no_flush");
  const Ruleset& sackson = test::variant("sackson");
  const std::string hearts = "2H 5H 7H 9H JH KH";  // six hearts, not a run
  CHECK(count_declares(legal(table_for(sackson, hearts)), sackson, "flush") == 1);
  CHECK(count_declares(legal(table_for(r, hearts)), r, "flush") == 0);
  State s = table_for(r, hearts);
  EventLog log;
  const ApplyResult refused = apply(s, parse_action("flush " + hearts, r).action, log);
  CHECK(refused.reason == "this variant has no flush (kinds.flush = false)");
  // A one-suit run is still a flush sequence.
  CHECK(count_declares(legal(table_for(r, "4H 5H 6H 7H 8H 9H")), r, "flush-sequence") == 1);

  auto flushes = [](const std::vector<Played>& gs) {
    int n = 0;
    for (const Played& g : gs) {
      for (const Event& e : g.rec.events)
        n += e.type == EventType::Declare && e.kind == DeclKind::Flush;
    }
    return n;
  };
  CHECK(flushes(games(sackson, 3, 10)) > 5);
  CHECK(flushes(games(r, 3, 10)) == 0);
}

TEST_CASE("cookbook fishing: a kind on the tableau, its points a function, once a rank a hand") {
  const Ruleset& r = cookbook("fishing");
  int fish = 0, court = 0;
  for (const Played& g : games(r, 3, 8)) {
    std::set<int> fished;  // ranks fished this hand
    walk(r, g, [&](size_t, const State& before, const State& now, const Event& e) {
      if (e.type == EventType::HandStart) fished.clear();
      if (!is_declare(e, r, "fish")) return;
      ++fish;
      const auto cards = cards_of(e.cards);
      REQUIRE(cards.size() == 2);
      const int rank = cards[0].rank();
      CHECK(cards[1].rank() == rank);
      CHECK(fished.insert(rank).second);
      const bool is_court = rank == kRankJack || rank == kRankQueen || rank == kRankKing;
      court += is_court;
      CHECK(e.points == (is_court ? 10 : 5));
      // One card was held, one lay on the tableau; both are now held.
      CHECK((e.cards & before.hand(e.player)).size() == 1);
      CHECK((e.cards & before.tableau()).size() == 1);
      CHECK((e.cards & now.hand(e.player)).size() == 2);
      CHECK((e.cards & now.tableau()).empty());
      CHECK(now.pile_size[rank] == before.pile_size[rank] - 1);
    });
  }
  CHECK(fish > 20);
  CHECK(court > 0);
}

// An award returned by a kind's points function carries the kind, so its
// cause is that function and its file:line (it once read "score_declaration
// hook @ built-in").
TEST_CASE("kinds: an award from a kind's points function names that function as its cause") {
  const auto v = test::load_text(test::house(
      "  kinds = {\n"
      "    [\"pair-of-nines\"] = {\n"
      "      find = function(_state, hand)\n"
      "        local nines = {}\n"
      "        for _, c in ipairs(hand) do\n"
      "          if c:sub(1, 1) == \"9\" then nines[#nines + 1] = c end\n"
      "        end\n"
      "        return #nines == 2 and { nines } or {}\n"
      "      end,\n"
      "      points = function(_state, _decl)\n"
      "        return { points = 5, awards = { { side = 2, points = -1, reason = \"tax\" } } }\n"
      "      end,\n"
      "    },\n"
      "  },"));
  REQUIRE_MESSAGE(v.ok, v.error->describe());
  State s = table_for(v.rules, "9C 9D 2H 4S 6C JD");
  EventLog log;
  const ActionParse a = parse_action("pair-of-nines 9C 9D", v.rules);
  REQUIRE_MESSAGE(a.ok, a.error);
  const ApplyResult applied = apply(s, a.action, log);
  REQUIRE_MESSAGE(applied.ok, applied.reason);
  REQUIRE(log.size() == 2);
  CHECK(describe_cause(log[0], v.rules) ==
        "kinds.pair-of-nines.points function @ test/house.lua:12");
  CHECK(log[1].type == EventType::Award);
  CHECK(log[1].points == -1);
  CHECK(log[1].reason == "tax");
  CHECK(describe_cause(log[1], v.rules) ==
        "kinds.pair-of-nines.points function @ test/house.lua:12");
}
