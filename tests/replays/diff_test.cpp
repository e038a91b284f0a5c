// Diff: the same game under another rule set, with each policy.
#include <doctest/doctest.h>

#include "replays/diff.h"
#include "replays/record.h"
#include "replays/replay_file.h"
#include "tests/support/samples.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::replays;

namespace {

// Sackson, but no flush of any kind may be declared.
scripting::LoadedVariant no_flushes() {
  auto v = scripting::load_variant(
      {"", "test/no_flushes.lua",
       "return { id = 'no_flushes', name = 'No flushes', source = 'test', extends = 'sackson',\n"
       "  allow_declaration = function(state, d)\n"
       "    if d.kind == 'flush' or d.kind == 'flush-sequence' then return false, 'no flushes "
       "here' end\n"
       "    return true\n"
       "  end,\n}\n"},
      scripting::folder_resolver(test::variants_dir()));
  REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
  return v;
}

}  // namespace

TEST_CASE("the same rules give no divergence and the same game") {
  const Replay r = test::sample_replay("sackson-3p-greedy-vs-random");
  const DiffResult d = diff_replay(r, test::variant("sackson"), test::variant("rules_site"), {});
  REQUIRE_MESSAGE(d.ok, d.error);
  CHECK(d.divergences.empty());
  CHECK(events_sha256(d.a.events, *d.a.final_state.rules) ==
        events_sha256(d.b.events, *d.a.final_state.rules));
  CHECK(d.a.final_state.score == d.b.final_state.score);
  CHECK(d.b.finished);
  for (const DiffRow& row : d.rows) {
    REQUIRE(row.a);
    REQUIRE(row.b);
    CHECK(*row.a == *row.b);
  }
}

TEST_CASE("stop: the first refused action, with its reason, ends the re-run") {
  const Replay r = test::sample_replay("sackson-3p-imperial-flush-sequence");
  const auto b = no_flushes();
  const DiffResult d = diff_replay(r, test::variant("sackson"), b.rules, {});
  REQUIRE(d.ok);
  REQUIRE(d.divergences.size() == 1);
  const Divergence& first = d.divergences.front();
  CHECK(first.what.find("flush") != std::string::npos);
  CHECK(first.reason.find(
            "refused by allow_declaration (test/no_flushes.lua:2): no flushes here") == 0);
  CHECK(first.followed == "stopped");
  CHECK(d.a.events[first.a_event].type == EventType::Declare);
  CHECK_FALSE(d.b.finished);
  // Up to the divergence both streams are the same events.
  for (size_t i = 0; i < first.a_event; ++i) CHECK(d.b.events[i].type == d.a.events[i].type);
}

TEST_CASE("skip: refused declarations are dropped and the game goes on") {
  const Replay r = test::sample_replay("sackson-3p-imperial-flush-sequence");
  const auto b = no_flushes();
  DiffPolicy skip;
  skip.kind = DiffPolicy::Kind::Skip;
  const DiffResult d = diff_replay(r, test::variant("sackson"), b.rules, skip);
  REQUIRE(d.ok);
  REQUIRE_FALSE(d.divergences.empty());
  for (const Divergence& dv : d.divergences) {
    if (dv.followed == "skipped") CHECK(dv.what.find("flush") != std::string::npos);
  }
  CHECK(d.divergences.front().followed == "skipped");
  // Flushes scored under A, none under B.
  CHECK(d.a.points[static_cast<int>(ScoreKind::FlushSequence)] > 0);
  CHECK(d.b.points[static_cast<int>(ScoreKind::Flush)] == 0);
  CHECK(d.b.points[static_cast<int>(ScoreKind::FlushSequence)] == 0);
  CHECK(d.b.events.size() > d.divergences.front().b_event);
}

TEST_CASE("bot: a bot plays on under B to the end of the game") {
  const Replay r = test::sample_replay("sackson-3p-imperial-flush-sequence");
  const auto b = no_flushes();
  std::string why;
  const auto policy = parse_policy("bot:greedy", why);
  REQUIRE(policy);
  const DiffResult d = diff_replay(r, test::variant("sackson"), b.rules, *policy);
  REQUIRE(d.ok);
  REQUIRE(d.divergences.size() == 1);
  CHECK(d.divergences.front().followed == "bot greedy took over every seat");
  CHECK(d.b.finished);
  CHECK(d.b_end == "the game ended under no_flushes");
  CHECK(d.b.points[static_cast<int>(ScoreKind::Flush)] == 0);
  // Deterministic: the same diff twice gives the same B game.
  const DiffResult again = diff_replay(r, test::variant("sackson"), b.rules, *policy);
  CHECK(events_sha256(again.b.events, *d.b.final_state.rules) ==
        events_sha256(d.b.events, *d.b.final_state.rules));
}

TEST_CASE("sackson under book1881: the draw timing and the marriage rule diverge at once") {
  const Replay r = test::sample_replay("sackson-2p-double-imperial-marriage");
  const DiffResult d = diff_replay(r, test::variant("sackson"), test::variant("book1881"), {});
  REQUIRE(d.ok);
  REQUIRE_FALSE(d.divergences.empty());
  CHECK_FALSE(d.divergences.front().reason.empty());
  std::string error;
  CHECK_FALSE(parse_policy("bot:nobody", error));
  CHECK(error ==
        "unknown bot 'nobody' (bots: random, greedy, imperial, hoarder, assembler, mc[:N])");
}
