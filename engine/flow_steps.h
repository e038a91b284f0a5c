// The steps of a turn (engine-internal): game.cpp runs them for deal and
// apply; flow_tables.cpp and flow_hooked.cpp build them.
#pragma once

#include <algorithm>
#include <optional>
#include <type_traits>

#include "engine/game.h"

namespace zetema::detail {

// The steps of a turn, run on one State. Every step that can call a hook
// returns false when the hook failed; `error` then says why, and the caller
// throws the State away (apply runs on a copy wherever a hook may be called).
//
// Built twice: Flow<true> for an action that may call a Lua hook, and
// Flow<false> for one that cannot (may_call_hook) -- every action of a
// variant whose rules are all tables, and most discards of one with hooks.
// There every "is this hook defined?" is answered when the engine is
// compiled, so the path nearly every turn takes carries no hook code at all
// (issue 17). Both keep the history where the variant has hooks to read it.
template <bool kHooks>
class Flow {
 public:
  Flow(State& s, EventLog& out, const EventObserver* observe)
      : s_(s), r_(*s.rules), out_(out), observe_(observe), lua_rules_(s.rules->hooks != nullptr) {}
  // For a variant known to have no hooks at all (play_by_tables): what only
  // hooks read or change -- the history, the order of play a hook changed
  // -- is then left out where the steps are inlined.
  struct TablesOnly {};
  Flow(State& s, EventLog& out, const EventObserver* observe, TablesOnly)
      : s_(s), r_(*s.rules), out_(out), observe_(observe), lua_rules_(false) {}

  // Flow<false> calls no hook, so it never fails (transact reads no error
  // from it): its error is an empty type, not an optional built and torn
  // down on every action of a bot game.
  struct NoError {
    NoError& operator=(std::optional<ScriptError>&&) { return *this; }
    NoError& operator=(ScriptError&&) { return *this; }
  };
  std::conditional_t<kHooks, std::optional<ScriptError>, NoError> error;

  // Set by declare_in_place (game.cpp), which plays a declaration on the
  // state itself: a scoring hook that moves cards asks for a copy instead
  // (needs_copy), as a move that fails would leave the score kept.
  bool in_place = false;
  bool needs_copy = false;

  [[gnu::noinline]] bool declare(const Action& a);
  // The option picked of the choice put now (ActionType::Choose).
  bool choose(const Action& a);
  // At the end of an action: the choice a hook offered put to its player.
  void settle();
  bool discard(Card card);
  bool begin_hand(int first);

 private:
  // The table path's turn, with the discard's steps inlined into it.
  friend void play_by_tables(State& s, const Action& a, EventLog& out,
                             const EventObserver* observe);
  // What a zetema leaves: play on (or, D15, discard again), the game over,
  // or a hook failed.
  enum class ZetemaOutcome : uint8_t { Play, Chain, GameOver, Failed };
  // Out of line: a discard makes one about one time in six, and its frame
  // would cost every discard registers.
  [[gnu::noinline]] ZetemaOutcome zetema(int p, int rank, bool was_exposed, bool stock_was_empty);
  [[gnu::always_inline]] bool discard_card(Card card);
  [[gnu::always_inline]] bool end_play(int p, bool chain);
  [[gnu::always_inline]] bool end_turn();
  [[gnu::always_inline]] bool begin_turn(int p);
  bool end_hand();
  bool after_score(int side);
  bool ask_game_over(GameMoment moment, GameVerdict& verdict, bool& by_hook);
  void finish(uint8_t winners, GameEndReason why, RuleId rule, bool by_hook);
  bool step_rule(FlowStep step, const KindDef* kind, StepRule& out);
  bool ask_flow_hook(FlowStep step, StepRule& out);
  int cards_wanted(int p, const StepRule& rule) const;
  [[gnu::always_inline]] int draw(int p, int count);
  void take_from_tableau(Card c);
  [[gnu::always_inline]] void lay_declaration(const Action& a, const KindDef* custom, int imperial);
  // What a scoring hook returned: a Scored in Flow<true>; in Flow<false>,
  // which calls no hook, nothing, so its zetemas and declarations build no
  // vectors.
  struct NoScore {};
  using HookScore = std::conditional_t<kHooks, Scored, NoScore>;
  template <class S>
  bool score_points(const Event& e, Hook hook, const S& scored);
  bool award(const Award& a, Hook hook, RuleId rule, DeclKind kind = DeclKind::Sequence);
  // What a hook did besides answering (Acts): its awards, its effects, its
  // change to the order of play; `player`: whose act it is (kNoPlayer at a
  // hand's end).
  bool act(const Acts& acts, Hook hook, RuleId rule, DeclKind kind, int player);
  bool apply_effects(const Acts& acts, Hook hook, RuleId rule, DeclKind kind, int player);
  // A moment's hook (Hook::GameStart ... StockEmpty), where the variant has one.
  // In Flow<false> these members are empty (if constexpr), so the table
  // path's unit holds none of their code (its appends stay inline).
  bool moment(Hook h);
  // After a draw: the stock_empty moment where it took the stock's last card.
  [[gnu::always_inline]] bool after_draw(int drawn) {
    if constexpr (kHooks) {
      if (drawn > 0 && s_.stock_size() == 0 && hooked(Hook::StockEmpty)) {
        return moment(Hook::StockEmpty);
      }
    }
    return true;
  }
  bool turn_start(int p);
  bool queue_offer(const Acts& acts, Hook hook, DeclKind kind, int player);
  SourceLocation hook_at(Hook h, DeclKind kind) const;
  ScriptError hook_error(Hook h, DeclKind kind, std::string message) const;
  void control_turn(const TurnControl& t, int player, Hook hook, RuleId rule, DeclKind kind);
  void miss_turns(int& p);
  void remember(const Event& e);
  // A public move of cards (a discard, a draw's count, a hand emptied, a
  // drop-out), kept only where a hook can read it.
  void remember_move(HistoryWhat what, int p, Card card = Card(), int count = 0);
  void remember_effect(const Moved& m, int player);
  bool hook_failed(std::optional<ScriptError>& e) {
    if (!e) return false;
    error = std::move(e);
    return true;
  }
  bool no_cards_held() const {
    for (int p = 0; p < s_.players; ++p) {
      if (!s_.seat[p].hand.empty()) return false;
    }
    return true;
  }
  bool hooked(Hook h) const { return kHooks && r_.hooks->defines(h); }
  // A new event at the end of the log, for the caller to fill in: built in
  // place, so the hot path makes no copy.
  Event& new_event(EventType type, int player) {
    Event& e = out_.emplace_back();
    e.type = type;
    e.player = static_cast<uint8_t>(player);
    return e;
  }
  void emit(const Event& e) {
    out_.push_back(e);
    if (observe_) (*observe_)(s_, out_.back());
  }
  void add_score(const Event& e) {
    // Saturating: hooks may return large points; a score never wraps.
    auto add = [&](int32_t& total) {
      const int64_t sum = int64_t{total} + e.points;
      total = static_cast<int32_t>(std::clamp<int64_t>(sum, -2'000'000'000, 2'000'000'000));
    };
    add(s_.score[e.side]);
    add(s_.hand_score[e.side]);
    if (lua_rules_) remember(e);  // a table-only variant keeps no history
    emit(e);
  }

  State& s_;
  const Ruleset& r_;
  EventLog& out_;
  const EventObserver* observe_;
  // The variant has Lua hooks (even if this action can call none): it keeps
  // the history, and a hook may have changed the order of play.
  const bool lua_rules_;
  // Moments set off inside moments: a stock_empty whose effects empty the
  // stock again. Bounded, so such hooks stop with an error.
  // (Bytes, not ints: a Flow is made for every action, and three ints cost
  // the table path instructions to set.)
  int8_t moment_depth_ = 0;
  // The choice whose function acts now (its index), for the events' cause.
  int8_t acting_choice_ = -1;
  uint8_t acting_chained_ = 0;  // its Offer::chained
};

// Each built in its own unit: the compiler's inlining budget is per unit,
// and with both in one the event log's append was left out of line on the
// path every game takes.
extern template class Flow<false>;
extern template class Flow<true>;

}  // namespace zetema::detail
