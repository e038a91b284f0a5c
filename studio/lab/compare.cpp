#include "studio/lab/compare.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>

#include "engine/bots.h"
#include "engine/match.h"
#include "engine/version.h"
#include "replays/codec.h"

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

std::string sha_of(const scripting::LoadedVariant& v) {
  std::vector<replays::ReplaySource> sources;
  for (const auto& s : v.sources) sources.push_back({s.id, s.file, s.text});
  return replays::sources_sha256(sources);
}

}  // namespace

std::pair<uint64_t, uint64_t> shard_range(const CompareConfig& c) {
  const uint64_t n = static_cast<uint64_t>(std::max(1, c.shards));
  const uint64_t i = static_cast<uint64_t>(std::clamp(c.shard, 0, c.shards - 1));
  return {c.deals * i / n, c.deals * (i + 1) / n - c.deals * i / n};
}

CompareResult run_compare(const CompareConfig& c, const scripting::VariantFolder& folder,
                          const std::function<void(uint64_t, uint64_t)>& progress,
                          const std::atomic<bool>& stop) {
  CompareResult out;
  out.config = c;
  out.engine_version = std::string(kEngineVersion);
  std::tie(out.first_deal, out.deal_count) = shard_range(c);
  // Check the setup once, here, before any worker starts.
  for (const std::string& bot : c.bots) {
    if (!make_bot(bot)) {
      out.error = "unknown bot '" + bot + "' (bots: " + bot_list() + ")";
      return out;
    }
  }
  if (c.first_dealer >= c.players) {
    out.error = "the first dealer must be a seat from 1 to " + std::to_string(c.players);
    return out;
  }
  if (c.teams != "default" && !teams_of(c.teams)) {
    out.error = "teams must be default, off, pairs or threes";
    return out;
  }
  const scripting::LoadedVariant a = scripting::load_variant_spec(c.a, folder);
  const scripting::LoadedVariant b = scripting::load_variant_spec(c.b, folder);
  for (const auto* v : {&a, &b}) {
    if (!v->ok) {
      out.error = v->error->describe();
      return out;
    }
    GameSetup setup{c.players, teams_of(c.teams), 0};
    NewGame g = new_game(v->rules, setup);
    if (!g.ok) {
      out.error = v->rules.id + ": " + g.error;
      return out;
    }
  }
  out.a_id = a.rules.id;
  out.b_id = b.rules.id;
  out.a_sha256 = sha_of(a);
  out.b_sha256 = sha_of(b);
  out.kinds = replays::kind_rows(a.rules, &b.rules);

  // Workers take deals from a shared counter; each loads its own copy of
  // both variants (a Lua state is never shared between threads).
  std::vector<std::optional<DealResult>> results(out.deal_count);
  std::atomic<uint64_t> next{0}, done{0};
  // A game that cannot be played (a variant's hook fails) stops the run. The
  // deals are taken in order and every deal begun is finished, so the first
  // failing deal in deal order is among those played whatever the timing:
  // the error names it, and the result keeps exactly the deals before it.
  std::string worker_error;
  uint64_t first_failed = out.deal_count;  // an index into the range
  std::mutex error_lock;
  std::atomic<bool> failed{false};
  auto work = [&] {
    const scripting::LoadedVariant wa = scripting::load_variant_spec(c.a, folder);
    const scripting::LoadedVariant wb = scripting::load_variant_spec(c.b, folder);
    // By name: the worker's own copies may number a variant's kinds otherwise.
    const replays::KindCounter kinds_a(wa.rules, out.kinds), kinds_b(wb.rules, out.kinds);
    for (;;) {
      if (stop.load() || failed.load()) return;
      const uint64_t k = next.fetch_add(1);
      if (k >= out.deal_count) return;
      DealResult r;
      r.deal = out.first_deal + k;
      MatchConfig m;
      m.setup = GameSetup{c.players, teams_of(c.teams), 0};
      m.seed = derive_seed(c.seed, r.deal);
      m.bots = c.bots;
      m.max_hands = c.max_hands;
      if (c.first_dealer >= 0) m.first_dealer = c.first_dealer;
      const MatchRecord ra = play_match(wa.rules, m);
      const MatchRecord rb = play_match(wb.rules, m);
      if (!ra.ok || !rb.ok) {
        if (stop.load()) return;  // stopped by Ctrl-C inside a hook: not a failure
        std::lock_guard<std::mutex> lock(error_lock);
        if (k < first_failed) {
          first_failed = k;
          worker_error = "deal " + std::to_string(r.deal) + ": " + (ra.ok ? rb.error : ra.error);
        }
        failed.store(true);
        done.fetch_add(1);
        continue;
      }
      r.a = summarize(ra, kinds_a);
      r.b = summarize(rb, kinds_b);
      results[k] = r;
      done.fetch_add(1);
    }
  };
  const int threads = c.threads > 0 ? c.threads : std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(work);
  while (done.load() < out.deal_count && !stop.load() && !failed.load()) {
    if (progress) progress(done.load(), out.deal_count);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  for (std::thread& t : pool) t.join();
  if (progress) progress(done.load(), out.deal_count);
  for (uint64_t k = 0; k < first_failed; ++k) {
    if (results[k]) out.deals.push_back(*results[k]);
  }
  out.interrupted = out.deals.size() < out.deal_count;
  if (!worker_error.empty()) out.error = worker_error;
  return out;
}

std::string missing_deals(const CompareResult& r) {
  std::vector<std::string> gaps;
  uint64_t next = r.first_deal;                 // deals are in order
  auto gap = [&](uint64_t from, uint64_t to) {  // [from, to)
    if (from < to)
      gaps.push_back(std::to_string(from) + (to - from > 1 ? "-" + std::to_string(to - 1) : ""));
  };
  for (const DealResult& d : r.deals) {
    gap(next, d.deal);
    next = d.deal + 1;
  }
  gap(next, r.first_deal + r.deal_count);
  if (gaps.empty()) return "";
  std::string out = gaps.size() == 1 && gaps[0].find('-') == std::string::npos ? "deal " : "deals ";
  for (size_t i = 0; i < gaps.size(); ++i)
    out += (i == 0 ? "" : i + 1 == gaps.size() ? " and " : ", ") + gaps[i];
  return out;
}

CompareResult merge_results(const std::vector<CompareResult>& parts, std::string& error) {
  CompareResult out;
  if (parts.empty()) {
    error = "nothing to merge";
    return out;
  }
  out = parts.front();
  out.deals.clear();
  out.config.shard = 0;
  out.config.shards = 1;
  out.first_deal = 0;
  out.deal_count = out.config.deals;
  out.interrupted = false;
  for (const CompareResult& p : parts) {
    const CompareConfig& x = p.config;
    const CompareConfig& y = parts.front().config;
    if (x.a != y.a || x.b != y.b || x.players != y.players || x.teams != y.teams ||
        x.bots != y.bots || x.seed != y.seed || x.deals != y.deals || x.max_hands != y.max_hands ||
        x.first_dealer != y.first_dealer || p.a_sha256 != parts.front().a_sha256 ||
        p.b_sha256 != parts.front().b_sha256) {
      error =
          "the parts are not shards of one comparison (different rule sets, bots, seed or deals)";
      return out;
    }
    if (p.kinds != parts.front().kinds) {
      error =
          "the parts tally different kinds of points (one written by an older zetema, without the "
          "award row and a variant's own kinds?)";
      return out;
    }
    out.interrupted = out.interrupted || p.interrupted;
    if (out.error.empty()) out.error = p.error;
    out.deals.insert(out.deals.end(), p.deals.begin(), p.deals.end());
  }
  std::sort(out.deals.begin(), out.deals.end(),
            [](const DealResult& l, const DealResult& r) { return l.deal < r.deal; });
  for (size_t i = 1; i < out.deals.size(); ++i) {
    if (out.deals[i].deal == out.deals[i - 1].deal) {
      error = "deal " + std::to_string(out.deals[i].deal) + " is in two parts";
      return out;
    }
  }
  out.interrupted = out.interrupted || out.deals.size() < out.deal_count;
  return out;
}

}  // namespace zetema::lab
