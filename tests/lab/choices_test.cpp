// The lab counts the choices a variant declares: offered and picked under
// each rule set, as tally_choices counts them game by game; shown in the
// report, kept in the JSON (read back, merged) and the CSV.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <map>

#include "engine/match.h"
#include "replays/choice_tally.h"
#include "studio/lab/choice_sums.h"
#include "studio/lab/compare.h"
#include "studio/lab/lab_json.h"
#include "studio/lab/metrics.h"
#include "studio/lab/summary_rows.h"

using namespace zetema;
using namespace zetema::lab;

namespace {

const scripting::VariantFolder kFolder{ZETEMA_VARIANTS_DIR, "variants"};
const std::string kEveryChoice =
    std::string(ZETEMA_SOURCE_DIR) + "/tests/studio/data/every_choice.lua";

// Sackson (no choices) against a variant that offers every kind of option;
// random bots pick among all of them.
CompareConfig config(uint64_t deals) {
  CompareConfig c;
  c.a = "sackson";
  c.b = kEveryChoice;
  c.players = 3;
  c.deals = deals;
  c.bots = {"random", "greedy"};
  c.seed = 7;
  c.threads = 2;
  return c;
}

struct Run {
  CompareResult r;
  std::vector<DealResult> deals;
};

Run run(const CompareConfig& c) {
  Run out;
  std::atomic<bool> stop{false};
  out.r = run_compare(c, kFolder, {}, stop,
                      [&](const CompareResult&, const DealResult& d) { out.deals.push_back(d); });
  REQUIRE_MESSAGE(out.r.error.empty(), out.r.error);
  return out;
}

std::string json(const Run& run) {
  return to_json(run.r, compute_metrics(run.r), run.deals);
}

// A choice's totals, independent of ChoiceSums: offered, and picks by option.
struct Totals {
  uint64_t offered = 0;
  std::map<std::string, uint64_t> picks;
  friend bool operator==(const Totals&, const Totals&) = default;
};

// tally_choices summed over play_match's games of the run's deals under B.
std::map<std::string, Totals> replayed_totals(const CompareConfig& c, uint64_t deals) {
  const scripting::LoadedVariant b = scripting::load_variant_spec(c.b, kFolder);
  REQUIRE_MESSAGE(b.ok, c.b);
  std::map<std::string, Totals> out;
  for (uint64_t deal = 0; deal < deals; ++deal) {
    MatchConfig m;
    m.setup.players = c.players;
    m.seed = derive_seed(c.seed, deal);
    m.bots = c.bots;
    const MatchRecord game = play_match(b.rules, m);
    REQUIRE(game.ok);
    for (const replays::ChoiceCount& row : replays::tally_choices(game.events, b.rules)) {
      Totals& t = out[row.name];
      t.offered += static_cast<uint64_t>(row.offered);
      for (const auto& [option, n] : row.picks) t.picks[option] += static_cast<uint64_t>(n);
    }
  }
  return out;
}

std::map<std::string, Totals> totals_of(const ChoiceSums& sums) {
  std::map<std::string, Totals> out;
  for (const ChoiceSum& row : sums.rows) {
    Totals& t = out[row.name];
    t.offered = row.offered;
    for (const auto& [option, n] : row.picks) t.picks[option] = n;
  }
  return out;
}

std::vector<std::string> notes(const CompareResult& r) {
  std::vector<std::string> out;
  for (const SummaryRow& row : summary_rows(r, compute_metrics(r))) {
    if (!row.note.empty()) out.push_back(row.note);
  }
  return out;
}

}  // namespace

TEST_CASE("options are ordered whole numbers first, by value, then by notation") {
  std::vector<std::string> options = {"yes", "10", "P2", "-1", "7S", "no", "2", "10H", "P1"};
  std::sort(options.begin(), options.end(), option_before);
  CHECK(options == std::vector<std::string>{"-1", "2", "10", "10H", "7S", "P1", "P2", "no", "yes"});
}

TEST_CASE("the lab's choice counts are tally_choices summed over the same games") {
  const CompareConfig c = config(8);
  const Run r = run(c);
  // Sackson declares no choice: no rows under A.
  CHECK(r.r.tally.a.choices.rows.empty());
  // B's rows are its choices in the rules' order.
  const scripting::LoadedVariant b = scripting::load_variant_spec(c.b, kFolder);
  REQUIRE(b.ok);
  REQUIRE(r.r.tally.b.choices.rows.size() == b.rules.choices.size());
  for (size_t i = 0; i < b.rules.choices.size(); ++i)
    CHECK(r.r.tally.b.choices.rows[i].name == b.rules.choices[i].name);
  const std::map<std::string, Totals> expected = replayed_totals(c, 8);
  CHECK(totals_of(r.r.tally.b.choices) == expected);
  // Every kind of option came up, and the random bot said both yes and no.
  // (Not a structured binding: clang 14 cannot name one inside CHECK_MESSAGE's lambda.)
  for (const auto& entry : expected) CHECK_MESSAGE(entry.second.offered > 0, entry.first);
  CHECK(expected.at("swap").picks.count("yes") == 1);
  CHECK(expected.at("swap").picks.count("no") == 1);
  // Each row's options are in option_before order.
  for (const ChoiceSum& row : r.r.tally.b.choices.rows) {
    CHECK(std::is_sorted(row.picks.begin(), row.picks.end(), [](const auto& x, const auto& y) {
      return option_before(x.first, y.first);
    }));
  }
}

TEST_CASE("the report shows the choices of the rule set that has them, and only there") {
  const Run r = run(config(4));
  const std::vector<std::string> lines = notes(r.r);
  REQUIRE(!lines.empty());
  CHECK(lines[0] == "choices under B (every_choice), 4 games:");
  const ChoiceSum& swap = r.r.tally.b.choices.rows[static_cast<size_t>(
      std::find_if(r.r.tally.b.choices.rows.begin(), r.r.tally.b.choices.rows.end(),
                   [](const ChoiceSum& s) { return s.name == "swap"; }) -
      r.r.tally.b.choices.rows.begin())];
  char per_game[32];
  std::snprintf(per_game, sizeof per_game, "%.2f",
                static_cast<double>(swap.offered) / 4.0);  // 4 games
  const std::string head = "  swap: offered " + std::to_string(swap.offered) + " times (" +
                           per_game + " per game); picked " + std::to_string(swap.picked()) + ":";
  const bool shown = std::any_of(lines.begin(), lines.end(), [&](const std::string& l) {
    return l.rfind(head, 0) == 0 && l.find(" no ") != std::string::npos &&
           l.find(" yes ") != std::string::npos;
  });
  CHECK_MESSAGE(shown, head);
  for (const std::string& l : lines) CHECK(l.find("under A") == std::string::npos);
  // A comparison without choices has no such line, and no "choices" in its JSON.
  CompareConfig plain = config(3);
  plain.b = "book1881";
  const Run p = run(plain);
  CHECK(notes(p.r).empty());
  CHECK(json(p).find("\"choices\"") == std::string::npos);
}

TEST_CASE("the choice counts survive the JSON, and shards merge to the whole") {
  const CompareConfig c = config(9);
  const Run whole = run(c);
  const std::string text = json(whole);
  CHECK(text.find("\"choices\"") != std::string::npos);
  CompareResult back;
  std::string why;
  REQUIRE_MESSAGE(from_json(text, back, why), why);
  CHECK(back.tally.a.choices.rows.empty());
  CHECK(back.tally.b.choices == whole.r.tally.b.choices);
  // Three shards, each through its own file, merged in another order.
  std::vector<CompareResult> parts;
  std::vector<DealResult> games;
  for (int i : {2, 0, 1}) {
    CompareConfig shard = c;
    shard.shard = i;
    shard.shards = 3;
    const Run part = run(shard);
    CompareResult read;
    REQUIRE_MESSAGE(from_json(json(part), read, why, &games), why);
    parts.push_back(read);
  }
  const CompareResult merged = merge_results(parts, why);
  REQUIRE_MESSAGE(why.empty(), why);
  CHECK(merged.tally.b.choices == whole.r.tally.b.choices);
  std::sort(games.begin(), games.end(),
            [](const DealResult& x, const DealResult& y) { return x.deal < y.deal; });
  // The merged file is the whole run's, byte for byte, choices included.
  CHECK(to_json(merged, compute_metrics(merged), games) == text);
  // A file whose choices are not as written is refused.
  std::string bad = text;
  bad.replace(bad.find("\"offered\": "), 11, "\"offered\": -");
  CompareResult refused;
  CHECK_FALSE(from_json(bad, refused, why));
  CHECK(why.find("choices") != std::string::npos);
  // Nor one with a count past 2^40 (sums of merged shards would wrap), nor
  // an option twice under two spellings.
  const size_t at = text.find("\"offered\": ") + 11;
  std::string huge = text;
  huge.insert(at, "18446744073709551");
  CHECK_FALSE(from_json(huge, refused, why));
  CHECK(why.find("at most 2^40") != std::string::npos);
  const size_t picks = text.find("\"picks\": {", at) + 10;
  std::string twice = text;
  twice.insert(picks, "\"3\": 1, \"03\": 1, ");
  CHECK_FALSE(from_json(twice, refused, why));
  CHECK(why.find("each option once") != std::string::npos);
}

TEST_CASE("the CSV has each choice's offers and picks per game") {
  const Run r = run(config(2));
  const std::string header = csv_header(r.r);
  CHECK(header.find(",b_choice_swap_offered,b_choice_swap_picks") != std::string::npos);
  CHECK(header.find("a_choice_") == std::string::npos);
  const std::string line = csv_line(r.r, r.deals[0]);
  const auto columns = [](const std::string& s) { return std::count(s.begin(), s.end(), ','); };
  CHECK(columns(line) == columns(header));
  // The game's swap picks, as "no:N;yes:M" in option_before order.
  for (const replays::ChoiceCount& c : r.deals[0].b.choice_counts) {
    if (c.name != "swap") continue;
    std::map<std::string, int> picks(c.picks.begin(), c.picks.end());
    std::string cell = "," + std::to_string(c.offered) + ",";
    for (const auto& [option, n] : picks)
      cell += (cell.back() == ',' ? "" : ";") + option + ":" + std::to_string(n);
    CHECK_MESSAGE(line.find(cell + ",") != std::string::npos, cell);
  }
}

TEST_CASE("rotated, every rotation's game counts") {
  CompareConfig c = config(2);
  c.rotate = true;
  const Run r = run(c);
  std::map<std::string, uint64_t> offered;
  for (const DealResult& d : r.deals) {
    REQUIRE(d.more_b.size() == 2);
    for (const GameSummary* g : {&d.b, &d.more_b[0], &d.more_b[1]}) {
      for (const replays::ChoiceCount& row : g->choice_counts)
        offered[row.name] += static_cast<uint64_t>(row.offered);
    }
  }
  REQUIRE(!offered.empty());
  for (const ChoiceSum& row : r.r.tally.b.choices.rows) CHECK(row.offered == offered[row.name]);
  CHECK(notes(r.r).at(0) == "choices under B (every_choice), 6 games:");
}
