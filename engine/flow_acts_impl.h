// What hooks do besides answering, for the turn's steps (engine/flow_steps.h):
// awards, effects that move cards, changes to the order of play, and the
// moments at which a variant's hooks may act. Included only by
// engine/flow_steps_impl.h.
#pragma once

#include "engine/choices.h"
#include "engine/effects.h"
#include "engine/flow_steps.h"

namespace zetema::detail {

// A card an effect moved, named only where it came from or went to a
// public place: the history holds what every seat saw.
template <bool kHooks>
void Flow<kHooks>::remember_effect(const Moved& m, int player) {
  if constexpr (!kHooks) {
    return;  // Flow<false> calls no hook: nothing to do
  } else {
    if (!lua_rules_) return;
    PublicMove pm;
    pm.what = HistoryWhat::Moved;
    pm.player = static_cast<uint8_t>(player);
    pm.card =
        static_cast<uint8_t>(is_public(m.from) || is_public(m.to) ? m.card.code() : Card().code());
    pm.count = 1;
    pm.from = static_cast<uint8_t>(static_cast<int>(m.from.zone) * 16 + m.from.seat);
    pm.to = static_cast<uint8_t>(static_cast<int>(m.to.zone) * 16 + m.to.seat);
    pm.hand = s_.hand_number;
    pm.turn = s_.turn_number;
    s_.moves.push(pm);
  }
}

// A choice put to its player or picked, for the history hooks read: the
// option only where every seat saw it, so a card picked from the chooser's
// hand stays the chooser's secret, as the moves' hidden cards do.
inline void remember_choice(State& s, const Event& e) {
  HistoryEntry h;
  h.what = e.type == EventType::Offer ? HistoryWhat::Offer : HistoryWhat::Choice;
  h.hand = s.hand_number;
  h.turn = s.turn_number;
  h.player = e.player;
  h.side = e.side;
  h.rank = e.rank;
  h.reason = e.reason;
  if (e.type == EventType::Choice) {
    const ChoiceDef& c = s.rules->choices[e.rank];
    h.points = e.bonus;
    if (c.options == OptionKind::Cards && is_public(Place{c.zone, 0})) h.cards.insert(e.card);
  }
  h.moves_before = static_cast<uint32_t>(s.moves.size());
  s.history.push(h);
}

template <bool kHooks>
bool Flow<kHooks>::act(const Acts& acts, Hook hook, RuleId rule, DeclKind kind, int player) {
  if constexpr (!kHooks) {
    return true;  // Flow<false> calls no hook: nothing to do
  } else {
    for (const Award& a : acts.awards) {
      if (s_.over()) return true;
      if (!award(a, hook, rule, kind)) return false;
    }
    if (s_.over()) return true;
    if (!acts.effects.empty() && !apply_effects(acts, hook, rule, kind, player)) return false;
    if (s_.over()) return true;
    if (acts.offer >= 0 && !queue_offer(acts, hook, kind, player)) return false;
    if (acts.turn.change == TurnChange::None) return true;
    if (acts.turn.change == TurnChange::Again && player >= s_.players) {
      error =
          hook_error(hook, kind, "turn.again needs a player whose turn it is; there is none here");
      return false;
    }
    control_turn(acts.turn, player, hook, rule, kind);
    return true;
  }
}

// A choice a hook offered, waiting until the action is over (settle). One
// a choice's function offers comes next: it goes on with the same decision.
template <bool kHooks>
bool Flow<kHooks>::queue_offer(const Acts& acts, Hook hook, DeclKind kind, int player) {
  if constexpr (!kHooks) {
    return true;  // Flow<false> calls no hook: nothing to do
  } else {
    const std::string name = r_.choices[static_cast<size_t>(acts.offer)].name;
    if (s_.waiting_count == kMaxWaitingOffers) {
      error = hook_error(hook, kind,
                         "offers " + name + " with " + std::to_string(kMaxWaitingOffers) +
                             " choices waiting already: at most " +
                             std::to_string(kMaxWaitingOffers) + " wait at once");
      return false;
    }
    const int who = acts.offer_to >= 0 ? acts.offer_to : player;
    if (who >= s_.players) {
      error = hook_error(
          hook, kind,
          "offers " + name +
              " with no player to decide: name one (offer = {choice = ..., player = n})");
      return false;
    }
    const int chained = acting_choice_ >= 0 ? acting_chained_ + 1 : 0;
    if (chained > kMaxChainedChoices) {
      error = hook_error(hook, kind,
                         "offers " + name + " as choice " + std::to_string(chained) +
                             " in a row offered by a choice's apply: at most " +
                             std::to_string(kMaxChainedChoices) +
                             "; choices that offer choices again and again stop here");
      return false;
    }
    const WaitingOffer w{static_cast<uint8_t>(acts.offer), static_cast<uint8_t>(who),
                         static_cast<uint8_t>(chained), acts.reason};
    auto& q = s_.waiting;
    if (acting_choice_ >= 0) {
      std::copy_backward(q.begin(), q.begin() + s_.waiting_count, q.begin() + s_.waiting_count + 1);
      q[0] = w;
    } else {
      q[s_.waiting_count] = w;
    }
    ++s_.waiting_count;
    return true;
  }
}

// At the end of an action: the first waiting choice that has options is
// put to its player, an event.
template <bool kHooks>
void Flow<kHooks>::settle() {
  if constexpr (!kHooks) {
    return;  // Flow<false> calls no hook: nothing to do
  } else {
    while (s_.phase != Phase::Choice && s_.waiting_count > 0 && !s_.over()) {
      const WaitingOffer w = s_.waiting[0];
      std::copy(s_.waiting.begin() + 1, s_.waiting.begin() + s_.waiting_count, s_.waiting.begin());
      --s_.waiting_count;
      s_.offer = Offer{};
      s_.offer.choice = w.choice;
      s_.offer.chooser = w.chooser;
      s_.offer.chained = w.chained;
      s_.offer.reason = w.reason;
      if (!put_offer(s_)) continue;
      Event e;
      e.type = EventType::Offer;
      e.player = w.chooser;
      e.side = s_.side_of[e.player];
      e.rank = w.choice;
      e.reason = w.reason;
      e.rule = RuleId::Choice;
      e.by_hook = true;
      remember_choice(s_, e);
      emit(e);
    }
    if (s_.over()) s_.waiting_count = 0;
  }
}

// The option picked (an event), the phase and player put back, then what
// the choice's function does with it.
template <bool kHooks>
bool Flow<kHooks>::choose(const Action& a) {
  if constexpr (!kHooks) {
    return true;  // Flow<false> calls no hook: nothing to do
  } else {
    const Offer o = s_.offer;
    s_.offer = Offer{};
    Event e;
    e.type = EventType::Choice;
    e.player = o.chooser;
    e.side = s_.side_of[o.chooser];
    e.rank = o.choice;
    e.card = a.card;
    e.bonus = a.value;
    e.rule = RuleId::Choice;
    e.by_hook = true;
    remember_choice(s_, e);
    emit(e);
    s_.phase = o.resume_phase;
    s_.current = o.resume_current;
    auto got = r_.hooks->choose(s_, s_.hook_rng, a, o.chooser);
    if (hook_failed(got.error)) return false;
    acting_choice_ = o.choice;
    acting_chained_ = o.chained;
    const bool ok = act(got.value, Hook::Count, RuleId::Choice, DeclKind::Sequence, o.chooser);
    acting_choice_ = -1;
    if (!ok) return false;
    if (!in_play(s_.phase) || !s_.seat[s_.current].hand.empty()) return true;
    const SourceLocation at = r_.hooks->where_choice(o.choice);
    error = ScriptError{ScriptError::Kind::Runtime, at.file, at.line,
                        "choices." + r_.choices[o.choice].name + " leaves " +
                            player_name(s_.current) + ", whose turn it is, no card to play"};
    return false;
  }
}

template <bool kHooks>
SourceLocation Flow<kHooks>::hook_at(Hook h, DeclKind kind) const {
  if constexpr (!kHooks) {
    return {};  // Flow<false> calls no hook: nothing to do
  } else {
    if (h != Hook::Count) return r_.hooks->where(h);
    if (acting_choice_ >= 0) return r_.hooks->where_choice(acting_choice_);
    return r_.hooks->where_kind(static_cast<int>(kind) - kBuiltinKinds, KindHook::Score);
  }
}

template <bool kHooks>
ScriptError Flow<kHooks>::hook_error(Hook h, DeclKind kind, std::string message) const {
  if constexpr (!kHooks) {
    return {};  // Flow<false> calls no hook: nothing to do
  } else {
    const SourceLocation at = hook_at(h, kind);
    return ScriptError{ScriptError::Kind::Runtime, at.file, at.line, std::move(message)};
  }
}

// A hook's effects in order, each an event citing the hook; the first that
// cannot be done stops the action (the engine drops its copy of the state).
template <bool kHooks>
bool Flow<kHooks>::apply_effects(const Acts& acts, Hook hook, RuleId rule, DeclKind kind,
                                 int player) {
  if constexpr (!kHooks) {
    return true;  // Flow<false> calls no hook: nothing to do
  } else {
    const std::string who = hook != Hook::Count ? std::string(hook_name(hook))
                            : acting_choice_ >= 0
                                ? "choices." + r_.choices[static_cast<size_t>(acting_choice_)].name
                                : "the kind's points function";
    CardSet moved;
    for (size_t i = 0; i < acts.effects.size(); ++i) {
      const Effect& fx = acts.effects[i];
      auto fail = [&](const std::string& why) {
        error = hook_error(hook, kind, who + " effect " + std::to_string(i + 1) + ": " + why);
        return false;
      };
      Event e;
      e.player = static_cast<uint8_t>(player < s_.players ? player : kNoPlayer);
      e.side = player < s_.players ? s_.side_of[player] : uint8_t{0xff};
      e.kind = kind;
      e.reason = fx.reason.empty() ? acts.reason : fx.reason;
      e.rule = rule;
      if (rule == RuleId::Choice) e.rank = static_cast<uint8_t>(acting_choice_);
      e.by_hook = true;
      e.hook = hook;
      e.to = fx.to;
      if (fx.kind == Effect::Kind::Shuffle) {
        if (std::string why = apply_shuffle(s_, fx); !why.empty()) return fail(why);
        e.type = EventType::Shuffle;
        emit(e);
        continue;
      }
      if (fx.pick == Effect::Pick::Named && moved.contains(fx.card)) {
        return fail(to_string(fx.card) + " is moved twice by one hook");
      }
      const bool had_stock = s_.stock_size() > 0;
      Moved done;
      const int actor = player < s_.players ? player : s_.dealer;
      if (std::string why = apply_move(s_, fx, actor, done); !why.empty()) return fail(why);
      if (moved.contains(done.card))
        return fail(to_string(done.card) + " is moved twice by one hook");
      moved.insert(done.card);
      e.type = EventType::Move;
      e.card = done.card;
      e.from = done.from;
      emit(e);
      remember_effect(done, player);
      if (had_stock && s_.stock_size() == 0 && !moment(Hook::StockEmpty)) return false;
      if (s_.over()) return true;
    }
    // apply_move keeps every card in one place; checked, as a broken table
    // would be worse than a refused action.
    if (std::string why = card_accounting(s_); !why.empty()) {
      error = hook_error(hook, kind, who + "'s effects broke the table: " + why);
      return false;
    }
    return true;
  }
}

// The moment's hook, where the variant has one, and what it does.
template <bool kHooks>
bool Flow<kHooks>::moment(Hook h) {
  if constexpr (!kHooks) {
    return true;  // Flow<false> calls no hook: nothing to do
  } else {
    if (!hooked(h)) return true;
    // A safety net, not a rule: a hook's own effects cannot empty the stock
    // they filled ("moved twice" refuses it first), so moments nest two deep
    // at most today; the bound keeps any later way in from recursing.
    constexpr int kMaxDepth = 4;
    if (moment_depth_ >= kMaxDepth) {
      error = hook_error(h, DeclKind::Sequence,
                         std::string(hook_name(h)) + " set off by effects " +
                             std::to_string(kMaxDepth) + " deep: effects that empty the stock " +
                             "again and again stop here");
      return false;
    }
    ++moment_depth_;
    auto got = r_.hooks->moment(s_, s_.hook_rng, h);
    const bool ok = !hook_failed(got.error) &&
                    act(got.value, h, RuleId::Moment, DeclKind::Sequence, s_.current);
    --moment_depth_;
    return ok;
  }
}

// The turn_start moment: its hook may move cards, but must leave the
// player whose turn it is a card to play.
template <bool kHooks>
bool Flow<kHooks>::turn_start(int p) {
  if constexpr (!kHooks) {
    return true;  // Flow<false> calls no hook: nothing to do
  } else {
    if (!moment(Hook::TurnStart)) return false;
    if (s_.over() || !s_.seat[p].hand.empty()) return true;
    error = hook_error(Hook::TurnStart, DeclKind::Sequence,
                       "turn_start leaves " + player_name(p) +
                           ", whose turn it is, no card to play (move a card to the hand, or none "
                           "out of it)");
    return false;
  }
}

}  // namespace zetema::detail
