// The readable table of a comparison's metrics: what `zetema compare` and
// `zetema merge` print.
#include "studio/cli/metrics_table.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "replays/text.h"
#include "studio/lab/inference.h"
#include "studio/lab/summary_rows.h"

namespace zetema::cli {

std::string estimate_cell(const lab::Estimate& e, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f [%.*f, %.*f]", decimals, e.mean, decimals, e.lo, decimals,
                e.hi);
  return buf;
}

namespace {

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
                    estimate_cell(l.a, l.decimals).c_str(), estimate_cell(l.b, l.decimals).c_str(),
                    estimate_cell(l.d, l.decimals).c_str(), mark ? " *" : "");
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

}  // namespace zetema::cli
