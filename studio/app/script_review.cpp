#include "studio/app/script_review.h"

#include "replays/text.h"
#include "studio/app/viewer.h"

namespace zetema::studio {

std::optional<std::string> run_review_command(const std::string& cmd, std::istringstream& args,
                                              Session& s, UiState&) {
  if (cmd == "evaluate") {  // evaluate [ITERATIONS]: as the Evaluate button
    int iterations = s.review_iterations;
    if (!(args >> iterations)) iterations = s.review_iterations;
    if (iterations < 1 || iterations > 100000) return "evaluate: iterations from 1 to 100000";
    return s.start_review(iterations) ? "" : s.status;
  }
  if (cmd == "evaluate-cancel") {
    s.review.cancel();
    return std::string();
  }
  if (cmd == "lab-strength") {  // lab-strength VARIANT BOTS DEALS: as "Rate the bots"
    lab::LadderConfig c;
    std::string bots;
    if (!(args >> c.variant >> bots >> c.deals)) return "lab-strength VARIANT BOT,BOT,... DEALS";
    std::stringstream list(bots);
    for (std::string b; std::getline(list, b, ',');) c.bots.push_back(b);
    s.strength.start(c, s.folder());
    return std::string();
  }
  return std::nullopt;
}

std::optional<std::string> check_review_expectation(const std::string& what,
                                                    const std::string& value, Session& s,
                                                    const UiState& ui) {
  auto fail = [&](const std::string& got) {
    return "expected " + what + " " + value + ", got " + got;
  };
  if (what == "evaluation") {  // running, done or none (no review of the open replay)
    const std::string got = s.review.running() ? "running" : s.shown_review() ? "done" : "none";
    return got == value ? "" : fail(got);
  }
  if (what == "evaluation-decisions") {  // as many as the line shows (the single-seat view's own)
    const replays::Review* r = s.shown_review();
    const size_t n = r ? visible_decisions(*r, shown_seats(s, ui)).size() : 0;
    return std::to_string(n) == value ? "" : fail(std::to_string(n));
  }
  if (what == "evaluation-seats") {  // the seats whose decisions the line shows: "P1 P2"
    const replays::Review* r = s.shown_review();
    std::string got;
    for (int p = 0; r && p < kMaxPlayers; ++p) {
      for (const replays::ReviewedDecision* d : visible_decisions(*r, shown_seats(s, ui))) {
        if (d->player == p) {
          got += (got.empty() ? "" : " ") + player_name(p);
          break;
        }
      }
    }
    return got == value ? "" : fail(got.empty() ? "none" : got);
  }
  if (what == "lab-strength-rated") {  // the bots the last finished ladder rated (0: none)
    const auto& l = s.strength.ladder();
    const size_t n = l && l->error.empty() ? l->ratings.size() : 0;
    return std::to_string(n) == value ? ""
                                      : fail(l && !l->error.empty() ? l->error : std::to_string(n));
  }
  if (what == "lab-strength-top") {  // the highest rated bot of the last ladder
    const auto& l = s.strength.ladder();
    std::string got = "none";
    double best = -1e300;
    for (const lab::Rating& r : l ? l->ratings : std::vector<lab::Rating>{}) {
      if (r.elo > best) {
        best = r.elo;
        got = r.bot;
      }
    }
    return got == value ? "" : fail(got);
  }
  if (what == "at-evaluation-mark") {  // the cursor is at a decision marked red: true or false
    const replays::Review* r = s.shown_review();
    bool at = false;
    for (const replays::ReviewedDecision* d : r ? visible_decisions(*r, shown_seats(s, ui))
                                                : std::vector<const replays::ReviewedDecision*>{}) {
      at = at || (d->position == s.replay.cursor().position() && d->lost() > kMarkedLoss);
    }
    return (at ? "true" : "false") == value ? "" : fail(at ? "true" : "false");
  }
  if (what == "decision-at-position") {  // the decision the explanation shows, by its position
    const replays::Review* r = s.shown_review();
    const replays::ReviewedDecision* d =
        r ? decision_at(visible_decisions(*r, shown_seats(s, ui)), s.replay.cursor().position())
          : nullptr;
    const std::string got = d ? std::to_string(d->position) : "none";
    return got == value ? "" : fail(got);
  }
  return std::nullopt;
}

}  // namespace zetema::studio
