// The game: setting up a table, dealing, the legal actions, applying one.
//
// Rules source: the variant's Ruleset (engine/ruleset.h), each decision as
// in docs/decisions.md. The engine never asks which variant it plays.
//
// Contract:
// - legal_actions(s) lists every legal action, every legal set of
//   marriages included; passing on a declaration is discarding. The one
//   exception is a hand with more sets to try as sequences and flushes than
//   the engine's limit (meld_sets.h): its declarations are left out and a
//   limit error returned.
// - apply(s, a) either accepts `a` and appends the events it caused, or
//   refuses it with a reason and leaves `s` and the log exactly as they were
//   (also when a Lua hook fails midway).
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/event.h"
#include "engine/hooks.h"
#include "engine/legal_list.h"
#include "engine/ruleset.h"
#include "engine/state.h"

namespace zetema {

// Called after each event is appended, with the position at that moment:
// how a replay cursor shows the table between two events of one action.
using EventObserver = std::function<void(const State&, const Event&)>;

struct GameSetup {
  int players = 2;
  std::optional<Partnerships> partnerships;  // nullopt: the variant's default
  uint64_t hook_seed = 0;                    // seeds math.random in hooks
};

struct [[nodiscard]] NewGame {
  bool ok = false;
  State state;
  std::string error;
};
// A table with no hand dealt yet (phase Deal). The Ruleset must outlive it.
NewGame new_game(const Ruleset& rules, const GameSetup& setup);
// The same table set up in `s`, a default State: "" on success, else why
// there is none (and `s` is left as it was). For a State that lives on
// (the game loop's), so no second State is built and moved into it.
std::string set_up_table(State& s, const Ruleset& rules, const GameSetup& setup);

struct [[nodiscard]] ApplyResult {
  bool ok = true;
  std::string reason;                 // why the action was refused
  std::optional<ScriptError> script;  // set when a hook failed

  // User-provided, not defaulted: `return {}` on the path every action
  // takes then leaves the unset error alone instead of zeroing it.
  ApplyResult() {}  // NOLINT(modernize-use-equals-default)
  static ApplyResult refuse(std::string why) {
    ApplyResult r;
    r.ok = false;
    r.reason = std::move(why);
    return r;
  }
};

// Deals one hand: `deck` is the shuffled pack, top card first (all 65 cards
// of this imperial suit, each once); `dealer` is a seat. Cards go one at a
// time from the dealer's left (D2); the rest is the stock.
ApplyResult deal(State& s, std::span<const Card> deck, int dealer, EventLog& out,
                 const EventObserver* observe = nullptr);

// A pack the engine shuffled itself: the 65 cards of one imperial suit,
// each once, by construction -- so dealing it skips the check of the pack
// every hand of a bot game would otherwise pay. A deck from a replay or a
// caller is dealt through the span overload, which checks it.
class ShuffledPack {
 public:
  ShuffledPack(Suit imperial, Rng& rng);  // full_deck(imperial), shuffled by rng
  const std::array<Card, kDeckSize>& cards() const { return cards_; }
  Suit imperial() const { return imperial_; }

 private:
  std::array<Card, kDeckSize> cards_;
  Suit imperial_;
};
// deal(s, pack.cards(), ...) without the check of the pack (a pack of
// another imperial suit is still refused).
ApplyResult deal(State& s, const ShuffledPack& pack, int dealer, EventLog& out,
                 const EventObserver* observe = nullptr);
// The dealer of the next hand by deal_rotation (D2).
int next_dealer(const State& s);

// Every legal action of the current player. A failing allow_declaration
// hook is returned as an error (its declarations are left out), as is a
// hand past the meld_sets limit (no declarations listed). The engine's own
// loops list through the inline screen of engine/internal/listing.h.
std::optional<ScriptError> legal_actions(const State& s, LegalActions& out);
// The same list, each action written out (LegalActions::to_vector).
std::optional<ScriptError> legal_actions(const State& s, std::vector<Action>& out);

// Whether applying `a` can call a Lua hook: only then can it fail midway
// (apply runs it on a copy of the position) or score other than by the
// tables.
bool may_call_hook(const State& s, const Action& a);

// Applies one action of the current player.
ApplyResult apply(State& s, const Action& a, EventLog& out, const EventObserver* observe = nullptr);
// Applies an action legal_actions(s) listed for this very position, without
// asking again what listing it asked (the tables' checks, a kind's finder,
// the allow hooks): how bots play. Refused only if a hook fails midway.
// Anything else -- a human's move, a replay's -- goes through apply.
ApplyResult apply_listed(State& s, const Action& a, EventLog& out,
                         const EventObserver* observe = nullptr);
// The same for a loop that plays on: true when applied, else false with
// `error` set (the hook that failed; nothing changed). The path every
// action takes builds no result value (the engine's own loops take the
// inline table path of engine/internal/apply_paths.h).
bool play_listed(State& s, const Action& a, EventLog& out, std::optional<ScriptError>& error,
                 const EventObserver* observe = nullptr);

// 1881 irregularities (D18), for imported and scripted games; automated
// play never makes one. Refused unless the variant has penalties_1881.
struct Irregularity {
  enum class Kind : uint8_t { ExposedCard, MissedDraw };
  Kind kind = Kind::ExposedCard;
  int player = 0;
  Card card;  // ExposedCard: the card exposed (or played out of turn)
};
ApplyResult apply_irregularity(State& s, const Irregularity& irr, EventLog& out,
                               const EventObserver* observe = nullptr);
// Notation, as replays record it: "expose P2 7S" (an exposed card or one
// played out of turn) and "missed-draw P1".
std::string to_string(const Irregularity& irr);
struct IrregularityParse {
  bool ok = false;  // the text is an irregularity (else it may be an action)
  Irregularity irr;
  std::string error;  // set when it starts like one but is malformed
};
IrregularityParse parse_irregularity(std::string_view text, Suit imperial, int players);

// D2: each player draws a card from `deck` in seat order, highest deals
// (ace high for this draw only); tied players draw again.
int high_card_dealer(int players, std::span<const Card> deck);

}  // namespace zetema
