#include "engine/ismcts_bot.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "engine/game.h"
#include "engine/internal/apply_paths.h"
#include "engine/internal/listing.h"
#include "engine/mc_bot.h"

namespace zetema {

std::array<double, kMaxPlayers> win_chances(const State& s) {
  std::array<double, kMaxPlayers> v{};
  const int sides = std::max<int>(1, s.sides);
  if (s.over()) {
    const uint8_t won = s.winners & static_cast<uint8_t>((1u << sides) - 1);
    const int n = std::popcount(won);
    for (int side = 0; side < sides; ++side) {
      v[side] = n == 0 ? 1.0 / sides : ((won >> side) & 1u) / static_cast<double>(n);
    }
    return v;
  }
  const Ruleset& r = *s.rules;
  const std::optional<int> target = r.target[s.players];
  const bool race = target && *target > 0 && r.game_length == GameLength::UntilTarget;
  // The points each side stands from the target (or, with none, its score
  // against a scale of 100), through a softmax.
  const double scale = race ? std::max(10.0, *target / 4.0) : 25.0;
  std::array<double, kMaxPlayers> x{};
  double top = -1e300;
  for (int side = 0; side < sides; ++side) {
    const double need = race ? std::max(0, *target - s.score[side]) : -s.score[side];
    x[side] = -need / scale;
    top = std::max(top, x[side]);
  }
  double total = 0;
  for (int side = 0; side < sides; ++side) total += v[side] = std::exp(x[side] - top);
  for (int side = 0; side < sides; ++side) v[side] /= total;
  return v;
}

namespace {

struct Node {
  Action action;
  int32_t first_child = -1;
  int32_t next_sibling = -1;
  uint32_t visits = 0;
  uint32_t available = 0;  // iterations in which its action was legal
  double value = 0;        // summed win chance of the side that chose it
  uint8_t side = 0;
};

// One search: its tree and the buffers its iterations reuse.
class Search {
 public:
  explicit Search(const SearchOptions& o) : o_(o), greedy_(make_bot("greedy")) {}

  SearchResult run(const State& s, const LegalActions& legal, Rng& rng) {
    nodes_.clear();
    nodes_.emplace_back();
    error_.reset();
    searcher_ = s.current;
    SearchResult out;
    for (int i = 0; i < o_.iterations; ++i) {
      if (!iterate(s, legal, rng)) {
        out.error = error_;
        return out;
      }
    }
    out.actions.resize(legal.size());
    for (size_t i = 0; i < legal.size(); ++i) out.actions[i].action = legal[i];
    for (int32_t c = nodes_[0].first_child; c >= 0; c = nodes_[c].next_sibling) {
      for (ActionValue& a : out.actions) {
        if (a.action == nodes_[c].action) {
          a.visits = static_cast<int>(nodes_[c].visits);
          a.win_chance = nodes_[c].visits ? nodes_[c].value / nodes_[c].visits : 0;
        }
      }
    }
    // The most visited, then the better valued.
    for (size_t i = 1; i < out.actions.size(); ++i) {
      const ActionValue& a = out.actions[i];
      const ActionValue& best = out.actions[out.chosen];
      if (a.visits > best.visits || (a.visits == best.visits && a.win_chance > best.win_chance)) {
        out.chosen = i;
      }
    }
    return out;
  }

 private:
  // One iteration: a world, a walk down the tree, one node added, a
  // rollout, the values backed up. False when a hook failed (error_).
  bool iterate(const State& s, const LegalActions& root_legal, Rng& rng) {
    State w = determinize(s, rng);
    path_.clear();
    int32_t node = 0;
    bool at_root = true;
    while (!w.over() && in_play(w.phase)) {
      const LegalActions* list = &root_legal;
      if (!at_root) {
        if (auto e = detail::list_legal(w, legal_)) return failed(*e);
        if (legal_.empty()) break;
        list = &legal_;
      }
      const int32_t child = pick_child(node, w, *list, rng);
      if (child < 0) break;  // the tree is full here: roll out
      events_.clear();
      const Action a = nodes_[child].action;
      // At the root the action was listed for the seat's own position: the
      // tables allow it in every world of its view (mc_bot.cpp).
      const ApplyResult r =
          at_root ? detail::apply_table_legal(w, a, events_) : apply_listed(w, a, events_);
      if (r.script) return failed(*r.script);
      // An allow hook may read the sampled hands and refuse here what the
      // seat's own listing allowed: this world is not played out.
      if (!r.ok) return true;
      path_.push_back(child);
      at_root = false;
      const bool expanded = nodes_[child].visits == 0;
      node = child;
      if (expanded) break;
    }
    if (!rollout(w, rng)) return false;
    const std::array<double, kMaxPlayers> v = win_chances(w);
    ++nodes_[0].visits;
    for (int32_t n : path_) {
      ++nodes_[n].visits;
      nodes_[n].value += v[nodes_[n].side];
    }
    return true;
  }

  // The child of `node` to follow in world `w`: an action legal here that
  // has no node yet (added, chosen at random), else the best by UCB1 over
  // the children legal here. -1 when none can be followed.
  int32_t pick_child(int32_t node, const State& w, const LegalActions& list, Rng& rng) {
    untried_.clear();
    const bool restricted = w.current == searcher_ && !o_.forbidden_kind.empty();
    for (size_t i = 0; i < list.size(); ++i) {
      const Action a = list[i];
      if (restricted && forbidden(a, *w.rules)) continue;
      bool found = false;
      for (int32_t c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling) {
        if (nodes_[c].action == a) {
          ++nodes_[c].available;
          found = true;
          break;
        }
      }
      if (!found) untried_.push_back(a);
    }
    if (!untried_.empty() && nodes_.size() < o_.max_nodes) {
      const Action a = untried_[rng.below(static_cast<uint32_t>(untried_.size()))];
      Node n;
      n.action = a;
      n.side = static_cast<uint8_t>(w.side(w.current));
      n.available = 1;
      n.next_sibling = nodes_[node].first_child;
      nodes_.push_back(n);
      const auto id = static_cast<int32_t>(nodes_.size() - 1);
      nodes_[node].first_child = id;
      return id;
    }
    int32_t best = -1;
    double best_score = -1e300;
    for (int32_t c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling) {
      const Node& n = nodes_[c];
      if (n.visits == 0 || !legal_here(n.action, list)) continue;
      const double score = n.value / n.visits +
                           o_.exploration * std::sqrt(std::log(static_cast<double>(n.available)) /
                                                      static_cast<double>(n.visits));
      if (score > best_score) {
        best_score = score;
        best = c;
      }
    }
    return best;
  }

  bool forbidden(const Action& a, const Ruleset& rules) const {
    return a.type == ActionType::Declare && kind_name(a.kind, rules) == o_.forbidden_kind;
  }

  static bool legal_here(const Action& a, const LegalActions& list) {
    if (a.type == ActionType::Discard) return list.discards().contains(a.card);
    const std::span<const Action> d = list.declarations();
    return std::find(d.begin(), d.end(), a) != d.end();
  }

  // The hand played out by greedy bots, to its end or the turn cap.
  bool rollout(State& w, Rng& rng) {
    for (int turn = 0; turn < o_.rollout_turn_cap && !w.over() && in_play(w.phase); ++turn) {
      if (auto e = detail::list_legal(w, legal_)) return failed(*e);
      if (legal_.empty()) break;
      const size_t pick = greedy_->choose(w, legal_, rng);
      events_.clear();
      if (!detail::play_listed_inline(w, legal_[pick], events_, hook_error_))
        return failed(*hook_error_);
    }
    return true;
  }

  bool failed(const ScriptError& e) {
    error_ = e;
    return false;
  }

  SearchOptions o_;
  std::unique_ptr<Bot> greedy_;
  std::vector<Node> nodes_;
  std::vector<int32_t> path_;
  std::vector<Action> untried_;
  LegalActions legal_;
  EventLog events_;
  std::optional<ScriptError> hook_error_;
  std::optional<ScriptError> error_;
  int searcher_ = 0;  // the seat the search is for
};

class SearchBot final : public Bot {
 public:
  explicit SearchBot(const SearchOptions& o) : search_(o) {}
  std::string_view name() const override { return "ismcts"; }

  size_t choose(const State& s, const LegalActions& legal, Rng& rng) override {
    if (legal.size() == 1) return 0;
    SearchResult r = search_.run(s, legal, rng);
    if (r.error) {
      error_ = std::move(r.error);
      return kFailed;
    }
    return r.chosen;
  }
  std::optional<ScriptError> error() const override { return error_; }

 private:
  Search search_;
  std::optional<ScriptError> error_;
};

}  // namespace

std::unique_ptr<Bot> make_search_bot(const SearchOptions& options) {
  return std::make_unique<SearchBot>(options);
}

SearchResult search_position(const State& s, const LegalActions& legal, Rng& rng,
                             const SearchOptions& options) {
  Search search(options);
  return search.run(s, legal, rng);
}

}  // namespace zetema
