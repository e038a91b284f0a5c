// Replays of the open turn: a kind a variant defines is recorded in
// notation and re-derived exactly, and a replay whose embedded Lua misuses
// the new rules stops with the rule's file:line, never a crash.
#include <doctest/doctest.h>

#include <string>

#include "engine/match.h"
#include "replays/codec.h"
#include "replays/record.h"
#include "replays/replay_file.h"
#include "replays/sha256.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::replays;

namespace {

const std::string kPairOfSevens =
    std::string(ZETEMA_SOURCE_DIR) + "/variants/examples/pair_of_sevens.lua";

// A recorded game under the cookbook's pair-of-sevens variant, long enough
// to hold a pair of sevens.
Replay recorded_with_pairs() {
  scripting::LoadedVariant v = scripting::load_variant_spec(kPairOfSevens, test::variants_dir());
  REQUIRE_MESSAGE(v.ok, v.error->describe());
  for (uint64_t seed = 1; seed < 40; ++seed) {
    MatchConfig c;
    c.setup.players = 3;
    c.seed = seed;
    c.bots = {"greedy"};
    const MatchRecord m = play_match(v.rules, c);
    REQUIRE_MESSAGE(m.ok, m.error);
    Replay r = make_replay(v, m.final_state, seed, {"greedy"}, m.hands, m.events);
    for (const ReplayHand& h : r.hands) {
      for (const std::string& a : h.actions) {
        if (a.rfind("pair-of-sevens ", 0) == 0) return r;
      }
    }
  }
  FAIL("no game declared a pair of sevens");
  return {};
}

// The replay with its embedded file's text edited, re-hashed as a forger would.
Replay with_source(Replay r, const std::string& from, const std::string& to) {
  std::string& text = r.sources.front().text;
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  r.variant_sha256 = sources_sha256(r.sources);
  return r;
}

}  // namespace

TEST_CASE("a variant's own kind is recorded by name and re-derived exactly, in both encodings") {
  const Replay r = recorded_with_pairs();
  CHECK(r.format == 2);
  ResolvedVariant v = resolve_variant(r, test::variants_dir());
  REQUIRE_MESSAGE(v.ok, v.error);
  const Verified checked = verify_replay(r, v.variant.rules);
  REQUIRE_MESSAGE(checked.ok, checked.error);
  for (Encoding e : {Encoding::Json, Encoding::Binary}) {
    const Decoded d = decode(encode(r, e));
    REQUIRE_MESSAGE(d.ok, d.error);
    CHECK(d.replay == r);
    CHECK(verify_replay(d.replay, v.variant.rules).ok);
  }
  // The hash names events by stable names: a kind's name is in it, so a
  // variant that renames the kind no longer verifies the game.
  const Replay renamed = with_source(r, "[\"pair-of-sevens\"]", "[\"two-sevens\"]");
  ResolvedVariant rv = resolve_variant(renamed, test::variants_dir());
  REQUIRE(rv.ok);
  const Verified again = verify_replay(renamed, rv.variant.rules);
  CHECK_FALSE(again.ok);
  CHECK(again.error.find("unknown action 'pair-of-sevens'") != std::string::npos);
}

TEST_CASE("a replay whose embedded finder lies stops at the finder's line") {
  const Replay r = recorded_with_pairs();
  const Replay lying =
      with_source(r, "return pairs_found\n", "return { { \"7H\", \"7H\" }, { \"QS'\" } }\n");
  ResolvedVariant v = resolve_variant(lying, test::variants_dir());
  REQUIRE_MESSAGE(v.ok, v.error);
  CHECK(v.embedded);
  const Rederived d = rederive(lying, v.variant.rules);
  CHECK_FALSE(d.ok);
  CAPTURE(d.error);
  CHECK(d.error.find("pair_of_sevens.lua:") != std::string::npos);
  CHECK(d.error.find("kinds.pair-of-sevens.find must return set 1: card 7H twice") !=
        std::string::npos);
}

TEST_CASE("a replay whose embedded flow hook asks for too many cards stops with the rule named") {
  const Replay r = recorded_with_pairs();
  const Replay greedy_flow = with_source(
      r, "  kinds = {",
      "  flow_step = function(state, step)\n"
      "    if step == 'after_discard' and state.stock < 20 then return { draw = 40 } end\n"
      "  end,\n  kinds = {");
  ResolvedVariant v = resolve_variant(greedy_flow, test::variants_dir());
  REQUIRE_MESSAGE(v.ok, v.error);
  const Rederived d = rederive(greedy_flow, v.variant.rules);
  CHECK_FALSE(d.ok);
  CAPTURE(d.error);
  CHECK(d.error.find("flow_step asks P") != std::string::npos);
  CHECK(d.error.find("(rule flow.after_discard)") != std::string::npos);
}

TEST_CASE("a format-1 replay (enum-number event hash) still verifies") {
  // A copy of a sample recorded before format 2, kept apart from
  // replays/samples so regenerating the samples cannot lose it.
  const Decoded d = load_replay(std::string(ZETEMA_SOURCE_DIR) +
                                "/tests/replays/format1/sackson-3p-greedy-vs-random.json");
  REQUIRE_MESSAGE(d.ok, d.error);
  CHECK(d.replay.format == 1);
  ResolvedVariant v = resolve_variant(d.replay, test::variants_dir());
  REQUIRE_MESSAGE(v.ok, v.error);
  const Verified checked = verify_replay(d.replay, v.variant.rules);
  CHECK_MESSAGE(checked.ok, checked.error);
  // Read as format 2 the same events hash differently: the version matters.
  Replay as2 = d.replay;
  as2.format = 2;
  CHECK_FALSE(verify_replay(as2, v.variant.rules).ok);
}
