// Hooks: the rules a table cannot say, supplied by a variant (in practice
// by the Lua host in scripting/). The engine calls a hook only where the
// variant defines one; otherwise it uses the Ruleset's tables natively.
//
// Every hook sees the state read-only and returns a value or a ScriptError.
// The engine runs hooks on a copy of the state and keeps the copy only if
// every hook succeeded, so a failed hook leaves the game exactly as it was.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/card.h"
#include "engine/effects.h"
#include "engine/flow.h"
#include "engine/reason.h"

namespace zetema {

struct State;
class Rng;

enum class Hook : uint8_t {
  ScoreDeclaration,  // points of a sequence, flush, flush sequence or assembly
  ScoreMarriages,    // points of a declaration of marriages (with the imperial bonus)
  ScoreZetema,       // points of a zetema of a rank
  AllowDeclaration,  // whether a declaration is allowed in this state
  AfterZetema,       // what follows a zetema: must the player discard again (the chain)
  HandOver,          // whether the hand ends now
  GameOver,          // whether the game ends now, and who wins
  FlowStep,          // what a step of the turn draws and whether it discards
  AllowDiscard,      // whether a discard is allowed in this state
  ScoreHandEnd,      // awards to sides when a hand ends
  // Moments (docs/variant-authoring.md, "Moments"): each may act (Acts).
  GameStart,   // once, when the first hand is dealt, before after_deal
  AfterDeal,   // after each deal, before the first turn
  TurnStart,   // at the start of each turn, after its draw, before the first action
  StockEmpty,  // when a draw or an effect takes the stock's last card
  Count
};
inline constexpr int kHooks = static_cast<int>(Hook::Count);
std::string_view hook_name(Hook h);  // the function's name in a variant file

// A failure inside a variant script: where and what kind.
struct ScriptError {
  // Deadline: the call's wall-clock limit passed; Interrupted: the user
  // stopped the command (Ctrl-C) while a script ran; Limit: the engine's
  // own bound on a turn's work was passed (meld_sets.h), no script's fault.
  enum class Kind : uint8_t { Syntax, Runtime, Budget, Memory, Load, Deadline, Interrupted, Limit };
  Kind kind = Kind::Runtime;
  std::string file;
  int line = 0;
  std::string message;

  std::string describe() const;  // "variants/x.lua:12: runtime error: ..."
};
std::string_view to_string(ScriptError::Kind k);

template <class T>
struct [[nodiscard]] HookReturn {
  T value{};
  std::optional<ScriptError> error;
};

// What a scoring or legality hook is told about a declaration. The table
// points are what the Ruleset alone gives, so a hook can adjust them.
struct DeclarationInfo {
  int player = 0;
  DeclKind kind = DeclKind::Sequence;
  CardSet cards;
  int table_points = 0;
  // Marriages only.
  int marriages = 0;
  int imperial = 0;         // imperial marriages in this declaration
  int imperial_before = 0;  // imperial marriages declared earlier this hand
  int base = 0;             // marriage_base part of table_points
  int bonus = 0;            // imperial-bonus part of table_points
};

struct ZetemaInfo {
  int player = 0;
  int rank = 0;
  int table_points = 0;  // after the K/Q and 1881 penalty rules
  int fed_by = 0;        // who discarded the pile's fourth card
};

// Points to a side, with the reason a hook gave.
struct Award {
  int side = 0;
  int points = 0;
  Reason reason;
};

// A change to the order of play a scoring hook may ask for (docs/variant-
// authoring.md, "Turn control"): a seat misses its next turn, the scorer
// plays again at once, or the direction of play turns round (for the rest
// of the hand).
enum class TurnChange : uint8_t { None, Skip, Skipped, Again, Reverse };
std::string_view to_string(TurnChange c);  // "skip", "skipped", "again", "reverse"
struct TurnControl {
  TurnChange change = TurnChange::None;  // Skip, Again or Reverse
  int seat = 0;                          // Skip: the seat that misses its turn
  Reason reason;
};

// What a hook does besides answering: awards to any side, cards moved
// (engine/effects.h) and a change to the order of play, applied in that
// order; `reason` is the effects' and the turn change's where they give
// none (an award keeps only its own).
struct Acts {
  Reason reason;
  std::vector<Award> awards;
  std::vector<Effect> effects;
  TurnControl turn;
  // A choice to put to a player once this action is over (engine/choices.h):
  // its index in Ruleset::choices, and who decides (-1: whose act it is).
  int offer = -1;
  int offer_to = -1;
  bool empty() const {
    return awards.empty() && effects.empty() && turn.change == TurnChange::None && offer < 0;
  }
};

// What a scoring hook returns: the points of the event it scores (to the
// scoring side) and what it does besides.
struct Scored : Acts {
  int points = 0;
};

// The two functions of a kind a variant defines.
enum class KindHook : uint8_t { Find, Score };

enum class GameMoment : uint8_t { Score, HandEnd };

struct AllowVerdict {
  bool allowed = true;
  std::string reason;
};

struct GameVerdict {
  bool over = false;
  uint8_t winners = 0;  // side mask; 0 with over = the highest score wins
};

struct SourceLocation {
  std::string file;
  int line = 0;
};

class RuleHooks {
 public:
  virtual ~RuleHooks() = default;

  // Whether the variant defines hook `h`: asked at every step of every
  // turn, so a bit test rather than a virtual call.
  bool defines(Hook h) const { return (defined_ >> static_cast<int>(h)) & 1u; }
  // Whether it defines any hook of Hook (a kind's own functions are not counted).
  bool defines_any() const { return defined_ != 0; }
  virtual SourceLocation where(Hook h) const = 0;

  virtual HookReturn<Scored> score_declaration(const State& s, Rng& rng,
                                               const DeclarationInfo& d) = 0;
  virtual HookReturn<Scored> score_marriages(const State& s, Rng& rng,
                                             const DeclarationInfo& d) = 0;
  virtual HookReturn<Scored> score_zetema(const State& s, Rng& rng, const ZetemaInfo& z) = 0;
  virtual HookReturn<AllowVerdict> allow_declaration(const State& s, Rng& rng,
                                                     const DeclarationInfo& d) = 0;
  // `chain` is what the table rules would do (D15); the hook may change it.
  virtual HookReturn<bool> after_zetema(const State& s, Rng& rng, const ZetemaInfo& z,
                                        bool chain) = 0;
  // Called after every turn, with what the table rules say (D14); may end a
  // hand early, never extend it past the point where nobody holds a card
  // and the stock is empty.
  virtual HookReturn<bool> hand_over(const State& s, Rng& rng, bool by_table) = 0;
  // Called after every score event and at every hand end, with what the
  // table rules say (D16); its answer replaces theirs.
  virtual HookReturn<GameVerdict> game_over(const State& s, Rng& rng, GameMoment when,
                                            const GameVerdict& by_table) = 0;
  // At each step of the turn (engine/flow.h), with what the tables say;
  // the answer replaces it. A count must be one the stock can give.
  virtual HookReturn<StepRule> flow_step(const State& s, Rng& rng, FlowStep step,
                                         const StepRule& by_table) = 0;
  virtual HookReturn<AllowVerdict> allow_discard(const State& s, Rng& rng, Card card) = 0;
  // When a hand ends, before the game's end is decided.
  virtual HookReturn<Acts> score_hand_end(const State& s, Rng& rng) = 0;
  // A moment (GameStart, AfterDeal, TurnStart, StockEmpty): what the hook does.
  virtual HookReturn<Acts> moment(const State& s, Rng& rng, Hook h) = 0;
  // A choice's function, told the option picked (an ActionType::Choose
  // action) and who picked it: what it does.
  virtual HookReturn<Acts> choose(const State& s, Rng& rng, const Action& picked, int chooser) = 0;
  virtual SourceLocation where_choice(int choice) const = 0;

  // A variant's own kinds, by index in Ruleset::kinds: the card sets the
  // current player can declare (unchecked: the engine checks them), and
  // the score function where the kind has one.
  virtual bool defines_kind(int kind, KindHook h) const = 0;
  virtual SourceLocation where_kind(int kind, KindHook h) const = 0;
  virtual HookReturn<std::vector<CardSet>> find_kind(const State& s, Rng& rng, int kind) = 0;
  virtual HookReturn<Scored> score_kind(const State& s, Rng& rng, int kind,
                                        const DeclarationInfo& d) = 0;

 protected:
  void mark_defined(Hook h) { defined_ |= 1u << static_cast<int>(h); }

 private:
  uint32_t defined_ = 0;
};

}  // namespace zetema
