#include "engine/mc_bot.h"

#include <algorithm>
#include <vector>

#include "engine/game.h"
#include "engine/internal/apply_paths.h"
#include "engine/internal/listing.h"

namespace zetema {

State determinize(const State& s, Rng& rng) {
  State d = s;
  const int me = s.current;
  // What each player is known to hold: his exposed cards (D18) and the cards
  // of the sequence or flush he last declared that he still holds -- a
  // declaration shows the cards and returns them to the hand (D21), and a
  // played card never comes back.
  std::array<CardSet, kMaxPlayers> known{};
  for (int p = 0; p < s.players; ++p)
    known[p] = s.seat[p].exposed | (s.seat[p].last_meld & s.seat[p].hand);
  // What the current player cannot see: every card not in his hand, not
  // face up (tableau, marriage pile, the cards an effect showed), not known
  // to be held, and not turned in a zetema pile (a card an effect lifted
  // from one is back in play, unseen).
  CardSet seen = s.hand(me) | s.tableau() | s.shown | s.in_zetema_piles();
  for (int i = 0; i < s.marriage_pile_size; ++i) seen.insert(s.marriage_pile[i]);
  for (int p = 0; p < s.players; ++p) seen = seen | known[p];
  const auto deck = full_deck(s.rules->imperial_suit);
  std::array<Card, kDeckSize> hidden;
  size_t count = 0;
  for (Card c : deck) {
    if (!seen.contains(c)) hidden[count++] = c;
  }
  rng.shuffle(std::span<Card>(hidden.data(), count));
  size_t next = 0;
  for (int p = 0; p < s.players; ++p) {
    if (p == me) continue;
    const PlayerState& real = s.seat[p];
    CardSet hand = known[p];
    for (int k = hand.size(); k < real.hand.size(); ++k) hand.insert(hidden[next++]);
    d.seat[p].hand = hand;
  }
  for (int i = s.next_draw; i < kDeckSize; ++i) d.deck[static_cast<size_t>(i)] = hidden[next++];
  return d;
}

namespace {

class MonteCarloBot final : public Bot {
 public:
  explicit MonteCarloBot(const MonteCarloOptions& o) : o_(o), greedy_(make_bot("greedy")) {}
  std::string_view name() const override { return "mc"; }

  size_t choose(const State& s, const LegalActions& legal, Rng& rng) override {
    if (legal.size() == 1) return 0;
    // The budget shared among the actions, but at least one playout each.
    const int per_action = std::max(1, o_.playouts / static_cast<int>(legal.size()));
    const int horizon = o_.horizon_turns > 0 ? o_.horizon_turns : 2 * s.players;
    size_t best = 0;
    double best_mean = -1e18;
    for (size_t i = 0; i < legal.size(); ++i) {
      double total = 0;
      for (int k = 0; k < per_action; ++k) total += playout(s, legal[i], horizon, rng);
      const double mean = total / per_action;
      if (mean > best_mean) {
        best_mean = mean;
        best = i;
      }
    }
    return best;
  }

 private:
  // My side's points gained minus the best other side's, after `a` and
  // `horizon` more turns of greedy play in one sampled world.
  double playout(const State& s, const Action& a, int horizon, Rng& rng) {
    State w = determinize(s, rng);
    const int side = s.side(s.current);
    const std::array<int32_t, kMaxPlayers> before = s.score;
    events_.clear();
    // Listed for `s`: the tables allow it in every world of the seat's view.
    if (!detail::apply_table_legal(w, a, events_).ok) return -1e9;
    const uint32_t stop_turn = s.turn_number + static_cast<uint32_t>(horizon);
    while (!w.over() && w.phase != Phase::Deal && w.turn_number < stop_turn) {
      if (detail::list_legal(w, legal_) || legal_.empty()) break;
      const size_t pick = greedy_->choose(w, legal_, rng);
      events_.clear();
      if (!apply_listed(w, legal_[pick], events_).ok) break;
    }
    double mine = w.score[side] - before[side];
    double others = 0;
    for (int o = 0; o < w.sides; ++o) {
      if (o != side) others = std::max(others, static_cast<double>(w.score[o] - before[o]));
    }
    return mine - others;
  }

  MonteCarloOptions o_;
  std::unique_ptr<Bot> greedy_;
  LegalActions legal_;
  EventLog events_;
};

}  // namespace

std::unique_ptr<Bot> make_monte_carlo_bot(const MonteCarloOptions& options) {
  return std::make_unique<MonteCarloBot>(options);
}

}  // namespace zetema
