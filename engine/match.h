// Playing a whole game with bots, from one seed.
//
// Seeds (all derived from `seed` with derive_seed, so adding a stream never
// shifts another): stream 0 shuffles the packs (the high-card draw for the
// first dealer, then one shuffle per hand), stream 1 + seat drives that
// seat's bot, stream 100 seeds math.random in hooks. The record holds each
// hand's dealer and deck and every action: everything a replay needs.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/event.h"
#include "engine/game.h"

namespace zetema {

struct MatchConfig {
  GameSetup setup;
  uint64_t seed = 1;
  std::vector<std::string> bots;    // one per seat; the last repeats if short
  int max_hands = 200;              // a guard against a variant whose games never end
  std::optional<int> first_dealer;  // default: the high-card draw (D2)
};

struct HandRecord {
  int dealer = 0;
  std::array<Card, kDeckSize> deck{};
  std::vector<Action> actions;
};

struct MatchRecord {
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

// "" if every side's score is the sum of its score events, else what differs.
std::string check_scores(const State& final_state, const EventLog& events);

MatchRecord play_match(const Ruleset& rules, const MatchConfig& config);

}  // namespace zetema
