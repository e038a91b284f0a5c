// Reviewing a replay with the search bot (replays/review.h) and `zetema
// replay review`: the options are the legal actions of each position, the
// played one is the replay's, the same review in every run, and nothing in
// it depends on a card the deciding seat could not see.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "engine/mc_bot.h"
#include "replays/review.h"
#include "tests/support/samples.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::replays;

namespace {

// The table before each step of a replay's re-derivation.
std::vector<State> states_before_steps(const Replay& r, const Ruleset& rules,
                                       std::vector<Step>& steps) {
  const Rederived game = rederive(r, rules);
  REQUIRE_MESSAGE(game.ok, game.error);
  steps = game.steps;
  NewGame g = new_game(rules, replay_setup(r));
  REQUIRE(g.ok);
  std::vector<State> out;
  State s = g.state;
  EventLog scratch;
  for (const Step& step : steps) {
    out.push_back(s);
    REQUIRE(apply_step(s, step, scratch).ok);
  }
  return out;
}

ReviewOptions small_review() {
  ReviewOptions o;
  o.search.iterations = 60;
  return o;
}

struct Run {
  int status = -1;
  std::string output;
};

Run run_cli(const std::string& args) {
  const std::string command = std::string(ZETEMA_CLI) + " " + args + " 2>&1";
  Run r;
  FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, pipe)) > 0;) r.output.append(buf, n);
  const int raw = ::pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

}  // namespace

TEST_CASE("review: each decision's options are the legal actions there, the played one marked") {
  const Replay r = test::sample_replay("sackson-3p-greedy-vs-random");
  const Ruleset& rules = test::variant("sackson");
  const Review review = review_replay(r, rules, small_review());
  REQUIRE_MESSAGE(review.ok, review.error);
  REQUIRE(review.decisions.size() > 50);
  std::vector<Step> steps;
  const std::vector<State> before = states_before_steps(r, rules, steps);
  for (const ReviewedDecision& d : review.decisions) {
    CAPTURE(d.position);
    const State& s = before[d.step];
    CHECK(steps[d.step].first_event == d.position);
    CHECK(s.current == d.player);
    std::vector<Action> legal;
    REQUIRE_FALSE(legal_actions(s, legal).has_value());
    REQUIRE(legal.size() == d.options.size());
    for (size_t i = 0; i < legal.size(); ++i) CHECK(d.options[i].action == legal[i]);
    // The action played is the replay's next: it makes the step's events.
    CHECK(d.options[d.played].action == steps[d.step].parsed);
    CHECK(d.lost() >= 0);
    for (const ActionValue& a : d.options) {
      CHECK(a.visits > 0);
      CHECK(a.win_chance >= 0);
      CHECK(a.win_chance <= 1);
    }
  }
  // The same review again, and one seat's decisions alone.
  const Review again = review_replay(r, rules, small_review());
  REQUIRE(again.decisions.size() == review.decisions.size());
  for (size_t i = 0; i < again.decisions.size(); ++i) {
    CHECK(again.decisions[i].options[again.decisions[i].best].win_chance ==
          review.decisions[i].options[review.decisions[i].best].win_chance);
  }
  ReviewOptions p2 = small_review();
  p2.seat = 1;
  const Review only = review_replay(r, rules, p2);
  REQUIRE(only.ok);
  CHECK_FALSE(only.decisions.empty());
  for (const ReviewedDecision& d : only.decisions) CHECK(d.player == 1);
}

TEST_CASE("review: a decision's estimates depend on nothing the seat could not see") {
  // The same position with the other hands and the stock dealt again from
  // the deciding seat's view: the search gives the very same estimates.
  const Replay r = test::sample_replay("sackson-3p-greedy-vs-random");
  const Ruleset& rules = test::variant("sackson");
  const Review review = review_replay(r, rules, small_review());
  REQUIRE(review.ok);
  std::vector<Step> steps;
  const std::vector<State> before = states_before_steps(r, rules, steps);
  for (size_t k = 0; k < review.decisions.size(); k += 9) {
    const State& s = before[review.decisions[k].step];
    Rng deal(k + 77);
    const State other = determinize(s, deal);
    REQUIRE(other.hand(s.current) == s.hand(s.current));
    LegalActions legal_s, legal_o;
    REQUIRE_FALSE(legal_actions(s, legal_s).has_value());
    REQUIRE_FALSE(legal_actions(other, legal_o).has_value());
    SearchOptions o;
    o.iterations = 60;
    Rng a(5), b(5);
    const SearchResult rs = search_position(s, legal_s, a, o);
    const SearchResult ro = search_position(other, legal_o, b, o);
    REQUIRE(rs.actions.size() == ro.actions.size());
    for (size_t i = 0; i < rs.actions.size(); ++i) {
      CHECK(rs.actions[i].visits == ro.actions[i].visits);
      CHECK(rs.actions[i].win_chance == ro.actions[i].win_chance);
    }
  }
}

TEST_CASE("zetema replay review: text, JSON, one seat, and a bad seat") {
  const std::string sample =
      std::string(ZETEMA_SOURCE_DIR) + "/replays/samples/sackson-2p-two-player-chain.json";
  const Run text = run_cli("replay review " + sample + " --iterations 40");
  REQUIRE_MESSAGE(text.status == 0, text.output);
  CHECK(text.output.find("decisions reviewed (ismcts, 40 iterations each") != std::string::npos);
  CHECK(text.output.find("P1: ") != std::string::npos);
  const Run json = run_cli("replay review " + sample + " --iterations 40 --json --seat 2");
  REQUIRE_MESSAGE(json.status == 0, json.output);
  CHECK(json.output.rfind("{\"file\":", 0) == 0);
  CHECK(json.output.find("\"player\":\"P1\"") == std::string::npos);
  CHECK(json.output.find("\"player\":\"P2\"") != std::string::npos);
  const Run bad = run_cli("replay review " + sample + " --seat 3");
  CHECK(bad.status == 2);
  CHECK(bad.output.find("--seat must be from 1 to 2") != std::string::npos);
}

TEST_CASE("review: every sample replay is reviewed, each decision with its options") {
  int reviewed = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(ZETEMA_SOURCE_DIR "/replays/samples")) {
    if (entry.path().extension() != ".json") continue;
    CAPTURE(entry.path().string());
    const Replay r = test::sample_replay(entry.path().stem().string());
    const ResolvedVariant v = resolve_variant(r, test::variants_dir());
    REQUIRE_MESSAGE(v.ok, v.error);
    ReviewOptions o;
    o.search.iterations = 8;
    const Review review = review_replay(r, v.variant.rules, o);
    REQUIRE_MESSAGE(review.ok, review.error);
    CHECK_FALSE(review.decisions.empty());
    for (const ReviewedDecision& d : review.decisions) {
      REQUIRE(d.options.size() >= 2);
      CHECK(d.played < d.options.size());
      CHECK(d.best < d.options.size());
    }
    ++reviewed;
  }
  CHECK(reviewed >= 14);
}
