// Events: everything a game does, each with its points and its cause.
//
// A score event (Declare, Zetema) names the rule that produced its points
// and whether a Lua hook computed them; the Ruleset's `origins` and its
// hooks' locations turn that into "variants/sackson.lua:42 (sources/sackson.txt)".
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/action.h"
#include "engine/card.h"
#include "engine/effects.h"
#include "engine/hooks.h"
#include "engine/reason.h"
#include "engine/ruleset.h"

namespace zetema {

struct State;

enum class EventType : uint8_t {
  HandStart,     // player = dealer
  Deal,          // player, cards
  Draw,          // player, card
  Declare,       // player, side, kind, cards, points (+ bonus), rule
  Discard,       // player, card
  Zetema,        // player, side, rank, cards, points, rule
  DropOut,       // player
  Irregularity,  // player, card (exposed) or none (missed draw), rule = penalties_1881
  HandEnd,
  GameEnd,  // winners (side mask), rule
  Award,    // side, points, reason, rule: points a hook gave to a side
  Turn,     // player, change, reason, rule: a hook changed the order of play
  Move,     // player (whose turn), card, from, to, reason, hook: an effect moved a card
  Shuffle,  // player (whose turn), to (the zone), reason, hook: an effect shuffled the stock
  // A choice (engine/choices.h): its index in `rank`, the option's value in
  // `bonus` (yes 1 / no 0, a seat, a number) or its card in `card`.
  Offer,   // player (the chooser), rank, reason: a choice is put to a player
  Choice,  // player, rank, card or bonus: the option picked
};
std::string_view to_string(EventType t);

enum class GameEndReason : uint8_t { Target, OneDeal, Hook, EndOfHandTarget };

struct Event {
  // Laid out with no padding to spare: a game appends a hundred events a
  // hand, and a smaller event keeps the append inline.
  EventType type = EventType::HandStart;
  uint8_t player = 0xff;
  uint8_t side = 0xff;
  DeclKind kind = DeclKind::Sequence;
  Card card;
  TurnChange change = TurnChange::None;  // Turn: what changed
  Place from;                            // Move: where the card was
  CardSet cards;
  int32_t points = 0;  // total points the event scored for `side`
  int32_t bonus = 0;   // the imperial bonus part of a marriage's points
  uint8_t rank = 0;
  RuleId rule = RuleId::Count;  // Count: the event scores nothing
  bool by_hook = false;         // points (or the end) came from a Lua hook
  uint8_t winners = 0;          // GameEnd: side mask
  GameEndReason end_reason = GameEndReason::Target;
  Hook hook = Hook::Count;  // the hook that computed the points (Count: none, or a kind's own)
  Place to;                 // Move: where it went; Shuffle: what was shuffled
  Reason reason;            // the reason a hook gave for its points

  bool scores() const { return rule != RuleId::Count && points != 0; }
};
// A log is written and freed as plain bytes: no step per event (reason.h).
static_assert(std::is_trivially_copyable_v<Event> && std::is_trivially_destructible_v<Event>);
static_assert(sizeof(Event) == 48);

using EventLog = std::vector<Event>;

// "P1", "P2", ... (1-based, as players read them); a side with more than
// one player is "P1+P3".
std::string player_name(int p);
std::string side_name(const State& s, int side);

// "P1 wins", "P1+P3 win", "P1 and P2 win" (a tie that stands).
std::string winners_text(const State& s, uint8_t winners);

// Whose hidden cards the reader of a text may see: every seat's (a replay
// looked at as a whole), one seat's (the single-seat view, a bot's own
// seat) or several (the humans of a live game, the bots' hands hidden).
class SeatsShown {
 public:
  static constexpr SeatsShown every() { return SeatsShown(~0u); }
  static constexpr SeatsShown none() { return SeatsShown(0u); }
  static constexpr SeatsShown only(int seat) { return none().with(seat); }
  constexpr SeatsShown with(int seat) const {
    return seat >= 0 && seat < 32 ? SeatsShown(bits_ | 1u << seat) : *this;
  }
  constexpr bool shows(int seat) const { return seat >= 0 && seat < 32 && (bits_ >> seat & 1u); }
  constexpr bool shows_every() const { return bits_ == ~0u; }
  // The seats both show; the seats either shows.
  constexpr SeatsShown operator&(SeatsShown o) const { return SeatsShown(bits_ & o.bits_); }
  constexpr SeatsShown operator|(SeatsShown o) const { return SeatsShown(bits_ | o.bits_); }
  constexpr bool operator==(const SeatsShown&) const = default;

 private:
  constexpr explicit SeatsShown(uint32_t bits) : bits_(bits) {}
  uint32_t bits_;
};

// One line in card notation, e.g. "P1 declares flush-sequence 4S 5S 6S 7S
// 8S 9S: +50 [points.flush_sequence @ variants/sackson.lua:31]". A seat
// `shown` does not show: its dealt and drawn cards are counted, not named,
// as is a card an effect moves between hidden places none of them holds.
std::string describe(const Event& e, const State& s, SeatsShown shown = SeatsShown::every());
// Whether the seats `shown` see the card of a Move event: it came from or
// went to a public place or one of their hands.
bool sees_moved_card(const Event& e, SeatsShown shown);
// The same with `viewer` >= 0 shown alone, -1 every seat.
inline std::string describe(const Event& e, const State& s, int viewer) {
  return describe(e, s, viewer < 0 ? SeatsShown::every() : SeatsShown::only(viewer));
}
// The cause of a score event: the rule (or the hook), where it was defined,
// the variant that defined it and the source text that rule follows.
struct Cause {
  std::string rule;  // "points.sequence", "score_zetema hook"; "" if it scores nothing
  bool by_hook = false;
  std::string file;  // "" for the engine's built-in default
  int line = 0;
  std::string variant;
  std::string source;
};
Cause cause_of(const Event& e, const Ruleset& rules);
// "points.sequence @ variants/sackson.lua:31, sources/sackson.txt"
std::string describe_cause(const Event& e, const Ruleset& rules);

}  // namespace zetema
