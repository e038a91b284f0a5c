#include "engine/legality.h"

#include "engine/choices.h"

#include <algorithm>

#include "engine/combinations.h"
#include "engine/event.h"

namespace zetema {

namespace {

std::string not_held(const State& s, Card c) {
  return "card " + to_string(c) + " is not in " + player_name(s.current) + "'s hand";
}

// The checks of a declaration that depend on this hand's history, not on
// what the cards are (legal_actions builds candidates that pass the rest).

// D11: the cards shared with the player's last scored sequence or flush.
std::string reuse_refusal(const State& s, const Action& a) {
  const Ruleset& r = *s.rules;
  if (!r.reuse_limit) return {};
  const int shared = (a.cards & s.seat[s.current].last_meld).size();
  if (shared <= *r.reuse_limit) return {};
  return "shares " + std::to_string(shared) +
         " cards with your last scored sequence or flush; at most " +
         std::to_string(*r.reuse_limit) + " may be used again (reuse_limit, D11)";
}

// D23: an assembly once per rank per hand. `ranks`: the assembly's rank as a mask.
bool assembled_this_hand(const State& s, uint32_t ranks) {
  return (s.assemblies & ranks) != 0;
}

std::string assembly_once_refusal(const State& s, int rank) {
  if (!assembled_this_hand(s, 1u << rank)) return {};
  return std::string("the assembly of ") + rank_char(rank) +
         "s was already declared this hand (D23)";
}

// D18: an exposed card must be the card played; where a marriage replaces
// the play, it must then hold the exposed card.
bool leaves_exposed_card(const State& s, const Action& a) {
  const PlayerState& me = s.seat[s.current];
  return !me.exposed.empty() && s.rules->marriage_mode == MarriageMode::InsteadOfPlay &&
         (a.cards & me.exposed).empty();
}

// D8 and D18: the cards a set of marriages needs from hand.
std::string marriage_hand_refusal(const State& s, const Action& a) {
  const PlayerState& me = s.seat[s.current];
  std::string why = check_marriage_hand_cards(a.cards, a.cards & me.hand, *s.rules);
  if (!why.empty()) return why;
  if (leaves_exposed_card(s, a)) {
    return "the exposed card " + to_string(me.exposed) + " must be played this turn (D18)";
  }
  return {};
}

std::string meld_refusal(const State& s, const Action& a) {
  const Ruleset& r = *s.rules;
  const PlayerState& me = s.seat[s.current];
  const int len = r.meld_length(s.players);
  if (len == 0) {
    return "sequences and flushes are off with " + std::to_string(r.hand_size[s.players]) +
           "-card hands (short_hand_melds = none, D6)";
  }
  if (me.short_by > 0) return "a short hand can never score a sequence or flush (D18)";
  if (a.cards.size() != len) {
    return "a " + std::string(to_string(a.kind)) + " has exactly " + std::to_string(len) +
           " cards here, got " + std::to_string(a.cards.size()) + " (meld_len, D6)";
  }
  const MeldCategories cats = classify_meld(a.cards, r);
  if (!is_highest_category(a.kind, cats, r)) {
    if (a.kind == DeclKind::FlushSequence && !r.flush_sequence_points) {
      return "this variant has no flush-sequence category (points.flush_sequence, D4)";
    }
    if (a.kind != DeclKind::Sequence && !r.imperial_flush_allowed &&
        single_suit(a.cards) == r.imperial_suit) {
      return "imperial flushes do not count in this variant (imperial_flush_allowed, D5)";
    }
    if (cats.any()) {
      const DeclKind best = best_category(cats, r);
      return "these cards make a " + std::string(to_string(best)) + " (" +
             std::to_string(meld_points(best, r)) +
             "); a declaration takes the highest category (D4, D24)";
    }
    return to_string(a.cards) + " is not a " + std::string(to_string(a.kind));
  }
  return reuse_refusal(s, a);
}

std::string assembly_refusal(const State& s, const Action& a) {
  const std::vector<Card> cards = a.cards.cards();
  if (cards.size() != kCardsPerRank) {
    return "an assembly is the five cards of one rank, got " + std::to_string(cards.size());
  }
  const int rank = cards.front().rank();
  for (Card c : cards) {
    if (c.rank() != rank) return "an assembly is five cards of one rank";
  }
  return assembly_once_refusal(s, rank);
}

std::string marriage_refusal(const State& s, const Action& a) {
  const Ruleset& r = *s.rules;
  const PlayerState& me = s.seat[s.current];
  const MarriageSet ms = read_marriages(a.cards, r.imperial_suit);
  if (!ms.valid) return ms.why;
  const CardSet table = s.tableau();
  std::string missing;
  a.cards.for_each([&](Card c) {
    if (missing.empty() && !me.hand.contains(c) && !table.contains(c)) {
      missing = "card " + to_string(c) + " is neither in " + player_name(s.current) +
                "'s hand nor on the tableau";
    }
  });
  if (!missing.empty()) return missing;
  return marriage_hand_refusal(s, a);
}

// A variant's own kind: the cards must be held, or on the tableau where the
// kind uses it, with one at least from hand. Whether they make the kind is
// the finder's to say (kind_refusal, which calls it).
std::string custom_kind_refusal(const State& s, const Action& a, const KindDef& def) {
  const PlayerState& me = s.seat[s.current];
  std::string why;
  a.cards.for_each([&](Card c) {
    if (!why.empty() || me.hand.contains(c) || (def.tableau && s.table.contains(c))) return;
    why = def.tableau ? "card " + to_string(c) + " is neither in " + player_name(s.current) +
                            "'s hand nor on the tableau"
                      : not_held(s, c);
  });
  if (why.empty() && (a.cards & me.hand).empty()) {
    why = "a " + def.name + " needs a card from " + player_name(s.current) + "'s hand";
  }
  return why;
}

std::string declare_refusal(const State& s, const Action& a) {
  const Ruleset& r = *s.rules;
  if (!r.kind_enabled(a.kind)) {
    if (static_cast<int>(a.kind) < kBuiltinKinds) {
      return "this variant has no " + std::string(to_string(a.kind)) + " (kinds." +
             std::string(to_string(a.kind)) + " = false)";
    }
    return "this variant defines no kind " + std::to_string(static_cast<int>(a.kind));
  }
  if (s.phase == Phase::Chain) {
    return "in the two-player chain each step is a discard only (two_player_chain, D15)";
  }
  if (s.declarations_this_turn >= r.max_declarations_per_turn) {
    return "only " + std::to_string(r.max_declarations_per_turn) +
           " declaration(s) a turn (max_declarations_per_turn, D19)";
  }
  if (s.stock_size() == 0 && !r.declare_after_stock_empty) {
    return "no declarations once the stock is empty (declare_after_stock_empty, D13)";
  }
  if (const KindDef* def = r.custom_kind(a.kind)) return custom_kind_refusal(s, a, *def);
  if (a.kind != DeclKind::Marriages) {
    std::string not_mine;
    a.cards.for_each([&](Card c) {
      if (not_mine.empty() && !s.seat[s.current].hand.contains(c)) not_mine = not_held(s, c);
    });
    if (!not_mine.empty()) return not_mine;
  }
  switch (a.kind) {
    case DeclKind::Assembly:
      return assembly_refusal(s, a);
    case DeclKind::Marriages:
      return marriage_refusal(s, a);
    default:
      return meld_refusal(s, a);
  }
}

std::string discard_refusal(const State& s, const Action& a) {
  const PlayerState& me = s.seat[s.current];
  if (!me.hand.contains(a.card)) {
    if (!in_deck(a.card, s.rules->imperial_suit)) return "that is not a card of this pack";
    return not_held(s, a.card);
  }
  if (!me.exposed.empty() && !me.exposed.contains(a.card)) {
    return "the exposed card " + to_string(me.exposed) + " must be played first (D18)";
  }
  if (s.phase == Phase::AfterDeclare && s.discard_from_meld_now && !s.turn_meld.empty() &&
      !s.turn_meld.contains(a.card) && me.exposed.empty()) {
    return "after a declaration the discard must be one of its cards (discard_from_meld, D12)";
  }
  return {};
}

}  // namespace

bool candidate_allowed(const State& s, const Action& a) {
  if (s.rules->custom_kind(a.kind)) return true;  // the finder's sets are checked when found
  switch (a.kind) {
    case DeclKind::Assembly:
      return !assembled_this_hand(s, a.cards.rank_mask());
    case DeclKind::Marriages:
      return marriages_allowed(s, a.cards);
    default:
      return reuse_refusal(s, a).empty();
  }
}

bool marriages_allowed(const State& s, CardSet cards) {
  return marriage_hand_cards_ok(cards, cards & s.seat[s.current].hand, *s.rules) &&
         !leaves_exposed_card(s, Action::declare(DeclKind::Marriages, cards));
}

std::string refusal(const State& s, const Action& a) {
  if (a.type == ActionType::Choose) return choice_refusal(s, a);
  if (s.phase == Phase::Choice) {
    const std::string name = s.rules->choices[s.offer.choice].name;
    return player_name(s.current) + " must first pick an option of " + name + " (choose " + name +
           " ...)";
  }
  switch (s.phase) {
    case Phase::Deal:
      return "no hand is in play: the next hand must be dealt";
    case Phase::GameOver:
      return "the game is over";
    default:
      break;
  }
  if (a.type == ActionType::Discard) return discard_refusal(s, a);
  return declare_refusal(s, a);
}

DeclarationInfo declaration_info(const State& s, const Action& a) {
  const Ruleset& r = *s.rules;
  DeclarationInfo d;
  d.player = s.current;
  d.kind = a.kind;
  d.cards = a.cards;
  if (a.kind == DeclKind::Marriages) {
    const MarriageSet ms = read_marriages(a.cards, r.imperial_suit);
    const MarriagePoints mp = marriage_points(ms.count, ms.imperial, s.imperial_marriages, r);
    d.marriages = ms.count;
    d.imperial = ms.imperial;
    d.imperial_before = s.imperial_marriages;
    d.base = mp.base;
    d.bonus = mp.bonus;
    d.table_points = mp.total();
  } else if (const KindDef* def = r.custom_kind(a.kind)) {
    d.table_points = def->points;
  } else if (a.kind == DeclKind::Assembly) {
    d.table_points = r.assembly_value(a.cards.cards().front().rank());
  } else {
    d.table_points = meld_points(a.kind, r);
  }
  return d;
}

TablePoints declaration_table_points(const State& s, const Action& a, const DeclarationInfo& info) {
  TablePoints t;
  t.points = info.table_points;
  if (a.kind == DeclKind::Marriages) {
    if (s.rules->penalties_1881 && !(a.cards & s.seat[s.current].exposed).empty()) {
      t.points = 0;  // D18: an exposed "winning card" loses its score
      t.rule = RuleId::Penalties1881;
      return t;
    }
    t.rule = RuleId::MarriageBase;
    t.bonus = info.bonus;
  } else if (s.rules->custom_kind(a.kind)) {
    t.rule = RuleId::KindPoints;
  } else if (a.kind == DeclKind::Assembly) {
    t.rule = RuleId::AssemblyPoints;
  } else {
    t.rule = a.kind == DeclKind::Sequence ? RuleId::SequencePoints
             : a.kind == DeclKind::Flush  ? RuleId::FlushPoints
                                          : RuleId::FlushSequencePoints;
  }
  return t;
}

TablePoints zetema_table_points(const State& s, int rank, bool was_exposed) {
  const Ruleset& r = *s.rules;
  TablePoints t{r.zetema_value(rank), 0, RuleId::ZetemaPoints};
  const bool king_or_queen = rank == kRankKing || rank == kRankQueen;
  if (r.kq_zetema_requires_assembly && king_or_queen && !(s.assemblies & (1u << rank))) {
    // D10: book-1881.txt, a K or Q trick "only" after an assembly.
    t = {0, 0, RuleId::KqZetemaRequiresAssembly};
  }
  if (r.penalties_1881 && was_exposed) {
    t = {0, 0, RuleId::Penalties1881};  // D18: an exposed winning card loses its score
  }
  return t;
}

HookReturn<AllowVerdict> ask_allow_hook(const State& s, Rng& rng, const Action& a) {
  const Ruleset& r = *s.rules;
  if (!r.hooks || !r.hooks->defines(Hook::AllowDeclaration)) return {};
  return r.hooks->allow_declaration(s, rng, declaration_info(s, a));
}

namespace {

HookReturn<AllowVerdict> ask_discard_once(const State& s, Card card) {
  Rng scratch = s.hook_rng;  // asking never changes the game
  return s.rules->hooks->allow_discard(s, scratch, card);
}

}  // namespace

HookReturn<AllowVerdict> ask_discard_hook(const State& s, Card card) {
  const Ruleset& r = *s.rules;
  if (!r.hooks || !r.hooks->defines(Hook::AllowDiscard)) return {};
  HookReturn<AllowVerdict> verdict = ask_discard_once(s, card);
  if (verdict.error || verdict.value.allowed) return verdict;
  // A veto that leaves no card the tables allow is lifted: a turn must end.
  bool other = false;
  std::optional<ScriptError> error;
  s.seat[s.current].hand.for_each([&](Card c) {
    if (other || error || c == card || !refusal(s, Action::discard(c)).empty()) return;
    HookReturn<AllowVerdict> v = ask_discard_once(s, c);
    error = v.error;
    other = v.value.allowed;
  });
  if (error) return {{}, error};
  if (!other) verdict.value = AllowVerdict{};
  return verdict;
}

std::optional<ScriptError> find_kind_sets(const State& s, int kind, std::vector<CardSet>& out) {
  out.clear();
  const Ruleset& r = *s.rules;
  const KindDef& def = r.kinds[static_cast<size_t>(kind)];
  Rng scratch = s.hook_rng;  // finding never changes the game
  auto got = r.hooks->find_kind(s, scratch, kind);
  if (got.error) return got.error;
  const Action probe = Action::declare(static_cast<DeclKind>(kBuiltinKinds + kind), CardSet());
  for (const CardSet& cards : got.value) {
    Action a = probe;
    a.cards = cards;
    std::string why = cards.empty() ? "an empty set of cards" : custom_kind_refusal(s, a, def);
    if (!why.empty()) {
      const SourceLocation at = r.hooks->where_kind(kind, KindHook::Find);
      return ScriptError{ScriptError::Kind::Runtime, at.file, at.line,
                         "kinds." + def.name + ".find returned " + to_string(cards) + ": " + why};
    }
    if (std::find(out.begin(), out.end(), cards) == out.end()) out.push_back(cards);
  }
  return std::nullopt;
}

}  // namespace zetema
