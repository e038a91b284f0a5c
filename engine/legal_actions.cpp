// legal_actions: candidates by construction, filtered by the same
// refusal() that apply uses, then by the variant's allow_declaration hook.
#include <algorithm>
#include <vector>

#include "engine/combinations.h"
#include "engine/game.h"
#include "engine/legality.h"

namespace zetema {

namespace {

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
std::optional<ScriptError> custom_candidates(const State& s, std::vector<Action>& out) {
  std::vector<CardSet> sets;
  for (size_t k = 0; k < s.rules->kinds.size(); ++k) {
    if (auto err = find_kind_sets(s, static_cast<int>(k), sets)) return err;
    const auto kind = static_cast<DeclKind>(kBuiltinKinds + static_cast<int>(k));
    for (const CardSet& cards : sets) out.push_back(Action::declare(kind, cards));
  }
  return std::nullopt;
}

// Discards: any held card, unless an exposed card or the meld just declared
// restricts them (refusal() says which), or the allow_discard hook vetoes it.
std::optional<ScriptError> discard_candidates(const State& s, std::vector<Action>& out) {
  const PlayerState& me = s.seat[s.current];
  const bool restricted =
      !me.exposed.empty() || (s.phase == Phase::AfterDeclare && s.discard_from_meld_now);
  const size_t first = out.size();
  if (restricted) {
    me.hand.for_each([&](Card c) {
      const Action a = Action::discard(c);
      if (refusal(s, a).empty()) out.push_back(a);
    });
  } else {
    // Every held card: written in place, the one list every turn builds.
    out.resize(first + static_cast<size_t>(me.hand.size()));
    size_t i = first;
    me.hand.for_each([&](Card c) { out[i++] = Action::discard(c); });
  }
  RuleHooks* hooks = s.rules->hooks.get();
  if (!hooks || !hooks->defines(Hook::AllowDiscard)) return std::nullopt;
  // The hook is asked once a card; a veto of every card is lifted, as in
  // ask_discard_hook.
  size_t kept = first;
  for (size_t i = first; i < out.size(); ++i) {
    Rng scratch = s.hook_rng;
    auto verdict = hooks->allow_discard(s, scratch, out[i].card);
    if (verdict.error) {
      out.resize(first);
      return verdict.error;
    }
    if (verdict.value.allowed) out[kept++] = out[i];
  }
  if (kept > first) out.resize(kept);
  return std::nullopt;
}

// Whether `held` can hold a meld of `len` cards at all: `len` cards of one
// suit, or a run of `len` consecutive ranks (the ace also above the king
// where it may be high). Bit operations on the hand, so the turns that have
// no meld -- nearly all -- list none without trying a subset.
bool meld_possible(CardSet held, int len, const Ruleset& r) {
  if (r.wraparound) return true;  // runs round the corner: no cheap screen
  for (int n : held.suit_counts()) {
    if (n >= len) return true;
  }
  const uint32_t ranks = held.rank_mask();
  uint32_t run = ranks | (r.ace_high_in_sequence && (ranks & 1u) ? 1u << kRanks : 0u);
  for (int i = 1; i < len && run != 0; ++i) run &= run >> 1;
  return run != 0;
}

// Every subset of `held` with exactly `len` cards, as sequence/flush candidates.
void meld_candidates(const State& s, CardSet held, int len, std::vector<Action>& out) {
  const int n = held.size();
  if (len <= 0 || n < len) return;
  const Ruleset& r = *s.rules;
  if (!meld_possible(held, len, r)) return;
  if (n == len) {  // the usual case: the meld is the whole hand
    add_meld(held, r, out);
    return;
  }
  Card cards[kDeckSize];
  int k = 0;
  held.for_each([&](Card c) { cards[k++] = c; });
  int idx[kDeckSize];
  for (int i = 0; i < len; ++i) idx[i] = i;
  for (;;) {
    CardSet pick;
    for (int i = 0; i < len; ++i) pick.insert(cards[idx[i]]);
    add_meld(pick, r, out);
    int i = len - 1;
    while (i >= 0 && idx[i] == n - len + i) --i;
    if (i < 0) break;
    ++idx[i];
    for (int j = i + 1; j < len; ++j) idx[j] = idx[j - 1] + 1;
  }
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

// Every set of marriages from the kings and queens in hand and on the
// tableau: per suit, a choice of none or of pairs (the imperial suit has two
// copies, so one pair in any of four ways, or both pairs).
void marriage_candidates(const State& s, CardSet held, std::vector<Action>& out) {
  const Ruleset& r = *s.rules;
  // D8: at least one card from hand, so some held king or queen must have a
  // partner in hand or on the tableau; most turns stop here.
  const CardSet pool = held | s.tableau();
  const uint32_t held_kq = held.suits_with(kRankKing) | held.suits_with(kRankQueen);
  if ((held_kq & pool.suits_with(kRankKing) & pool.suits_with(kRankQueen)) == 0) return;
  CardSet kq_in_hand;
  for (int si = 0; si < kSuits; ++si) {
    for (int copy = 0; copy < 2; ++copy) {
      for (int rank : {kRankKing, kRankQueen}) {
        const Card c(rank, static_cast<Suit>(si), copy);
        if (held.contains(c)) kq_in_hand.insert(c);
      }
    }
  }
  // Per suit: none, one pair (2 x 2 ways in the imperial suit), or both pairs.
  struct Options {
    std::array<CardSet, 6> sets{};
    int n = 1;  // sets[0] is "no marriage in this suit"
  };
  std::array<Options, kSuits> options{};
  for (int si = 0; si < kSuits; ++si) {
    const Suit suit = static_cast<Suit>(si);
    const int copies = suit == r.imperial_suit ? 2 : 1;
    CardSet both;
    int kings = 0, queens = 0;
    for (int kc = 0; kc < copies; ++kc) {
      const Card k(kRankKing, suit, kc);
      if (!pool.contains(k)) continue;
      ++kings;
      both.insert(k);
      for (int qc = 0; qc < copies; ++qc) {
        const Card q(kRankQueen, suit, qc);
        if (!pool.contains(q)) continue;
        CardSet pair;
        pair.insert(k);
        pair.insert(q);
        options[si].sets[options[si].n++] = pair;
      }
    }
    for (int qc = 0; qc < copies; ++qc) {
      if (pool.contains(Card(kRankQueen, suit, qc))) {
        ++queens;
        both.insert(Card(kRankQueen, suit, qc));
      }
    }
    if (kings == 2 && queens == 2) options[si].sets[options[si].n++] = both;
  }
  for (int c = 0; c < options[0].n; ++c) {
    for (int d = 0; d < options[1].n; ++d) {
      for (int h = 0; h < options[2].n; ++h) {
        for (int sp = 0; sp < options[3].n; ++sp) {
          const CardSet all =
              options[0].sets[c] | options[1].sets[d] | options[2].sets[h] | options[3].sets[sp];
          if (!all.empty() && !(all & kq_in_hand).empty()) {
            out.push_back(Action::declare(DeclKind::Marriages, all));
          }
        }
      }
    }
  }
}

}  // namespace

std::optional<ScriptError> legal_actions(const State& s, std::vector<Action>& out) {
  out.clear();
  if (s.phase != Phase::Play && s.phase != Phase::AfterDeclare && s.phase != Phase::Chain) {
    return std::nullopt;
  }
  const Ruleset& r = *s.rules;
  const PlayerState& me = s.seat[s.current];
  std::optional<ScriptError> hook_error;

  if (s.phase != Phase::Chain && s.declarations_this_turn < r.max_declarations_per_turn &&
      (s.stock_size() > 0 || r.declare_after_stock_empty)) {
    // Candidates go straight into `out`, then are filtered in place.
    meld_candidates(s, me.hand, me.short_by > 0 ? 0 : r.meld_length(s.players), out);
    if (r.kind_enabled(DeclKind::Assembly)) assembly_candidates(me.hand, r.imperial_suit, out);
    if (r.kind_enabled(DeclKind::Marriages)) marriage_candidates(s, me.hand, out);
    if (!r.kinds.empty()) {
      if (auto err = custom_candidates(s, out)) {
        out.clear();
        return err;
      }
    }
    const bool ask_hook = r.hooks && r.hooks->defines(Hook::AllowDeclaration);
    size_t kept = 0;
    for (size_t i = 0; i < out.size(); ++i) {
      const Action& a = out[i];
      if (!candidate_allowed(s, a)) continue;
      if (ask_hook) {
        Rng scratch = s.hook_rng;
        auto verdict = ask_allow_hook(s, scratch, a);
        if (verdict.error) {
          if (!hook_error) hook_error = verdict.error;
          continue;
        }
        if (!verdict.value.allowed) continue;
      }
      out[kept++] = a;
    }
    out.resize(kept);
  }

  if (auto err = discard_candidates(s, out)) {
    out.clear();
    return err;
  }
  return hook_error;
}

}  // namespace zetema
