// `zetema compare` and `zetema merge`: the rule-set lab on the command line.
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/match.h"
#include "replays/replay_file.h"
#include "replays/text.h"
#include "scripting/sandbox.h"
#include "studio/cli/commands.h"
#include "studio/lab/lab_json.h"
#include "studio/lab/summary_rows.h"

#include <memory>

namespace zetema::cli {

namespace {

std::atomic<bool> g_stop{false};
// Ctrl-C: no new deal starts, and a hook running now stops at once (its
// deal is left unfinished); the deals finished are kept and reported.
extern "C" void on_interrupt(int) {
  g_stop.store(true);
  scripting::interrupt_scripts();
}

std::string cell(const lab::Estimate& e, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f [%.*f, %.*f]", decimals, e.mean, decimals, e.lo, decimals,
                e.hi);
  return buf;
}

void row(std::ostream& o, const std::string& name, const lab::Estimate& a, const lab::Estimate& b,
         const lab::Estimate& d, int decimals) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "  %-26s %-26s %-26s %s\n", name.c_str(),
                cell(a, decimals).c_str(), cell(b, decimals).c_str(), cell(d, decimals).c_str());
  o << buf;
}

}  // namespace

std::string metrics_table(const lab::CompareResult& r, const lab::Metrics& m) {
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
  char head[256];
  std::snprintf(head, sizeof head, "  %-26s %-26s %-26s %s\n", "", "A", "B", "B-A");
  o << head;
  // Partners share a score, so their seat rows would repeat their side's.
  if (lab::shows_sides(m)) o << "  partners share a score: one row per side\n";
  for (const lab::SummaryRow& sr : lab::summary_rows(r, m)) {
    if (!sr.single) {
      row(o, sr.name, sr.a, sr.b, sr.diff, sr.decimals);
      continue;
    }
    if (sr.name == "balance" && !lab::shows_sides(m) && m.diff.side_seats.empty() &&
        !m.a.side_seats.empty() && !m.b.side_seats.empty()) {
      // Each variant's own partnerships (--teams default) can seat different sides.
      const auto layout = [](const lab::RuleMetrics& rm) {
        std::string s;
        for (const auto& seats : rm.side_seats)
          s += (s.empty() ? "" : " | ") + lab::side_name(seats);
        return s;
      };
      o << "  sides differ (A: " << layout(m.a) << "; B: " << layout(m.b)
        << "): per-seat rows above, per-side figures in the JSON result\n";
    }
    char one[256];
    std::snprintf(one, sizeof one, "  %-26s %-26.*f %-26.*f %+.*f\n", sr.name.c_str(), sr.decimals,
                  sr.a.mean, sr.decimals, sr.b.mean, sr.decimals, sr.diff.mean);
    o << one;
  }
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
    if (scratch && !games) games = std::make_unique<lab::DealSpill>(scratch, r.kinds.size());
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

int run_compare_cmd(const CompareOptions& o, const scripting::VariantFolder& variants) {
  lab::CompareConfig c = o.config;
  g_stop = false;
  scripting::clear_script_interrupt();
  // Outputs that cannot be written are reported before a deal is played.
  DealOutputs outputs;
  if (std::string why = outputs.open(o); !why.empty()) {
    std::cerr << "zetema compare: " << replays::printable(why) << "\n";
    return 1;
  }
  std::signal(SIGINT, on_interrupt);
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
      c, variants, progress, g_stop,
      [&](const lab::CompareResult& so_far, const lab::DealResult& d) { outputs.deal(so_far, d); });
  std::signal(SIGINT, SIG_DFL);
  if (tty) std::fprintf(stderr, "\n");
  if (!r.error.empty() && r.deals_held() == 0) {
    std::cerr << "zetema compare: " << replays::printable(r.error) << "\n";
    return 1;
  }
  if (!r.error.empty()) std::cerr << "zetema compare: " << replays::printable(r.error) << "\n";
  const lab::Metrics m = lab::compute_metrics(r);
  std::cout << metrics_table(r, m);
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
  return r.interrupted ? 130 : 0;
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
  const bool ok = lab::read_json(
      in, r,
      [&](const lab::DealResult& d) {
        if (!games) games = std::make_unique<lab::DealSpill>(scratch, d.a.by_kind.points.size());
        games->append(d);
      },
      why);
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
    if (std::string why = read_part(path, out, r, spill); !why.empty()) {
      std::cerr << "zetema merge: " << replays::printable(path) << ": " << replays::printable(why)
                << "\n";
      return 1;
    }
    results.push_back(std::move(r));
    games.add(std::move(spill));
  }
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
  std::cout << metrics_table(merged, m);
  const std::string w = write_result(
      out, merged, m, [&](lab::DealResult& d) { return games.next(d); },
      [&] { return games.error(); });
  if (!w.empty()) {
    std::cerr << "zetema merge: " << replays::printable(w) << "\n";
    return 1;
  }
  return 0;
}

}  // namespace zetema::cli
