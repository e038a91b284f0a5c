#include "engine/game.h"

#include <algorithm>
#include <array>

#include "engine/combinations.h"
#include "engine/legality.h"

namespace zetema {

namespace {

// The steps of a turn, run on one State. Every step that can call a hook
// returns false when the hook failed; `error` then says why, and the caller
// throws the State away (apply runs on a copy whenever hooks exist).
class Flow {
 public:
  Flow(State& s, EventLog& out, const EventObserver* observe)
      : s_(s), r_(*s.rules), hooks_(r_.hooks.get()), out_(out), observe_(observe) {}

  std::optional<ScriptError> error;

  bool declare(const Action& a);
  bool discard(Card card);
  bool begin_hand(int first) { return begin_turn(first); }

 private:
  [[gnu::always_inline]] bool end_play(int p, bool chain);
  [[gnu::always_inline]] bool end_turn();
  bool begin_turn(int p);
  bool end_hand();
  bool after_score(int side);
  void finish(uint8_t winners, GameEndReason why, RuleId rule, bool by_hook);
  bool step_rule(FlowStep step, const KindDef* kind, StepRule& out);
  bool ask_flow_hook(FlowStep step, StepRule& out);
  int cards_wanted(int p, const StepRule& rule) const;
  [[gnu::always_inline]] int draw(int p, int count);
  void take_from_tableau(Card c);
  bool score_points(const Event& e, Hook hook, const Scored& scored);
  bool award(const Award& a, Hook hook, RuleId rule, DeclKind kind = DeclKind::Sequence);
  void remember(const Event& e);
  bool hook_failed(std::optional<ScriptError>& e) {
    if (!e) return false;
    error = std::move(e);
    return true;
  }
  bool hooked(Hook h) const { return hooks_ && hooks_->defines(h); }
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
    remember(e);
    emit(e);
  }

  State& s_;
  const Ruleset& r_;
  const RuleHooks* hooks_;  // r_.hooks, read once: asked at every step
  EventLog& out_;
  const EventObserver* observe_;
};

// The history hooks read (DESIGN.md §4): kept only where a hook can read it.
void Flow::remember(const Event& e) {
  if (!r_.hooks) return;
  HistoryEntry h;
  h.what = e.type == EventType::Declare  ? HistoryEntry::What::Declaration
           : e.type == EventType::Zetema ? HistoryEntry::What::Zetema
                                         : HistoryEntry::What::Award;
  h.hand = s_.hand_number;
  h.turn = s_.turn_number;
  h.player = e.player;
  h.side = e.side;
  h.kind = e.kind;
  h.cards = e.cards;
  h.points = e.points;
  h.rank = e.rank;
  if (e.type == EventType::Zetema) h.discarders = s_.pile_by[e.rank];
  h.reason = e.reason;
  s_.history.push(std::move(h));
}

inline int Flow::draw(int p, int count) {
  PlayerState& me = s_.seat[p];
  const int drawn = std::min(count, s_.stock_size());  // count >= 0: cards_wanted's
  for (int k = 0; k < drawn; ++k) {
    const Card c = s_.deck[s_.next_draw++];
    me.hand.insert_new(c);  // the stock's cards are in no hand
    ++me.drawn;
    ++s_.drawn_in_game[p];
    Event& e = out_.emplace_back();  // built in place: the hot path makes no copy
    e.type = EventType::Draw;
    e.player = static_cast<uint8_t>(p);
    e.card = c;
    if (observe_) (*observe_)(s_, e);
  }
  return drawn;
}

// The cards a step's rule asks `p` to draw, before the stock limits them.
inline int Flow::cards_wanted(int p, const StepRule& rule) const {
  switch (rule.draw) {
    case DrawRule::None:
      return 0;
    case DrawRule::Refill:
      return std::max(0, s_.hand_limit(p) + rule.amount - s_.seat[p].hand.size());
    case DrawRule::Count:
      return std::max(0, rule.amount);  // the loaders read 0..65; a C++ Ruleset may not
  }
  return 0;
}

// The rule of a step: the preset and `flow` table (a kind's own discard
// rule over them), then the flow_step hook where the variant has one.
inline bool Flow::step_rule(FlowStep step, const KindDef* kind, StepRule& out) {
  out = s_.flow[static_cast<int>(step)];
  if (kind && kind->discard) out.discard = *kind->discard;
  return !hooked(Hook::FlowStep) || ask_flow_hook(step, out);
}

bool Flow::ask_flow_hook(FlowStep step, StepRule& out) {
  auto got = r_.hooks->flow_step(s_, s_.hook_rng, step, out);
  if (hook_failed(got.error)) return false;
  const SourceLocation at = r_.hooks->where(Hook::FlowStep);
  const std::string rule = " (rule flow." + std::string(to_string(step)) + ")";
  if (got.value.draw == DrawRule::Count && got.value.amount > s_.stock_size()) {
    error = ScriptError{ScriptError::Kind::Runtime, at.file, at.line,
                        "flow_step asks " + player_name(s_.current) + " to draw " +
                            std::to_string(got.value.amount) + " cards at " +
                            std::string(to_string(step)) + " but the stock holds " +
                            std::to_string(s_.stock_size()) + rule};
    return false;
  }
  if (step == FlowStep::AfterMarriages && got.value.discard == DiscardRule::FromMeld) {
    error = ScriptError{ScriptError::Kind::Runtime, at.file, at.line,
                        "flow_step cannot make the discard after marriages from_meld: married "
                        "cards leave the hand" +
                            rule};
    return false;
  }
  out = got.value;
  return true;
}

// Removes a card from its tableau pile, keeping the order of the rest.
void Flow::take_from_tableau(Card c) {
  s_.table.erase(c);
  auto& pile = s_.piles[c.rank()];
  auto& by = s_.pile_by[c.rank()];
  uint8_t& n = s_.pile_size[c.rank()];
  for (int i = 0; i < n; ++i) {
    if (pile[i] == c) {
      for (int j = i + 1; j < n; ++j) {
        pile[j - 1] = pile[j];
        by[j - 1] = by[j];
      }
      --n;
      return;
    }
  }
}

// One score event, then the awards its hook gave to other sides; each can
// end the game at the target (D16).
bool Flow::score_points(const Event& e, Hook hook, const Scored& scored) {
  add_score(e);
  if (!after_score(e.side)) return false;
  for (const Award& a : scored.awards) {
    if (s_.over()) return true;
    if (!award(a, hook, e.rule, e.kind)) return false;
  }
  return true;
}

// `kind`: the declaration's kind, for an award its kind's points function gave.
bool Flow::award(const Award& a, Hook hook, RuleId rule, DeclKind kind) {
  Event e;
  e.type = EventType::Award;
  e.kind = kind;
  e.side = static_cast<uint8_t>(a.side);
  e.points = a.points;
  e.reason = a.reason;
  e.rule = rule;
  e.by_hook = true;
  e.hook = hook;
  add_score(e);
  return after_score(e.side);
}

bool Flow::declare(const Action& a) {
  const int p = s_.current;
  PlayerState& me = s_.seat[p];
  // Nothing is changed before the scoring hook (declare_in_place counts on it).
  const DeclarationInfo info = declaration_info(s_, a);
  const KindDef* custom = r_.custom_kind(a.kind);
  Event e;
  e.type = EventType::Declare;
  e.player = static_cast<uint8_t>(p);
  e.side = s_.side_of[p];
  e.kind = a.kind;
  e.cards = a.cards;
  const TablePoints table = declaration_table_points(s_, a, info);
  e.points = table.points;
  e.bonus = table.bonus;
  e.rule = table.rule;
  const bool marriage = a.kind == DeclKind::Marriages;
  Scored scored;
  const int kind_index = static_cast<int>(a.kind) - kBuiltinKinds;
  const bool kind_scores =
      custom && r_.hooks && r_.hooks->defines_kind(kind_index, KindHook::Score);
  const Hook score_hook = marriage ? Hook::ScoreMarriages : Hook::ScoreDeclaration;
  // D18: an exposed card's penalty stands whatever a hook would say.
  const bool penalised = table.rule == RuleId::Penalties1881;
  if (!penalised && (kind_scores || hooked(score_hook))) {
    auto got = kind_scores ? r_.hooks->score_kind(s_, s_.hook_rng, kind_index, info)
               : marriage  ? r_.hooks->score_marriages(s_, s_.hook_rng, info)
                           : r_.hooks->score_declaration(s_, s_.hook_rng, info);
    if (hook_failed(got.error)) return false;
    scored = std::move(got.value);
    e.points = scored.points;
    e.reason = scored.reason;
    e.by_hook = true;
    e.hook = kind_scores ? Hook::Count : score_hook;
  }
  s_.last_play_drawer = kNoPlayer;

  if (marriage) {
    // D8, sackson.txt: married cards leave hand and tableau for the marriage pile.
    a.cards.for_each([&](Card c) {
      if (me.hand.contains(c)) {
        me.hand.erase(c);
        me.exposed.erase(c);
      } else {
        take_from_tableau(c);
      }
      s_.marriage_pile[s_.marriage_pile_size++] = c;
    });
    s_.imperial_marriages = static_cast<uint8_t>(s_.imperial_marriages + info.imperial);
    s_.marriage_this_turn = true;
  } else {
    if (custom) {
      // A kind that uses the tableau takes its cards from there into the hand.
      a.cards.minus(me.hand).for_each([&](Card c) {
        take_from_tableau(c);
        me.hand.insert(c);
      });
    } else if (a.kind == DeclKind::Assembly) {
      s_.assemblies |= static_cast<uint16_t>(a.cards.rank_mask());  // one rank: its bit
    } else {
      me.last_meld = a.cards;  // D11: the latest scored sequence or flush
    }
    s_.turn_meld = s_.turn_meld | a.cards;
  }
  ++s_.declarations_this_turn;
  const Hook award_hook = e.by_hook ? e.hook : score_hook;
  if (!score_points(e, award_hook, scored)) return false;
  if (s_.over()) return true;

  StepRule rule;
  if (!step_rule(marriage ? FlowStep::AfterMarriages : FlowStep::AfterDeclaration, custom, rule)) {
    return false;
  }
  draw(p, cards_wanted(p, rule));
  // D9: a marriage made instead of playing a card; D14: a hand the
  // declaration emptied has nothing to discard.
  if (rule.discard == DiscardRule::Skip || me.hand.empty()) return end_play(p, false);
  if (rule.discard == DiscardRule::FromMeld && !marriage) s_.discard_from_meld_now = true;
  s_.phase = Phase::AfterDeclare;
  return true;
}

bool Flow::discard(Card card) {
  const int p = s_.current;
  s_.last_play_drawer = kNoPlayer;  // a missed draw is claimed straight after the play
  PlayerState& me = s_.seat[p];
  const bool stock_was_empty = s_.stock_size() == 0;
  // An exposed card is rare (1881 penalties, D18): one test for both sets.
  const bool was_exposed = !me.exposed.empty() && me.exposed.contains(card);
  me.hand.erase_held(card);  // refusal() or the listing checked it is held
  if (was_exposed) me.exposed.erase(card);
  const int rank = card.rank();
  // The pile's size read once: a byte store may alias it, so each use
  // would read it again.
  const int at = s_.pile_size[rank];
  s_.pile_by[rank][at] = static_cast<uint8_t>(p);
  s_.piles[rank][at] = card;
  s_.pile_size[rank] = static_cast<uint8_t>(at + 1);
  s_.table.insert_new(card);  // it was in the hand, so not on the tableau
  Event& d = out_.emplace_back();
  d.type = EventType::Discard;
  d.player = static_cast<uint8_t>(p);
  d.card = card;
  if (observe_) (*observe_)(s_, d);

  bool chain = false;
  if (at + 1 == kCardsPerRank) {
    // sackson.txt: "If this card is the fifth one for that rank, the player
    // scores points for a zetema."
    Event z;
    z.type = EventType::Zetema;
    z.player = static_cast<uint8_t>(p);
    z.side = s_.side_of[p];
    z.rank = static_cast<uint8_t>(rank);
    const TablePoints table = zetema_table_points(s_, rank, was_exposed);
    z.points = table.points;
    z.rule = table.rule;
    for (Card c : s_.piles[rank]) z.cards.insert(c);
    ZetemaInfo info{p, rank, z.points, s_.pile_by[rank][kCardsPerRank - 2]};
    Scored scored;
    if (hooked(Hook::ScoreZetema)) {
      auto got = r_.hooks->score_zetema(s_, s_.hook_rng, info);
      if (hook_failed(got.error)) return false;
      scored = std::move(got.value);
      z.points = scored.points;
      z.reason = scored.reason;
      z.by_hook = true;
      z.hook = Hook::ScoreZetema;
      info.table_points = z.points;  // after_zetema sees what was scored
    }
    // The pile leaves the tableau; pile_by keeps who fed it, for the history.
    s_.pile_size[rank] = 0;
    s_.table.erase_all(z.cards);
    s_.zetema_rank[s_.zetema_count] = static_cast<uint8_t>(rank);
    s_.zetema_taker[s_.zetema_count] = static_cast<uint8_t>(p);
    ++s_.zetema_count;
    if (!score_points(z, Hook::ScoreZetema, scored)) return false;
    if (s_.over()) return true;

    // D15: after the stock is out, a two-player game's zetema makes the
    // player discard again while he holds cards.
    chain = r_.two_player_chain && s_.players == 2 && stock_was_empty && !me.hand.empty();
    if (hooked(Hook::AfterZetema)) {
      auto got = r_.hooks->after_zetema(s_, s_.hook_rng, info, chain);
      if (hook_failed(got.error)) return false;
      chain = got.value && !me.hand.empty();
    }
    StepRule rule;
    if (!step_rule(FlowStep::AfterZetema, nullptr, rule)) return false;
    draw(p, cards_wanted(p, rule));
  }
  return end_play(p, chain);
}

// The after_discard step: after the discard, or where a step skipped it.
inline bool Flow::end_play(int p, bool chain) {
  StepRule rule;
  if (!step_rule(FlowStep::AfterDiscard, nullptr, rule)) return false;
  if (rule.draw != DrawRule::None) {
    const size_t first = out_.size();
    if (draw(p, cards_wanted(p, rule)) == 1) {
      // D18: the one card drawn straight after the play, for a missed draw.
      s_.last_play_drawer = static_cast<uint8_t>(p);
      s_.last_play_drawn = out_[first].card;
    }
  }
  if (chain) {
    s_.phase = Phase::Chain;
    s_.turn_meld = CardSet();
    s_.discard_from_meld_now = false;
    return true;
  }
  return end_turn();
}

inline bool Flow::end_turn() {
  s_.declarations_this_turn = 0;
  s_.turn_meld = CardSet();
  s_.discard_from_meld_now = false;
  s_.marriage_this_turn = false;
  // D14: a hand ends when the stock is empty and nobody holds a card.
  bool over = s_.stock_size() == 0;
  for (int p = 0; p < s_.players && over; ++p) over = s_.seat[p].hand.empty();
  if (hooked(Hook::HandOver)) {
    auto got = r_.hooks->hand_over(s_, s_.hook_rng, over);
    if (hook_failed(got.error)) return false;
    over = over || got.value;  // a hook can end a hand early, never prolong it
  }
  if (over) return end_hand();
  return begin_turn(s_.next_seat(s_.current));
}

bool Flow::begin_turn(int p) {
  for (int tries = 0; tries < s_.players; ++tries, p = s_.next_seat(p)) {
    s_.current = static_cast<uint8_t>(p);
    StepRule rule;
    if (!step_rule(FlowStep::TurnStart, nullptr, rule)) return false;
    const int wanted = std::min(cards_wanted(p, rule), s_.stock_size());
    if (s_.seat[p].hand.empty() && wanted == 0) {
      // D14, sackson.txt: "Any player who can not continue simply drops out".
      if (!s_.seat[p].dropped_out) {
        s_.seat[p].dropped_out = true;
        Event e;
        e.type = EventType::DropOut;
        e.player = static_cast<uint8_t>(p);
        emit(e);
      }
      continue;
    }
    // The turn begins before its draws, so a replay shows them as part of it.
    ++s_.turn_number;
    ++s_.turns_this_hand;
    draw(p, wanted);
    s_.phase = Phase::Play;
    return true;
  }
  return end_hand();
}

bool Flow::end_hand() {
  s_.current = kNoPlayer;
  if (hooked(Hook::ScoreHandEnd)) {
    // End-of-hand scoring: each award a score event that can end the game.
    auto got = r_.hooks->score_hand_end(s_, s_.hook_rng);
    if (hook_failed(got.error)) return false;
    for (const Award& a : got.value) {
      if (!award(a, Hook::ScoreHandEnd, RuleId::HandEndScore)) return false;
      if (s_.over()) return true;
    }
  }
  Event e;
  e.type = EventType::HandEnd;
  emit(e);
  GameVerdict verdict;
  GameEndReason why = GameEndReason::OneDeal;
  RuleId rule = RuleId::GameLength;
  if (r_.game_length == GameLength::OneDeal) {
    verdict.over = true;  // D16: book1881 is one deal; the highest total wins
  } else if (r_.end_at_target == EndAtTarget::EndOfHand && s_.target_reached) {
    verdict.over = true;
    why = GameEndReason::EndOfHandTarget;
    rule = RuleId::Target;
  }
  bool by_hook = false;
  if (hooked(Hook::GameOver)) {
    auto got = r_.hooks->game_over(s_, s_.hook_rng, GameMoment::HandEnd, verdict);
    if (hook_failed(got.error)) return false;
    verdict = got.value;
    by_hook = true;
    why = GameEndReason::Hook;
  }
  if (verdict.over) {
    finish(verdict.winners, why, rule, by_hook);
  } else {
    s_.phase = Phase::Deal;
  }
  return true;
}

bool Flow::after_score(int side) {
  GameVerdict verdict;
  const std::optional<int> target = r_.target[s_.players];
  if (target && s_.score[side] >= *target) {
    // D16: the game stops at the exact scoring event that reaches the target.
    if (r_.end_at_target == EndAtTarget::Immediate) {
      verdict.over = true;
      verdict.winners = static_cast<uint8_t>(1u << side);
    } else {
      s_.target_reached = true;
    }
  }
  bool by_hook = false;
  if (hooked(Hook::GameOver)) {
    auto got = r_.hooks->game_over(s_, s_.hook_rng, GameMoment::Score, verdict);
    if (hook_failed(got.error)) return false;
    verdict = got.value;
    by_hook = true;
  }
  if (verdict.over) {
    finish(verdict.winners, by_hook ? GameEndReason::Hook : GameEndReason::Target, RuleId::Target,
           by_hook);
  }
  return true;
}

void Flow::finish(uint8_t winners, GameEndReason why, RuleId rule, bool by_hook) {
  if (winners == 0) {
    // The highest total wins; ties stand (D16).
    int best = s_.score[0];
    for (int side = 1; side < s_.sides; ++side) best = std::max(best, s_.score[side]);
    for (int side = 0; side < s_.sides; ++side) {
      if (s_.score[side] == best) winners = static_cast<uint8_t>(winners | (1u << side));
    }
  }
  s_.winners = winners;
  s_.phase = Phase::GameOver;
  s_.current = kNoPlayer;
  Event e;
  e.type = EventType::GameEnd;
  e.winners = winners;
  e.end_reason = why;
  e.rule = rule;
  e.by_hook = by_hook;
  emit(e);
}

// The copy half of transact: out of line, so the path with no hook to
// call carries none of its frame (a State copy and a rollback).
template <class Step>
[[gnu::noinline]] bool transact_on_copy(State& s, EventLog& out, const EventObserver* observe,
                                        std::optional<ScriptError>& error, Step&& step) {
  State work = s;
  const size_t mark = out.size();
  Flow flow(work, out, observe);
  if (!step(flow, work)) {
    out.resize(mark);
    error = std::move(flow.error);
    return false;
  }
  s = std::move(work);
  return true;
}

// Whether a declaration can call no hook but its scoring one: none of the
// hooks the steps after the score ask (game_over after it, flow_step, then
// the turn's end and the next turn's start) is defined.
bool only_scoring_hook(const RuleHooks& h) {
  return !h.defines(Hook::HandOver) && !h.defines(Hook::GameOver) && !h.defines(Hook::FlowStep) &&
         !h.defines(Hook::ScoreHandEnd);
}

// A declaration whose one possible hook is its scoring hook, which
// Flow::declare calls before it changes anything: played on the state
// itself, no copy. A failed hook has changed nothing but the generator
// behind math.random, which is put back.
[[gnu::noinline]] bool declare_in_place(State& s, const Action& a, EventLog& out,
                                        const EventObserver* observe,
                                        std::optional<ScriptError>& error) {
  const Rng rng = s.hook_rng;
  Flow flow(s, out, observe);
  if (flow.declare(a)) return true;
  s.hook_rng = rng;
  error = std::move(flow.error);
  return false;
}

// Runs `step` on the state directly when no hook can be called (so nothing
// can fail midway), else on a copy that replaces the state only if every
// hook succeeded; false (and `error` set) when one failed.
template <class Step>
[[gnu::always_inline]] inline bool transact(State& s, EventLog& out, const EventObserver* observe,
                                            bool hooks, std::optional<ScriptError>& error,
                                            Step&& step) {
  if (!hooks) [[likely]] {
    Flow flow(s, out, observe);
    step(flow, s);
    return true;
  }
  return transact_on_copy(s, out, observe, error, std::forward<Step>(step));
}

// The result of a step a hook failed in midway.
ApplyResult hook_failure(std::optional<ScriptError> error) {
  ApplyResult r = ApplyResult::refuse("hook failed: " + error->describe());
  r.script = std::move(error);
  return r;
}

// Clears the table for a new hand and deals it (D2).
void start_hand(State& s, std::span<const Card> deck, int dealer, EventLog& out,
                const EventObserver* observe) {
  ++s.hand_number;
  for (auto& seat : s.seat) seat = PlayerState{};
  s.pile_size = {};
  s.table = CardSet();
  s.marriage_pile_size = 0;
  s.zetema_count = 0;
  s.imperial_marriages = 0;
  s.assemblies = 0;
  s.turns_this_hand = 0;
  s.hand_score = {};
  s.declarations_this_turn = 0;
  s.turn_meld = CardSet();
  s.discard_from_meld_now = false;
  s.marriage_this_turn = false;
  s.last_play_drawer = kNoPlayer;
  std::copy(deck.begin(), deck.end(), s.deck.begin());
  s.dealer = static_cast<uint8_t>(dealer);

  Event start;
  start.type = EventType::HandStart;
  start.player = s.dealer;
  out.push_back(start);
  if (observe) (*observe)(s, start);
  // D2, rules-site.txt: "dealt to players randomly one card at a time".
  const int each = s.rules->hand_size[s.players];
  int p = dealer;
  int next = 0;
  for (int round = 0; round < each; ++round) {
    for (int k = 0; k < s.players; ++k) {
      p = s.next_seat(p);
      s.seat[p].hand.insert_new(s.deck[next++]);  // a whole pack: each card once
    }
  }
  s.next_draw = static_cast<uint8_t>(next);
  for (int k = 0; k < s.players; ++k) {
    p = s.next_seat(p);
    Event e;
    e.type = EventType::Deal;
    e.player = static_cast<uint8_t>(p);
    e.cards = s.seat[p].hand;
    out.push_back(e);
    if (observe) (*observe)(s, e);
  }
}

ApplyResult hook_refusal(const ScriptError& e) {
  ApplyResult r = ApplyResult::refuse("hook failed: " + e.describe());
  r.script = e;
  return r;
}

std::string at_text(const SourceLocation& at) {
  return at.file + ":" + std::to_string(at.line);
}

// The allow_discard hook's veto, with its reason.
ApplyResult discard_veto(const State& s, Card card) {
  auto verdict = ask_discard_hook(s, card);
  if (verdict.error) return hook_refusal(*verdict.error);
  if (verdict.value.allowed) return {};
  return ApplyResult::refuse("refused by allow_discard (" +
                             at_text(s.rules->hooks->where(Hook::AllowDiscard)) + ")" +
                             (verdict.value.reason.empty() ? "" : ": " + verdict.value.reason));
}

// A variant's own kind: the cards must be a set its finder lists.
ApplyResult kind_refusal(const State& s, const Action& a) {
  const KindDef* def = s.rules->custom_kind(a.kind);
  if (!def) return {};
  const int kind = static_cast<int>(a.kind) - kBuiltinKinds;
  std::vector<CardSet> sets;
  if (auto err = find_kind_sets(s, kind, sets)) return hook_refusal(*err);
  if (std::find(sets.begin(), sets.end(), a.cards) != sets.end()) return {};
  return ApplyResult::refuse(to_string(a.cards) + " is not a " + def->name +
                             " its finder lists here (kinds." + def->name + ".find @ " +
                             at_text(s.rules->hooks->where_kind(kind, KindHook::Find)) + ")");
}

// Each imperial suit's pack as bits by card code, in the four words that
// hold every code a Card can have (0..255).
using CodeBits = std::array<uint64_t, 4>;
constexpr std::array<CodeBits, kSuits> kPackBits = [] {
  std::array<CodeBits, kSuits> all{};
  for (int s = 0; s < kSuits; ++s) {
    for (int code = 0; code < 256; ++code) {
      if (CardSet::pack(static_cast<Suit>(s)).contains(Card::from_code(code))) {
        all[s][code >> 6] |= uint64_t{1} << (code & 63);
      }
    }
  }
  return all;
}();

// Whether the 65 cards are the pack of this imperial suit, each once: one
// set of codes built and compared, as every hand's deal asks it.
bool is_whole_pack(std::span<const Card> deck, Suit imperial) {
  // No branch per card: a code outside the pack sets a bit the pack has
  // not, and a card given twice leaves one of the pack's 65 unset.
  CodeBits seen{};
  for (Card c : deck) seen[c.code() >> 6] |= uint64_t{1} << (c.code() & 63);
  return seen == kPackBits[static_cast<int>(imperial)];
}

// Why a deck of 65 cards is not the pack: the first card out of place.
ApplyResult pack_refusal(std::span<const Card> deck, Suit imperial) {
  CardSet seen;
  for (Card c : deck) {
    if (!in_deck(c, imperial)) {
      return ApplyResult::refuse("card " + to_string(c) +
                                 " is not in a pack whose imperial suit is " + suit_char(imperial));
    }
    if (seen.contains(c))
      return ApplyResult::refuse("card " + to_string(c) + " is in the deck twice");
    seen.insert(c);
  }
  return ApplyResult::refuse("the deck is not a whole pack");
}

}  // namespace

bool may_call_hook(const State& s, const Action& a) {
  const RuleHooks* h = s.rules->hooks.get();
  if (!h) return false;
  // Asked at every turn's end, every step and every hand's end (and after
  // every score).
  if (h->defines(Hook::HandOver) || h->defines(Hook::GameOver) || h->defines(Hook::FlowStep) ||
      h->defines(Hook::ScoreHandEnd)) {
    return true;
  }
  if (a.type == ActionType::Declare) {
    const int kind = static_cast<int>(a.kind) - kBuiltinKinds;
    return h->defines(Hook::ScoreDeclaration) || h->defines(Hook::ScoreMarriages) ||
           (kind >= 0 && h->defines_kind(kind, KindHook::Score));
  }
  // A discard calls the zetema hooks only if it completes a zetema.
  return s.pile_size[a.card.rank()] == kCardsPerRank - 1 &&
         (h->defines(Hook::ScoreZetema) || h->defines(Hook::AfterZetema));
}

NewGame new_game(const Ruleset& rules, const GameSetup& setup) {
  NewGame g;
  const int n = setup.players;
  if (n < kMinPlayers || n > kMaxPlayers) {
    g.error = "Zetema is played by 2 to 6 players, not " + std::to_string(n);
    return g;
  }
  if (std::string why = check_ruleset(rules); !why.empty()) {
    g.error = "variant " + rules.id + ": " + why;
    return g;
  }
  const Partnerships mode = setup.partnerships.value_or(rules.partnerships[n]);
  const Partnerships usual = rules.partnerships[n];
  // D17: pairs at 4 and 6, or two teams of three at 6.
  if (mode == Partnerships::Pairs && n != 4 && n != 6) {
    g.error = "partnerships in pairs need 4 or 6 players";
    return g;
  }
  if (mode == Partnerships::TeamsOfThree && (n != 6 || !rules.teams_of_three_allowed)) {
    g.error = n != 6 ? "teams of three need 6 players"
                     : "variant " + rules.id + " does not allow teams of three";
    return g;
  }
  if (mode == Partnerships::Off && usual != Partnerships::Off && rules.partnerships_compulsory) {
    g.error = "variant " + rules.id + " makes partnerships compulsory at " + std::to_string(n) +
              " players (D17)";
    return g;
  }
  State& s = g.state;
  s.rules = &rules;
  s.players = static_cast<uint8_t>(n);
  s.partnerships = mode;
  for (int p = 0; p < n; ++p) {
    // D17: 4 = seats 1+3 / 2+4; 6 pairs = 1+4, 2+5, 3+6; 6 threes = 1,3,5 / 2,4,6.
    int side = p;
    if (mode == Partnerships::Pairs) side = p % (n / 2);
    if (mode == Partnerships::TeamsOfThree) side = p % 2;
    s.side_of[p] = static_cast<uint8_t>(side);
  }
  s.sides = static_cast<uint8_t>(mode == Partnerships::Off     ? n
                                 : mode == Partnerships::Pairs ? n / 2
                                                               : 2);
  s.hook_rng.reseed(setup.hook_seed);
  for (int step = 0; step < kFlowSteps; ++step) {
    s.flow[step] = rules.flow_rule(static_cast<FlowStep>(step));
  }
  s.listing = listing_plan(rules, n);
  g.ok = true;
  return g;
}

ApplyResult deal(State& s, std::span<const Card> deck, int dealer, EventLog& out,
                 const EventObserver* observe) {
  if (s.phase != Phase::Deal) return ApplyResult::refuse("a hand is already in play");
  if (dealer < 0 || dealer >= s.players) {
    return ApplyResult::refuse("dealer must be a seat from 1 to " + std::to_string(s.players));
  }
  const Ruleset& r = *s.rules;
  if (deck.size() != kDeckSize) {
    return ApplyResult::refuse("a deck has 65 cards, got " + std::to_string(deck.size()));
  }
  if (!is_whole_pack(deck, r.imperial_suit)) return pack_refusal(deck, r.imperial_suit);

  // The first turn's flow_step hook may fail: then the deal is refused.
  const bool hooks = r.hooks && r.hooks->defines(Hook::FlowStep);
  std::optional<ScriptError> error;
  const bool dealt = transact(s, out, observe, hooks, error, [&](Flow& flow, State& w) {
    start_hand(w, deck, dealer, out, observe);
    // rummy-site.txt: "The player left of the dealer gets the first turn."
    const int first = r.first_player == FirstPlayer::DealerLeft ? w.next_seat(dealer) : dealer;
    return flow.begin_hand(first);
  });
  if (dealt) return {};
  return hook_failure(std::move(error));
}

int next_dealer(const State& s) {
  switch (s.rules->deal_rotation) {
    case DealRotation::Clockwise:
      return (s.dealer + 1) % s.players;
    case DealRotation::Anticlockwise:
      return (s.dealer + s.players - 1) % s.players;
    case DealRotation::Stays:
      break;
  }
  return s.dealer;
}

ApplyResult apply(State& s, const Action& a, EventLog& out, const EventObserver* observe) {
  if (std::string why = refusal(s, a); !why.empty()) return ApplyResult::refuse(std::move(why));
  const RuleHooks* hooks = s.rules->hooks.get();
  if (a.type == ActionType::Discard) {
    if (hooks && hooks->defines(Hook::AllowDiscard)) {
      if (ApplyResult vetoed = discard_veto(s, a.card); !vetoed.ok) return vetoed;
    }
  } else if (s.rules->custom_kind(a.kind)) {
    if (ApplyResult unknown = kind_refusal(s, a); !unknown.ok) return unknown;
  }
  if (a.type == ActionType::Declare) {
    // The allow hook draws from a copy of the generator, as legal_actions
    // does, so asking never changes the game.
    Rng scratch = s.hook_rng;
    auto allowed = ask_allow_hook(s, scratch, a);
    if (allowed.error) {
      ApplyResult r = ApplyResult::refuse("hook failed: " + allowed.error->describe());
      r.script = allowed.error;
      return r;
    }
    if (!allowed.value.allowed) {
      const SourceLocation at = s.rules->hooks->where(Hook::AllowDeclaration);
      return ApplyResult::refuse("refused by allow_declaration (" + at.file + ":" +
                                 std::to_string(at.line) + ")" +
                                 (allowed.value.reason.empty() ? "" : ": " + allowed.value.reason));
    }
  }
  return apply_listed(s, a, out, observe);
}

bool play_listed(State& s, const Action& a, EventLog& out, std::optional<ScriptError>& error,
                 const EventObserver* observe) {
  if (a.type == ActionType::Declare && s.rules->hooks && only_scoring_hook(*s.rules->hooks)) {
    return declare_in_place(s, a, out, observe, error);
  }
  return transact(s, out, observe, may_call_hook(s, a), error, [&](Flow& flow, State&) {
    return a.type == ActionType::Discard ? flow.discard(a.card) : flow.declare(a);
  });
}

ApplyResult apply_listed(State& s, const Action& a, EventLog& out, const EventObserver* observe) {
  std::optional<ScriptError> error;
  if (play_listed(s, a, out, error, observe)) return {};
  return hook_failure(std::move(error));
}

}  // namespace zetema
