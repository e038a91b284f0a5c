// The one game loop (engine/match.h): its seed streams, its hand cap, and
// that a human seat, a game taken over mid-way and play_match all deal the
// same packs from the same seed.
#include <doctest/doctest.h>

#include <array>
#include <thread>

#include "engine/bots.h"
#include "engine/match.h"
#include "tests/support/variants.h"

using namespace zetema;

namespace {

MatchConfig config_of(int players, uint64_t seed, std::vector<std::string> bots) {
  MatchConfig c;
  c.setup.players = players;
  c.seed = seed;
  c.bots = std::move(bots);
  return c;
}

void check_same_hands(const std::vector<HandRecord>& a, const std::vector<HandRecord>& b) {
  REQUIRE(a.size() == b.size());
  for (size_t h = 0; h < a.size(); ++h) {
    CAPTURE(h);
    CHECK(a[h].dealer == b[h].dealer);
    CHECK(a[h].deck == b[h].deck);
    CHECK(a[h].actions == b[h].actions);
  }
}

}  // namespace

TEST_CASE("the seed streams have their documented numbers") {
  CHECK(stream_seed(42, SeedStream::Deck) == derive_seed(42, 0));
  CHECK(stream_seed(42, SeedStream::Bot, 0) == derive_seed(42, 1));
  CHECK(stream_seed(42, SeedStream::Bot, 5) == derive_seed(42, 6));
  CHECK(stream_seed(42, SeedStream::Hooks) == derive_seed(42, 100));
}

TEST_CASE("one hand cap: 200 hands by default, and the loop stops there") {
  CHECK(kDefaultMaxHands == 200);
  CHECK(MatchConfig{}.max_hands == kDefaultMaxHands);
  MatchConfig c = config_of(2, 7, {"random"});
  c.max_hands = 1;
  GameLoop loop(test::variant("sackson"), c);
  REQUIRE_FALSE(loop.failed());
  const LoopStep end = loop.run();
  REQUIRE(loop.hands().size() == 1);
  if (!loop.state().over()) {
    CHECK(end == LoopStep::Done);
    CHECK(loop.done());
    CHECK(loop.state().phase == Phase::Deal);
    CHECK(loop.step() == LoopStep::Done);
    CHECK(loop.hands().size() == 1);
  }
}

TEST_CASE("play_match deals the high-card draw, then hand k from the k-th shuffle of stream 0") {
  const Ruleset& rules = test::variant("sackson");
  REQUIRE(rules.first_dealer == FirstDealer::HighCardDraw);
  const MatchConfig c = config_of(3, 11, {"greedy", "random"});
  const MatchRecord m = play_match(rules, c);
  REQUIRE_MESSAGE(m.ok, m.error);
  REQUIRE(m.hands.size() >= 2);
  Rng deck(derive_seed(11, 0));
  const auto cut = shuffled_deck(rules.imperial_suit, deck);
  CHECK(m.hands[0].dealer == high_card_dealer(3, cut));
  for (const HandRecord& h : m.hands) CHECK(h.deck == shuffled_deck(rules.imperial_suit, deck));
  // A fixed first dealer draws no card for it: hand 0 is the first shuffle.
  MatchConfig fixed = c;
  fixed.first_dealer = 2;
  const MatchRecord f = play_match(rules, fixed);
  REQUIRE(f.ok);
  Rng again(derive_seed(11, 0));
  CHECK(f.hands[0].dealer == 2);
  CHECK(f.hands[0].deck == shuffled_deck(rules.imperial_suit, again));
}

TEST_CASE("a ShuffledPack deals as the checked deal of its cards, and another suit's is refused") {
  const Ruleset& rules = test::variant("sackson");
  GameSetup setup;
  setup.players = 3;
  NewGame a = new_game(rules, setup);
  REQUIRE(a.ok);
  State b = a.state;
  Rng rng(21), same(21);
  const ShuffledPack pack(rules.imperial_suit, rng);
  CHECK(pack.cards() == shuffled_deck(rules.imperial_suit, same));
  EventLog unchecked, checked;
  REQUIRE(deal(a.state, pack, 1, unchecked).ok);
  REQUIRE(deal(b, pack.cards(), 1, checked).ok);
  CHECK(a.state == b);
  REQUIRE(unchecked.size() == checked.size());
  for (size_t i = 0; i < checked.size(); ++i)
    CHECK(describe(unchecked[i], a.state) == describe(checked[i], b));
  // The trusted path still refuses what the checked one refuses.
  CHECK_FALSE(deal(a.state, pack, 1, unchecked).ok);  // a hand is in play
  NewGame c = new_game(rules, setup);
  REQUIRE(c.ok);
  const Suit other = rules.imperial_suit == Suit::Hearts ? Suit::Spades : Suit::Hearts;
  const ShuffledPack foreign(other, rng);
  EventLog none;
  const ApplyResult r = deal(c.state, foreign, 0, none);
  CHECK_FALSE(r.ok);
  CHECK(r.reason.find("imperial suit") != std::string::npos);
  CHECK(none.empty());
  CHECK_FALSE(deal(c.state, pack, 3, none).ok);  // no seat 4 at three players
}

TEST_CASE("a human seat playing the bot's moves gives play_match's game") {
  const Ruleset& rules = test::variant("sackson");
  const uint64_t seed = 5;
  const MatchRecord bots = play_match(rules, config_of(2, seed, {"random", "greedy"}));
  REQUIRE(bots.ok);
  REQUIRE(bots.completed);

  GameLoop loop(rules, config_of(2, seed, {std::string(kHumanSeat), "greedy"}));
  REQUIRE_FALSE(loop.failed());
  // The "human" chooses as seat 0's bot would, from seat 0's bot stream.
  auto mimic = make_bot("random");
  Rng rng(stream_seed(seed, SeedStream::Bot, 0));
  LegalActions legal;
  int human_moves = 0;
  while (loop.run() == LoopStep::HumanToMove) {
    REQUIRE(loop.human_to_move());
    REQUIRE_FALSE(legal_actions(loop.state(), legal));
    const Action a = legal[mimic->choose(loop.state(), legal, rng)];
    REQUIRE(loop.apply_human(a).ok);
    ++human_moves;
  }
  CHECK(human_moves > 10);
  CHECK_FALSE(loop.failed());
  CHECK(loop.state().over());
  CHECK(loop.state().score == bots.final_state.score);
  CHECK(loop.events().size() == bots.events.size());
  check_same_hands(loop.hands(), bots.hands);
}

TEST_CASE("a game taken over mid-way deals the later hands from the same stream") {
  const Ruleset& rules = test::variant("sackson");
  const MatchConfig c = config_of(2, 3, {"random"});
  const MatchRecord whole = play_match(rules, c);
  REQUIRE(whole.ok);
  REQUIRE(whole.hands.size() >= 3);

  // Play the first hand and a few actions of the second, then hand over.
  GameLoop first(rules, c);
  while (first.state().hand_number < 2) REQUIRE(first.step() != LoopStep::Failed);
  for (int i = 0; i < 5; ++i) REQUIRE(first.step() == LoopStep::BotActed);
  GameSoFar so_far{first.state(), first.events(), first.hands(), std::nullopt};
  GameLoop rest(rules, c, std::move(so_far));
  REQUIRE_FALSE(rest.failed());
  rest.run();
  CHECK_FALSE(rest.failed());
  // The bots drew from fresh streams, so the play differs; the packs do not.
  const auto& hands = rest.hands();
  REQUIRE(hands.size() >= 3);
  CHECK(hands[0].deck == whole.hands[0].deck);
  CHECK(hands[1].deck == whole.hands[1].deck);
  const size_t both = std::min(hands.size(), whole.hands.size());
  for (size_t h = 2; h < both; ++h) {
    CAPTURE(h);
    CHECK(hands[h].deck == whole.hands[h].deck);
  }
  // Recorded decks, where given, are dealt instead; the stream stays in step.
  GameLoop given(rules, c, GameSoFar{first.state(), first.events(), first.hands(), std::nullopt});
  std::vector<std::optional<std::array<Card, kDeckSize>>> decks(3);
  decks[2] = whole.hands[0].deck;
  given.use_decks(decks);
  given.run();
  REQUIRE(given.hands().size() >= 4);
  CHECK(given.hands()[2].deck == whole.hands[0].deck);
  if (whole.hands.size() >= 4) CHECK(given.hands()[3].deck == whole.hands[3].deck);
}

TEST_CASE("apply_human refuses an illegal action and changes nothing") {
  const Ruleset& rules = test::variant("sackson");
  GameLoop loop(rules, config_of(2, 9, {std::string(kHumanSeat)}));
  REQUIRE(loop.run() == LoopStep::HumanToMove);
  const size_t events = loop.events().size();
  const size_t actions = loop.hands().back().actions.size();
  const CardSet held = loop.state().hand(loop.state().current);
  Card not_held;
  for (Card card : full_deck(rules.imperial_suit)) {
    if (!held.contains(card)) {
      not_held = card;
      break;
    }
  }
  CHECK_FALSE(loop.apply_human(Action::discard(not_held)).ok);
  CHECK(loop.events().size() == events);
  CHECK(loop.hands().back().actions.size() == actions);
  CHECK(loop.human_to_move());
}

TEST_CASE("play_match refuses a human seat: it has no one to ask") {
  const MatchRecord m = play_match(test::variant("sackson"), config_of(2, 1, {"human"}));
  CHECK_FALSE(m.ok);
  CHECK(m.error.find("unknown bot 'human'") == 0);
}

TEST_CASE("set_up_table sets up the table by the setup, and a refusal leaves the State alone") {
  const Ruleset& rules = test::variant("sackson");
  GameSetup setup;
  setup.players = 4;
  setup.partnerships = Partnerships::Pairs;
  setup.hook_seed = 99;
  State s;
  REQUIRE(set_up_table(s, rules, setup).empty());
  CHECK(s.rules == &rules);
  CHECK(s.players == 4);
  CHECK(s.sides == 2);
  CHECK(s.side_of == std::array<uint8_t, kMaxPlayers>{0, 1, 0, 1, 0, 0});  // D17: 1+3, 2+4
  CHECK(s.hook_rng == Rng(99));
  for (int step = 0; step < kFlowSteps; ++step) {
    CHECK(s.flow[step] == rules.flow_rule(static_cast<FlowStep>(step)));
  }
  CHECK(s.listing == listing_plan(rules, 4));
  CHECK(s.phase == Phase::Deal);
  CHECK(s.hand_number == 0);

  State refused;
  refused.turn_number = 77;  // a mark any write would disturb
  const State before = refused;
  setup.players = 3;  // pairs need 4 or 6
  CHECK(set_up_table(refused, rules, setup) == "partnerships in pairs need 4 or 6 players");
  CHECK(refused == before);
  setup.players = 7;
  CHECK(set_up_table(refused, rules, setup).find("2 to 6 players") != std::string::npos);
  CHECK(refused == before);
}

TEST_CASE("a new loop's table has its hook stream and its players' bots") {
  const Ruleset& rules = test::variant("sackson");
  GameLoop loop(rules, config_of(3, 21, {"random", std::string(kHumanSeat), "greedy"}));
  REQUIRE_FALSE(loop.failed());
  CHECK(loop.state().players == 3);
  CHECK(loop.state().hook_rng == Rng(stream_seed(21, SeedStream::Hooks)));
  CHECK_FALSE(loop.is_human(0));
  CHECK(loop.is_human(1));
  CHECK_FALSE(loop.is_human(2));
  CHECK_FALSE(loop.is_human(3));  // no such seat
  REQUIRE(loop.bot_rngs().size() == 3);
  for (int p = 0; p < 3; ++p) CHECK(loop.bot_rngs()[p] == Rng(stream_seed(21, SeedStream::Bot, p)));

  GameLoop unknown(rules, config_of(2, 21, {"random", "clever"}));
  CHECK(unknown.failed());
  CHECK(unknown.error().find("unknown bot 'clever'") == 0);
  CHECK_FALSE(unknown.is_human(1));
}

TEST_CASE(
    "the random bot is one shared instance, and two games sharing it at once play as they do "
    "apart") {
  Bot* random = shared_bot("random");
  REQUIRE(random != nullptr);
  CHECK(random == shared_bot("random"));
  CHECK(random->name() == "random");
  CHECK(shared_bot("greedy") == nullptr);  // a bot with state: each seat its own
  CHECK(shared_bot("mc:4") == nullptr);

  // Every seat of both games chooses through the one instance at once.
  const Ruleset& rules = test::variant("sackson");
  std::array<MatchRecord, 2> apart, together;
  for (size_t i = 0; i < 2; ++i) apart[i] = play_match(rules, config_of(2, 11 + i, {"random"}));
  std::thread other([&] { together[1] = play_match(rules, config_of(2, 12, {"random"})); });
  together[0] = play_match(rules, config_of(2, 11, {"random"}));
  other.join();
  for (size_t i = 0; i < 2; ++i) {
    CAPTURE(i);
    REQUIRE(apart[i].ok);
    REQUIRE(together[i].ok);
    CHECK(together[i].final_state.score == apart[i].final_state.score);
    check_same_hands(together[i].hands, apart[i].hands);
  }
  CHECK(apart[0].hands[0].deck != apart[1].hands[0].deck);  // two games, not one twice
}
