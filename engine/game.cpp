#include "engine/game.h"
#include "engine/internal/apply_paths.h"

#include <algorithm>
#include <array>

#include "engine/combinations.h"
#include "engine/flow_steps.h"
#include "engine/legality.h"

namespace zetema {

namespace {

using detail::Flow;

// The copy half of transact: out of line, so the path with no hook to
// call carries none of its frame (a State copy and a rollback).
template <class Step>
[[gnu::noinline]] bool transact_on_copy(State& s, EventLog& out, const EventObserver* observe,
                                        std::optional<ScriptError>& error, Step&& step) {
  State work = s;
  const size_t mark = out.size();
  Flow<true> flow(work, out, observe);
  if (!step(flow, work)) {
    out.resize(mark);
    error = std::move(flow.error);
    return false;
  }
  flow.settle();  // a choice a hook offered is put to its player
  s = std::move(work);
  return true;
}

// Whether a declaration can call no hook but its scoring one: none of the
// hooks the steps after the score ask (game_over after it, flow_step, then
// the turn's end and the next turn's start) is defined.
bool only_scoring_hook(const RuleHooks& h) {
  return !h.defines(Hook::HandOver) && !h.defines(Hook::GameOver) && !h.defines(Hook::FlowStep) &&
         !h.defines(Hook::ScoreHandEnd) && !h.defines(Hook::TurnStart) &&
         !h.defines(Hook::StockEmpty);
}

// A declaration whose one possible hook is its scoring hook, which
// Flow::declare calls before it changes anything: played on the state
// itself, no copy. A failed hook has changed nothing but the generator
// behind math.random, which is put back. A hook that moves cards could
// fail after the score is kept: that declaration is played again on a
// copy (the hook asked again, with the same generator, answers the same).
[[gnu::noinline]] bool declare_in_place(State& s, const Action& a, EventLog& out,
                                        const EventObserver* observe,
                                        std::optional<ScriptError>& error) {
  const Rng rng = s.hook_rng;
  Flow<true> flow(s, out, observe);
  flow.in_place = true;
  if (flow.declare(a)) {
    flow.settle();
    return true;
  }
  s.hook_rng = rng;
  if (flow.needs_copy) {
    return transact_on_copy(s, out, observe, error,
                            [&](Flow<true>& on_copy, State&) { return on_copy.declare(a); });
  }
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
    Flow<false> flow(s, out, observe);
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
  s.shown = CardSet();
  s.zetema_count = 0;
  s.lifted = CardSet();
  s.imperial_marriages = 0;
  s.assemblies = 0;
  s.turns_this_hand = 0;
  s.hand_score = {};
  s.declarations_this_turn = 0;
  s.turn_meld = CardSet();
  s.discard_from_meld_now = false;
  s.marriage_this_turn = false;
  s.last_play_drawer = kNoPlayer;
  s.turns_to_miss = {};
  s.plays_again = kNoPlayer;
  s.reversed = false;
  s.offer = Offer{};
  s.waiting_count = 0;
  std::copy(deck.begin(), deck.end(), s.deck.begin());
  s.dealer = static_cast<uint8_t>(dealer);

  // Each event built in the log itself, not built and then copied in.
  Event& start = out.emplace_back();
  start.type = EventType::HandStart;
  start.player = s.dealer;
  if (observe) (*observe)(s, start);
  // D2, rules-site.txt: "dealt to players randomly one card at a time":
  // the k-th seat from the dealer's left gets cards k, k + n, k + 2n, ...
  // of the deck, dealt here seat by seat.
  const int each = s.rules->hand_size[s.players];
  const int n = s.players;
  int p = dealer;
  for (int k = 0; k < n; ++k) {
    p = s.next_seat(p);
    CountedCards& hand = s.seat[p].hand;
    const Card* card = &s.deck[static_cast<size_t>(k)];
    for (int round = 0; round < each; ++round, card += n) {
      hand.insert_new(*card);  // a whole pack: each card once
    }
  }
  s.next_draw = static_cast<uint8_t>(each * n);
  for (int k = 0; k < n; ++k) {
    p = s.next_seat(p);
    Event& e = out.emplace_back();
    e.type = EventType::Deal;
    e.player = static_cast<uint8_t>(p);
    e.cards = s.seat[p].hand;
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
      h->defines(Hook::ScoreHandEnd) || h->defines(Hook::TurnStart) ||
      h->defines(Hook::StockEmpty)) {
    return true;
  }
  if (a.type == ActionType::Choose) return true;  // the choice's own function
  if (a.type == ActionType::Declare) {
    const int kind = static_cast<int>(a.kind) - kBuiltinKinds;
    return h->defines(Hook::ScoreDeclaration) || h->defines(Hook::ScoreMarriages) ||
           (kind >= 0 && h->defines_kind(kind, KindHook::Score));
  }
  // A discard calls the zetema hooks only if it completes a zetema.
  return s.pile_size[a.card.rank()] == kCardsPerRank - 1 &&
         (h->defines(Hook::ScoreZetema) || h->defines(Hook::AfterZetema));
}

std::string set_up_table(State& s, const Ruleset& rules, const GameSetup& setup) {
  const int n = setup.players;
  if (n < kMinPlayers || n > kMaxPlayers) {
    return "Zetema is played by 2 to 6 players, not " + std::to_string(n);
  }
  if (std::string why = check_ruleset(rules); !why.empty()) {
    return "variant " + rules.id + ": " + why;
  }
  const Partnerships mode = setup.partnerships.value_or(rules.partnerships[n]);
  const Partnerships usual = rules.partnerships[n];
  // D17: pairs at 4 and 6, or two teams of three at 6.
  if (mode == Partnerships::Pairs && n != 4 && n != 6) {
    return "partnerships in pairs need 4 or 6 players";
  }
  if (mode == Partnerships::TeamsOfThree && (n != 6 || !rules.teams_of_three_allowed)) {
    return n != 6 ? "teams of three need 6 players"
                  : "variant " + rules.id + " does not allow teams of three";
  }
  if (mode == Partnerships::Off && usual != Partnerships::Off && rules.partnerships_compulsory) {
    return "variant " + rules.id + " makes partnerships compulsory at " + std::to_string(n) +
           " players (D17)";
  }
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
  return {};
}

NewGame new_game(const Ruleset& rules, const GameSetup& setup) {
  NewGame g;
  g.error = set_up_table(g.state, rules, setup);
  g.ok = g.error.empty();
  return g;
}

namespace {

// Deals `deck`; `checked`: whether the deck must first be checked to be
// the whole pack (false only for a ShuffledPack of the rules' suit).
ApplyResult deal_deck(State& s, std::span<const Card> deck, int dealer, EventLog& out,
                      const EventObserver* observe, bool checked) {
  if (s.phase != Phase::Deal) return ApplyResult::refuse("a hand is already in play");
  if (dealer < 0 || dealer >= s.players) {
    return ApplyResult::refuse("dealer must be a seat from 1 to " + std::to_string(s.players));
  }
  const Ruleset& r = *s.rules;
  if (deck.size() != kDeckSize) {
    return ApplyResult::refuse("a deck has 65 cards, got " + std::to_string(deck.size()));
  }
  if (checked && !is_whole_pack(deck, r.imperial_suit)) return pack_refusal(deck, r.imperial_suit);

  // The first turn's flow_step hook may fail (or, were no one able to
  // play, the end of the hand's): then the deal is refused.
  const bool hooks = r.hooks && r.hooks->defines_any();
  std::optional<ScriptError> error;
  const bool dealt = transact(s, out, observe, hooks, error, [&](auto& flow, State& w) {
    start_hand(w, deck, dealer, out, observe);
    // rummy-site.txt: "The player left of the dealer gets the first turn."
    const int first = r.first_player == FirstPlayer::DealerLeft ? w.next_seat(dealer) : dealer;
    return flow.begin_hand(first);
  });
  if (dealt) return {};
  return hook_failure(std::move(error));
}

}  // namespace

ApplyResult deal(State& s, std::span<const Card> deck, int dealer, EventLog& out,
                 const EventObserver* observe) {
  return deal_deck(s, deck, dealer, out, observe, true);
}

ApplyResult deal(State& s, const ShuffledPack& pack, int dealer, EventLog& out,
                 const EventObserver* observe) {
  // A pack of another suit is not this game's: checked, and refused.
  return deal_deck(s, pack.cards(), dealer, out, observe,
                   pack.imperial() != s.rules->imperial_suit);
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
  return detail::apply_table_legal(s, a, out, observe);
}

ApplyResult detail::apply_table_legal(State& s, const Action& a, EventLog& out,
                                      const EventObserver* observe) {
  const RuleHooks* hooks = s.rules->hooks.get();
  if (a.type == ActionType::Choose) return apply_listed(s, a, out, observe);
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
  return detail::play_listed_inline(s, a, out, error, observe);
}

bool detail::play_with_hooks(State& s, const Action& a, EventLog& out,
                             std::optional<ScriptError>& error, const EventObserver* observe) {
  const bool hooks = may_call_hook(s, a);
  if (hooks && a.type == ActionType::Declare && only_scoring_hook(*s.rules->hooks)) {
    return declare_in_place(s, a, out, observe, error);
  }
  if (a.type == ActionType::Choose) {
    return transact_on_copy(s, out, observe, error,
                            [&](Flow<true>& flow, State&) { return flow.choose(a); });
  }
  return transact(s, out, observe, hooks, error, [&](auto& flow, State&) {
    return a.type == ActionType::Discard ? flow.discard(a.card) : flow.declare(a);
  });
}

ApplyResult apply_listed(State& s, const Action& a, EventLog& out, const EventObserver* observe) {
  std::optional<ScriptError> error;
  if (detail::play_listed_inline(s, a, out, error, observe)) return {};
  return hook_failure(std::move(error));
}

}  // namespace zetema
