#include "studio/lab/strength_ladder.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <thread>

#include "engine/bots.h"
#include "engine/match.h"
#include "scripting/run_budget.h"
#include "studio/lab/pure_hooks.h"

namespace zetema::lab {

namespace {

// One unit of work: a pair's deal, played from both seats.
struct Task {
  size_t pair;
  uint64_t deal;
};

// The seat (0 or 1) that won a finished two-player game; -1 for a tie or
// a game that did not end.
int winning_seat(const MatchRecord& m) {
  const State& s = m.final_state;
  if (!s.over()) return -1;
  const bool first = (s.winners >> s.side(0)) & 1u, second = (s.winners >> s.side(1)) & 1u;
  return first == second ? -1 : (first ? 0 : 1);
}

// Plays a pair's deal twice (bot i first, then second); "" or the error.
std::string play_task(const LadderConfig& c, const Ruleset& rules, const PairGames& pair,
                      uint64_t deal, double& i_points, bool& same_seat) {
  MatchConfig m;
  m.setup.players = 2;
  m.seed = derive_seed(c.seed, deal);
  m.max_hands = c.max_hands;
  int winner[2];
  i_points = 0;
  for (int r = 0; r < 2; ++r) {
    const std::string& bi = c.bots[pair.i];
    const std::string& bj = c.bots[pair.j];
    m.bots = r == 0 ? std::vector<std::string>{bi, bj} : std::vector<std::string>{bj, bi};
    const MatchRecord game = [&] {
      const scripting::RunBudget budget(rules);  // each game's hook calls together
      return play_match(rules, m);
    }();
    if (!game.ok)
      return "deal " + std::to_string(deal) + " (" + bi + " against " + bj + "): " + game.error;
    winner[r] = winning_seat(game);
    const int i_seat = r == 0 ? 0 : 1;
    i_points += winner[r] < 0 ? 0.25 : (winner[r] == i_seat ? 0.5 : 0.0);
  }
  same_seat = winner[0] >= 0 && winner[0] == winner[1];
  return {};
}

// 95% intervals of the ratings: the deals resampled with replacement.
void rate(StrengthLadder& out, size_t deals) {
  const size_t n = out.config.bots.size();
  std::vector<size_t> all(deals);
  for (size_t d = 0; d < deals; ++d) all[d] = d;
  const std::vector<double> elo = bradley_terry(n, out.pairs, all);
  constexpr int kResamples = 400;
  std::vector<std::vector<double>> draws(n);
  Rng rng(derive_seed(out.config.seed, 0x5ea7));
  std::vector<size_t> pick(deals);
  for (int k = 0; k < kResamples; ++k) {
    for (size_t& p : pick) p = rng.below(static_cast<uint32_t>(deals));
    const std::vector<double> e = bradley_terry(n, out.pairs, pick);
    for (size_t b = 0; b < n; ++b) draws[b].push_back(e[b]);
  }
  out.ratings.clear();
  for (size_t b = 0; b < n; ++b) {
    std::sort(draws[b].begin(), draws[b].end());
    out.ratings.push_back({out.config.bots[b], elo[b], draws[b][kResamples * 25 / 1000],
                           draws[b][kResamples * 975 / 1000 - 1]});
  }
}

// "" or why the ladder cannot be run: fewer than two bots, a bot unknown,
// the variant not loading (`variant_id`: its id when it loads) or hooks
// that keep state.
std::string check_ladder(const LadderConfig& c, const scripting::VariantFolder& folder,
                         std::string& variant_id) {
  if (c.bots.size() < 2) return "a ladder needs two bots or more";
  for (const std::string& bot : c.bots) {
    if (!make_bot(bot)) return "unknown bot '" + bot + "' (bots: " + bot_list() + ")";
  }
  const scripting::LoadedVariant v = scripting::load_variant_spec(c.variant, folder);
  if (!v.ok) return v.error->describe();
  variant_id = v.rules.id;
  MatchConfig first;
  first.setup.players = 2;
  first.seed = derive_seed(c.seed, 0);
  first.bots = {c.bots[0], c.bots[1]};
  if (std::string why = hooks_keep_state(c.variant, folder, first); !why.empty())
    return c.variant + ": its hooks keep state between calls: " + why;
  return {};
}

// Every pair of bots, each with room for its deals.
std::vector<PairGames> all_pairs(size_t bots, uint64_t deals) {
  std::vector<PairGames> pairs;
  for (size_t i = 0; i < bots; ++i) {
    for (size_t j = i + 1; j < bots; ++j) {
      pairs.push_back({i, j, std::vector<double>(deals), std::vector<bool>(deals)});
    }
  }
  return pairs;
}

// The share of (pair, deal) where one seat won both games.
double seat_decided_share(const std::vector<PairGames>& pairs) {
  size_t decided = 0, counted = 0;
  for (const PairGames& p : pairs) {
    for (bool same : p.same_seat) decided += same ? 1 : 0;
    counted += p.same_seat.size();
  }
  return counted ? static_cast<double>(decided) / static_cast<double>(counted) : 0;
}

// The workers playing every pair's deals. Tasks are taken in order by the
// workers; each result goes to its own place, so the threads cannot change
// a figure. The first error in task order is the one kept.
class LadderPool {
 public:
  LadderPool(const LadderConfig& c, const scripting::VariantFolder& folder,
             const std::atomic<bool>& stop, std::vector<PairGames>& pairs)
      : c_(c), folder_(folder), stop_(stop), pairs_(pairs) {
    for (size_t p = 0; p < pairs_.size(); ++p) {
      for (uint64_t d = 0; d < c.deals; ++d) tasks_.push_back({p, d});
    }
    first_error_task_ = tasks_.size();
  }

  // Plays the tasks, `progress(done, total)` told every 100 ms, until all
  // are done, `stop` is set or a game fails.
  void run(const std::function<void(uint64_t, uint64_t)>& progress) {
    const int threads = c_.threads > 0
                            ? c_.threads
                            : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back([this] { work(); });
    wait(progress);
    for (std::thread& t : pool) t.join();
  }

  bool failed() const { return first_error_task_ < tasks_.size(); }
  const std::string& error() const { return first_error_; }
  bool complete() const { return done_ == tasks_.size(); }

 private:
  void work() {
    const scripting::LoadedVariant mine = scripting::load_variant_spec(c_.variant, folder_);
    if (!mine.ok) {  // the file changed since it was checked
      std::lock_guard<std::mutex> g(lock_);
      if (first_error_task_ == tasks_.size()) {
        first_error_task_ = 0;
        first_error_ = mine.error->describe();
      }
      return;
    }
    for (size_t t = 0; take(t);) play(mine.rules, t);
  }

  // The next task; false when none is left or the run stops.
  bool take(size_t& t) {
    std::lock_guard<std::mutex> g(lock_);
    if (next_ == tasks_.size() || stop_.load() || failed()) return false;
    t = next_++;
    return true;
  }

  void play(const Ruleset& rules, size_t t) {
    PairGames& pair = pairs_[tasks_[t].pair];
    double points = 0;
    bool same = false;
    const std::string error = play_task(c_, rules, pair, tasks_[t].deal, points, same);
    std::lock_guard<std::mutex> g(lock_);
    if (!error.empty() && t < first_error_task_) {
      first_error_task_ = t;
      first_error_ = error;
    }
    pair.i_points[tasks_[t].deal] = points;
    pair.same_seat[tasks_[t].deal] = same;
    ++done_;
  }

  void wait(const std::function<void(uint64_t, uint64_t)>& progress) {
    while (true) {
      {
        std::lock_guard<std::mutex> g(lock_);
        if (progress) progress(done_, tasks_.size());
      }
      bool finished = true;
      {
        std::lock_guard<std::mutex> g(lock_);
        finished = done_ == next_ && (next_ == tasks_.size() || stop_.load() || failed());
      }
      if (finished) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }

  const LadderConfig& c_;
  const scripting::VariantFolder& folder_;
  const std::atomic<bool>& stop_;
  std::vector<PairGames>& pairs_;
  std::vector<Task> tasks_;
  std::mutex lock_;
  size_t next_ = 0, done_ = 0;
  std::string first_error_;
  size_t first_error_task_ = 0;
};

}  // namespace

std::vector<double> bradley_terry(size_t bots, const std::vector<PairGames>& pairs,
                                  const std::vector<size_t>& deals) {
  // Wins and games between each pair, with the prior's half point each way.
  std::vector<std::vector<double>> wins(bots, std::vector<double>(bots, 0.0));
  std::vector<std::vector<double>> games(bots, std::vector<double>(bots, 0.0));
  for (const PairGames& p : pairs) {
    double w = 0.5;
    for (size_t d : deals) w += 2 * p.i_points[d];
    const double g = 1.0 + 2.0 * static_cast<double>(deals.size());
    wins[p.i][p.j] += w;
    wins[p.j][p.i] += g - w;
    games[p.i][p.j] += g;
    games[p.j][p.i] += g;
  }
  // Hunter's MM iteration for the strengths, scaled to a geometric mean of 1.
  std::vector<double> strength(bots, 1.0);
  for (int round = 0; round < 2000; ++round) {
    double change = 0;
    for (size_t a = 0; a < bots; ++a) {
      double won = 0, denom = 0;
      for (size_t b = 0; b < bots; ++b) {
        if (games[a][b] == 0) continue;
        won += wins[a][b];
        denom += games[a][b] / (strength[a] + strength[b]);
      }
      if (denom == 0) continue;
      const double next = won / denom;
      change = std::max(change, std::abs(std::log(next / strength[a])));
      strength[a] = next;
    }
    double log_mean = 0;
    for (double s : strength) log_mean += std::log(s);
    log_mean /= static_cast<double>(bots);
    for (double& s : strength) s /= std::exp(log_mean);
    if (change < 1e-10) break;
  }
  std::vector<double> elo(bots);
  for (size_t b = 0; b < bots; ++b) elo[b] = 400.0 * std::log10(strength[b] / strength[0]);
  return elo;
}

StrengthLadder run_strength_ladder(const LadderConfig& c, const scripting::VariantFolder& folder,
                                   const std::function<void(uint64_t, uint64_t)>& progress,
                                   const std::atomic<bool>& stop) {
  StrengthLadder out;
  out.config = c;
  if (std::string why = check_ladder(c, folder, out.variant_id); !why.empty()) {
    out.error = why;
    return out;
  }
  out.pairs = all_pairs(c.bots.size(), c.deals);
  LadderPool pool(c, folder, stop, out.pairs);
  pool.run(progress);
  if (pool.failed()) {
    out.error = pool.error();
    return out;
  }
  if (!pool.complete()) {
    out.interrupted = true;
    return out;
  }
  out.seat_decided = seat_decided_share(out.pairs);
  rate(out, c.deals);
  return out;
}

}  // namespace zetema::lab
