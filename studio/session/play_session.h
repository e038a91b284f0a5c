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

// One move of the game, for the move log: who played what.
struct Move {
  int seat = 0;
  std::string who;          // "human" or the bot's name
  std::string label;        // the action in notation: "discard 7S"
  int hand = 0;             // 1-based
  bool taken_over = false;  // played in the replay the game was taken over from
};

// What the selected cards of the hand allow: discarding the one selected
// card, and the legal declarations that hold every selected card.
struct SelectionOffer {
  std::optional<Choice> discard;
  std::vector<Choice> declarations;
};

class PlaySession {
 public:
  // Starts a game. `seats` holds "human" or a bot name per seat.
  bool start(std::shared_ptr<const scripting::LoadedVariant> variant, int players,
             std::optional<Partnerships> teams, const std::vector<std::string>& seats,
             uint64_t seed, const std::string& autosave_path);
  // Takes command of a game mid-way: plays on from `so_far` (a replay's
  // record up to a position, studio/session/branch.h) under `variant`, with
  // `seats` as in start(). Saved after every action to `autosave_path` and,
  // if not empty, to `own_path` (the new game's own replay). On failure the
  // game in play (if any) stays as it was.
  bool start_from(std::shared_ptr<const scripting::LoadedVariant> variant,
                  const replays::Replay& so_far, const std::vector<std::string>& seats,
                  const std::string& autosave_path, const std::string& own_path);
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
  std::shared_ptr<const scripting::LoadedVariant> variant_ptr() const { return variant_; }
  // Where the game is kept besides the autosave ("" if nowhere).
  const std::string& own_path() const { return own_path_; }
  // Counts every change of the game (a move, an undo, a new game), so a
  // view can tell when to refresh what it derived from it.
  uint64_t generation() const { return generation_; }

  // Every move so far, the bots' too, oldest first (the last is the latest).
  const std::vector<Move>& moves() const { return moves_; }

  // Cards selected in the human's hand (cleared by every move).
  CardSet selected() const { return selected_; }
  // Selects or unselects a card of the hand of the human to move.
  void toggle_card(Card c);
  void clear_selection() { selected_ = CardSet(); }
  SelectionOffer offer() const;
  // The cards of the hand that some legal declaration holds (badged); a
  // declaration may also hold cards of the table.
  CardSet in_declarations() const;

 private:
  bool run_bots();
  bool save();
  bool rebuild(const replays::Replay& r);
  MatchConfig config() const;
  bool seat(int players, const std::vector<std::string>& seats);
  void changed();  // after any change of the game: the log, the selection

  std::optional<Partnerships> teams_;
  std::string own_path_;
  size_t taken_over_ = 0;  // actions played in the replay taken over
  uint64_t generation_ = 0;
  std::vector<Move> moves_;
  CardSet selected_;

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
