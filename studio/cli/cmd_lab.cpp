// `zetema compare` and `zetema merge`: the rule-set lab on the command line.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/match.h"
#include "replays/replay_file.h"
#include "replays/text.h"
#include "scripting/sandbox.h"
#include "studio/cli/commands.h"
#include "studio/cli/interrupt.h"
#include "studio/lab/inference.h"
#include "studio/lab/lab_json.h"
#include "studio/lab/ladder.h"
#include "studio/lab/sequential.h"
#include "studio/lab/summary_rows.h"

#include <memory>

namespace zetema::cli {

namespace {

std::string cell(const lab::Estimate& e, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f [%.*f, %.*f]", decimals, e.mean, decimals, e.lo, decimals,
                e.hi);
  return buf;
}

// The table's lines: rows with intervals (their B - A may get Holm's mark)
// and lines printed as they are.
class TableLines {
 public:
  void row(const std::string& name, const lab::Estimate& a, const lab::Estimate& b,
           const lab::Estimate& d, int decimals) {
    lines_.push_back({name, a, b, d, decimals, {}});
  }
  void text(std::string line) { lines_.push_back({{}, {}, {}, {}, 0, std::move(line)}); }
  // With `holm`, a B - A that differs from 0 once Holm's correction over
  // every B - A row is made is marked " *".
  void print(std::ostream& o, bool holm) const {
    std::vector<double> p;
    for (const Line& l : lines_) {
      if (l.text.empty()) p.push_back(lab::p_value(l.d.mean, (l.d.hi - l.d.lo) / (2 * 1.96)));
    }
    const std::vector<bool> kept = lab::holm_rejects(p);
    size_t i = 0;
    for (const Line& l : lines_) {
      if (!l.text.empty()) {
        o << l.text;
        continue;
      }
      const bool mark = holm && kept[i++];
      char buf[256];
      std::snprintf(buf, sizeof buf, "  %-26s %-26s %-26s %s%s\n", l.name.c_str(),
                    cell(l.a, l.decimals).c_str(), cell(l.b, l.decimals).c_str(),
                    cell(l.d, l.decimals).c_str(), mark ? " *" : "");
      o << buf;
    }
  }
  size_t rows() const {
    return static_cast<size_t>(
        std::count_if(lines_.begin(), lines_.end(), [](const Line& l) { return l.text.empty(); }));
  }

 private:
  struct Line {
    std::string name;
    lab::Estimate a, b, d;
    int decimals = 0;
    std::string text;
  };
  std::vector<Line> lines_;
};

std::string adjusted_cell(double mean, double se) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1f [%.1f, %.1f]", mean, mean - 1.96 * se, mean + 1.96 * se);
  return buf;
}

void luck_rows(std::ostream& o, const lab::Metrics& m) {
  o << "  P1 margin, luck-adjusted (control variate: P1's luck of the deal and the draw; "
       "docs/lab.md):\n";
  for (const auto& [name, a] : {std::pair{"A", &m.a.luck_margin}, std::pair{"B", &m.b.luck_margin},
                                std::pair{"B-A", &m.diff.luck_margin}}) {
    char buf[256];
    const double ratio = a->se > 0 ? a->adj_se / a->se : 1.0;
    std::snprintf(buf, sizeof buf, "    %-4s plain %-24s adjusted %-24s sd x %.2f (beta %.3f)\n",
                  name, adjusted_cell(a->mean, a->se).c_str(),
                  adjusted_cell(a->adj_mean, a->adj_se).c_str(), ratio, a->beta);
    o << buf;
  }
}

}  // namespace

std::string metrics_table(const lab::CompareResult& r, const lab::Metrics& m,
                          const TableExtras& extras) {
  std::ostringstream o;
  const lab::CompareConfig& c = r.config;
  std::string bots;
  for (const std::string& b : c.bots) bots += (bots.empty() ? "" : ",") + b;
  o << "compare " << r.a_id << " (A) with " << r.b_id << " (B): " << c.players << " players, bots "
    << bots << ", " << m.deals << " deals (seed " << c.seed << ")"
    << (c.first_dealer >= 0 ? ", P" + std::to_string(c.first_dealer + 1) + " deals first" : "")
    << (r.interrupted ? ", INTERRUPTED" : "") << "\n";
  if (!r.error.empty()) o << "  STOPPED by an error: " << replays::printable(r.error) << "\n";
  o << "  95% confidence intervals; B-A is paired deal by deal\n";
  if (r.tally.rotations > 1) {
    o << "  rotated: each deal played from all " << r.tally.rotations
      << " seat rotations; a figure is the mean over the rotation set, its interval over deals\n";
  }
  if (extras.design) {
    o << "  * after B-A: differs from 0 after Holm's correction over every B-A row (5% "
         "family-wise)\n";
  }
  char head[256];
  std::snprintf(head, sizeof head, "  %-26s %-26s %-26s %s\n", "", "A", "B", "B-A");
  o << head;
  TableLines t;
  for (const lab::SummaryRow& sr : lab::summary_rows(r, m, extras.design)) {
    if (!sr.note.empty()) {
      t.text("  " + sr.note + "\n");
    } else if (sr.single) {
      char one[256];
      std::snprintf(one, sizeof one, "  %-26s %-26.*f %-26.*f %+.*f\n", sr.name.c_str(),
                    sr.decimals, sr.a.mean, sr.decimals, sr.b.mean, sr.decimals, sr.diff.mean);
      t.text(one);
    } else {
      t.row(sr.name, sr.a, sr.b, sr.diff, sr.decimals);
    }
  }
  t.print(o, extras.design);
  if (extras.luck) luck_rows(o, m);
  o << "  stamps: A sha256 " << r.a_sha256.substr(0, 16) << ", B sha256 "
    << r.b_sha256.substr(0, 16) << ", engine " << r.engine_version << "\n";
  return o.str();
}

namespace {

// Where a run's deals go as they finish: the CSV, a line each, and the
// scratch file the JSON's games are copied from once the metrics (which
// come first in the file) are known. Nothing is held in memory.
struct DealOutputs {
  replays::AtomicFile csv;
  std::FILE* scratch = nullptr;           // becomes `games` at the first deal
  std::unique_ptr<lab::DealSpill> games;  // the kinds are known by then
  bool csv_started = false;

  DealOutputs() = default;
  DealOutputs(const DealOutputs&) = delete;
  DealOutputs& operator=(const DealOutputs&) = delete;
  ~DealOutputs() {
    if (scratch && !games) std::fclose(scratch);
  }

  // "" or why an output cannot be written (before any deal is played).
  std::string open(const CompareOptions& o) {
    if (!o.csv.empty()) {
      if (std::string why = csv.open(o.csv); !why.empty()) return why;
    }
    if (!o.out.empty()) {
      if (std::string why = replays::replaceable(o.out); !why.empty()) return why;
      std::string why;
      scratch = replays::scratch_file_beside(o.out, why);
      if (!scratch) return why;
    }
    return {};
  }
  void deal(const lab::CompareResult& r, const lab::DealResult& d) {
    if (csv.is_open()) {
      if (!csv_started) csv.write(lab::csv_header(r));
      csv_started = true;
      csv.write(lab::csv_line(r, d));
    }
    if (scratch && !games)
      games = std::make_unique<lab::DealSpill>(scratch, r.kinds.size(), r.tally.rotations);
    if (games) games->append(d);
  }
};

// The result file: header and metrics, then the games from `games`; not
// put in place if reading the games failed (`games_error`).
std::string write_result(const std::string& path, const lab::CompareResult& r,
                         const lab::Metrics& m, const lab::DealSource& games,
                         const std::function<std::string()>& games_error) {
  replays::AtomicFile file;
  if (std::string why = file.open(path); !why.empty()) return why;
  lab::write_json(r, m, games, [&](std::string_view piece) { file.write(piece); });
  if (std::string why = games_error(); !why.empty()) return why;
  return file.commit();
}

lab::DealSource from_spill(lab::DealSpill* spill) {
  if (!spill) return {};
  spill->rewind();
  return [spill](lab::DealResult& d) { return spill->next(d); };
}

}  // namespace

namespace {

// "" or why the sequential and rotated options do not go together.
std::string check_modes(const CompareOptions& o) {
  const bool sequential = !o.until.empty() || !o.test.empty();
  if (!o.until.empty() && !o.test.empty()) return "give --until or --test, not both";
  if (!o.until.empty() && !(std::isfinite(o.resolution) && o.resolution > 0))
    return "--until needs --resolution, a number above 0";
  if (!o.test.empty() && !(std::isfinite(o.h0) && std::isfinite(o.h1) && o.h0 != o.h1))
    return "--test needs --h0 and --h1, two different numbers";
  if (o.until.empty() && o.resolution != 0) return "--resolution goes with --until";
  if (o.test.empty() && (o.h0 != 0 || o.h1 != 0)) return "--h0 and --h1 go with --test";
  if (sequential && o.config.shards > 1) return "--shard is for fixed runs (not --until or --test)";
  if (sequential && !o.out.empty())
    return "--out is not written for --until or --test runs yet (the table is)";
  if (!o.ladder.empty()) {
    if (sequential || o.config.shards > 1 || !o.out.empty() || !o.csv.empty())
      return "--ladder runs on its own (no --until, --test, --shard, --out or --csv)";
  }
  if (sequential) {
    lab::Tally probe;
    probe.start(o.config.players, o.config.bots, {}, 1);
    std::string why;
    if (!lab::named_metric(probe, sequential && !o.until.empty() ? o.until : o.test,
                           o.config.players, why))
      return why;
  }
  return {};
}

lab::SequentialPlan plan_of(const CompareOptions& o) {
  lab::SequentialPlan plan;
  plan.batch = o.batch;
  if (!o.until.empty()) {
    plan.metric = o.until;
    plan.resolution = o.resolution;
  } else {
    plan.metric = o.test;
    plan.test = lab::Sprt{o.h0, o.h1, 0.05, 0.05};
  }
  return plan;
}

// How the sequential run ended: the games it needed and its answer.
void sequential_report(std::ostream& out, const lab::SequentialPlan& plan,
                       const lab::CompareResult& r) {
  const lab::SequentialState s = lab::look(plan, r.tally, r.config.players);
  const uint64_t games = s.sums.n * static_cast<uint64_t>(r.tally.rotations) * 2;
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "  sequential %s: %s = %.4f, anytime-valid 95%% interval [%.4f, %.4f] (+-%.4f; "
                "the fixed-n interval would say +-%.4f)\n",
                plan.test ? "test" : "estimate", plan.metric.c_str(), s.sums.mean,
                s.sums.mean - s.half_width, s.sums.mean + s.half_width, s.half_width,
                s.fixed_half_width);
  out << buf;
  if (plan.test) {
    std::snprintf(buf, sizeof buf,
                  "  SPRT (alpha = beta = 0.05) of mean %g (H0) against %g (H1): log-likelihood "
                  "ratio %.3f, bounds [%.3f, %.3f]: %s\n",
                  plan.test->theta0, plan.test->theta1, s.llr, plan.test->lower(),
                  plan.test->upper(),
                  s.verdict == lab::SprtVerdict::AcceptH1   ? "H1 accepted"
                  : s.verdict == lab::SprtVerdict::AcceptH0 ? "H0 accepted"
                                                            : "no answer yet");
    out << buf;
  }
  out << "  " << (s.done ? "stopped" : "NOT stopped (the --deals cap came first)") << " after "
      << s.sums.n << " deals (" << games << " games under A and B)\n";
}

}  // namespace

namespace {

// The skill trace: does doubling the Monte Carlo bot's budget win more, and
// does it under A as under B? One rotated comparison per step of the ladder.
int run_ladder(const CompareOptions& o, const scripting::VariantFolder& variants) {
  bool first = true;
  auto print = [&](const lab::CompareResult& r, const lab::LadderStep& step) {
    if (first) {
      std::cout << "skill trace: mc:2N against mc:N, " << r.config.players
                << " players, seats rotated, " << step.deals << " deals a step (seed "
                << r.config.seed << "); " << r.a_id << " (A), " << r.b_id << " (B)\n";
      char head[256];
      std::snprintf(head, sizeof head, "  %-26s %-26s %-26s %s\n", "win rate of mc:2N", "A", "B",
                    "B-A");
      std::cout << head;
      first = false;
    }
    char line[256];
    std::snprintf(line, sizeof line, "  %-26s %-26s %-26s %s\n",
                  ("N = " + std::to_string(step.n)).c_str(), cell(step.a, 3).c_str(),
                  cell(step.b, 3).c_str(), cell(step.diff, 3).c_str());
    std::cout << line << std::flush;
  };
  // Ctrl-C (studio/cli/interrupt.h): the steps finished stay printed.
  const std::string error =
      lab::run_ladder(o.config, o.ladder, variants, {}, scripting::script_interrupt_flag(), print);
  if (!error.empty()) {
    std::cerr << "zetema compare: " << replays::printable(error) << "\n";
    return 1;
  }
  return interrupted() ? report_interrupted("compare", "the ladder's steps printed above") : 0;
}

}  // namespace

int run_compare_cmd(const CompareOptions& o, const scripting::VariantFolder& variants) {
  lab::CompareConfig c = o.config;
  c.design = o.design;  // the result file's games then carry the design figures
  if (std::string why = check_modes(o); !why.empty()) {
    std::cerr << "zetema compare: " << why << "\n";
    return 2;
  }
  if (!o.ladder.empty()) return run_ladder(o, variants);
  const bool sequential = !o.until.empty() || !o.test.empty();
  const lab::SequentialPlan plan = plan_of(o);
  lab::StopRule stop_rule;
  if (sequential) {
    stop_rule.batch = o.batch;
    stop_rule.enough = [&](const lab::Tally& t) { return lab::look(plan, t, c.players).done; };
  }
  // Outputs that cannot be written are reported before a deal is played.
  DealOutputs outputs;
  if (std::string why = outputs.open(o); !why.empty()) {
    std::cerr << "zetema compare: " << replays::printable(why) << "\n";
    return 1;
  }
  // A progress bar with an ETA on a terminal; nothing when not a terminal.
  const bool tty = ::isatty(2);
  const auto started = std::chrono::steady_clock::now();
  auto progress = [&](uint64_t done, uint64_t total) {
    if (!tty || total == 0) return;
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const double eta =
        done > 0 ? secs * static_cast<double>(total - done) / static_cast<double>(done) : 0;
    const int width = 30;
    const int filled = static_cast<int>(width * done / total);
    std::fprintf(stderr, "\r[%s%s] %llu/%llu deals  %.0f s, ETA %.0f s   ",
                 std::string(static_cast<size_t>(filled), '#').c_str(),
                 std::string(static_cast<size_t>(width - filled), '.').c_str(),
                 static_cast<unsigned long long>(done), static_cast<unsigned long long>(total),
                 secs, eta);
  };
  const lab::CompareResult r = lab::run_compare(
      // Ctrl-C (studio/cli/interrupt.h): no new deal starts, and a hook
      // running now stops at once (its deal is left unfinished); the deals
      // finished are kept and reported.
      c, variants, progress, scripting::script_interrupt_flag(),
      [&](const lab::CompareResult& so_far, const lab::DealResult& d) { outputs.deal(so_far, d); },
      stop_rule);
  if (tty) std::fprintf(stderr, "\n");
  if (!r.error.empty() && r.deals_held() == 0) {
    std::cerr << "zetema compare: " << replays::printable(r.error) << "\n";
    return 1;
  }
  if (!r.error.empty()) std::cerr << "zetema compare: " << replays::printable(r.error) << "\n";
  const lab::Metrics m = lab::compute_metrics(r);
  std::cout << metrics_table(r, m, TableExtras{o.design, o.config.luck});
  if (sequential) sequential_report(std::cout, plan, r);
  if (r.interrupted && r.error.empty()) {
    std::cerr << "zetema compare: interrupted; " << r.deals_held() << " of " << r.deal_count
              << " deals finished and kept\n";
  }
  if (!o.out.empty()) {
    lab::DealSpill* spill = outputs.games.get();
    const std::string why =
        write_result(o.out, r, m, from_spill(spill), [&] { return spill ? spill->error() : ""; });
    if (!why.empty()) {
      std::cerr << "zetema compare: " << replays::printable(why) << "\n";
      return 1;
    }
  }
  if (outputs.csv.is_open()) {
    if (!outputs.csv_started) outputs.csv.write(lab::csv_header(r));  // no deal finished
    if (std::string why = outputs.csv.commit(); !why.empty()) {
      std::cerr << "zetema compare: " << replays::printable(why) << "\n";
      return 1;
    }
  }
  if (!r.error.empty()) return 1;
  return r.interrupted ? kExitInterrupted : 0;
}

namespace {

// The games of several parts, each in deal order, merged into one order.
class PartGames {
 public:
  void add(std::unique_ptr<lab::DealSpill> spill) {
    spill->rewind();
    lab::DealResult first;
    const bool any = spill->next(first);
    parts_.push_back({std::move(spill), first, any});
  }
  bool next(lab::DealResult& d) {
    Part* best = nullptr;
    for (Part& p : parts_) {
      if (p.has && (!best || p.head.deal < best->head.deal)) best = &p;
    }
    if (!best) return false;
    d = best->head;
    best->has = best->spill->next(best->head);
    return true;
  }
  std::string error() const {
    for (const Part& p : parts_) {
      if (!p.spill->error().empty()) return p.spill->error();
    }
    return {};
  }

 private:
  struct Part {
    std::unique_ptr<lab::DealSpill> spill;
    lab::DealResult head;
    bool has = false;
  };
  std::vector<Part> parts_;
};

// Thrown from the reader's callback on Ctrl-C, caught in read_part.
struct Interrupted {};

// Reads one part: its sums into `r`, its games into a scratch file beside `out`.
std::string read_part(const std::string& path, const std::string& out, lab::CompareResult& r,
                      std::unique_ptr<lab::DealSpill>& spill) {
  std::FILE* in = std::fopen(path.c_str(), "rb");
  if (!in) return "cannot read";
  std::string why;
  std::FILE* scratch = replays::scratch_file_beside(out, why);
  if (!scratch) {
    std::fclose(in);
    return why;
  }
  // The kinds are known only once read: the records hold as many as the games do.
  std::unique_ptr<lab::DealSpill> games;
  bool ok = false;
  try {
    ok = lab::read_json(
        in, r,
        [&](const lab::DealResult& d) {
          if (interrupted()) throw Interrupted{};  // out of the parser, at once
          if (!games)
            games = std::make_unique<lab::DealSpill>(scratch, d.a.by_kind.points.size(),
                                                     1 + static_cast<int>(d.more_a.size()));
          games->append(d);
        },
        why);
  } catch (const Interrupted&) {
    why = "interrupted";
  }
  std::fclose(in);
  if (!games) games = std::make_unique<lab::DealSpill>(scratch, 0);
  spill = std::move(games);
  if (!ok) return why;
  return spill->error();
}

}  // namespace

int run_merge_cmd(const std::vector<std::string>& parts, const std::string& out, bool partial) {
  std::vector<lab::CompareResult> results;
  PartGames games;
  for (const std::string& path : parts) {
    lab::CompareResult r;
    std::unique_ptr<lab::DealSpill> spill;
    std::string why = read_part(path, out, r, spill);
    if (interrupted()) break;
    if (!why.empty()) {
      std::cerr << "zetema merge: " << replays::printable(path) << ": " << replays::printable(why)
                << "\n";
      return 1;
    }
    results.push_back(std::move(r));
    games.add(std::move(spill));
  }
  // A merge stopped by Ctrl-C writes nothing (a part's deals alone would
  // be a result that lies about the parts given).
  const std::string untouched = "nothing written; " + replays::printable(out) + " is as it was";
  if (interrupted()) return report_interrupted("merge", untouched);
  std::string why;
  const lab::CompareResult merged = lab::merge_results(results, why);
  if (!why.empty()) {
    std::cerr << "zetema merge: " << replays::printable(why) << "\n";
    return 1;
  }
  if (const std::string missing = lab::missing_deals(merged); !missing.empty()) {
    if (!partial) {
      std::cerr << "zetema merge: " << missing << " of the " << merged.config.deals
                << " are in none of the parts (a shard not given, or one interrupted); give "
                   "every shard, or --partial to merge what there is\n";
      return 1;
    }
    std::cerr << "zetema merge: note: " << missing << " missing; the result is marked partial\n";
  }
  const lab::Metrics m = lab::compute_metrics(merged);
  // The design rows when the parts hold the design figures, as one run shows them.
  std::cout << metrics_table(merged, m, TableExtras{merged.config.design, false});
  const std::string w = write_result(
      out, merged, m, [&](lab::DealResult& d) { return !interrupted() && games.next(d); },
      [&] { return interrupted() ? std::string("interrupted") : games.error(); });
  if (interrupted()) return report_interrupted("merge", untouched);
  if (!w.empty()) {
    std::cerr << "zetema merge: " << replays::printable(w) << "\n";
    return 1;
  }
  return 0;
}

}  // namespace zetema::cli
