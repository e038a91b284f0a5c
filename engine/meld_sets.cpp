#include "engine/meld_sets.h"

#include <algorithm>
#include <array>
#include <bit>

#include "engine/combinations.h"

namespace zetema {

namespace {

// The sets tried so far, against kMaxMeldSets.
class Tries {
 public:
  bool take() { return ++tried_ <= kMaxMeldSets; }

 private:
  int tried_ = 0;
};

// The rank masks of the runs of `len` ranks the variant counts (D3): the
// rotations of the `len` lowest ranks that is_sequence accepts and `present`
// holds whole, each once (with 13 ranks every rotation is the same mask).
int held_runs(uint32_t present, int len, const Ruleset& r, std::array<uint32_t, kRanks>& out) {
  if (len > kRanks) return 0;
  const uint32_t low = (uint32_t{1} << len) - 1;
  int n = 0;
  for (int shift = 0; shift < kRanks; ++shift) {
    const uint32_t run = ((low << shift) | (low >> (kRanks - shift))) & 0x1fffu;
    if ((present & run) != run || !is_sequence(run, len, r)) continue;
    if (std::find(out.begin(), out.begin() + n, run) == out.begin() + n) out[n++] = run;
  }
  return n;
}

// Every set of one held card of each rank in `run` (each rank held).
bool add_runs(CardSet held, uint32_t run, Tries& tries, std::vector<CardSet>& out) {
  std::array<std::array<Card, kSuits + 1>, kRanks> of_rank{};  // + the imperial copy
  std::array<int, kRanks> count{};
  int ranks = 0;
  for (int rank = 0; rank < kRanks; ++rank) {
    if (!(run >> rank & 1u)) continue;
    (held & CardSet::whole_rank(rank)).for_each([&](Card c) {
      of_rank[ranks][count[ranks]++] = c;
    });
    ++ranks;
  }
  std::array<int, kRanks> pick{};  // an odometer: one digit a rank
  for (;;) {
    if (!tries.take()) return false;
    CardSet set;
    for (int i = 0; i < ranks; ++i) set.insert(of_rank[i][pick[i]]);
    out.push_back(set);
    int i = ranks - 1;
    while (i >= 0 && ++pick[i] == count[i]) pick[i--] = 0;
    if (i < 0) return true;
  }
}

// Every set of `len` of `suit_cards` (one suit's held cards) that is not
// also a run: add_runs made those.
bool add_flushes(CardSet suit_cards, int len, const Ruleset& r, Tries& tries,
                 std::vector<CardSet>& out) {
  std::array<Card, 2 * kRanks> cards{};
  int n = 0;
  suit_cards.for_each([&](Card c) { cards[n++] = c; });
  if (n < len) return true;
  std::array<int, 2 * kRanks> idx{};  // the chosen positions, rising
  for (int i = 0; i < len; ++i) idx[i] = i;
  for (;;) {
    if (!tries.take()) return false;
    CardSet set;
    for (int i = 0; i < len; ++i) set.insert(cards[idx[i]]);
    const uint32_t ranks = set.rank_mask();
    if (std::popcount(ranks) != len || !is_sequence(ranks, len, r)) out.push_back(set);
    int i = len - 1;
    while (i >= 0 && idx[i] == n - len + i) --i;
    if (i < 0) return true;
    ++idx[i];
    for (int j = i + 1; j < len; ++j) idx[j] = idx[j - 1] + 1;
  }
}

// Sets of one size in the order of their cards: the first card in one and
// not the other decides.
bool before_in_card_order(CardSet a, CardSet b) {
  const CardSet differ = a.minus(b) | b.minus(a);
  return !differ.empty() && a.contains(differ.nth(0));
}

}  // namespace

bool meld_sets(CardSet held, int len, const Ruleset& rules, std::vector<CardSet>& out) {
  out.clear();
  if (len <= 0 || held.size() < len) return true;
  Tries tries;
  std::array<uint32_t, kRanks> runs{};
  const int n_runs = held_runs(held.rank_mask(), len, rules, runs);
  bool within = true;
  for (int i = 0; within && i < n_runs; ++i) within = add_runs(held, runs[i], tries, out);
  for (int si = 0; within && si < kSuits; ++si) {
    const Suit suit = static_cast<Suit>(si);
    // D5: where an imperial flush does not count, its runs were made above.
    if (!rules.imperial_flush_allowed && suit == rules.imperial_suit) continue;
    within = add_flushes(held & CardSet::whole_suit(suit), len, rules, tries, out);
  }
  if (!within) {
    out.clear();
    return false;
  }
  std::sort(out.begin(), out.end(), before_in_card_order);
  return true;
}

}  // namespace zetema
