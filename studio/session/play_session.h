// Play mode: a game against bots chosen per seat. The human's legal actions
// are offered as choices (with the illegal ones and the engine's reason
// beside them); undo takes back the human's last action; after every
// action the game is saved as a replay (atomically), so a crash loses
// nothing and the studio can offer the game again on restart.
//
// The game runs in the engine's one game loop (GameLoop, engine/match.h)
// with its seed streams, so a seed deals the same packs and first dealer
// here as in `zetema play`, and the bots draw from the same streams.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/bots.h"
#include "engine/match.h"
#include "replays/replay.h"
#include "scripting/variant_loader.h"

namespace zetema::studio {

struct Choice {
  Action action;
  std::string label;  // "discard 7S", "flush-sequence 4S 5S 6S 7S 8S 9S (+50)"
  bool legal = true;
  std::string reason;  // why not, for an illegal one
};

class PlaySession {
 public:
  // Starts a game. `seats` holds "human" or a bot name per seat.
  bool start(std::shared_ptr<const scripting::LoadedVariant> variant, int players,
             std::optional<Partnerships> teams, const std::vector<std::string>& seats,
             uint64_t seed, const std::string& autosave_path);
  // Resumes the game saved in `autosave_path` (from a crash or a quit).
  bool resume(const std::string& autosave_path, const scripting::VariantFolder& folder);

  bool is_open() const { return variant_ != nullptr && loop_.has_value(); }
  const State& state() const;
  const EventLog& events() const;
  const std::vector<std::string>& seats() const { return seats_; }
  const std::string& error() const { return error_; }
  bool human_to_move() const;
  // Every action of the seat to move: the legal ones, and the discards and
  // combinations the engine refuses, with its reason.
  std::vector<Choice> choices() const;
  // Plays the human's action; then the bots play until a human is to move.
  bool play(const Action& a);
  // Takes back the human's last action (and the bots' actions after it).
  bool undo();
  // The game so far as a replay.
  replays::Replay record() const;
  size_t actions_played() const;

 private:
  bool run_bots();
  bool save();
  bool rebuild(const replays::Replay& r);
  MatchConfig config() const;

  std::shared_ptr<const scripting::LoadedVariant> variant_;
  std::vector<std::string> seats_;
  uint64_t seed_ = 0;
  std::string autosave_;
  std::optional<GameLoop> loop_;
  std::vector<int> actor_;  // who played each action, in order over all hands
  // The bots' RNGs just before each of the human's actions (by its index
  // among all actions), for undo. A resumed game has none for the actions
  // before it; an undo there leaves the bots' streams as they are.
  struct BeforeHuman {
    size_t action = 0;
    std::vector<Rng> bot_rngs;
  };
  std::vector<BeforeHuman> before_human_;
  std::string error_;
};

// Whether the file at `path` holds a game in progress (to offer on start).
bool has_unfinished_game(const std::string& path, const scripting::VariantFolder& folder);

}  // namespace zetema::studio
