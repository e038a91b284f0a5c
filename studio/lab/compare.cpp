#include "studio/lab/compare.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "engine/bots.h"
#include "engine/match.h"
#include "engine/version.h"
#include "replays/codec.h"
#include "scripting/run_budget.h"
#include "studio/lab/pure_hooks.h"

namespace zetema::lab {

namespace {

std::optional<Partnerships> teams_of(const std::string& t) {
  if (t == "off") return Partnerships::Off;
  if (t == "pairs") return Partnerships::Pairs;
  if (t == "threes") return Partnerships::TeamsOfThree;
  return std::nullopt;
}

GameSummary summarize(const MatchRecord& m, const replays::KindCounter& kinds) {
  GameSummary g;
  const State& s = m.final_state;
  g.completed = m.ok && m.completed;
  g.hands = static_cast<int>(m.hands.size());
  g.turns = static_cast<int>(s.turn_number);
  g.sides = s.sides;
  for (int p = 0; p < s.players; ++p) g.side_of[p] = s.side_of[p];
  for (int side = 0; side < s.sides; ++side) g.side_score[side] = s.score[side];
  g.winners = s.over() ? s.winners : 0;
  g.by_kind = kinds.tally(m.events);
  return g;
}

int threads_of(const CompareConfig& c) {
  return c.threads > 0 ? c.threads
                       : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

// How far ahead of the next deal to hand on a worker may play: finished
// deals wait here only until the ones before them are done, so the
// waiting room, and memory, is bounded by the window whatever the deals.
constexpr uint64_t kWindowPerThread = 16;

// A finished deal, or the error of a game that could not be played.
struct Finished {
  std::optional<DealResult> result;
  std::string error;
  bool interrupted = false;  // no result because the run was stopped, not a failure
};

// Deals between the workers and the thread that hands them on in order.
class DealQueue {
 public:
  DealQueue(uint64_t count, uint64_t window) : count_(count), window_(window) {}

  // The next deal to play; nullopt at the end, on a stop or after a failure.
  // Every deal taken is finished, so the deals played are always a prefix.
  std::optional<uint64_t> take(const std::atomic<bool>& stop) {
    std::unique_lock<std::mutex> lock(mutex_);
    // `stop` is set without a notification (a signal handler): look again often.
    while (!taken_.wait_for(lock, std::chrono::milliseconds(50), [&] {
      return stop.load() || failed_ || next_ >= count_ || next_ < handed_ + window_;
    })) {
    }
    if (stop.load() || failed_ || next_ >= count_) return std::nullopt;
    return next_++;
  }

  void finish(uint64_t k, Finished f) {
    std::lock_guard<std::mutex> lock(mutex_);
    failed_ = failed_ || (!f.result && !f.interrupted);
    ready_.emplace(k, std::move(f));
    ready_cv_.notify_all();
  }

  void worker_done() {
    std::lock_guard<std::mutex> lock(mutex_);
    --workers_;
    ready_cv_.notify_all();
  }
  void set_workers(int n) { workers_ = n; }

  // The deals ready in order (waiting up to 100 ms for one); `more` false
  // once nothing else will come.
  std::vector<Finished> next_in_order(bool& more) {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_cv_.wait_for(lock, std::chrono::milliseconds(100),
                       [&] { return ready_.count(handed_) > 0 || workers_ == 0; });
    std::vector<Finished> batch;
    for (auto it = ready_.find(handed_); it != ready_.end(); it = ready_.find(handed_)) {
      batch.push_back(std::move(it->second));
      ready_.erase(it);
      ++handed_;
    }
    more = workers_ > 0 || ready_.count(handed_) > 0;
    taken_.notify_all();
    return batch;
  }

  // Ends the run early: no deal is taken any more.
  void fail() {
    std::lock_guard<std::mutex> lock(mutex_);
    failed_ = true;
    taken_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable taken_, ready_cv_;
  const uint64_t count_, window_;
  uint64_t next_ = 0, handed_ = 0;  // indices into the run's range
  int workers_ = 0;
  bool failed_ = false;
  std::map<uint64_t, Finished> ready_;
};

// The luck of the deal (GameSummary::luck): a fixed value of a hand, v =
// sum over ranks of (its cards)^2 (assemblies, zetemas) + sum over suits of
// (its cards)^2 (sequences, flushes) + 3 per king-queen pair of a suit
// (marriages). Any fixed function keeps the correction's expectation at 0;
// a better one only removes more variance.
int64_t hand_value(const CardSet& hand) {
  int64_t v = 0;
  for (int rank = 0; rank < kRanks; ++rank) {
    const int64_t n = (hand & CardSet::whole_rank(rank)).size();
    v += n * n;
  }
  for (int suit = 0; suit < 4; ++suit) {
    const CardSet cards = hand & CardSet::whole_suit(static_cast<Suit>(suit));
    const int64_t n = cards.size();
    v += n * n;
    const int64_t kings = (cards & CardSet::whole_rank(kRankKing)).size();
    const int64_t queens = (cards & CardSet::whole_rank(kRankQueen)).size();
    v += 3 * std::min(kings, queens);
  }
  return v;
}

// What drawing a card adds to a hand's value (hand_value(hand + c) -
// hand_value(hand)), for every card, from the hand's counts once.
class DrawValue {
 public:
  explicit DrawValue(const CardSet& hand) {
    for (int rank = 0; rank < kRanks; ++rank)
      ranks_[rank] = (hand & CardSet::whole_rank(rank)).size();
    for (int suit = 0; suit < 4; ++suit) {
      const CardSet cards = hand & CardSet::whole_suit(static_cast<Suit>(suit));
      suits_[suit] = cards.size();
      kings_[suit] = (cards & CardSet::whole_rank(kRankKing)).size();
      queens_[suit] = (cards & CardSet::whole_rank(kRankQueen)).size();
    }
  }
  int64_t of(Card c) const {
    const int suit = static_cast<int>(c.suit());
    int64_t v = 2 * ranks_[c.rank()] + 1 + 2 * suits_[suit] + 1;
    if (c.rank() == kRankKing && kings_[suit] < queens_[suit]) v += 3;
    if (c.rank() == kRankQueen && queens_[suit] < kings_[suit]) v += 3;
    return v;
  }

 private:
  std::array<int64_t, kRanks> ranks_{};
  std::array<int64_t, 4> suits_{}, kings_{}, queens_{};
};

// The chance terms of the luck, in kLuckUnits, each with expectation 0
// given everything before it: a dealt hand's value against the table's
// mean (the seats' hands are exchangeable under a uniform shuffle), and a
// card drawn from the stock against the mean over the stock's cards (given
// the game so far, the stock's order is a uniform shuffle of its cards; no
// bot sees it).
class LuckCounter {
 public:
  void dealt(const State& s, std::array<int64_t, kMaxPlayers>& luck) const {
    std::array<double, kMaxPlayers> v{};
    double mean = 0;
    for (int p = 0; p < s.players; ++p) {
      // Hands of unequal size (none in the shipped variants) are not exchangeable: no term.
      if (s.seat[p].hand.size() != s.seat[0].hand.size()) return;
      v[p] = static_cast<double>(hand_value(s.seat[p].hand));
      mean += v[p] / s.players;
    }
    for (int p = 0; p < s.players; ++p) luck[p] += units(v[p] - mean);
  }
  // Before a move: who holds what, where the stock begins, the events so far.
  void before(const State& s, size_t events) {
    next_draw_ = s.next_draw;
    events_ = events;
    for (int p = 0; p < s.players; ++p) hands_[p] = s.seat[p].hand;
  }
  // After it: each card drawn from the stock (the Draw events, in order),
  // against the mean over the stock as it was just before that draw, for
  // the hand held before the move plus the cards drawn since. Whatever
  // happens to the card afterwards, every draw counts.
  void after(const State& s, const EventLog& events, std::array<int64_t, kMaxPlayers>& luck) {
    int next = next_draw_;
    for (size_t e = events_; e < events.size(); ++e) {
      const Event& ev = events[e];
      if (ev.type != EventType::Draw || ev.player >= s.players || next >= kDeckSize) continue;
      if (s.deck[static_cast<size_t>(next)] != ev.card) continue;  // not the stock's top card
      CardSet stock;
      for (int k = next; k < kDeckSize; ++k) stock.insert(s.deck[static_cast<size_t>(k)]);
      ++next;
      CardSet& hand = hands_[ev.player];
      const DrawValue gain(hand);
      int64_t total = 0;
      stock.for_each([&](Card x) { total += gain.of(x); });
      const double mean = static_cast<double>(total) / stock.size();
      luck[ev.player] += units(static_cast<double>(gain.of(ev.card)) - mean);
      hand.insert(ev.card);
    }
  }

 private:
  static int64_t units(double x) { return std::llround(x * static_cast<double>(kLuckUnits)); }
  int next_draw_ = kDeckSize;
  size_t events_ = 0;
  std::array<CardSet, kMaxPlayers> hands_{};
};

// One game through the one game loop, with the design figures and the
// luck of the deal of GameSummary.
GameSummary play_traced(const Ruleset& rules, const MatchConfig& m,
                        const replays::KindCounter& kinds, bool count_luck, std::string& error) {
  // The game's hook calls together within the run's budget: each game's own,
  // so no deal's verdict depends on the deals a worker played before it.
  const scripting::RunBudget budget(rules);
  GameLoop loop(rules, m);
  std::vector<std::array<int32_t, kMaxPlayers>> ends;  // the scores at each hand end
  GameSummary extra;
  LuckCounter luck;
  for (;;) {
    const bool dealing = loop.state().phase == Phase::Deal;
    if (count_luck && !dealing) luck.before(loop.state(), loop.events().size());
    const LoopStep step = loop.step();
    if (step != LoopStep::Dealt && step != LoopStep::BotActed) break;
    const State& s = loop.state();
    if (step == LoopStep::BotActed) {
      const auto choices = static_cast<int64_t>(loop.last_choices());
      ++extra.moves;
      extra.decisions += choices > 1 ? 1 : 0;
      extra.choices += choices;
      if (count_luck) luck.after(s, loop.events(), extra.luck);
      continue;
    }
    if (s.hand_number > 1) ends.push_back(s.score);
    if (count_luck) luck.dealt(s, extra.luck);
  }
  MatchRecord record = std::move(loop).take_record();
  if (!record.ok) {
    error = record.error;
    return {};
  }
  ends.push_back(record.final_state.score);
  GameSummary g = summarize(record, kinds);
  g.moves = extra.moves;
  g.decisions = extra.decisions;
  g.choices = extra.choices;
  g.luck = extra.luck;
  if (!rules.choices.empty()) g.choice_counts = replays::tally_choices(record.events, rules);
  lead_figures(ends, g.sides, g.winners, g);
  return g;
}

// The bots of rotation r: bot i moves to seat (i + r) % players.
std::vector<std::string> rotated_bots(const std::vector<std::string>& bots, int players, int r) {
  std::vector<std::string> out(static_cast<size_t>(players));
  for (int i = 0; i < players; ++i) out[static_cast<size_t>((i + r) % players)] = seat_bot(bots, i);
  return out;
}

Finished play_deal(const CompareConfig& c, uint64_t deal, const scripting::LoadedVariant& wa,
                   const scripting::LoadedVariant& wb, const replays::KindCounter& kinds_a,
                   const replays::KindCounter& kinds_b) {
  MatchConfig m;
  m.setup = GameSetup{c.players, teams_of(c.teams), 0};
  m.seed = derive_seed(c.seed, deal);
  m.max_hands = c.max_hands;
  if (c.first_dealer >= 0) m.first_dealer = c.first_dealer;
  DealResult d;
  d.deal = deal;
  const int rotations = c.rotate ? c.players : 1;
  for (int r = 0; r < rotations; ++r) {
    m.bots = c.rotate ? rotated_bots(c.bots, c.players, r) : c.bots;
    std::string error;
    GameSummary a = play_traced(wa.rules, m, kinds_a, c.luck, error);
    GameSummary b =
        error.empty() ? play_traced(wb.rules, m, kinds_b, c.luck, error) : GameSummary{};
    if (!error.empty()) return {std::nullopt, "deal " + std::to_string(deal) + ": " + error};
    if (r == 0) {
      d.a = std::move(a);
      d.b = std::move(b);
    } else {
      d.more_a.push_back(std::move(a));
      d.more_b.push_back(std::move(b));
    }
  }
  return {std::move(d), {}};
}

// On the calling thread: each deal, in deal order, into the sums and the
// sink. A game that could not be played stops the run there: the deals are
// handed on in order, so it is the first failing deal whatever the timing,
// and exactly the deals before it are kept.
void hand_on(DealQueue& queue, CompareResult& out,
             const std::function<void(uint64_t, uint64_t)>& progress, const DealSink& sink,
             const StopRule& stop_rule) {
  auto shown = std::chrono::steady_clock::now();
  for (bool more = true; more;) {
    for (Finished& f : queue.next_in_order(more)) {
      if (!f.result && f.interrupted) {
        more = false;  // the deals before it are kept; the run reads as interrupted
        break;
      }
      if (!f.result) {
        out.error = f.error;
        queue.fail();
        more = false;
        break;
      }
      out.tally.add(*f.result);
      if (sink) sink(out, *f.result);
      if (stop_rule.batch > 0 && out.deals_held() % stop_rule.batch == 0 &&
          stop_rule.enough(out.tally)) {
        out.stopped_early = true;  // the deals after this one are not kept
        queue.fail();
        more = false;
        break;
      }
    }
    // About 10 times a second, as promised: a terminal line is redrawn each time.
    const auto now = std::chrono::steady_clock::now();
    if (progress && more && now - shown >= std::chrono::milliseconds(100)) {
      progress(out.deals_held(), out.deal_count);
      shown = now;
    }
  }
}

// "" or why the options cannot be run: a bot unknown, a first dealer not at
// the table, teams not known.
std::string check_options(const CompareConfig& c) {
  for (const std::string& bot : c.bots) {
    if (!make_bot(bot)) return "unknown bot '" + bot + "' (bots: " + bot_list() + ")";
  }
  if (c.first_dealer >= c.players)
    return "the first dealer must be a seat from 1 to " + std::to_string(c.players);
  if (c.teams != "default" && !teams_of(c.teams))
    return "teams must be default, off, pairs or threes";
  return {};
}

// "" or why A or B cannot be played: not loaded, or not at this table.
std::string check_variants(const CompareConfig& c, const scripting::LoadedVariant& a,
                           const scripting::LoadedVariant& b) {
  for (const auto* v : {&a, &b}) {
    if (!v->ok) return v->error->describe();
    GameSetup setup{c.players, teams_of(c.teams), 0};
    NewGame g = new_game(v->rules, setup);
    if (!g.ok) return v->rules.id + ": " + g.error;
  }
  return {};
}

// A variant whose hooks keep state would give results that change with
// the threads and shards: refused before any deal, with the reason.
std::string check_pure_hooks(const CompareConfig& c, const scripting::VariantFolder& folder,
                             uint64_t first_deal) {
  MatchConfig first;
  first.setup = GameSetup{c.players, teams_of(c.teams), 0};
  first.seed = derive_seed(c.seed, first_deal);
  first.max_hands = c.max_hands;
  if (c.first_dealer >= 0) first.first_dealer = c.first_dealer;
  first.bots = c.bots;
  for (const std::string* spec : {&c.a, &c.b}) {
    if (std::string why = hooks_keep_state(*spec, folder, first); !why.empty()) {
      return *spec + ": its hooks keep state between calls: " + why +
             "; a lab run's results would then change with --threads and --shard. Hooks "
             "must be pure functions of their arguments and the state (zetema check " +
             *spec + ")";
    }
  }
  return {};
}

// Plays the run's deals on the worker threads and hands them on, in deal
// order, into `out` on this one.
void play_deals(const CompareConfig& c, const scripting::VariantFolder& folder,
                const std::function<void(uint64_t, uint64_t)>& progress,
                const std::atomic<bool>& stop, const DealSink& sink, const StopRule& stop_rule,
                CompareResult& out) {
  DealQueue queue(out.deal_count, kWindowPerThread * static_cast<uint64_t>(threads_of(c)));
  queue.set_workers(threads_of(c));
  // Workers take deals in order; each loads its own copy of both variants
  // (a Lua state is never shared between threads).
  auto work = [&] {
    const scripting::LoadedVariant wa = scripting::load_variant_spec(c.a, folder);
    const scripting::LoadedVariant wb = scripting::load_variant_spec(c.b, folder);
    // By name: the worker's own copies may number a variant's kinds otherwise.
    const replays::KindCounter kinds_a(wa.rules, out.kinds), kinds_b(wb.rules, out.kinds);
    while (const std::optional<uint64_t> k = queue.take(stop)) {
      Finished f = play_deal(c, out.first_deal + *k, wa, wb, kinds_a, kinds_b);
      // Stopped by Ctrl-C inside a hook: the run ends there, not as a failure.
      f.interrupted = !f.result && stop.load();
      queue.finish(*k, std::move(f));
    }
    queue.worker_done();
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads_of(c); ++t) pool.emplace_back(work);
  hand_on(queue, out, progress, sink, stop_rule);
  for (std::thread& t : pool) t.join();
  if (progress) progress(out.deals_held(), out.deal_count);
}

}  // namespace

int64_t luck_hand_value(const CardSet& hand) {
  return hand_value(hand);
}
int64_t luck_draw_gain(const CardSet& hand, Card c) {
  return DrawValue(hand).of(c);
}

std::string variant_sha256(const scripting::LoadedVariant& v) {
  std::vector<replays::ReplaySource> sources;
  for (const auto& s : v.sources) sources.push_back({s.id, s.file, s.text});
  return replays::sources_sha256(sources);
}

std::pair<uint64_t, uint64_t> shard_range(const CompareConfig& c) {
  const uint64_t n = static_cast<uint64_t>(std::max(1, c.shards));
  const uint64_t i = static_cast<uint64_t>(std::clamp(c.shard, 0, c.shards - 1));
  return {c.deals * i / n, c.deals * (i + 1) / n - c.deals * i / n};
}

CompareResult run_compare(const CompareConfig& c, const scripting::VariantFolder& folder,
                          const std::function<void(uint64_t, uint64_t)>& progress,
                          const std::atomic<bool>& stop, const DealSink& sink,
                          const StopRule& stop_rule) {
  CompareResult out;
  out.design = true;  // played here: GameSummary holds the design figures
  out.config = c;
  out.engine_version = std::string(kEngineVersion);
  std::tie(out.first_deal, out.deal_count) = shard_range(c);
  // Check the setup once, here, before any worker starts.
  if (std::string why = check_options(c); !why.empty()) {
    out.error = why;
    return out;
  }
  const scripting::LoadedVariant a = scripting::load_variant_spec(c.a, folder);
  const scripting::LoadedVariant b = scripting::load_variant_spec(c.b, folder);
  if (std::string why = check_variants(c, a, b); !why.empty()) {
    out.error = why;
    return out;
  }
  if (std::string why = check_pure_hooks(c, folder, out.first_deal); !why.empty()) {
    out.error = why;
    return out;
  }
  out.a_id = a.rules.id;
  out.b_id = b.rules.id;
  out.a_sha256 = variant_sha256(a);
  out.b_sha256 = variant_sha256(b);
  out.kinds = replays::kind_rows(a.rules, &b.rules);

  out.tally.start(c.players, c.bots, out.kinds, c.rotate ? c.players : 1);
  out.tally.a.choices.declare(a.rules);
  out.tally.b.choices.declare(b.rules);
  play_deals(c, folder, progress, stop, sink, stop_rule, out);
  if (out.deals_held() > 0) out.held.push_back({out.first_deal, out.first_deal + out.deals_held()});
  out.interrupted = out.deals_held() < out.deal_count && !out.stopped_early;
  return out;
}

std::string missing_deals(const CompareResult& r) {
  std::vector<std::string> gaps;
  uint64_t next = r.first_deal;                 // ranges are in order
  auto gap = [&](uint64_t from, uint64_t to) {  // [from, to)
    if (from < to)
      gaps.push_back(std::to_string(from) + (to - from > 1 ? "-" + std::to_string(to - 1) : ""));
  };
  for (const auto& [from, to] : r.held) {
    gap(next, from);
    next = to;
  }
  gap(next, r.first_deal + r.deal_count);
  if (gaps.empty()) return "";
  std::string out = gaps.size() == 1 && gaps[0].find('-') == std::string::npos ? "deal " : "deals ";
  for (size_t i = 0; i < gaps.size(); ++i)
    out += (i == 0 ? "" : i + 1 == gaps.size() ? " and " : ", ") + gaps[i];
  return out;
}

namespace {

std::string not_together(const CompareResult& p, const CompareResult& first) {
  const CompareConfig& x = p.config;
  const CompareConfig& y = first.config;
  if (x.a != y.a || x.b != y.b || x.players != y.players || x.teams != y.teams ||
      x.bots != y.bots || x.seed != y.seed || x.deals != y.deals || x.max_hands != y.max_hands ||
      x.first_dealer != y.first_dealer || p.a_sha256 != first.a_sha256 ||
      p.b_sha256 != first.b_sha256) {
    return "the parts are not shards of one comparison (different rule sets, bots, seed or deals)";
  }
  if (x.rotate != y.rotate) {
    return "the parts are not shards of one comparison (one is rotated (--rotate), another is "
           "not)";
  }
  if (x.design != y.design) {
    return "the parts are not shards of one comparison (one holds the design figures "
           "(--design), another does not)";
  }
  if (p.kinds != first.kinds) {
    return "the parts tally different kinds of points (one written by an older zetema, without "
           "the award row and a variant's own kinds?)";
  }
  return {};
}

}  // namespace

CompareResult merge_results(const std::vector<CompareResult>& parts, std::string& error) {
  CompareResult out;
  if (parts.empty()) {
    error = "nothing to merge";
    return out;
  }
  out = parts.front();
  out.tally.start(out.config.players, out.config.bots, out.kinds,
                  out.config.rotate ? out.config.players : 1);
  out.held.clear();
  out.config.shard = 0;
  out.config.shards = 1;
  out.first_deal = 0;
  out.deal_count = out.config.deals;
  out.interrupted = false;
  for (const CompareResult& p : parts) {
    if (error = not_together(p, parts.front()); !error.empty()) return out;
    out.interrupted = out.interrupted || p.interrupted;
    if (out.error.empty()) out.error = p.error;
    out.tally.merge(p.tally);
    out.held.insert(out.held.end(), p.held.begin(), p.held.end());
  }
  std::sort(out.held.begin(), out.held.end());
  for (size_t i = 1; i < out.held.size(); ++i) {
    if (out.held[i].first < out.held[i - 1].second) {
      error = "deal " + std::to_string(out.held[i].first) + " is in two parts";
      return out;
    }
  }
  out.interrupted = out.interrupted || out.deals_held() < out.deal_count;
  return out;
}

void lead_figures(const std::vector<std::array<int32_t, kMaxPlayers>>& ends, int sides,
                  uint8_t winners, GameSummary& g) {
  const auto leader = [&](const std::array<int32_t, kMaxPlayers>& score) {
    int best = 0, count = 0;
    for (int s = 0; s < sides; ++s) {
      if (score[s] > score[best]) best = s, count = 0;
      if (score[s] == score[best]) ++count;
    }
    return count == 1 ? best : -1;  // a tie for the lead: no leader
  };
  int last = -1;
  for (const auto& score : ends) {
    const int now = leader(score);
    if (now >= 0 && last >= 0 && now != last) ++g.lead_changes;
    if (now >= 0) last = now;
  }
  const int winner = std::popcount(winners) == 1 ? std::countr_zero(winners) : -1;
  g.decided_at = static_cast<int>(ends.size());
  if (winner < 0) return;
  g.decided_at = 0;
  for (size_t h = 0; h < ends.size(); ++h) {
    const auto& score = ends[h];
    const int top = *std::max_element(score.begin(), score.begin() + sides);
    g.drama = std::max(g.drama, top - score[winner]);
    if (leader(score) != winner) g.decided_at = static_cast<int>(h + 1);
  }
}

}  // namespace zetema::lab
