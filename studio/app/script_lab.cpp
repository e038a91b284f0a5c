// The scripted mode's commands and checks for the Lab (comparisons, the
// skill trace, sequential tests) and the Corpus panel.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "replays/kind_tally.h"
#include "studio/app/script_commands.h"

namespace zetema::studio {

namespace {

// A B PLAYERS DEALS, as lab-run, lab-test and lab-ladder begin; the rest
// (BOTS, budgets) is `last`.
lab::CompareConfig read_comparison(std::istringstream& args, std::string& last) {
  lab::CompareConfig c;
  std::string players, deals;
  args >> c.a >> c.b >> players >> deals >> last;
  c.players = static_cast<int>(script_number(players));
  c.deals = static_cast<uint64_t>(std::max(1LL, script_number(deals)));
  return c;
}

// Frames drawn until the Lab's run ends, then its error ("" if none).
std::string finish_lab(ScriptCall& c) {
  while (c.s.lab.running()) c.w.frame(c.s, c.ui);
  c.w.frame(c.s, c.ui);
  return c.s.lab.error();
}

// lab-run A B PLAYERS DEALS BOT[,BOT...]: runs it to the end;
// lab-test ... METRIC H0 H1: the SPRT of METRIC's mean H0 against H1, as
// the Lab's test mode runs it, to its verdict or the last deal
std::string lab_run(ScriptCall& call) {
  std::string bots;
  lab::CompareConfig c = read_comparison(call.args, bots);
  c.bots.clear();
  std::stringstream list(bots);
  for (std::string bot; std::getline(list, bot, ',');) c.bots.push_back(bot);
  std::optional<lab::SequentialPlan> plan;
  if (call.cmd == "lab-test") {
    std::string h0, h1;
    plan = lab::SequentialPlan{};
    call.args >> plan->metric >> h0 >> h1;
    plan->test = lab::Sprt{std::atof(h0.c_str()), std::atof(h1.c_str())};
    call.ui.lab_mode = 2;  // the panel shows the test's fields
    call.ui.lab_until = plan->metric;
    call.ui.lab_h0 = static_cast<float>(plan->test->theta0);
    call.ui.lab_h1 = static_cast<float>(plan->test->theta1);
  }
  call.s.lab.start(c, call.s.folder(), plan);
  return finish_lab(call);
}

std::string lab_ladder(ScriptCall& call) {
  std::string budgets;
  const lab::CompareConfig c = read_comparison(call.args, budgets);
  call.ui.lab_ladder = budgets;
  call.s.lab.start_ladder(c, call.s.folder(), budgets);
  return finish_lab(call);
}

std::string corpus_run(ScriptCall& c) {
  std::vector<std::string> paths;
  std::string a, b;
  c.args >> a >> b;
  for (std::string path; c.args >> path;) paths.push_back(path);
  // The panel's field shows the first, as if typed there.
  std::snprintf(c.ui.corpus_path, sizeof c.ui.corpus_path, "%s",
                paths.empty() ? "" : paths[0].c_str());
  // As the panel's button: in the background, frames drawn until it ends.
  c.s.start_corpus(paths, a, b);
  while (c.s.corpus.running()) c.w.frame(c.s, c.ui);
  c.w.frame(c.s, c.ui);
  return c.s.corpus.error().empty() ? "" : c.s.status;
}

std::string corpus_open(ScriptCall& c) {
  std::string a;
  c.args >> a;
  const long long row = script_number(a);
  if (!c.s.corpus.is_open() || row < 1 || static_cast<size_t>(row) > c.s.corpus.rows().size())
    return "no corpus row " + a;
  return open_corpus_game(c.s, c.ui, c.s.corpus.rows()[static_cast<size_t>(row - 1)]) ? ""
                                                                                      : c.s.status;
}

// corpus-games, corpus-errors, corpus-flips: the summary's counts.
std::string check_corpus_count(const Expectation& e) {
  if (!e.s.corpus.is_open()) return e.fail("no corpus");
  const lab::CorpusSummary& c = e.s.corpus.summary();
  const uint64_t n = e.what == "corpus-games"    ? c.files
                     : e.what == "corpus-errors" ? c.errors
                                                 : c.flips;
  return e.count(static_cast<long long>(n));
}

// expect corpus-row ROW flipped|diverged|same|error
std::string check_corpus_row(const Expectation& e) {
  std::istringstream v(e.value);
  std::string row, what;
  v >> row >> what;
  const long long r = script_number(row);
  const Session& s = e.s;
  if (!s.corpus.is_open() || r < 1 || static_cast<size_t>(r) > s.corpus.rows().size())
    return e.fail("no such row");
  const lab::CorpusGame& g = s.corpus.result().games[s.corpus.rows()[static_cast<size_t>(r - 1)]];
  const std::string got = !g.error.empty() ? "error"
                          : g.flipped()    ? "flipped"
                          : g.diverged     ? "diverged"
                                           : "same";
  return got == what ? "" : e.fail(got);
}

// The skill trace's finished steps: 8,16,32 (none: empty).
std::string check_ladder_steps(const Expectation& e) {
  std::string got;
  for (const lab::LadderStep& step : e.s.lab.ladder())
    got += (got.empty() ? "" : ",") + std::to_string(step.n);
  return got == e.value || (got.empty() && e.value == "none") ? "" : e.fail(got);
}

// The sequential test's verdict: h0, h1, continue or none.
std::string check_verdict(const Expectation& e) {
  const auto live = e.s.lab.live();
  const std::string got = !live || !e.s.lab.plan() || !e.s.lab.plan()->test ? "none"
                          : live->verdict == lab::SprtVerdict::AcceptH0     ? "h0"
                          : live->verdict == lab::SprtVerdict::AcceptH1     ? "h1"
                                                                            : "continue";
  return e.equals(got);
}

// expect lab-kind-made KIND a|b|both|none: who made any.
std::string check_kind_made(const Expectation& e) {
  std::istringstream v(e.value);
  std::string kind, who;
  v >> kind >> who;
  if (!e.s.lab.has_result()) return e.fail("no result");
  const lab::Metrics& m = e.s.lab.metrics();
  const int k = replays::row_index(m.kinds, kind);
  if (k < 0) return e.fail("no row " + kind);
  const bool by_a = m.a.count[static_cast<size_t>(k)].mean > 0;
  const bool by_b = m.b.count[static_cast<size_t>(k)].mean > 0;
  const std::string got = by_a && by_b ? "both" : by_a ? "a" : by_b ? "b" : "none";
  return got == who ? "" : e.fail(got);
}

void register_corpus_checks(ScriptCommands& t) {
  t.add_check("corpus-games", "corpus-games N", check_corpus_count);
  t.add_check("corpus-errors", "corpus-errors N", check_corpus_count);
  t.add_check("corpus-flips", "corpus-flips N", check_corpus_count);
  t.add_check("corpus-row", "corpus-row ROW flipped|diverged|same|error", check_corpus_row);
}

void register_lab_checks(ScriptCommands& t) {
  t.add_check("lab-ladder-steps", "lab-ladder-steps N1,N2,...|none", check_ladder_steps);
  t.add_check("lab-verdict", "lab-verdict h0|h1|continue|none", check_verdict);
  t.add_check("lab-live-contains", "lab-live-contains TEXT: the Lab's live line has these words",
              [](const Expectation& e) {
                const auto live = e.s.lab.live();
                const std::string got =
                    live && e.s.lab.plan() ? live_line(*e.s.lab.plan(), *live) : "none";
                return got.find(e.value) != std::string::npos ? "" : e.fail(got);
              });
  t.add_check("lab-deals", "lab-deals N", [](const Expectation& e) {
    return e.count(e.s.lab.has_result() ? e.s.lab.result().deals_held() : 0);
  });
  t.add_check("lab-sides", "lab-sides N: the per-side rows the Lab panel shows (0: per seat)",
              [](const Expectation& e) {
                const LabSession& lab = e.s.lab;
                return e.count(lab.has_result() && lab::shows_sides(lab.metrics())
                                   ? lab.metrics().diff.side_seats.size()
                                   : 0);
              });
  t.add_check("lab-kinds", "lab-kinds K1,K2,...: the per-kind rows", [](const Expectation& e) {
    std::string kinds;
    if (e.s.lab.has_result()) {
      for (const std::string& k : e.s.lab.metrics().kinds) kinds += (kinds.empty() ? "" : ",") + k;
    }
    return e.equals(kinds);
  });
  t.add_check("lab-kind-made", "lab-kind-made KIND a|b|both|none: who made any", check_kind_made);
}

}  // namespace

void register_lab_commands(ScriptCommands& t) {
  t.add("lab-run", "lab-run A B PLAYERS DEALS BOT[,BOT...]: runs it to the end", lab_run);
  t.add("lab-test", "lab-test A B PLAYERS DEALS BOTS METRIC H0 H1: the SPRT, to its verdict",
        lab_run);
  t.add("lab-ladder", "lab-ladder A B PLAYERS DEALS N1,N2,...: the skill trace, to its end",
        lab_ladder);
  t.add("lab-open", "lab-open PATH: loads a result",
        [](ScriptCall& c) { return c.s.lab.open(c.rest) ? "" : c.s.lab.error(); });
  t.add("corpus-run", "corpus-run B POLICY PATH...: files and folders under B", corpus_run);
  t.add("corpus-open", "corpus-open ROW: the view's row (from 1) in the Diff panel", corpus_open);
  register_corpus_checks(t);
  register_lab_checks(t);
}

}  // namespace zetema::studio
