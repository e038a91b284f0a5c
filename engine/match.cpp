#include "engine/match.h"

#include "engine/bots.h"

namespace zetema {

uint64_t stream_seed(uint64_t seed, SeedStream stream, int seat) {
  uint64_t n = static_cast<uint64_t>(stream);
  if (stream == SeedStream::Bot) n += static_cast<uint64_t>(seat);
  return derive_seed(seed, n);
}

std::array<Card, kDeckSize> shuffled_deck(Suit imperial, Rng& rng) {
  std::array<Card, kDeckSize> deck = full_deck(imperial);
  rng.shuffle(std::span<Card>(deck));
  return deck;
}

std::string seat_bot(const std::vector<std::string>& bots, int seat) {
  if (bots.empty()) return "random";
  return seat < static_cast<int>(bots.size()) ? bots[static_cast<size_t>(seat)] : bots.back();
}

bool draws_first_dealer(const Ruleset& rules, const MatchConfig& config) {
  return !config.first_dealer && rules.first_dealer == FirstDealer::HighCardDraw;
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

GameLoop::GameLoop(const Ruleset& rules, const MatchConfig& config)
    : rules_(&rules), config_(config), deck_rng_(stream_seed(config.seed, SeedStream::Deck)) {
  config_.setup.hook_seed = stream_seed(config.seed, SeedStream::Hooks);
  NewGame g = new_game(rules, config_.setup);
  if (!g.ok) {
    fail(g.error);
    return;
  }
  state_ = std::move(g.state);
  if (!seat_bots()) return;
  if (config_.first_dealer) {
    first_dealer_ = *config_.first_dealer;
  } else if (draws_first_dealer(rules, config_)) {
    const auto cut = shuffled_deck(rules.imperial_suit, deck_rng_);
    first_dealer_ = high_card_dealer(state_.players, cut);
  }
  events_.reserve(1024);
  hands_.reserve(8);  // most games take fewer hands: no record moved as they grow
}

GameLoop::GameLoop(const Ruleset& rules, const MatchConfig& config, GameSoFar so_far)
    : rules_(&rules),
      config_(config),
      state_(std::move(so_far.state)),
      events_(std::move(so_far.events)),
      hands_(std::move(so_far.hands)),
      deck_rng_(stream_seed(config.seed, SeedStream::Deck)) {
  state_.rules = rules_;
  config_.setup.hook_seed = stream_seed(config.seed, SeedStream::Hooks);
  if (!seat_bots()) return;
  // The deck stream as a game from this seed has it after the hands dealt.
  if (config_.first_dealer) {
    first_dealer_ = *config_.first_dealer;
  } else if (so_far.drew_first_dealer.value_or(draws_first_dealer(rules, config_))) {
    const auto cut = shuffled_deck(rules.imperial_suit, deck_rng_);
    first_dealer_ = high_card_dealer(state_.players, cut);
  }
  for (int h = 0; h < state_.hand_number; ++h) shuffled_deck(rules.imperial_suit, deck_rng_);
}

GameLoop::~GameLoop() = default;
GameLoop::GameLoop(GameLoop&&) noexcept = default;
GameLoop& GameLoop::operator=(GameLoop&&) noexcept = default;

bool GameLoop::fail(std::string why) {
  error_ = why.empty() ? "failed" : std::move(why);
  return false;
}

bool GameLoop::seat_bots() {
  const int n = state_.players;
  for (int p = 0; p < n; ++p) {
    const std::string name = seat_bot(config_.bots, p);
    std::unique_ptr<Bot> bot;
    if (name != kHumanSeat) {
      bot = make_bot(name);
      if (!bot) return fail("unknown bot '" + name + "' (bots: " + bot_list() + ")");
    }
    bots_.push_back(std::move(bot));
    bot_rng_.emplace_back(stream_seed(config_.seed, SeedStream::Bot, p));
  }
  return true;
}

void GameLoop::use_decks(std::vector<std::optional<std::array<Card, kDeckSize>>> decks) {
  decks_ = std::move(decks);
}

void GameLoop::set_bot_rngs(const std::vector<Rng>& rngs) {
  if (rngs.size() == bot_rng_.size()) bot_rng_ = rngs;
}

bool GameLoop::is_human(int seat) const {
  return seat >= 0 && seat < static_cast<int>(bots_.size()) && !bots_[static_cast<size_t>(seat)];
}

bool GameLoop::done() const {
  return failed() || state_.over() ||
         (state_.phase == Phase::Deal && state_.hand_number >= config_.max_hands);
}

bool GameLoop::human_to_move() const {
  return !done() && state_.phase != Phase::Deal && is_human(state_.current);
}

bool GameLoop::deal_next() {
  HandRecord hand;
  const size_t k = state_.hand_number;
  hand.dealer = k == 0 ? first_dealer_ : next_dealer(state_);
  hand.deck = shuffled_deck(rules_->imperial_suit, deck_rng_);
  if (k < decks_.size() && decks_[k]) hand.deck = *decks_[k];
  hand.actions.reserve(128);  // a hand of a shipped variant takes fewer actions
  const ApplyResult dealt = deal(state_, hand.deck, hand.dealer, events_);
  if (!dealt.ok) return fail(dealt.reason);
  hands_.push_back(std::move(hand));
  return true;
}

LoopStep GameLoop::step() {
  if (failed()) return LoopStep::Failed;
  if (done()) return LoopStep::Done;
  if (state_.phase == Phase::Deal) return deal_next() ? LoopStep::Dealt : LoopStep::Failed;
  const int p = state_.current;
  if (state_.turns_this_hand > kMaxTurnsPerHand) {
    // A flow that never empties the hands (cards taken back from the
    // tableau, no discards) would play this hand for ever.
    fail("no end of hand " + std::to_string(state_.hand_number) + " after " +
         std::to_string(kMaxTurnsPerHand) + " turns: the variant's flow never empties the hands");
    return LoopStep::Failed;
  }
  // The seat's bot, or none for a human seat (is_human, read once).
  Bot* const bot =
      static_cast<size_t>(p) < bots_.size() ? bots_[static_cast<size_t>(p)].get() : nullptr;
  if (!bot) return LoopStep::HumanToMove;
  if (auto err = legal_actions(state_, legal_)) {
    fail("hook failed: " + err->describe());
    return LoopStep::Failed;
  }
  if (legal_.empty()) {
    fail("no legal action for " + player_name(p) + " (engine fault)");
    return LoopStep::Failed;
  }
  const size_t pick = bot->choose(state_, legal_, bot_rng_[p]);
  const Action action = legal_[pick < legal_.size() ? pick : 0];
  if (!play_listed(state_, action, events_, hook_error_)) {
    fail_in_hook(p, action);
    return LoopStep::Failed;
  }
  if (hands_.empty()) hands_.emplace_back();  // a game taken over without its record
  hands_.back().actions.push_back(action);
  return LoopStep::BotActed;
}

void GameLoop::fail_in_hook(int p, const Action& action) {
  fail(player_name(p) + " " + to_string(action, rules_) +
       ": hook failed: " + hook_error_->describe());
}

LoopStep GameLoop::run() {
  for (;;) {
    const LoopStep s = step();
    if (s != LoopStep::Dealt && s != LoopStep::BotActed) return s;
  }
}

ApplyResult GameLoop::apply_human(const Action& a) {
  if (failed()) return ApplyResult::refuse(error_);
  if (done() || state_.phase == Phase::Deal) return ApplyResult::refuse("no one is to move");
  const ApplyResult r = apply(state_, a, events_);
  if (r.ok) {
    if (hands_.empty()) hands_.emplace_back();
    hands_.back().actions.push_back(a);
  }
  return r;
}

MatchRecord GameLoop::take_record() && {
  MatchRecord rec;
  rec.ok = !failed();
  rec.completed = !failed() && state_.over();
  rec.error = error_;
  rec.final_state = std::move(state_);
  rec.events = std::move(events_);
  rec.hands = std::move(hands_);
  return rec;
}

MatchRecord play_match(const Ruleset& rules, const MatchConfig& config) {
  GameLoop loop(rules, config);
  for (int p = 0; !loop.failed() && p < loop.state().players; ++p) {
    if (loop.is_human(p)) {
      MatchRecord rec;
      rec.error = "unknown bot '" + std::string(kHumanSeat) + "' (bots: " + bot_list() + ")";
      return rec;
    }
  }
  loop.run();
  return std::move(loop).take_record();
}

}  // namespace zetema
