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
#include "studio/cli/command_registry.h"
#include "studio/cli/commands.h"
#include "studio/cli/interrupt.h"
#include "studio/cli/metrics_table.h"
#include "studio/lab/inference.h"
#include "studio/lab/lab_json.h"
#include "studio/lab/ladder.h"
#include "studio/lab/sequential.h"
#include "studio/lab/summary_rows.h"

#include <memory>

namespace zetema::cli {

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
                  ("N = " + std::to_string(step.n)).c_str(), estimate_cell(step.a, 3).c_str(),
                  estimate_cell(step.b, 3).c_str(), estimate_cell(step.diff, 3).c_str());
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

namespace {

// mc:2N stays within mc:N's 100000 playouts (engine/bots.cpp).
constexpr int kMaxLadderBudget = 50000;

// `zetema compare`'s command line: the options, and those read further
// before the run.
struct CompareArgs {
  CompareOptions compare;
  std::string bots = "greedy", shard;
  int first_dealer = 0;
};

int run_compare_command(CompareArgs& args, const scripting::VariantFolder& variants) {
  CompareOptions& compare = args.compare;
  if (!read_bots(args.bots, "compare", compare.config.bots)) return 2;
  compare.config.first_dealer = args.first_dealer - 1;
  if (!args.shard.empty()) {
    int i = 0, n = 1;
    if (std::string why = parse_shard(args.shard, kMaxShards, i, n); !why.empty()) {
      std::cerr << "zetema compare: " << replays::printable(why) << "\n";
      return 2;
    }
    compare.config.shard = i;
    compare.config.shards = n;
  }
  return run_compare_cmd(compare, variants);
}

// What is played: the rule sets, the table, the deals and the bots.
void add_deal_options(CLI::App* cmp, CompareArgs& args) {
  lab::CompareConfig& config = args.compare.config;
  cmp->add_option("--a", config.a, "Rule set A: id or .lua file")->required();
  cmp->add_option("--b", config.b, "Rule set B: id or .lua file")->required();
  add_whole(cmp, "--players", config.players, 2, 6, "Players, 2 to 6");
  cmp->add_option("--teams", config.teams, "default, off, pairs or threes")
      ->capture_default_str()
      ->check(CLI::IsMember(kTeams));
  add_whole(cmp, "--deals", config.deals, uint64_t{1}, uint64_t{100000000}, "Deals (paired games)");
  cmp->add_option("--bots", args.bots, "Bots by seat, comma-separated")->capture_default_str();
  add_whole(cmp, "--seed", config.seed, uint64_t{0}, kMaxSeed, "Seed");
  add_whole(cmp, "--threads", config.threads, 0, 256,
            "Worker threads (0, the default: every core)");
  cmp->add_option("--shard", args.shard, "This run's part i/n of the deals (e.g. 0/4)");
  add_whole(cmp, "--dealer", args.first_dealer, 1, 6,
            "First dealer's seat, 1 to 6 (default: drawn); fixes who moves first")
      ->default_str("");
  add_whole(cmp, "--max-hands", config.max_hands, 1, kMaxHandsOption,
            "Hands before a game counts as not completed");
}

// The result files, the seat rotation, sequential stopping, the skill trace
// and the extra rows of the table.
void add_method_options(CLI::App* cmp, CompareOptions& compare) {
  cmp->add_option("--out", compare.out, "Write the result (JSON) here")->check(output_file_name());
  cmp->add_option("--csv", compare.csv, "Write one line per deal (CSV) here")
      ->check(output_file_name());
  cmp->add_flag("--rotate", compare.config.rotate,
                "Play each deal from every seat rotation (bots moved round the table)");
  cmp->add_option("--until", compare.until,
                  "Play until METRIC's anytime-valid 95% interval is --resolution wide each side");
  cmp->add_option("--resolution", compare.resolution, "The half-width --until stops at")
      ->check(decimal_number(true));
  cmp->add_option("--test", compare.test,
                  "Sequential test (SPRT) of METRIC: --h0 T0 against --h1 T1");
  cmp->add_option("--h0", compare.h0, "The --test's null hypothesis: METRIC's mean is T0")
      ->check(decimal_number(false));
  cmp->add_option("--h1", compare.h1, "The --test's alternative: METRIC's mean is T1")
      ->check(decimal_number(false));
  add_whole(cmp, "--batch", compare.batch, uint64_t{10}, uint64_t{1000000},
            "Deals between looks of --until and --test");
  cmp->add_option("--ladder", compare.ladder,
                  "Skill trace: for each N (comma-separated), mc:N against mc:2N, seats rotated")
      ->delimiter(',')
      ->check(whole_number(1, kMaxLadderBudget));
  cmp->add_flag("--design", compare.design,
                "Show the design metrics (lead changes, drama, ...), Holm-corrected");
  cmp->add_flag("--luck", compare.config.luck,
                "Show P1's margin adjusted for the luck of the deal (control variate)");
}

// `zetema merge`'s command line.
struct MergeArgs {
  std::vector<std::string> parts;
  std::string out;
  bool partial = false;
};

// Every part readable and the output writable before any is read; false
// after a message if not.
bool merge_files_usable(const MergeArgs& args) {
  for (const std::string& part : args.parts) {
    if (std::string why = probe_readable(part); !why.empty()) {
      std::cerr << "zetema merge: " << why << "\n";
      return false;
    }
  }
  if (std::string why = probe_writable(args.out); !why.empty()) {
    std::cerr << "zetema merge: " << replays::printable(why) << "\n";
    return false;
  }
  return true;
}

// Shards of a corpus diff, or of a comparison; not of both. False after a
// message if mixed.
bool parts_of_one_kind(const std::vector<std::string>& parts, bool corpus_parts) {
  for (const std::string& part : parts) {
    if (is_corpus_result_file(part) == corpus_parts) continue;
    std::cerr << "zetema merge: " << replays::printable(part) << (corpus_parts ? " is not" : " is")
              << " a corpus diff result and " << replays::printable(parts[0])
              << (corpus_parts ? " is" : " is not") << "; give the parts of one run\n";
    return false;
  }
  return true;
}

int run_merge_command(const MergeArgs& args) {
  if (!merge_files_usable(args)) return 1;
  const bool corpus_parts = is_corpus_result_file(args.parts[0]);
  if (!parts_of_one_kind(args.parts, corpus_parts)) return 1;
  if (corpus_parts) {
    if (args.partial) {
      std::cerr << "zetema merge: --partial is for comparisons; a corpus diff merges only "
                   "with every shard\n";
      return 2;
    }
    return run_corpus_merge_cmd(args.parts, args.out);
  }
  return run_merge_cmd(args.parts, args.out, args.partial);
}

}  // namespace

void add_compare_command(CommandRegistry& commands) {
  auto args = std::make_shared<CompareArgs>();
  CLI::App* cmp = commands.add("compare", "Paired comparison of two rule sets over many deals",
                               [args](const scripting::VariantFolder& variants) {
                                 return run_compare_command(*args, variants);
                               });
  add_deal_options(cmp, *args);
  add_method_options(cmp, args->compare);
}

void add_merge_command(CommandRegistry& commands) {
  auto args = std::make_shared<MergeArgs>();
  CLI::App* mrg =
      commands.add("merge", "Join the shard results of one comparison or corpus diff",
                   [args](const scripting::VariantFolder&) { return run_merge_command(*args); });
  mrg->add_option("parts", args->parts, "Shard result files")->required();
  mrg->add_option("--out", args->out, "The merged result (JSON)")
      ->required()
      ->check(output_file_name());
  mrg->add_flag("--partial", args->partial,
                "Merge even when deals are missing (shards not given or interrupted)");
}

}  // namespace zetema::cli
