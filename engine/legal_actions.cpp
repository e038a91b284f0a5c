// legal_actions: candidates by construction, filtered by the same
// refusal() that apply uses, then by the variant's allow_declaration hook.
#include <algorithm>
#include <bit>
#include <vector>

#include "engine/choices.h"
#include "engine/combinations.h"
#include "engine/game.h"
#include "engine/internal/listing.h"
#include "engine/legality.h"
#include "engine/meld_sets.h"

namespace zetema {

namespace {

using detail::kMelds, detail::kAssemblies, detail::kMarriages;
using detail::kq_counts, detail::kq_nonzero, detail::kQueenTops, detail::marriage_possible;

// The categories `pick` makes, as candidates of the highest kind (D24).
void add_meld(CardSet pick, const Ruleset& r, std::vector<Action>& out) {
  const MeldCategories cats = classify_meld(pick, r);
  if (!cats.any()) return;
  for (DeclKind k : {DeclKind::FlushSequence, DeclKind::Flush, DeclKind::Sequence}) {
    if (is_highest_category(k, cats, r) && r.kind_enabled(k)) {
      out.push_back(Action::declare(k, pick));
    }
  }
}

// The sets each of the variant's own kinds lists.
[[gnu::noinline]] std::optional<ScriptError> custom_candidates(const State& s,
                                                               std::vector<Action>& out) {
  std::vector<CardSet> sets;
  for (size_t k = 0; k < s.rules->kinds.size(); ++k) {
    if (auto err = find_kind_sets(s, static_cast<int>(k), sets)) return err;
    const auto kind = static_cast<DeclKind>(kBuiltinKinds + static_cast<int>(k));
    for (const CardSet& cards : sets) out.push_back(Action::declare(kind, cards));
  }
  return std::nullopt;
}

// Discards where something restricts them: an exposed card or the meld just
// declared (refusal() says which), or the allow_discard hook's veto.
[[gnu::noinline]] std::optional<ScriptError> restricted_discards(const State& s, CardSet& out) {
  const PlayerState& me = s.seat[s.current];
  CardSet allowed;
  me.hand.for_each([&](Card c) {
    if (refusal(s, Action::discard(c)).empty()) allowed.insert(c);
  });
  out = allowed;
  RuleHooks* hooks = s.rules->hooks.get();
  if (!hooks || !hooks->defines(Hook::AllowDiscard)) return std::nullopt;
  // The hook is asked once a card; a veto of every card is lifted, as in
  // ask_discard_hook.
  CardSet kept;
  std::optional<ScriptError> error;
  allowed.for_each([&](Card c) {
    if (error) return;
    Rng scratch = s.hook_rng;
    auto verdict = hooks->allow_discard(s, scratch, c);
    if (verdict.error) {
      error = verdict.error;
    } else if (verdict.value.allowed) {
      kept.insert(c);
    }
  });
  if (error) {
    out = CardSet();
    return error;
  }
  if (!kept.empty()) out = kept;
  return std::nullopt;
}

// The discards: every held card -- what every turn offers -- unless
// something restricts them.
std::optional<ScriptError> discard_candidates(const State& s, CardSet& out) {
  const PlayerState& me = s.seat[s.current];
  if (!me.exposed.empty() || (s.phase == Phase::AfterDeclare && s.discard_from_meld_now) ||
      (s.rules->hooks && s.rules->hooks->defines(Hook::AllowDiscard))) {
    return restricted_discards(s, out);
  }
  out = me.hand;
  return std::nullopt;
}

// Whether `held` can hold a meld of `len` cards at all: `len` cards of one
// suit, or a run of `len` consecutive ranks. Read from the hand's running
// counts, so the turns that have no meld -- nearly all -- list none without
// trying a subset.
bool meld_possible(const CardCounts& held, int len, const Ruleset& r) {
  return MeldTest(len, r.ace_high_in_sequence, r.wraparound).possible(held);
}

// The sequences and flushes among the hand's sets of `len` cards (meld_sets:
// built, not found among every subset), as candidates; false past
// kMaxMeldSets. Out of line: rare, and its arrays and loops would cost every
// listing registers.
[[gnu::noinline]] bool melds_of_longer_hand(CardSet held, int len, const Ruleset& r,
                                            std::vector<Action>& out) {
  thread_local std::vector<CardSet> sets;  // keeps its capacity from turn to turn
  if (!meld_sets(held, len, r, sets)) return false;
  for (const CardSet pick : sets) add_meld(pick, r, out);
  return true;
}

// The sequence and flush candidates of a hand; false if there are too many
// sets to try (a hand grown far past the meld length).
bool meld_candidates(const State& s, const CountedCards& held, int len, std::vector<Action>& out) {
  const int n = held.size();
  if (len <= 0 || n < len) return true;
  const Ruleset& r = *s.rules;
  if (!meld_possible(held.counts(), len, r)) return true;
  if (n == len) {  // the usual case: the meld is the whole hand
    add_meld(held.set(), r, out);
    return true;
  }
  return melds_of_longer_hand(held.set(), len, r, out);
}

void assembly_candidates(CardSet held, Suit imperial, std::vector<Action>& out) {
  // (A variant that removed the assembly has its candidates filtered later.)
  // The ranks held in all four suits and the imperial copy.
  const uint32_t five = held.ranks_of(Suit::Clubs) & held.ranks_of(Suit::Diamonds) &
                        held.ranks_of(Suit::Hearts) & held.ranks_of(Suit::Spades) &
                        held.ranks_of(imperial, 1);
  if (five == 0) return;
  for (int rank = 0; rank < kRanks; ++rank) {
    if (!(five & (1u << rank))) continue;
    CardSet cards;
    for (int si = 0; si < kSuits; ++si) cards.insert(Card(rank, static_cast<Suit>(si)));
    cards.insert(Card(rank, imperial, 1));
    out.push_back(Action::declare(DeclKind::Assembly, cards));
  }
}

// The choices one suit offers a declaration of marriages, by which of its
// kings and queens are in the pool: none, each king with each queen (2 x 2
// ways in the imperial suit), then both pairs. Looked up, not derived, on
// every turn that may marry.
struct SuitMarriages {
  int n = 0;                       // choices, none included
  std::array<CardSet, 6> sets{};   // sets[0]: none of the suit
  std::array<uint8_t, 6> kings{};  // the kings of each: the cards it needs from hand (D8)
  // By which of the suit's kings and queens are in hand (bits as the
  // table's index), as bits over `sets`: the choices holding one of them
  // (D8: a declaration needs one), and those holding one for each of their
  // kings (D8 per_marriage: each marriage its own card from hand).
  std::array<uint8_t, 16> with_hand{};
  std::array<uint8_t, 16> own_hand_cards{};
};
// Index: bit 0 king copy 0, bit 1 king copy 1, bit 2 queen copy 0, bit 3
// queen copy 1 in the pool; copy 1 only where the suit is imperial.
using SuitMarriageTable = std::array<std::array<SuitMarriages, 16>, 2>;

constexpr SuitMarriages suit_marriages(Suit suit, bool imperial, int present) {
  SuitMarriages m;
  m.n = 1;  // none
  const int copies = imperial ? 2 : 1;
  CardSet both;
  for (int kc = 0; kc < copies; ++kc) {
    if (!(present & (1 << kc))) continue;
    both.insert(Card(kRankKing, suit, kc));
    for (int qc = 0; qc < copies; ++qc) {
      if (!(present & (4 << qc))) continue;
      CardSet pair;
      pair.insert(Card(kRankKing, suit, kc));
      pair.insert(Card(kRankQueen, suit, qc));
      m.kings[m.n] = 1;
      m.sets[m.n++] = pair;
    }
  }
  for (int qc = 0; qc < copies; ++qc) {
    if (present & (4 << qc)) both.insert(Card(kRankQueen, suit, qc));
  }
  if (imperial && present == 15) {
    m.kings[m.n] = 2;
    m.sets[m.n++] = both;
  }
  // The hand-card masks are read only for the imperial suit (suit_choices
  // tests a plain suit's one pair directly).
  for (int in_hand = 0; imperial && in_hand < 16; ++in_hand) {
    CardSet hand;
    for (int copy = 0; copy < 2; ++copy) {
      if (in_hand & (1 << copy)) hand.insert(Card(kRankKing, suit, copy));
      if (in_hand & (4 << copy)) hand.insert(Card(kRankQueen, suit, copy));
    }
    m.own_hand_cards[in_hand] = 1;  // none
    for (int j = 1; j < m.n; ++j) {
      const int from_hand = (m.sets[j] & hand).size();
      if (from_hand > 0) m.with_hand[in_hand] |= static_cast<uint8_t>(1 << j);
      if (from_hand >= m.kings[j]) m.own_hand_cards[in_hand] |= static_cast<uint8_t>(1 << j);
    }
  }
  return m;
}

constexpr std::array<SuitMarriageTable, kSuits> kSuitMarriages = [] {
  std::array<SuitMarriageTable, kSuits> t{};
  for (int s = 0; s < kSuits; ++s) {
    for (int imperial = 0; imperial < 2; ++imperial) {
      for (int present = 0; present < 16; ++present) {
        t[s][imperial][present] = suit_marriages(static_cast<Suit>(s), imperial, present);
      }
    }
  }
  return t;
}();

// Which of the imperial suit's kings and queens `cards` holds, as the
// table's index: read off the two copies' rank masks (the queen is rank
// 11, the king 12), not asked card by card.
int kq_present(CardSet cards, Suit imperial) {
  const uint32_t first = cards.ranks_of(imperial, 0) >> kRankQueen;
  const uint32_t second = cards.ranks_of(imperial, 1) >> kRankQueen;
  return static_cast<int>((first >> 1 & 1u) | (second >> 1 & 1u) << 1 | (first & 1u) << 2 |
                          (second & 1u) << 3);
}

// kq_present's index of a suit with one king and one queen (copy 0).
constexpr int kOnePair = 1 | 4;

// A suit's choices as the listing walks them: sets[j] for each bit j of
// `kept`, none (bit 0) first; `with_hand`: those holding a card from hand.
struct SuitChoices {
  const CardSet* sets;
  unsigned kept;
  unsigned with_hand;
};

// The choices of the imperial suit, by which of its two copies of king and
// queen are in hand and in the pool (hand or tableau: the two are disjoint,
// so the pool's index is the union of theirs). Under per_marriage (D8:
// each marriage its own card from hand) a set with fewer cards from hand
// than kings can be in no declaration, so it is left out here, once (the
// table's own_hand_cards), not tested in every declaration holding it. Out
// of line: most suits are not imperial.
[[gnu::noinline]] SuitChoices imperial_choices(const State& s, CardSet held, int si,
                                               bool per_marriage) {
  const auto suit = static_cast<Suit>(si);
  const int in_hand = kq_present(held, suit);
  const SuitMarriages& m = kSuitMarriages[si][1][in_hand | kq_present(s.tableau(), suit)];
  const unsigned kept = per_marriage ? m.own_hand_cards[in_hand] : (1u << m.n) - 1;
  return {m.sets.data(), kept, m.with_hand[in_hand] & kept};
}

// The choices of suit `si`, which has a king and a queen in hand or on the
// tableau. A suit other than the imperial has one copy of each, so its one
// pair; per_marriage leaves it out if neither card is in hand (D8).
SuitChoices suit_choices(const State& s, CardSet held, int si, bool per_marriage) {
  if (static_cast<Suit>(si) == s.rules->imperial_suit) {
    return imperial_choices(s, held, si, per_marriage);
  }
  const SuitMarriages& m = kSuitMarriages[si][0][kOnePair];
  const bool from_hand = !(m.sets[1] & held).empty();
  if (per_marriage && !from_hand) return {m.sets.data(), 1, 0};
  return {m.sets.data(), 3, from_hand ? 2u : 0u};
}

// What every declaration listed from one position shares.
struct MarriageListing {
  const State& s;
  CardSet held;
  bool exposed;  // D18: an exposed card (imported games only) must be among the cards
  std::vector<Action>& out;

  // `cards`, which hold a card from hand (D8), if they hold the exposed card.
  void offer(CardSet cards) const {
    if (!exposed || marriages_allowed(s, cards)) {
      out.push_back(Action::declare(DeclKind::Marriages, cards));
    }
  }
  // Every choice of one of each of `Suits` suits' choices added to
  // `before`, the first suit outermost and none first, so the later suits
  // vary fastest: the order the lists have always had (bots pick by
  // index). One loop a suit, unrolled at compile time. The last suit
  // offers only the choices that leave a card from hand in the set
  // (`from_hand`: `before` holds one), so no set without one is made.
  template <int Suits>
  void combine(const SuitChoices* suits, CardSet before, bool from_hand) const {
    if constexpr (Suits == 1) {
      for (unsigned k = from_hand ? suits->kept : suits->with_hand; k != 0; k &= k - 1) {
        offer(before | suits->sets[std::countr_zero(k)]);
      }
    } else {
      for (unsigned k = suits->kept; k != 0; k &= k - 1) {
        const int j = std::countr_zero(k);
        combine<Suits - 1>(suits + 1, before | suits->sets[j],
                           from_hand || (suits->with_hand >> j & 1u));
      }
    }
  }
};

// The marriages of two or more suits with a king and a queen in hand or on
// the tableau (`paired`: kq_nonzero's queen bits), clubs first: every
// choice of none or one set of each. Out of line: a third of the turns
// that may marry, and its frame would cost the others.
[[gnu::noinline]] void marriages_of_several_suits(const MarriageListing& listing, uint32_t paired,
                                                  bool per_marriage) {
  SuitChoices suits[kSuits];
  int n = 0;
  for (; paired != 0; paired &= paired - 1) {
    suits[n] = suit_choices(listing.s, listing.held, std::countr_zero(paired) / 8, per_marriage);
    if (suits[n].kept != 1) ++n;  // a suit that offers none alone adds nothing
  }
  switch (n) {
    case 1:
      return listing.combine<1>(suits, CardSet(), false);
    case 2:
      return listing.combine<2>(suits, CardSet(), false);
    case 3:
      return listing.combine<3>(suits, CardSet(), false);
    case 4:
      return listing.combine<4>(suits, CardSet(), false);
    default:  // per_marriage: no suit has a set with its cards from hand
      return;
  }
}

// Every set of marriages from the kings and queens in hand and on the
// tableau that may be declared: per suit, clubs first, a choice of none or
// of one of its sets (the imperial suit has two copies, so one pair in any
// of four ways, or both pairs). Called where marriage_possible said yes.
void marriage_candidates(const State& s, const CountedCards& held_counted,
                         std::vector<Action>& out) {
  const bool per_marriage = s.rules->marriage_hand_card == MarriageHandCard::PerMarriage;
  const MarriageListing listing{s, held_counted.set(), !s.seat[s.current].exposed.empty(), out};
  // The suits with a king and a queen in hand or on the tableau.
  const uint32_t in_pool =
      kq_nonzero(kq_counts(held_counted.counts()) + kq_counts(s.table.counts()));
  const uint32_t paired = in_pool & in_pool >> 4 & kQueenTops;
  if (paired == 0) return;  // (marriage_possible said there is one)
  if ((paired & (paired - 1)) != 0) {
    marriages_of_several_suits(listing, paired, per_marriage);
    return;
  }
  // The usual case, one suit: its sets with a card from hand.
  const SuitChoices one = suit_choices(s, listing.held, std::countr_zero(paired) / 8, per_marriage);
  listing.combine<1>(&one, CardSet(), false);
}

// Keeps the candidates the allow_declaration hook allows, asking it once
// each in order; a candidate whose call failed is dropped, and the first
// failure returned.
[[gnu::noinline]] std::optional<ScriptError> filter_by_allow_hook(const State& s,
                                                                  std::vector<Action>& out) {
  std::optional<ScriptError> hook_error;
  size_t kept = 0;
  for (const Action& a : out) {
    Rng scratch = s.hook_rng;
    auto verdict = ask_allow_hook(s, scratch, a);
    if (verdict.error) {
      if (!hook_error) hook_error = verdict.error;
      continue;
    }
    if (verdict.value.allowed) out[kept++] = a;
  }
  out.resize(kept);
  return hook_error;
}

// The built-in kinds' candidates of the kinds `admits` names, built into
// `out` and checked: the melds and assemblies by candidate_allowed, the
// marriages as they are made. `meld_len` is the meld length this turn.
// False, with `out` as it was, if the hand has too many sets to try.
bool builtin_candidates(const State& s, unsigned admits, int meld_len, std::vector<Action>& out) {
  const PlayerState& me = s.seat[s.current];
  if ((admits & kMelds) && !meld_candidates(s, me.hand, meld_len, out)) return false;
  if (admits & kAssemblies) assembly_candidates(me.hand, s.rules->imperial_suit, out);
  if (!out.empty()) {
    size_t kept = 0;
    for (const Action& a : out) {
      if (candidate_allowed(s, a)) out[kept++] = a;
    }
    out.resize(kept);
  }
  if (admits & kMarriages) marriage_candidates(s, me.hand, out);
  return true;
}

// The engine's own limit on a listing (meld_sets.h): the turn's
// declarations are not listed, and the game cannot go on by its bots.
[[gnu::noinline]] ScriptError too_many_meld_sets(const State& s, int meld_len) {
  return ScriptError{ScriptError::Kind::Limit, "", 0,
                     player_name(s.current) + " holds " +
                         std::to_string(s.seat[s.current].hand.size()) + " cards: more than " +
                         std::to_string(kMaxMeldSets) + " sets of " + std::to_string(meld_len) +
                         " to try as sequences and flushes (the variant lets a hand grow far "
                         "past the meld length)"};
}

// The declarations: candidates built into `out`, then filtered in place by
// the checks construction leaves out and the allow_declaration hook. An
// error of a kind's finder is fatal (`out` cleared, `fatal` set); one of the
// hook drops only the candidates it was asked about (the first is returned);
// a hand with too many sets to try lists none (its limit error returned).
std::optional<ScriptError> declaration_candidates(const State& s, std::vector<Action>& out,
                                                  bool& fatal) {
  const Ruleset& r = *s.rules;
  const PlayerState& me = s.seat[s.current];
  const CardCounts& held = me.hand.counts();
  unsigned admits = kMelds;  // meld_candidates screens them itself
  if (r.kind_enabled(DeclKind::Assembly) && held.has_whole_rank()) admits |= kAssemblies;
  if (r.kind_enabled(DeclKind::Marriages) && marriage_possible(held, s.table.counts())) {
    admits |= kMarriages;
  }
  const int meld_len = me.short_by > 0 ? 0 : r.meld_length(s.players);
  if (!builtin_candidates(s, admits, meld_len, out)) return too_many_meld_sets(s, meld_len);
  // A variant's own kinds are allowed as found.
  if (!r.kinds.empty()) {
    if (auto err = custom_candidates(s, out)) {
      out.clear();
      fatal = true;
      return err;
    }
  }
  if (out.empty()) return std::nullopt;  // most turns: nothing to declare
  if (!r.hooks || !r.hooks->defines(Hook::AllowDeclaration)) return std::nullopt;
  return filter_by_allow_hook(s, out);
}

// The discards after a declaration listing that returned an error (the
// allow hook's): out of line, so the path every turn takes builds no error.
[[gnu::noinline]] std::optional<ScriptError> discards_after_error(
    const State& s, LegalActions& out, std::optional<ScriptError> error) {
  CardSet discards;
  if (auto err = discard_candidates(s, discards)) {
    out.clear();
    return err;
  }
  out.set_discards(discards);
  return error;
}

// The listing of a turn the plan screened (no exposed card, no variant
// kind, no allow hook) whose counts admit a declaration: list_in_full's
// steps without what the plan already settled.
std::optional<ScriptError> list_admitted(const State& s, LegalActions& out, unsigned admits) {
  const PlayerState& me = s.seat[s.current];
  std::vector<Action>& declarations = out.declarations_to_fill();
  // D13, D19: the per-turn limit, and declarations once the stock is out.
  if (s.declarations_this_turn < s.listing.max_declarations &&
      (s.stock_size() > 0 || s.rules->declare_after_stock_empty)) {
    if (admits == kMarriages) {  // the usual case: builtin_candidates' last step alone
      marriage_candidates(s, me.hand, declarations);
    } else if (!builtin_candidates(s, admits, s.listing.meld_length, declarations)) {
      out.set_discards(me.hand);
      return too_many_meld_sets(s, s.listing.meld_length);
    }
  }
  out.set_discards(me.hand);
  return std::nullopt;
}

// The whole listing, for the turns the screen lets through.
[[gnu::noinline]] std::optional<ScriptError> list_in_full(const State& s, LegalActions& out) {
  out.clear();
  if (s.phase == Phase::Choice) {  // the options of the choice put now (engine/choices.h)
    list_choice(s, out.declarations_to_fill());
    out.set_discards(CardSet());
    return std::nullopt;
  }
  if (!in_play(s.phase)) {
    return std::nullopt;
  }
  const Ruleset& r = *s.rules;
  if (s.phase != Phase::Chain && s.declarations_this_turn < r.max_declarations_per_turn &&
      (s.stock_size() > 0 || r.declare_after_stock_empty)) {
    bool fatal = false;
    if (auto err = declaration_candidates(s, out.declarations_to_fill(), fatal)) {
      // A finder's error ends the listing; the allow hook's is returned
      // with the rest of the list.
      if (fatal) return err;
      return discards_after_error(s, out, std::move(err));
    }
  }
  CardSet discards;
  if (auto err = discard_candidates(s, discards)) {
    out.clear();
    return err;
  }
  out.set_discards(discards);
  return std::nullopt;
}

}  // namespace

ListingPlan listing_plan(const Ruleset& r, int players) {
  ListingPlan plan;
  plan.screened = r.kinds.empty() && !(r.hooks && r.hooks->defines(Hook::AllowDiscard));
  plan.assembly = r.kind_enabled(DeclKind::Assembly);
  plan.marriages = r.kind_enabled(DeclKind::Marriages);
  const bool melds = r.kind_enabled(DeclKind::Sequence) || r.kind_enabled(DeclKind::Flush) ||
                     r.kind_enabled(DeclKind::FlushSequence);
  plan.meld_length = static_cast<uint8_t>(melds ? r.meld_length(players) : 0);
  plan.melds = MeldTest(plan.meld_length, r.ace_high_in_sequence, r.wraparound);
  plan.max_declarations = static_cast<uint8_t>(std::clamp(r.max_declarations_per_turn, 0, 255));
  plan.allow_hook = r.hooks && r.hooks->defines(Hook::AllowDeclaration);
  return plan;
}

namespace detail {

// A turn the screen left: the whole listing where the plan does not settle
// it (an exposed card, the meld that must supply the discard, an allow
// hook), else the declarations of the kinds the counts admit, then the
// discards.
std::optional<ScriptError> list_past_screen(const State& s, LegalActions& out, int screened) {
  if (screened == kListInFull) return list_in_full(s, out);
  return list_admitted(s, out, static_cast<unsigned>(screened));
}

}  // namespace detail

std::optional<ScriptError> legal_actions(const State& s, LegalActions& out) {
  return detail::list_legal(s, out);
}

std::optional<ScriptError> legal_actions(const State& s, std::vector<Action>& out) {
  LegalActions list;
  auto err = legal_actions(s, list);
  out = list.to_vector();
  return err;
}

}  // namespace zetema
