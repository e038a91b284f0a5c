// The lab: paired comparisons that do not depend on threads or shards,
// exact paired differences, clean interruption, lossless result files.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "engine/match.h"
#include "scripting/run_budget.h"
#include "studio/lab/compare.h"
#include "studio/lab/lab_json.h"
#include "studio/lab/metrics.h"
#include "studio/lab/summary_rows.h"
#include "tests/support/scratch.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::lab;

namespace {

const scripting::VariantFolder kFolder{ZETEMA_VARIANTS_DIR, "variants"};

CompareConfig config(const std::string& a, const std::string& b, int players, uint64_t deals) {
  CompareConfig c;
  c.a = a;
  c.b = b;
  c.players = players;
  c.deals = deals;
  c.bots = {"greedy", "random"};
  c.seed = 11;
  return c;
}

// A result with the deals its sink received (the lab itself keeps none).
struct Run {
  CompareResult r;
  std::vector<DealResult> deals;
};

Run run_with_deals(const CompareConfig& c, const std::atomic<bool>& stop,
                   const std::function<void(uint64_t, uint64_t)>& progress = {}) {
  Run out;
  out.r = run_compare(c, kFolder, progress, stop,
                      [&](const CompareResult&, const DealResult& d) { out.deals.push_back(d); });
  return out;
}

Run run(const CompareConfig& c) {
  std::atomic<bool> stop{false};
  Run out = run_with_deals(c, stop);
  REQUIRE_MESSAGE(out.r.error.empty(), out.r.error);
  return out;
}

std::string json(const Run& run) {
  return to_json(run.r, compute_metrics(run.r), run.deals);
}

// Shards joined as `zetema merge` joins them: the sums by merge_results, the
// games in deal order.
Run merged(const std::vector<Run>& parts, std::string& why) {
  std::vector<CompareResult> results;
  Run out;
  for (const Run& p : parts) {
    results.push_back(p.r);
    out.deals.insert(out.deals.end(), p.deals.begin(), p.deals.end());
  }
  out.r = merge_results(results, why);
  std::sort(out.deals.begin(), out.deals.end(),
            [](const DealResult& l, const DealResult& r) { return l.deal < r.deal; });
  return out;
}

}  // namespace

TEST_CASE("one run, any threads, merged shards: the same result, byte for byte") {
  CompareConfig c = config("sackson", "book1881", 3, 120);
  c.threads = 1;
  const std::string one = json(run(c));
  c.threads = 2;
  CHECK(json(run(c)) == one);
  std::vector<Run> parts;
  for (int i = 0; i < 4; ++i) {
    CompareConfig shard = c;
    shard.shard = i;
    shard.shards = 4;
    parts.push_back(run(shard));
  }
  std::string why;
  const Run whole = merged(parts, why);
  REQUIRE(why.empty());
  CHECK(json(whole) == one);
  CHECK(missing_deals(whole.r).empty());
  // Shards 0 and 3 of 4 alone: the middle half is missing, and said so.
  const CompareResult ends = merge_results({parts[0].r, parts[3].r}, why);
  REQUIRE(why.empty());
  CHECK(ends.interrupted);
  CHECK(missing_deals(ends) == "deals 30-89");
  // Parts of different comparisons, or one part twice, do not merge.
  parts.push_back(parts.front());
  merged(parts, why);
  CHECK(why == "deal 0 is in two parts");
  CompareConfig other = c;
  other.seed = 12;
  [[maybe_unused]] const CompareResult refused = merge_results({parts[0].r, run(other).r}, why);
  CHECK(why.find("not shards of one comparison") != std::string::npos);
}

TEST_CASE("deal k is the same game under A and B: the same rules give zero differences") {
  const Metrics m = compute_metrics(run(config("sackson", "rules_site", 2, 80)).r);
  CHECK(m.deals == 80);
  for (int p = 0; p < 2; ++p) {
    CHECK(m.diff.seat_score[p].mean == 0.0);
    CHECK(m.diff.seat_score[p].lo == 0.0);
    CHECK(m.diff.seat_win[p].hi == 0.0);
  }
  CHECK(m.diff.turns.mean == 0.0);
  CHECK(m.a.turns.mean > 20.0);
  // Win shares add up to one game per deal.
  CHECK(m.a.seat_win[0].mean + m.a.seat_win[1].mean == doctest::Approx(1.0));
  CHECK(m.a.balance >= 0.0);
  CHECK(m.a.balance <= 1.0);
}

TEST_CASE("deal k is play_match's game of seed derive_seed(seed, k), with the one hand cap") {
  // The lab's default cap is the one every path uses.
  CHECK(CompareConfig{}.max_hands == kDefaultMaxHands);
  const Run r = run(config("sackson", "rules_site", 2, 3));
  REQUIRE(r.deals.size() == 3);
  for (const DealResult& d : r.deals) {
    MatchConfig m;
    m.setup.players = 2;
    m.seed = derive_seed(r.r.config.seed, d.deal);
    m.bots = r.r.config.bots;
    const MatchRecord game = play_match(test::variant("sackson"), m);
    REQUIRE(game.ok);
    CHECK(d.a.hands == static_cast<int>(game.hands.size()));
    CHECK(d.a.turns == static_cast<int>(game.final_state.turn_number));
    CHECK(d.a.side_score[0] == game.final_state.score[0]);
    CHECK(d.a.side_score[1] == game.final_state.score[1]);
  }
}

TEST_CASE("a stop request keeps the finished deals, and the result file is lossless") {
  CompareConfig c = config("sackson", "rummy_site", 2, 100000);
  c.threads = 2;
  std::atomic<bool> stop{false};
  const Run r = run_with_deals(c, stop, [&](uint64_t done, uint64_t) {
    if (done >= 50) stop = true;
  });
  CHECK(r.r.interrupted);
  CHECK(r.deals.size() >= 50);
  CHECK(r.deals.size() < 100000);
  // The deals kept are exactly the first ones, in order: the sums hold them.
  CHECK(r.r.deals_held() == r.deals.size());
  CHECK(r.r.held == std::vector<std::pair<uint64_t, uint64_t>>{{0, r.deals.size()}});
  for (size_t i = 0; i < r.deals.size(); ++i) CHECK(r.deals[i].deal == i);
  CHECK(missing_deals(r.r) == "deals " + std::to_string(r.deals.size()) + "-99999");
  Run back;
  std::string why;
  REQUIRE_MESSAGE(from_json(json(r), back.r, why, &back.deals), why);
  CHECK(json(back) == json(r));
  // The design figures are tallied by a run, not carried by its file: the
  // Lab shows their rows for the one and not for the other.
  CHECK(r.r.design);
  CHECK_FALSE(back.r.design);
  const auto named = [](const CompareResult& result) {
    bool found = false;
    for (const SummaryRow& row : summary_rows(result, compute_metrics(result), result.design))
      found = found || row.name == "lead changes per game";
    return found;
  };
  CHECK(named(r.r));
  CHECK_FALSE(named(back.r));
  CHECK_FALSE(from_json("{\"format\": \"zetema-lab\"}", back.r, why));
  CHECK_FALSE(why.empty());
}

TEST_CASE("a variant whose hooks keep state is refused before a run, whatever the threads") {
  // Each zetema scores one more than the last: the greedy bots' previews
  // call the hook too, so a game depends on everything played before it in
  // the same load, and the deals a worker happened to take.
  const test::Scratch tmp("zetema-lab-stateful");
  const std::string file = (tmp.root / "counter.lua").string();
  std::ofstream(file)
      << "local n = 0\n"
         "return {\n"
         "  id = 'counter', name = 'Counter', source = 'test', extends = 'sackson',\n"
         "  score_zetema = function(state, z) n = n + 1 return z.points + n end,\n"
         "}\n";
  std::atomic<bool> stop{false};
  for (int threads : {1, 2}) {
    CompareConfig c = config(file, "sackson", 2, 20);
    c.bots = {"greedy"};
    c.threads = threads;
    const CompareResult r = run_compare(c, kFolder, {}, stop);
    CHECK(r.deals_held() == 0);
    CHECK_MESSAGE(r.error.rfind(file + ": its hooks keep state between calls: ", 0) == 0, r.error);
    CHECK(r.error.find("would then change with --threads and --shard") != std::string::npos);
  }
  // A variant whose hooks are pure runs as before.
  CompareConfig pure = config("house_example", "sackson", 2, 4);
  pure.bots = {"greedy"};
  CHECK(run_compare(pure, kFolder, {}, stop).error.empty());
}

TEST_CASE("setup problems are reported before anything runs") {
  CompareConfig c = config("sackson", "nosuch", 2, 10);
  std::atomic<bool> stop{false};
  CHECK(run_compare(c, kFolder, {}, stop).error ==
        "nosuch: load error: no variant 'nosuch' in variants/");
  c = config("sackson", "book1881", 4, 10);
  c.teams = "off";
  CHECK(run_compare(c, kFolder, {}, stop).error.find("compulsory") != std::string::npos);
  c = config("sackson", "book1881", 2, 10);
  c.bots = {"clever"};
  CHECK(run_compare(c, kFolder, {}, stop).error ==
        "unknown bot 'clever' (bots: random, greedy, imperial, hoarder, assembler, mc[:N], "
        "ismcts[:N]; N playouts (mc) "
        "or search iterations (ismcts) a decision, from 1 to 100000; "
        "ismcts[:N]+no-KIND never declares KIND)");
}

TEST_CASE("the skill trace: the Monte Carlo bot against greedy under each rule set") {
  CompareConfig c = config("sackson", "book1881", 2, 40);
  c.bots = {"mc:32", "greedy"};
  const Metrics m = compute_metrics(run(c).r);
  REQUIRE(m.a.mc_beats_greedy);
  REQUIRE(m.b.mc_beats_greedy);
  CHECK(m.a.mc_beats_greedy->n == 40);
  CHECK(m.a.mc_beats_greedy->mean >= 0.0);
  CHECK(m.a.mc_beats_greedy->mean <= 1.0);
}

TEST_CASE(
    "a game that cannot be played stops the run at the first such deal, whatever the threads") {
  // A house variant whose zetema hook fails on nines only: some deals fail,
  // others do not.
  const auto file = std::filesystem::temp_directory_path() / "zetema_lab_fails_on_nines.lua";
  {
    std::ofstream out(file);
    out << "return {\n"
           "  id = \"fails_on_nines\", name = \"Fails on nines\", source = \"test\",\n"
           "  extends = \"sackson\",\n"
           "  score_zetema = function(state, z)\n"
           "    if z.rank == \"9\" then error(\"no nines\") end\n"
           "    return z.points\n"
           "  end,\n"
           "}\n";
  }
  CompareConfig c = config("sackson", file.string(), 2, 40);
  std::atomic<bool> stop{false};
  c.threads = 1;
  const Run one = run_with_deals(c, stop);
  c.threads = 4;
  const Run four = run_with_deals(c, stop);
  std::filesystem::remove(file);
  REQUIRE_MESSAGE(one.r.error.rfind("deal ", 0) == 0, one.r.error, " ", one.deals.size());
  CHECK(one.r.error.find("no nines") != std::string::npos);
  const uint64_t failed = std::stoull(one.r.error.substr(5));
  CHECK(failed > 0);  // some deals before it were played
  // Exactly the deals before the failing one, in order, under any threads.
  REQUIRE(one.deals.size() == failed);
  CHECK(one.r.deals_held() == failed);
  for (uint64_t k = 0; k < failed; ++k) CHECK(one.deals[k].deal == k);
  CHECK(four.r.error == one.r.error);
  CHECK(json(four) == json(one));
}

namespace {

const std::string kExamples = ZETEMA_SOURCE_DIR "/variants/examples/";

// Per game, the mean of all sides' final scores together: what the per-kind
// points (built-in kinds, a variant's own, awards, zetemas) must add up to.
void check_points_add_up(const Run& r, const Metrics& m) {
  for (const bool b : {false, true}) {
    double total = 0;
    for (const DealResult& d : r.deals) {
      const GameSummary& g = b ? d.b : d.a;
      for (int side = 0; side < g.sides; ++side) total += g.side_score[side];
    }
    total /= static_cast<double>(r.deals.size());
    double by_kind = 0;
    for (const Estimate& e : (b ? m.b : m.a).points) by_kind += e.mean;
    CHECK_MESSAGE(by_kind == doctest::Approx(total), (b ? "B" : "A"));
  }
}

}  // namespace

TEST_CASE("a variant's own kind has its rows, beside the built-in ones, the points add up") {
  const Run r = run(config("sackson", kExamples + "pair_of_sevens.lua", 3, 60));
  const Metrics m = compute_metrics(r.r);
  const std::vector<std::string> rows = {"sequence", "flush",     "flush-sequence",
                                         "assembly", "marriages", "pair-of-sevens",
                                         "award",    "zetema"};
  CHECK(r.r.kinds == rows);
  REQUIRE(m.kinds == rows);
  REQUIRE(m.a.points.size() == rows.size());
  REQUIRE(m.diff.count.size() == rows.size());
  // Only B has the kind: A shows 0.
  CHECK(m.a.count[5].mean == 0.0);
  CHECK(m.a.points[5].hi == 0.0);
  CHECK(m.b.count[5].mean > 0.0);
  CHECK(m.b.points[5].mean == doctest::Approx(15 * m.b.count[5].mean));
  CHECK(m.diff.count[5].mean == doctest::Approx(m.b.count[5].mean));
  check_points_add_up(r, m);
  // Zetemas per hand still count the zetema row.
  double zetemas_per_hand = 0;
  for (const DealResult& d : r.deals) {
    zetemas_per_hand += static_cast<double>(d.a.by_kind.count[7]) / d.a.hands;
  }
  CHECK(m.a.zetemas_per_hand.mean ==
        doctest::Approx(zetemas_per_hand / static_cast<double>(r.deals.size())));
  // In the result file and the CSV, by name.
  const std::string j = json(r);
  CHECK(j.find("\"kinds\": [\"sequence\", \"flush\", \"flush-sequence\", \"assembly\", "
               "\"marriages\", \"pair-of-sevens\", \"award\", \"zetema\"]") != std::string::npos);
  CHECK(j.find("\"pair-of-sevens\": [") != std::string::npos);
  const std::string csv = to_csv(r.r, r.deals);
  CHECK(csv.find(",a_marriages_points,a_pair-of-sevens_points,a_award_points,a_zetema_points,") !=
        std::string::npos);
  // A's own kinds come first, then B's not in A.
  CHECK(run(config(kExamples + "pair_of_sevens.lua", "sackson", 2, 2)).r.kinds == rows);
}

TEST_CASE("the points hooks award are counted, as the award row") {
  const Run r = run(config("sackson", kExamples + "ace_tribute.lua", 3, 60));
  const Metrics m = compute_metrics(r.r);
  const int award = replays::row_index(m.kinds, "award");
  REQUIRE(award == 5);
  CHECK(m.a.count[5].mean == 0.0);
  CHECK(m.b.count[5].mean > 0.0);
  // Each tribute takes 10 from a side.
  CHECK(m.b.points[5].mean == doctest::Approx(-10 * m.b.count[5].mean));
  check_points_add_up(r, m);
}

TEST_CASE("a variant's own kind: shards merged equal one run, and the file reads back") {
  CompareConfig c = config("sackson", kExamples + "pair_of_sevens.lua", 2, 40);
  c.threads = 2;
  const Run whole = run(c);
  const std::string one = json(whole);
  std::vector<Run> parts;
  for (int i = 0; i < 2; ++i) {
    CompareConfig shard = c;
    shard.shard = i;
    shard.shards = 2;
    shard.threads = 1;
    // Through the file, as `zetema merge` reads them.
    Run back;
    std::string why;
    REQUIRE_MESSAGE(from_json(json(run(shard)), back.r, why, &back.deals), why);
    CHECK(back.r.kinds == whole.r.kinds);
    parts.push_back(back);
  }
  std::string why;
  const Run joined = merged(parts, why);
  REQUIRE_MESSAGE(why.empty(), why);
  CHECK(json(joined) == one);
  CHECK(to_csv(joined.r, joined.deals) == to_csv(whole.r, whole.deals));
}

TEST_CASE("results written before the per-kind rows by name still load and merge") {
  // Written by the previous build: version 1, no "kinds", six kinds per game.
  const auto read = [](const std::string& name) {
    std::ifstream in(ZETEMA_SOURCE_DIR "/tests/lab/legacy/" + name);
    REQUIRE(in);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    Run r;
    std::string why;
    REQUIRE_MESSAGE(from_json(text, r.r, why, &r.deals), why);
    return r;
  };
  const Run whole = read("v1-whole.json");
  CHECK(whole.r.kinds == replays::legacy_kind_rows());
  REQUIRE(whole.deals.size() == 6);
  std::string why;
  const Run joined = merged({read("v1-part0.json"), read("v1-part1.json")}, why);
  REQUIRE_MESSAGE(why.empty(), why);
  CHECK(json(joined) == json(whole));
  CHECK(json(joined).find("\"award\"") == std::string::npos);  // no row for what it never tallied
  // The same deals played now: the same figures in every row the old file has.
  CompareConfig c = whole.r.config;
  const Run now = run(c);
  REQUIRE(now.deals.size() == 6);
  for (size_t i = 0; i < 6; ++i) {
    for (const auto* g : {&whole.deals[i].a, &whole.deals[i].b}) {
      const GameSummary& fresh = g == &whole.deals[i].a ? now.deals[i].a : now.deals[i].b;
      CHECK(g->side_score == fresh.side_score);
      for (size_t k = 0; k < whole.r.kinds.size(); ++k) {
        const auto f = static_cast<size_t>(replays::row_index(now.r.kinds, whole.r.kinds[k]));
        CHECK(g->by_kind.points[k] == fresh.by_kind.points[f]);
        CHECK(g->by_kind.count[k] == fresh.by_kind.count[f]);
      }
    }
  }
  // An old part and a new one tally different rows: they do not merge.
  CompareConfig shard = c;
  shard.shard = 1;
  shard.shards = 2;
  [[maybe_unused]] const CompareResult refused =
      merge_results({read("v1-part0.json").r, run(shard).r}, why);
  CHECK(why.find("tally different kinds") != std::string::npos);
}

TEST_CASE("a deal whose hooks pass the whole run's budget stops the run there, keeping the rest") {
  // slow_hook.lua's veto runs about 900,000 instructions a call: a budget of
  // 3 x 10^7 a game lets no game end, so the first deal stops the run.
  const scripting::VariantFolder folder{ZETEMA_VARIANTS_DIR, "variants"};
  const std::string slow = ZETEMA_SOURCE_DIR "/tests/cli/broken/slow_hook.lua";
  const uint64_t before = scripting::run_budget();
  scripting::set_run_budget(30'000'000);
  CompareConfig c = config(slow, "sackson", 2, 4);
  c.bots = {"random"};
  c.threads = 2;
  std::atomic<bool> stop{false};
  const CompareResult r = run_compare(c, folder, {}, stop);
  scripting::set_run_budget(before);
  CHECK(r.deals_held() == 0);
  CHECK_MESSAGE(r.error.find("deal 0: ") == 0, r.error);
  CHECK(r.error.find("slow_hook.lua:14: budget error: total instruction budget of 30000000 for the "
                     "whole run exceeded") != std::string::npos);
}
