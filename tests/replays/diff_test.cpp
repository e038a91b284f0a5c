// Diff: the same game under another rule set, with each policy.
#include <doctest/doctest.h>

#include "engine/match.h"
#include "replays/diff.h"
#include "replays/record.h"
#include "replays/replay_file.h"
#include "tests/replays/replay_support.h"
#include "tests/support/samples.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::replays;
using zetema::test::replay_of;

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

// Each hand's dealer and the cards dealt to each player, in order.
struct DealtHand {
  int dealer = -1;
  std::vector<std::pair<int, CardSet>> dealt;
  friend bool operator==(const DealtHand&, const DealtHand&) = default;
};
std::vector<DealtHand> deals(const EventLog& events) {
  std::vector<DealtHand> out;
  for (const Event& e : events) {
    if (e.type == EventType::HandStart) out.push_back({e.player, {}});
    if (e.type == EventType::Deal) out.back().dealt.emplace_back(e.player, e.cards);
  }
  return out;
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
  CHECK(d.a.by_kind.points[static_cast<size_t>(row_index(d.kinds, "flush-sequence"))] > 0);
  CHECK(d.b.by_kind.points[static_cast<size_t>(row_index(d.kinds, "flush"))] == 0);
  CHECK(d.b.by_kind.points[static_cast<size_t>(row_index(d.kinds, "flush-sequence"))] == 0);
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
  CHECK(d.b.by_kind.points[static_cast<size_t>(row_index(d.kinds, "flush"))] == 0);
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
        "unknown bot 'nobody' (bots: random, greedy, imperial, hoarder, assembler, mc[:N], "
        "ismcts[:N]; N playouts (mc) "
        "or search iterations (ismcts) a decision, from 1 to 100000; "
        "ismcts[:N]+no-KIND never declares KIND)");
}

TEST_CASE("bot: the bots play on with the seed's packs, as play_match deals them under B") {
  // A game under sackson from seed 5, cut to its first hand: under
  // rummy_site its first discard is refused and the bots take over. The
  // later hands are not in the record; they come from the replay's deck
  // stream, so they are the hands play_match deals under rummy_site.
  const uint64_t seed = 5;
  MatchConfig c;
  c.setup.players = 2;
  c.seed = seed;
  c.bots = {"random"};
  const MatchRecord a = play_match(test::variant("sackson"), c);
  REQUIRE(a.ok);
  Replay r = replay_of(a, seed);
  r.hands.resize(1);
  std::string why;
  const auto policy = parse_policy("bot:random", why);
  REQUIRE(policy);
  const DiffResult d =
      diff_replay(r, test::variant("sackson"), test::variant("rummy_site"), *policy);
  REQUIRE_MESSAGE(d.ok, d.error);
  REQUIRE_FALSE(d.divergences.empty());
  CHECK(d.divergences.front().hand == 0);
  CHECK(d.divergences.front().followed == "bot random took over every seat");
  CHECK(d.b.finished);

  const MatchRecord b = play_match(test::variant("rummy_site"), c);
  REQUIRE(b.ok);
  const std::vector<DealtHand> continued = deals(d.b.events), played = deals(b.events);
  const size_t both = std::min(continued.size(), played.size());
  REQUIRE(both >= 3);  // hands beyond the record are compared
  CHECK(continued[0].dealer == a.hands[0].dealer);
  for (size_t h = 0; h < both; ++h) {
    CAPTURE(h);
    CHECK(continued[h].dealer == played[h].dealer);
    CHECK(continued[h].dealt == played[h].dealt);
  }
}

TEST_CASE("a variant that defines a built-in kind anew in Lua re-runs its parent's declarations") {
  // Sackson's sequence written as a Lua kind of the same name: the whole
  // six-card hand is the one set it finds.
  auto v = scripting::load_variant(
      {"", "test/lua_sequence.lua",
       "return { id = 'lua_sequence', name = 'Lua sequence', source = 'test', extends = "
       "'sackson',\n"
       "  kinds = { sequence = { points = 10, find = function(_, hand) return { hand } end } },\n"
       "}\n"},
      scripting::folder_resolver(test::variants_dir()));
  REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
  const Replay r = test::sample_replay("sackson-2p-double-imperial-marriage");
  const DiffResult d = diff_replay(r, test::variant("sackson"), v.rules, {});
  REQUIRE_MESSAGE(d.ok, d.error);
  for (const Divergence& dv : d.divergences) {
    CAPTURE(dv.what);
    CHECK(dv.reason.find("kinds.sequence = false") == std::string::npos);
    CHECK(dv.what.rfind("sequence ", 0) == std::string::npos);
  }
  // The recorded sequence scores under B by B's own kind.
  const auto declared = [](const EventLog& events) {
    int n = 0;
    for (const Event& e : events) n += e.type == EventType::Declare ? 1 : 0;
    return n;
  };
  CHECK(declared(d.b.events) >= 1);
}
