// Playing a game from one seed: the one game loop that `zetema play`,
// `check`, the lab, the diff's bot policy and the studio's play mode share.
//
// Seeds: every random choice of a game comes from the game's seed through
// derive_seed and one of the named streams below, so the same seed deals
// the same game on every path (and adding a stream never shifts another).
// The record holds each hand's dealer and deck and every action:
// everything a replay needs.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/action.h"
#include "engine/event.h"
#include "engine/game.h"

namespace zetema {

class Bot;

// The streams of a game's seed (docs/replay-format.md, "Seeds and the game
// loop"). Their numbers are part of the replay format: changing one changes
// the game every recorded seed deals.
enum class SeedStream : uint64_t {
  // The packs, in order: first the high-card draw for the first dealer (D2;
  // only when the rules draw and no dealer is fixed), then one shuffle per
  // hand. Hand k's deck is the k-th shuffle whoever played hands 0..k-1.
  Deck = 0,
  // Bot = 1 + seat: the seat's bot (seats 0-5 use streams 1-6).
  Bot = 1,
  // math.random in Lua hooks (GameSetup::hook_seed).
  Hooks = 100,
};
// The seed of a stream; `seat` only for SeedStream::Bot.
uint64_t stream_seed(uint64_t seed, SeedStream stream, int seat = 0);

// Hands after which a game that has not ended stops, unfinished: a guard
// against a variant whose games never end. Every path uses it (the lab's
// --max-hands and play's --max-hands may set another explicitly).
inline constexpr int kDefaultMaxHands = 200;
// A guard against a hand that never ends (a flow that never empties the
// hands): the loop fails naming the hand. Shipped variants' hands take
// fewer than 150 turns.
inline constexpr int kMaxTurnsPerHand = 2000;

// A seat the loop never plays: its actions come through apply_human.
inline constexpr std::string_view kHumanSeat = "human";

struct MatchConfig {
  GameSetup setup;  // its hook_seed is set from SeedStream::Hooks
  uint64_t seed = 1;
  std::vector<std::string> bots;  // one per seat; the last repeats if short
  int max_hands = kDefaultMaxHands;
  std::optional<int> first_dealer;  // default: the high-card draw (D2)
};

struct HandRecord {
  int dealer = 0;
  std::array<Card, kDeckSize> deck{};
  std::vector<Action> actions;
};

struct [[nodiscard]] MatchRecord {
  bool ok = false;         // false: setup failed or a hook failed (see error)
  bool completed = false;  // the game reached its end within max_hands
  std::string error;
  State final_state;
  EventLog events;
  std::vector<HandRecord> hands;
};

std::array<Card, kDeckSize> shuffled_deck(Suit imperial, Rng& rng);

// The bot of a seat from a list by seat: the last one repeats; "random" if
// the list is empty.
std::string seat_bot(const std::vector<std::string>& bots, int seat);

// Whether a game under these rules and this config begins its deck stream
// with the high-card draw for the first dealer.
bool draws_first_dealer(const Ruleset& rules, const MatchConfig& config);

// "" if every side's score is the sum of its score events, else what differs.
std::string check_scores(const State& final_state, const EventLog& events);

// A game in progress handed to a GameLoop to play on (a replay re-derived
// up to some point, the diff's re-run under B at a divergence).
struct GameSoFar {
  State state;                    // its rules must be the loop's
  EventLog events;                // the events so far
  std::vector<HandRecord> hands;  // the record so far (may be empty)
  // Whether the game's deck stream began with the high-card draw; nullopt:
  // as draws_first_dealer(rules, config) says.
  std::optional<bool> drew_first_dealer;
};

// What one step of the loop did.
enum class LoopStep : uint8_t {
  Dealt,        // dealt the next hand
  BotActed,     // the bot of the seat to move played
  HumanToMove,  // nothing: a human seat is to move (apply_human)
  Done,         // nothing: the game is over or the hand cap is reached
  Failed,       // nothing: an error stopped the game (error())
};

// The one game loop: the table, a bot (or a human) per seat with its RNG,
// the deck stream, the record and the event log. A new game deals hand k
// from the k-th shuffle of SeedStream::Deck; seat p's bot draws from
// SeedStream::Bot + p; hooks from SeedStream::Hooks.
class GameLoop {
 public:
  // A new game at the table config.setup. Seats are config.bots by seat
  // (seat_bot): a bot name or kHumanSeat. Check failed() afterwards.
  GameLoop(const Ruleset& rules, const MatchConfig& config);
  // Plays on from a game in progress: the deck stream is positioned where a
  // game from config.seed would have it after so_far.state.hand_number
  // hands, and the bots draw from fresh streams.
  GameLoop(const Ruleset& rules, const MatchConfig& config, GameSoFar so_far);
  ~GameLoop();
  GameLoop(GameLoop&&) noexcept;
  GameLoop& operator=(GameLoop&&) noexcept;

  // Hand k is dealt decks[k] where it holds one (a recorded game's decks);
  // the deck stream still shuffles for it, so the hands after the recorded
  // ones get the decks a game from the seed deals.
  void use_decks(std::vector<std::optional<std::array<Card, kDeckSize>>> decks);

  // One step: deals the next hand in the Deal phase, else the bot of the
  // seat to move plays.
  LoopStep step();
  // Steps until the game is done or a human is to move; what stopped it
  // (HumanToMove, Done or Failed).
  LoopStep run();
  // The action of the seat to move, chosen outside the loop (a human's).
  // Refused (and nothing changes) if not legal or no one is to move.
  ApplyResult apply_human(const Action& a);

  bool failed() const { return !error_.empty(); }
  const std::string& error() const { return error_; }
  // The game is over, the hand cap is reached, or an error stopped it.
  bool done() const;
  bool human_to_move() const;
  bool is_human(int seat) const;

  const Ruleset& rules() const { return *rules_; }
  const State& state() const { return state_; }
  const EventLog& events() const { return events_; }
  const std::vector<HandRecord>& hands() const { return hands_; }
  // The legal actions the bot chose among at the last BotActed step.
  size_t last_choices() const { return legal_.size(); }
  // The bots' RNGs by seat (a human seat's is unused): an undo puts back
  // the ones it saved, so the bots answer a replayed move as before.
  const std::vector<Rng>& bot_rngs() const { return bot_rng_; }
  void set_bot_rngs(const std::vector<Rng>& rngs);

  // The game as a record (moved out: the loop is spent).
  MatchRecord take_record() &&;

 private:
  Bot* seat_bot_named(int seat, std::string_view name);

  bool seat_bots(const MatchConfig& config);
  bool deal_next();
  LoopStep advance();  // step()'s body, inlined into run()
  bool fail(std::string why);
  // Out of the hot loop: the failures a bot's turn can meet.
  [[gnu::cold, gnu::noinline]] LoopStep fail_endless_hand();
  [[gnu::cold, gnu::noinline]] LoopStep fail_listing(const ScriptError& err);
  [[gnu::cold, gnu::noinline]] LoopStep fail_no_action(int seat);
  [[gnu::cold, gnu::noinline]] void fail_in_hook(int seat, const Action& action);

  const Ruleset* rules_;
  int max_hands_;
  State state_;
  EventLog events_;
  std::vector<HandRecord> hands_;
  // By seat: the seat's bot, null for a human seat and past the seats
  // seated; a shared bot (shared_bot) or one of owned_bots_.
  std::array<Bot*, kMaxPlayers> bots_{};
  std::array<std::unique_ptr<Bot>, kMaxPlayers> owned_bots_;  // the bots made for this game
  int seated_ = 0;  // the seats seat_bots gave a bot or a human
  // By seat: the bot is the shared random one, whose pick the loop draws
  // itself (random_pick), not through a virtual call.
  std::array<bool, kMaxPlayers> picks_at_random_{};
  std::vector<Rng> bot_rng_;
  Rng deck_rng_;
  int first_dealer_ = 0;
  std::vector<std::optional<std::array<Card, kDeckSize>>> decks_;
  LegalActions legal_;
  std::optional<ScriptError> hook_error_;  // set only when a hook failed (then error_ too)
  std::string error_;
};

// A whole game with bots at every seat (no human seat).
MatchRecord play_match(const Ruleset& rules, const MatchConfig& config);

}  // namespace zetema
