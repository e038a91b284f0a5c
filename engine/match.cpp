#include "engine/match.h"

#include "engine/bots.h"

namespace zetema {

std::array<Card, kDeckSize> shuffled_deck(Suit imperial, Rng& rng) {
  std::array<Card, kDeckSize> deck = full_deck(imperial);
  rng.shuffle(std::span<Card>(deck));
  return deck;
}

std::string seat_bot(const std::vector<std::string>& bots, int seat) {
  if (bots.empty()) return "random";
  return seat < static_cast<int>(bots.size()) ? bots[static_cast<size_t>(seat)] : bots.back();
}

std::string check_scores(const State& final_state, const EventLog& events) {
  std::array<long long, kMaxPlayers> sum{};
  for (const Event& e : events) {
    if (e.type == EventType::Declare || e.type == EventType::Zetema || e.type == EventType::Award) {
      sum[e.side] += e.points;
    }
  }
  for (int side = 0; side < final_state.sides; ++side) {
    if (sum[side] != final_state.score[side]) {
      return side_name(final_state, side) + " has " + std::to_string(final_state.score[side]) +
             " but its events add up to " + std::to_string(sum[side]);
    }
  }
  return {};
}

MatchRecord play_match(const Ruleset& rules, const MatchConfig& config) {
  MatchRecord rec;
  GameSetup setup = config.setup;
  setup.hook_seed = derive_seed(config.seed, 100);
  NewGame g = new_game(rules, setup);
  if (!g.ok) {
    rec.error = g.error;
    return rec;
  }
  State& s = rec.final_state;
  s = g.state;
  const int n = s.players;

  std::vector<std::unique_ptr<Bot>> bots;
  std::vector<Rng> bot_rng;
  for (int p = 0; p < n; ++p) {
    const std::string name = seat_bot(config.bots, p);
    auto bot = make_bot(name);
    if (!bot) {
      rec.error = "unknown bot '" + name + "' (bots: " + bot_list() + ")";
      return rec;
    }
    bots.push_back(std::move(bot));
    bot_rng.emplace_back(derive_seed(config.seed, 1 + static_cast<uint64_t>(p)));
  }

  Rng deck_rng(derive_seed(config.seed, 0));
  int dealer = 0;
  if (config.first_dealer) {
    dealer = *config.first_dealer;
  } else if (rules.first_dealer == FirstDealer::HighCardDraw) {
    const auto cut = shuffled_deck(rules.imperial_suit, deck_rng);
    dealer = high_card_dealer(n, cut);
  }

  std::vector<Action> legal;
  legal.reserve(64);
  rec.events.reserve(1024);
  while (!s.over()) {
    if (s.phase == Phase::Deal) {
      if (static_cast<int>(rec.hands.size()) >= config.max_hands) break;
      HandRecord hand;
      hand.dealer = rec.hands.empty() ? dealer : next_dealer(s);
      hand.deck = shuffled_deck(rules.imperial_suit, deck_rng);
      const ApplyResult dealt = deal(s, hand.deck, hand.dealer, rec.events);
      if (!dealt.ok) {
        rec.error = dealt.reason;
        return rec;
      }
      rec.hands.push_back(std::move(hand));
      continue;
    }
    if (auto err = legal_actions(s, legal)) {
      rec.error = "hook failed: " + err->describe();
      return rec;
    }
    if (legal.empty()) {
      rec.error = "no legal action for " + player_name(s.current) + " (engine fault)";
      return rec;
    }
    const int p = s.current;
    const size_t pick = bots[p]->choose(s, legal, bot_rng[p]);
    const Action action = legal[pick < legal.size() ? pick : 0];
    const ApplyResult r = apply(s, action, rec.events);
    if (!r.ok) {
      rec.error = player_name(p) + " " + to_string(action, &rules) + ": " + r.reason;
      return rec;
    }
    rec.hands.back().actions.push_back(action);
  }
  rec.ok = true;
  rec.completed = s.over();
  return rec;
}

}  // namespace zetema
