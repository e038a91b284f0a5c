// Tallies by kind name: the built-in kinds, a variant's own kinds and the
// points hooks award, in the diff.
#include <doctest/doctest.h>

#include <numeric>

#include "engine/match.h"
#include "replays/diff.h"
#include "replays/kind_tally.h"
#include "replays/record.h"
#include "scripting/variant_loader.h"
#include "tests/replays/replay_support.h"
#include "tests/support/samples.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::replays;
using zetema::test::replay_of;

namespace {

scripting::LoadedVariant example(const std::string& id) {
  auto v = scripting::load_variant_spec(test::cookbook_file(id), test::variants_dir());
  REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
  return v;
}

// Sackson with three kinds of its own, one named like the zetema row.
scripting::LoadedVariant three_kinds() {
  auto v = scripting::load_variant(
      {"", "test/three_kinds.lua",
       "local function none() return {} end\n"
       "return { id = 'three_kinds', name = 'Three kinds', source = 'test', extends = 'sackson',\n"
       "  kinds = { zeta = { points = 1, find = none }, ['pair-of-sevens'] = { points = 2, find = "
       "none },\n"
       "            zetema = { points = 3, find = none } },\n}\n"},
      scripting::folder_resolver(test::variants_dir()));
  REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
  return v;
}

long long sum(const std::vector<long long>& xs) {
  return std::accumulate(xs.begin(), xs.end(), 0LL);
}
long long total_score(const State& s) {
  long long t = 0;
  for (int side = 0; side < s.sides; ++side) t += s.score[side];
  return t;
}

}  // namespace

TEST_CASE("the rows: built-in kinds, A's own, B's not in A, award, zetema") {
  const Ruleset& sackson = test::variant("sackson");
  CHECK(kind_rows(sackson) == std::vector<std::string>{"sequence", "flush", "flush-sequence",
                                                       "assembly", "marriages", "award", "zetema"});
  CHECK(legacy_kind_rows() == std::vector<std::string>{"sequence", "flush", "flush-sequence",
                                                       "assembly", "marriages", "zetema"});
  const auto sevens = example("pair_of_sevens");
  const auto three = three_kinds();
  // A's own kinds in name order (not the order the loader happened to give);
  // a kind of its own named "zetema" keeps out of the zetema row.
  const std::vector<std::string> rows = kind_rows(three.rules, &sevens.rules);
  CHECK(rows == std::vector<std::string>{"sequence", "flush", "flush-sequence", "assembly",
                                         "marriages", "pair-of-sevens", "zeta", "zetema (kind)",
                                         "award", "zetema"});
  CHECK(kind_rows(sackson, &three.rules) == rows);
  CHECK(row_index(rows, "zeta") == 6);
  CHECK(row_index(rows, "nosuch") == -1);
  // Each kind of each rule set is counted in its own row, whatever its number.
  const KindCounter counter(three.rules, rows);
  for (size_t i = 0; i < three.rules.kinds.size(); ++i) {
    Event e;
    e.type = EventType::Declare;
    e.kind = static_cast<DeclKind>(kBuiltinKinds + static_cast<int>(i));
    const std::string& name = three.rules.kinds[i].name;
    CHECK(rows[static_cast<size_t>(counter.row(e))] == (name == "zetema" ? "zetema (kind)" : name));
  }
  Event z;
  z.type = EventType::Zetema;
  CHECK(counter.row(z) == 9);
  z.type = EventType::Award;
  CHECK(counter.row(z) == 8);
  z.type = EventType::Discard;
  CHECK(counter.row(z) == -1);
}

TEST_CASE("a diff tallies a variant's own kind by name, and its points add up to the scores") {
  const auto sevens = example("pair_of_sevens");
  const Ruleset& sackson = test::variant("sackson");
  // A sample recorded under sackson, re-run under pair_of_sevens: B's kind
  // has its row, at 0 under both (the record declares no pair).
  {
    const Replay r = test::sample_replay("sackson-3p-greedy-vs-random");
    const DiffResult d = diff_replay(r, sackson, sevens.rules, {});
    REQUIRE_MESSAGE(d.ok, d.error);
    const int k = row_index(d.kinds, "pair-of-sevens");
    REQUIRE(k == 5);
    CHECK(d.a.by_kind.count[5] == 0);
    CHECK(d.b.by_kind.count[5] == 0);
    CHECK(sum(d.a.by_kind.points) == total_score(d.a.final_state));
  }
  // A game of pair_of_sevens re-run under sackson, skipping what sackson
  // refuses: A's pairs are tallied, B has none; each side's points add up.
  MatchConfig m;
  m.setup.players = 3;
  m.seed = 7;
  m.bots = {"greedy"};
  const MatchRecord game = play_match(sevens.rules, m);
  REQUIRE_MESSAGE(game.ok, game.error);
  DiffPolicy skip;
  skip.kind = DiffPolicy::Kind::Skip;
  const DiffResult d = diff_replay(replay_of(game, m.seed), sevens.rules, sackson, skip);
  REQUIRE_MESSAGE(d.ok, d.error);
  const size_t k = static_cast<size_t>(row_index(d.kinds, "pair-of-sevens"));
  REQUIRE(k == 5);
  CHECK(d.a.by_kind.count[k] > 0);
  CHECK(d.a.by_kind.points[k] == 15LL * d.a.by_kind.count[k]);
  CHECK(d.b.by_kind.count[k] == 0);
  CHECK(d.b.by_kind.points[k] == 0);
  CHECK(sum(d.a.by_kind.points) == total_score(d.a.final_state));
  CHECK(sum(d.b.by_kind.points) == total_score(d.b.final_state));
  CHECK(d.divergences.front().what.find("pair-of-sevens") != std::string::npos);
}

TEST_CASE("a diff tallies the points hooks award") {
  const auto tribute = example("ace_tribute");
  const Ruleset& sackson = test::variant("sackson");
  MatchConfig m;
  m.setup.players = 3;
  m.bots = {"greedy"};
  // A seed whose game has an ace zetema, so that its tribute is paid.
  for (m.seed = 1; m.seed < 40; ++m.seed) {
    const MatchRecord game = play_match(tribute.rules, m);
    REQUIRE_MESSAGE(game.ok, game.error);
    const DiffResult d = diff_replay(replay_of(game, m.seed), tribute.rules, sackson, {});
    REQUIRE_MESSAGE(d.ok, d.error);
    const size_t award = static_cast<size_t>(row_index(d.kinds, kAwardRow));
    CHECK(sum(d.a.by_kind.points) == total_score(d.a.final_state));
    CHECK(d.b.by_kind.count[award] == 0);
    if (d.a.by_kind.count[award] == 0) continue;
    CHECK(d.a.by_kind.points[award] == -10LL * d.a.by_kind.count[award]);
    return;
  }
  FAIL("no ace tribute in 39 games");
}
