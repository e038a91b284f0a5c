#include "engine/bots.h"

#include "engine/game.h"

namespace zetema {

int immediate_points(const State& s, const Action& a) {
  // Apply to a copy and read only this action's own score events: its
  // declaration, or the zetema its discard completes. Draws and later turns
  // in the copy are not looked at.
  State copy = s;
  EventLog events;
  if (!apply(copy, a, events).ok) return 0;
  int points = 0;
  for (const Event& e : events) {
    if (e.type == EventType::Draw || e.type == EventType::HandEnd) break;
    if ((e.type == EventType::Declare || e.type == EventType::Zetema) && e.player == s.current) {
      points += e.points;
    }
  }
  return points;
}

namespace {

class RandomBot final : public Bot {
 public:
  std::string_view name() const override { return "random"; }
  size_t choose(const State&, std::span<const Action> legal, Rng& rng) override {
    return rng.below(static_cast<uint32_t>(legal.size()));
  }
};

// How much a held card is worth keeping: what it may still make.
int keep_value(const State& s, Card c) {
  const Ruleset& r = *s.rules;
  const CardSet hand = s.hand(s.current);
  int value = 0;
  int same_suit = 0, same_rank = 0, near = 0;
  hand.for_each([&](Card o) {
    if (o == c) return;
    if (o.suit() == c.suit()) ++same_suit;
    if (o.rank() == c.rank()) ++same_rank;
    const int d = o.rank() > c.rank() ? o.rank() - c.rank() : c.rank() - o.rank();
    if (d > 0 && d <= 2) ++near;
  });
  value += same_suit * 2 + near * 2 + same_rank * 3;
  if (c.suit() == r.imperial_suit) value += 1;  // sackson.txt: the imperial suit pays
  if (c.rank() == kRankKing || c.rank() == kRankQueen) {
    // A possible marriage: the partner in hand or on the tableau.
    const int partner = c.rank() == kRankKing ? kRankQueen : kRankKing;
    const CardSet pool = hand | s.tableau();
    for (int copy = 0; copy < 2; ++copy) {
      if (pool.contains(Card(partner, c.suit(), copy))) value += 6;
    }
  }
  // Discarding the fourth card of a rank sets up the next player's zetema.
  if (s.pile_size[c.rank()] == kCardsPerRank - 2) value += 3 + r.zetema_value(c.rank()) / 5;
  return value;
}

class GreedyBot final : public Bot {
 public:
  std::string_view name() const override { return "greedy"; }
  size_t choose(const State& s, std::span<const Action> legal, Rng&) override {
    size_t best = 0;
    int best_points = -1;
    int best_keep = 1 << 30;
    for (size_t i = 0; i < legal.size(); ++i) {
      const Action& a = legal[i];
      const bool declares = a.type == ActionType::Declare;
      // Only a discard that completes a zetema can score; skip the preview otherwise.
      const bool may_score = declares || s.pile_size[a.card.rank()] == kCardsPerRank - 1;
      const int points = may_score ? immediate_points(s, a) : 0;
      const int keep = declares ? 0 : keep_value(s, a.card);
      if (points > best_points || (points == best_points && keep < best_keep)) {
        best = i;
        best_points = points;
        best_keep = keep;
      }
    }
    return best;
  }
};

}  // namespace

std::unique_ptr<Bot> make_bot(std::string_view name) {
  if (name == "random") return std::make_unique<RandomBot>();
  if (name == "greedy") return std::make_unique<GreedyBot>();
  return nullptr;
}

std::vector<std::string> bot_names() {
  return {"random", "greedy"};
}

}  // namespace zetema
