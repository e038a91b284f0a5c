// The scripted mode's commands and checks for the bots' analyses: the
// evaluation line and the Lab's strength ladder (docs/studio.md lists them).
#include "studio/app/script_commands.h"

#include "replays/text.h"
#include "studio/app/viewer.h"

namespace zetema::studio {

namespace {

std::string evaluate(ScriptCall& c) {
  int iterations = c.s.review_iterations;
  if (!(c.args >> iterations)) iterations = c.s.review_iterations;
  if (iterations < 1 || iterations > 100000) return "evaluate: iterations from 1 to 100000";
  return c.s.start_review(iterations) ? "" : c.s.status;
}

std::string lab_strength(ScriptCall& call) {
  lab::LadderConfig c;
  std::string bots;
  if (!(call.args >> c.variant >> bots >> c.deals)) return "lab-strength VARIANT BOT,BOT,... DEALS";
  std::stringstream list(bots);
  for (std::string b; std::getline(list, b, ',');) c.bots.push_back(b);
  call.s.strength.start(c, call.s.folder());
  return {};
}

// Running, done or none (no review of the open replay).
std::string check_evaluation(const Expectation& e) {
  const std::string got = e.s.review.running() ? "running" : e.s.shown_review() ? "done" : "none";
  return e.equals(got);
}

// As many as the line shows (the single-seat view's own).
std::string check_decisions(const Expectation& e) {
  const replays::Review* r = e.s.shown_review();
  const size_t n = r ? visible_decisions(*r, shown_seats(e.s, e.ui)).size() : 0;
  return std::to_string(n) == e.value ? "" : e.fail(std::to_string(n));
}

// The seats whose decisions the line shows: "P1 P2".
std::string check_seats(const Expectation& e) {
  const replays::Review* r = e.s.shown_review();
  std::string got;
  for (int p = 0; r && p < kMaxPlayers; ++p) {
    for (const replays::ReviewedDecision* d : visible_decisions(*r, shown_seats(e.s, e.ui))) {
      if (d->player == p) {
        got += (got.empty() ? "" : " ") + player_name(p);
        break;
      }
    }
  }
  return got == e.value ? "" : e.fail(got.empty() ? "none" : got);
}

// The bots the last finished ladder rated (0: none).
std::string check_rated(const Expectation& e) {
  const auto& l = e.s.strength.ladder();
  const size_t n = l && l->error.empty() ? l->ratings.size() : 0;
  return std::to_string(n) == e.value
             ? ""
             : e.fail(l && !l->error.empty() ? l->error : std::to_string(n));
}

// The highest rated bot of the last ladder.
std::string check_top(const Expectation& e) {
  const auto& l = e.s.strength.ladder();
  std::string got = "none";
  double best = -1e300;
  for (const lab::Rating& r : l ? l->ratings : std::vector<lab::Rating>{}) {
    if (r.elo > best) {
      best = r.elo;
      got = r.bot;
    }
  }
  return e.equals(got);
}

// The cursor is at a decision marked red: true or false.
std::string check_at_mark(const Expectation& e) {
  const replays::Review* r = e.s.shown_review();
  bool at = false;
  for (const replays::ReviewedDecision* d : r ? visible_decisions(*r, shown_seats(e.s, e.ui))
                                              : std::vector<const replays::ReviewedDecision*>{}) {
    at = at || (d->position == e.s.replay.cursor().position() && d->lost() > kMarkedLoss);
  }
  return (at ? "true" : "false") == e.value ? "" : e.fail(at ? "true" : "false");
}

// The decision the explanation shows, by its position.
std::string check_decision_at(const Expectation& e) {
  const replays::Review* r = e.s.shown_review();
  const replays::ReviewedDecision* d =
      r ? decision_at(visible_decisions(*r, shown_seats(e.s, e.ui)), e.s.replay.cursor().position())
        : nullptr;
  return e.equals(d ? std::to_string(d->position) : "none");
}

}  // namespace

void register_review_commands(ScriptCommands& t) {
  t.add("evaluate", "evaluate [ITERATIONS]: as the Evaluate button", evaluate);
  t.add("evaluate-cancel", "evaluate-cancel", [](ScriptCall& c) {
    c.s.review.cancel();
    return std::string();
  });
  t.add("lab-strength", "lab-strength VARIANT BOTS DEALS: as \"Rate the bots\"", lab_strength);
  t.add_check("evaluation", "evaluation running|done|none", check_evaluation);
  t.add_check("evaluation-decisions", "evaluation-decisions N: as many as the line shows",
              check_decisions);
  t.add_check("evaluation-seats", "evaluation-seats P1 P2 ...", check_seats);
  t.add_check("lab-strength-rated", "lab-strength-rated N: the bots the last ladder rated",
              check_rated);
  t.add_check("lab-strength-top", "lab-strength-top BOT: the highest rated", check_top);
  t.add_check("at-evaluation-mark", "at-evaluation-mark true|false", check_at_mark);
  t.add_check("decision-at-position", "decision-at-position N|none", check_decision_at);
}

}  // namespace zetema::studio
