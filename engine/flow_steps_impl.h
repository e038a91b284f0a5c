// The definitions of the turn's steps (engine/flow_steps.h), included only
// by the two units that build them.
#pragma once

#include "engine/combinations.h"
#include "engine/effects.h"
#include "engine/flow_steps.h"
#include "engine/legality.h"

namespace zetema::detail {

// The history hooks read (docs/architecture.md, "History"); add_score calls
// it only where a hook can read it.
template <bool kHooks>
void Flow<kHooks>::remember(const Event& e) {
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
  h.moves_before = static_cast<uint32_t>(s_.moves.size());
  s_.history.push(h);
}

template <bool kHooks>
void Flow<kHooks>::remember_move(HistoryWhat what, int p, Card card, int count) {
  // A table-only variant keeps no history. Not kHooks: a variant with
  // hooks plays a move that can call none on the table path too.
  if (!lua_rules_) return;
  PublicMove m;
  m.what = what;
  m.player = static_cast<uint8_t>(p);
  m.card = static_cast<uint8_t>(card.code());
  m.count = static_cast<uint8_t>(count);
  m.hand = s_.hand_number;
  m.turn = s_.turn_number;
  s_.moves.push(m);
}

template <bool kHooks>
inline int Flow<kHooks>::draw(int p, int count) {
  PlayerState& me = s_.seat[p];
  const int drawn = std::min(count, s_.stock_size());  // count >= 0: cards_wanted's
  for (int k = 0; k < drawn; ++k) {
    const Card c = s_.deck[s_.next_draw++];
    me.hand.insert_new(c);  // the stock's cards are in no hand
    ++me.drawn;
    ++s_.drawn_in_game[p];
    Event& e = new_event(EventType::Draw, p);
    e.card = c;
    if (observe_) (*observe_)(s_, e);
  }
  if (drawn > 0 && lua_rules_) remember_move(HistoryWhat::Draw, p, Card(), drawn);
  return drawn;
}

// The cards a step's rule asks `p` to draw, before the stock limits them.
template <bool kHooks>
inline int Flow<kHooks>::cards_wanted(int p, const StepRule& rule) const {
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
template <bool kHooks>
inline bool Flow<kHooks>::step_rule(FlowStep step, const KindDef* kind, StepRule& out) {
  out = s_.flow[static_cast<int>(step)];
  if (kind && kind->discard) out.discard = *kind->discard;
  return !hooked(Hook::FlowStep) || ask_flow_hook(step, out);
}

template <bool kHooks>
bool Flow<kHooks>::ask_flow_hook(FlowStep step, StepRule& out) {
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
template <bool kHooks>
void Flow<kHooks>::take_from_tableau(Card c) {
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
template <bool kHooks>
template <class S>
bool Flow<kHooks>::score_points(const Event& e, Hook hook, const S& scored) {
  add_score(e);
  if (!after_score(e.side)) return false;
  if constexpr (kHooks) {  // only a hook gives awards, moves cards and changes the order of play
    if (!scored.empty()) return act(scored, hook, e.rule, e.kind, e.player);
  }
  return true;
}

// A scoring hook's change to the order of play, as an event of its own
// citing the hook (State::turns_to_miss, plays_again, reversed).
template <bool kHooks>
void Flow<kHooks>::control_turn(const TurnControl& t, int player, Hook hook, RuleId rule,
                                DeclKind kind) {
  Event e;
  e.type = EventType::Turn;
  e.change = t.change;
  e.player = static_cast<uint8_t>(t.change == TurnChange::Skip ? t.seat : player);
  e.side = e.player < s_.players ? s_.side_of[e.player] : uint8_t{0xff};
  e.kind = kind;
  e.reason = t.reason;
  e.rule = rule;
  if (rule == RuleId::Choice) e.rank = static_cast<uint8_t>(acting_choice_);
  e.by_hook = true;
  e.hook = hook;
  if (t.change == TurnChange::Skip) {
    uint8_t& n = s_.turns_to_miss[t.seat];
    if (n < UINT8_MAX) ++n;
  } else if (t.change == TurnChange::Again) {
    s_.plays_again = static_cast<uint8_t>(player);
  } else if (t.change == TurnChange::Reverse) {
    s_.reversed = !s_.reversed;
  }
  emit(e);
}

// Passes over the seats that are to miss a turn, from `p` on: each misses
// one (an event) and the turn goes on to the next. Ends, as every miss
// spends one of the finite turns_to_miss.
template <bool kHooks>
void Flow<kHooks>::miss_turns(int& p) {
  while (s_.turns_to_miss[p] > 0 && !s_.seat[p].dropped_out) {
    --s_.turns_to_miss[p];
    Event e;
    e.type = EventType::Turn;
    e.change = TurnChange::Skipped;
    e.player = static_cast<uint8_t>(p);
    e.side = s_.side_of[p];
    emit(e);
    p = s_.next_seat(p);
  }
}

// `kind`: the declaration's kind, for an award its kind's points function gave.
template <bool kHooks>
bool Flow<kHooks>::award(const Award& a, Hook hook, RuleId rule, DeclKind kind) {
  Event e;
  e.type = EventType::Award;
  e.kind = kind;
  e.side = static_cast<uint8_t>(a.side);
  e.points = a.points;
  e.reason = a.reason;
  e.rule = rule;
  if (rule == RuleId::Choice) e.rank = static_cast<uint8_t>(acting_choice_);
  e.by_hook = true;
  e.hook = hook;
  add_score(e);
  return after_score(e.side);
}

// A declaration's cards laid: married cards to the marriage pile, a kind's
// tableau cards into the hand, and what the rules remember of it.
template <bool kHooks>
inline void Flow<kHooks>::lay_declaration(const Action& a, const KindDef* custom, int imperial) {
  PlayerState& me = s_.seat[s_.current];
  if (a.kind == DeclKind::Marriages) {
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
    s_.imperial_marriages = static_cast<uint8_t>(s_.imperial_marriages + imperial);
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
}

template <bool kHooks>
bool Flow<kHooks>::declare(const Action& a) {
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
  HookScore scored;
  const int kind_index = static_cast<int>(a.kind) - kBuiltinKinds;
  const bool kind_scores = kHooks && custom && r_.hooks->defines_kind(kind_index, KindHook::Score);
  const Hook score_hook = marriage ? Hook::ScoreMarriages : Hook::ScoreDeclaration;
  // D18: an exposed card's penalty stands whatever a hook would say.
  const bool penalised = table.rule == RuleId::Penalties1881;
  if constexpr (kHooks) {
    if (!penalised && (kind_scores || hooked(score_hook))) {
      auto got = kind_scores ? r_.hooks->score_kind(s_, s_.hook_rng, kind_index, info)
                 : marriage  ? r_.hooks->score_marriages(s_, s_.hook_rng, info)
                             : r_.hooks->score_declaration(s_, s_.hook_rng, info);
      if (hook_failed(got.error)) return false;
      scored = std::move(got.value);
      if (in_place && !scored.effects.empty()) {
        needs_copy = true;  // nothing changed yet but the generator, which the caller puts back
        return false;
      }
      e.points = scored.points;
      e.reason = scored.reason;
      e.by_hook = true;
      e.hook = kind_scores ? Hook::Count : score_hook;
    }
  }
  s_.last_play_drawer = kNoPlayer;

  lay_declaration(a, custom, info.imperial);
  ++s_.declarations_this_turn;
  const Hook award_hook = e.by_hook ? e.hook : score_hook;
  if (!score_points(e, award_hook, scored)) return false;
  if (s_.over()) return true;

  StepRule rule;
  if (!step_rule(marriage ? FlowStep::AfterMarriages : FlowStep::AfterDeclaration, custom, rule)) {
    return false;
  }
  if (!after_draw(draw(p, cards_wanted(p, rule)))) return false;
  // D9: a marriage made instead of playing a card; D14: a hand the
  // declaration emptied has nothing to discard.
  if (rule.discard == DiscardRule::Skip || me.hand.empty()) return end_play(p, false);
  if (rule.discard == DiscardRule::FromMeld && !marriage) s_.discard_from_meld_now = true;
  s_.phase = Phase::AfterDeclare;
  return true;
}

template <bool kHooks>
bool Flow<kHooks>::discard(Card card) {
  return discard_card(card);
}

template <bool kHooks>
inline bool Flow<kHooks>::discard_card(Card card) {
  const int p = s_.current;
  s_.last_play_drawer = kNoPlayer;  // a missed draw is claimed straight after the play
  PlayerState& me = s_.seat[p];
  const bool stock_was_empty = s_.stock_size() == 0;
  me.hand.erase_held(card);  // refusal() or the listing checked it is held
  // An exposed card is rare (1881 penalties, D18): the exposed set is read
  // only where it holds one.
  bool was_exposed = false;
  if (!me.exposed.empty()) [[unlikely]] {
    was_exposed = me.exposed.contains(card);
    me.exposed.erase(card);
  }
  const int rank = card.rank();
  // The pile's size read once: a byte store may alias it, so each use
  // would read it again.
  const int at = s_.pile_size[rank];
  s_.pile_by[rank][at] = static_cast<uint8_t>(p);
  s_.piles[rank][at] = card;
  s_.pile_size[rank] = static_cast<uint8_t>(at + 1);
  s_.table.insert_new(card);  // it was in the hand, so not on the tableau
  Event& d = new_event(EventType::Discard, p);
  d.card = card;
  if (observe_) (*observe_)(s_, d);
  if (lua_rules_) remember_move(HistoryWhat::Discard, p, card);

  if (at + 1 < kCardsPerRank) [[likely]]
    return end_play(p, false);
  const ZetemaOutcome z = zetema(p, rank, was_exposed, stock_was_empty);
  if (z == ZetemaOutcome::Failed) return false;
  if (z == ZetemaOutcome::GameOver) return true;
  return end_play(p, z == ZetemaOutcome::Chain);
}

// The discard made a zetema: its score, then the after_zetema step.
template <bool kHooks>
typename Flow<kHooks>::ZetemaOutcome Flow<kHooks>::zetema(int p, int rank, bool was_exposed,
                                                          bool stock_was_empty) {
  PlayerState& me = s_.seat[p];
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
  z.cards = s_.table & CardSet::whole_rank(rank);  // the rank's cards on the tableau: its pile
  ZetemaInfo info{p, rank, z.points, s_.pile_by[rank][kCardsPerRank - 2]};
  HookScore scored;
  if constexpr (kHooks) {
    if (hooked(Hook::ScoreZetema)) {
      auto got = r_.hooks->score_zetema(s_, s_.hook_rng, info);
      if (hook_failed(got.error)) return ZetemaOutcome::Failed;
      scored = std::move(got.value);
      z.points = scored.points;
      z.reason = scored.reason;
      z.by_hook = true;
      z.hook = Hook::ScoreZetema;
      info.table_points = z.points;  // after_zetema sees what was scored
    }
  }
  // The pile leaves the tableau; pile_by keeps who fed it, for the history.
  s_.pile_size[rank] = 0;
  s_.table.erase_whole_rank(rank, r_.imperial_suit);  // z.cards, the rank's five
  if (!s_.lifted.empty()) {
    // The rank's zetema may be made again (engine/effects.h). Asked in the
    // tables-only build too: a variant's hooks may have lifted the cards in
    // an earlier action, and this one need call no hook.
    record_zetema(s_, rank, p);
  } else {
    // Only an effect lifts cards from a zetema pile, so with none lifted the
    // rank is new to the record: the fast way, as a zetema is common.
    s_.zetema_rank[s_.zetema_count] = static_cast<uint8_t>(rank);
    s_.zetema_taker[s_.zetema_count] = static_cast<uint8_t>(p);
    ++s_.zetema_count;
  }
  if (!score_points(z, Hook::ScoreZetema, scored)) return ZetemaOutcome::Failed;
  if (s_.over()) return ZetemaOutcome::GameOver;

  // D15: after the stock is out, a two-player game's zetema makes the
  // player discard again while he holds cards.
  bool chain = r_.two_player_chain && s_.players == 2 && stock_was_empty && !me.hand.empty();
  if (hooked(Hook::AfterZetema)) {
    auto got = r_.hooks->after_zetema(s_, s_.hook_rng, info, chain);
    if (hook_failed(got.error)) return ZetemaOutcome::Failed;
    chain = got.value && !me.hand.empty();
  }
  StepRule rule;
  if (!step_rule(FlowStep::AfterZetema, nullptr, rule)) return ZetemaOutcome::Failed;
  if (!after_draw(draw(p, cards_wanted(p, rule)))) return ZetemaOutcome::Failed;
  return chain ? ZetemaOutcome::Chain : ZetemaOutcome::Play;
}

// The after_discard step: after the discard, or where a step skipped it.
template <bool kHooks>
inline bool Flow<kHooks>::end_play(int p, bool chain) {
  if (lua_rules_ && s_.seat[p].hand.empty()) remember_move(HistoryWhat::Emptied, p);
  StepRule rule;
  if (!step_rule(FlowStep::AfterDiscard, nullptr, rule)) return false;
  if (rule.draw != DrawRule::None) {
    const size_t first = out_.size();
    const int drawn = draw(p, cards_wanted(p, rule));
    if (drawn == 1) {
      // D18: the one card drawn straight after the play, for a missed draw.
      s_.last_play_drawer = static_cast<uint8_t>(p);
      s_.last_play_drawn = out_[first].card;
    }
    if (!after_draw(drawn)) return false;
  }
  if (chain) {
    s_.phase = Phase::Chain;
    s_.turn_meld = CardSet();
    s_.discard_from_meld_now = false;
    return true;
  }
  return end_turn();
}

template <bool kHooks>
inline bool Flow<kHooks>::end_turn() {
  s_.declarations_this_turn = 0;
  s_.turn_meld = CardSet();
  s_.discard_from_meld_now = false;
  s_.marriage_this_turn = false;
  // D14: a hand ends when the stock is empty and nobody holds a card.
  bool over = s_.stock_size() == 0 && no_cards_held();
  if (hooked(Hook::HandOver)) {
    auto got = r_.hooks->hand_over(s_, s_.hook_rng, over);
    if (hook_failed(got.error)) return false;
    over = over || got.value;  // a hook can end a hand early, never prolong it
  }
  if (over) return end_hand();
  // A hook may have given the player another turn (Scored::turn).
  int next = s_.current;
  if (lua_rules_ && s_.plays_again == s_.current) {
    s_.plays_again = kNoPlayer;
  } else {
    next = s_.next_seat(s_.current);
  }
  return begin_turn(next);
}

// The hand is dealt: the game_start moment (the first hand only) and
// after_deal, then the first turn.
template <bool kHooks>
bool Flow<kHooks>::begin_hand(int first) {
  if constexpr (kHooks) {
    if (s_.hand_number == 1 && !moment(Hook::GameStart)) return false;
    if (!moment(Hook::AfterDeal)) return false;
    if (s_.over()) return true;
  }
  return begin_turn(first);
}

template <bool kHooks>
inline bool Flow<kHooks>::begin_turn(int p) {
  for (int tries = 0; tries < s_.players; ++tries, p = s_.next_seat(p)) {
    if (lua_rules_ && s_.turns_to_miss[p] > 0) miss_turns(p);
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
        remember_move(HistoryWhat::DropOut, p);
      }
      continue;
    }
    // The turn begins before its draws, so a replay shows them as part of it.
    ++s_.turn_number;
    ++s_.turns_this_hand;
    const int drawn = draw(p, wanted);
    s_.phase = Phase::Play;
    if constexpr (kHooks) {
      if (!after_draw(drawn)) return false;
      if (hooked(Hook::TurnStart)) return turn_start(p);
    }
    return true;
  }
  return end_hand();
}

template <bool kHooks>
bool Flow<kHooks>::end_hand() {
  s_.current = kNoPlayer;
  if constexpr (kHooks) {
    if (hooked(Hook::ScoreHandEnd)) {
      // End-of-hand scoring: each award a score event that can end the game.
      auto got = r_.hooks->score_hand_end(s_, s_.hook_rng);
      if (hook_failed(got.error)) return false;
      if (!act(got.value, Hook::ScoreHandEnd, RuleId::HandEndScore, DeclKind::Sequence,
               kNoPlayer)) {
        return false;
      }
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
  if (!ask_game_over(GameMoment::HandEnd, verdict, by_hook)) return false;
  if (by_hook) why = GameEndReason::Hook;
  if (verdict.over) {
    finish(verdict.winners, why, rule, by_hook);
  } else {
    s_.phase = Phase::Deal;
  }
  return true;
}

// The game_over hook's verdict in place of the rules' own, where the
// variant has one; false if it failed.
template <bool kHooks>
bool Flow<kHooks>::ask_game_over(GameMoment moment, GameVerdict& verdict, bool& by_hook) {
  if (!hooked(Hook::GameOver)) return true;
  auto got = r_.hooks->game_over(s_, s_.hook_rng, moment, verdict);
  if (hook_failed(got.error)) return false;
  verdict = got.value;
  by_hook = true;
  return true;
}

template <bool kHooks>
bool Flow<kHooks>::after_score(int side) {
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
  if (!ask_game_over(GameMoment::Score, verdict, by_hook)) return false;
  if (verdict.over) {
    finish(verdict.winners, by_hook ? GameEndReason::Hook : GameEndReason::Target, RuleId::Target,
           by_hook);
  }
  return true;
}

template <bool kHooks>
void Flow<kHooks>::finish(uint8_t winners, GameEndReason why, RuleId rule, bool by_hook) {
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
  if (rule == RuleId::Choice) e.rank = static_cast<uint8_t>(acting_choice_);
  e.by_hook = by_hook;
  emit(e);
}

}  // namespace zetema::detail

#include "engine/flow_acts_impl.h"
