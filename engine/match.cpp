#include "engine/match.h"

#include "engine/bots.h"
#include "engine/internal/apply_paths.h"
#include "engine/internal/listing.h"

namespace zetema {

uint64_t stream_seed(uint64_t seed, SeedStream stream, int seat) {
  uint64_t n = static_cast<uint64_t>(stream);
  if (stream == SeedStream::Bot) n += static_cast<uint64_t>(seat);
  return derive_seed(seed, n);
}

// Beside shuffled_deck, which is its cards: one shuffle for both.
ShuffledPack::ShuffledPack(Suit imperial, Rng& rng)
    : cards_(full_deck(imperial)), imperial_(imperial) {
  rng.shuffle(std::span<Card>(cards_));
}

std::array<Card, kDeckSize> shuffled_deck(Suit imperial, Rng& rng) {
  return ShuffledPack(imperial, rng).cards();
}

namespace {
// seat_bot's name, not copied: every game seats its bots through it.
std::string_view seat_bot_name(const std::vector<std::string>& bots, int seat) {
  if (bots.empty()) return "random";
  return seat < static_cast<int>(bots.size()) ? bots[static_cast<size_t>(seat)] : bots.back();
}
}  // namespace

std::string seat_bot(const std::vector<std::string>& bots, int seat) {
  return std::string(seat_bot_name(bots, seat));
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
    : rules_(&rules),
      max_hands_(config.max_hands),
      deck_rng_(stream_seed(config.seed, SeedStream::Deck)) {
  GameSetup setup = config.setup;
  setup.hook_seed = stream_seed(config.seed, SeedStream::Hooks);
  // Set up in the loop's own State: no second State built and moved in.
  if (std::string why = set_up_table(state_, rules, setup); !why.empty()) {
    fail(std::move(why));
    return;
  }
  if (!seat_bots(config)) return;
  if (config.first_dealer) {
    first_dealer_ = *config.first_dealer;
  } else if (draws_first_dealer(rules, config)) {
    const auto cut = shuffled_deck(rules.imperial_suit, deck_rng_);
    first_dealer_ = high_card_dealer(state_.players, cut);
  }
  events_.reserve(1024);
  hands_.reserve(8);  // most games take fewer hands: no record moved as they grow
}

GameLoop::GameLoop(const Ruleset& rules, const MatchConfig& config, GameSoFar so_far)
    : rules_(&rules),
      max_hands_(config.max_hands),
      state_(std::move(so_far.state)),
      events_(std::move(so_far.events)),
      hands_(std::move(so_far.hands)),
      deck_rng_(stream_seed(config.seed, SeedStream::Deck)) {
  state_.rules = rules_;
  if (!seat_bots(config)) return;
  // The deck stream as a game from this seed has it after the hands dealt.
  if (config.first_dealer) {
    first_dealer_ = *config.first_dealer;
  } else if (so_far.drew_first_dealer.value_or(draws_first_dealer(rules, config))) {
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

// The bot called `name` for a seat: the one shared instance of a bot that
// keeps nothing between choices (no allocation per seat and game), else
// one made for the seat and owned by the loop; null for an unknown name.
Bot* GameLoop::seat_bot_named(int seat, std::string_view name) {
  if (Bot* shared = shared_bot(name)) return shared;
  auto& owned = owned_bots_[static_cast<size_t>(seat)];
  owned = make_bot(name);
  return owned.get();
}

bool GameLoop::seat_bots(const MatchConfig& config) {
  const int n = state_.players;
  bot_rng_.reserve(static_cast<size_t>(n));  // one allocation, not one per growth
  for (int p = 0; p < n; ++p) {
    const std::string_view name = seat_bot_name(config.bots, p);
    if (name != kHumanSeat) {
      Bot*& bot = bots_[static_cast<size_t>(p)];
      bot = seat_bot_named(p, name);
      if (!bot) return fail("unknown bot '" + std::string(name) + "' (bots: " + bot_list() + ")");
      picks_at_random_[static_cast<size_t>(p)] = bot == shared_bot("random");
    }
    bot_rng_.emplace_back(stream_seed(config.seed, SeedStream::Bot, p));
    seated_ = p + 1;
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
  return seat >= 0 && seat < seated_ && !bots_[static_cast<size_t>(seat)];
}

bool GameLoop::done() const {
  return failed() || state_.over() ||
         (state_.phase == Phase::Deal && state_.hand_number >= max_hands_);
}

bool GameLoop::human_to_move() const {
  return !done() && state_.phase != Phase::Deal && is_human(state_.current);
}

bool GameLoop::deal_next() {
  const size_t k = state_.hand_number;
  const int dealer = k == 0 ? first_dealer_ : next_dealer(state_);
  // The stream shuffles for every hand, so the hands after recorded ones
  // get the decks a game from the seed deals.
  const ShuffledPack pack(rules_->imperial_suit, deck_rng_);
  const std::optional<std::array<Card, kDeckSize>>* recorded =
      k < decks_.size() && decks_[k] ? &decks_[k] : nullptr;
  // A recorded deck comes from outside the engine: the checked deal.
  const ApplyResult dealt =
      recorded ? deal(state_, **recorded, dealer, events_) : deal(state_, pack, dealer, events_);
  if (!dealt.ok) return fail(dealt.reason);
  HandRecord& hand = hands_.emplace_back();
  hand.dealer = dealer;
  hand.deck = recorded ? **recorded : pack.cards();
  hand.actions.reserve(128);  // a hand of a shipped variant takes fewer actions
  return true;
}

// One step, inlined into step() and run(): the path of every bot action
// first, with the rare cases out of line.
[[gnu::always_inline]] inline LoopStep GameLoop::advance() {
  if (failed()) [[unlikely]]
    return LoopStep::Failed;
  if (!in_play(state_.phase)) [[unlikely]] {
    if (done()) return LoopStep::Done;
    return deal_next() ? LoopStep::Dealt : LoopStep::Failed;
  }
  // A flow that never empties the hands (cards taken back from the
  // tableau, no discards) would play this hand for ever.
  if (state_.turns_this_hand > kMaxTurnsPerHand) [[unlikely]]
    return fail_endless_hand();
  const int p = state_.current;
  // The seat's bot, or none for a human seat (is_human, read once).
  Bot* const bot = static_cast<size_t>(p) < bots_.size() ? bots_[static_cast<size_t>(p)] : nullptr;
  if (!bot) return LoopStep::HumanToMove;
  if (auto err = detail::list_legal(state_, legal_)) [[unlikely]]
    return fail_listing(*err);
  if (legal_.empty()) [[unlikely]]
    return fail_no_action(p);
  Rng& rng = bot_rng_[static_cast<size_t>(p)];
  const size_t pick = picks_at_random_[static_cast<size_t>(p)] ? random_pick(legal_, rng)
                                                               : bot->choose(state_, legal_, rng);
  if (pick == Bot::kFailed) [[unlikely]] {
    fail(player_name(p) + "'s bot (" + std::string(bot->name()) +
         "): hook failed: " + (bot->error() ? bot->error()->describe() : "(no detail)"));
    return LoopStep::Failed;
  }
  const Action action = legal_[pick < legal_.size() ? pick : 0];
  if (!detail::play_listed_inline(state_, action, events_, hook_error_)) [[unlikely]] {
    fail_in_hook(p, action);
    return LoopStep::Failed;
  }
  if (hands_.empty()) [[unlikely]]
    hands_.emplace_back();  // a game taken over without its record
  hands_.back().actions.push_back(action);
  return LoopStep::BotActed;
}

LoopStep GameLoop::step() {
  return advance();
}

LoopStep GameLoop::fail_endless_hand() {
  fail("no end of hand " + std::to_string(state_.hand_number) + " after " +
       std::to_string(kMaxTurnsPerHand) + " turns: the variant's flow never empties the hands");
  return LoopStep::Failed;
}

LoopStep GameLoop::fail_listing(const ScriptError& err) {
  // The engine's own limit is no hook's failure: its message says it all.
  fail(err.kind == ScriptError::Kind::Limit ? err.message : "hook failed: " + err.describe());
  return LoopStep::Failed;
}

LoopStep GameLoop::fail_no_action(int p) {
  fail("no legal action for " + player_name(p) + " (engine fault)");
  return LoopStep::Failed;
}

void GameLoop::fail_in_hook(int p, const Action& action) {
  fail(player_name(p) + " " + to_string(action, rules_) +
       ": hook failed: " + hook_error_->describe());
}

LoopStep GameLoop::run() {
  for (;;) {
    const LoopStep s = advance();
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
  // Built whole: the State is moved in once, not defaulted and then assigned.
  return MatchRecord{.ok = !failed(),
                     .completed = !failed() && state_.over(),
                     .error = error_,
                     .final_state = std::move(state_),
                     .events = std::move(events_),
                     .hands = std::move(hands_)};
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
