#include "studio/lab/summary_rows.h"

#include "studio/lab/choice_rows.h"

namespace zetema::lab {

namespace {

class Rows {
 public:
  void add(const std::string& name, const Estimate& a, const Estimate& b, const Estimate& d,
           int decimals, bool per_kind = false) {
    rows_.push_back({name, a, b, d, decimals, false, per_kind, {}});
  }
  void single(const std::string& name, double a, double b, double d) {
    SummaryRow row{name, {}, {}, {}, 3, true, false, {}};
    row.a.mean = a;
    row.b.mean = b;
    row.diff.mean = d;
    rows_.push_back(row);
  }
  void note(std::string text) {
    SummaryRow row;
    row.note = std::move(text);
    rows_.push_back(row);
  }
  std::vector<SummaryRow> take() { return std::move(rows_); }

 private:
  std::vector<SummaryRow> rows_;
};

void seat_rows(Rows& t, const CompareResult& r, const Metrics& m) {
  const std::vector<std::string>& bots = r.config.bots;
  if (shows_sides(m)) {
    // Partners share a score, so their seat rows would repeat their side's.
    t.note("partners share a score: one row per side");
    for (size_t side = 0; side < m.diff.side_seats.size(); ++side) {
      const std::string name = side_label(m.diff.side_seats[side], bots);
      t.add(name + " score", m.a.side_score[side], m.b.side_score[side], m.diff.side_score[side],
            1);
      t.add(name + " margin", m.a.side_margin[side], m.b.side_margin[side],
            m.diff.side_margin[side], 1);
      t.add(name + " win rate", m.a.side_win[side], m.b.side_win[side], m.diff.side_win[side], 3);
    }
    return;
  }
  for (int p = 0; p < r.config.players; ++p) {
    // Rotated, a seat holds every bot in turn: it is named by its place only.
    const std::string seat =
        r.tally.rotations > 1 ? side_name({p}) + " (rotated)" : side_label({p}, bots);
    t.add(seat + " score", m.a.seat_score[p], m.b.seat_score[p], m.diff.seat_score[p], 1);
    t.add(seat + " margin", m.a.seat_margin[p], m.b.seat_margin[p], m.diff.seat_margin[p], 1);
    t.add(seat + " win rate", m.a.seat_win[p], m.b.seat_win[p], m.diff.seat_win[p], 3);
  }
  if (m.diff.side_seats.empty() && !m.a.side_seats.empty() && !m.b.side_seats.empty()) {
    // Each variant's own partnerships (--teams default) can seat different sides.
    const auto layout = [](const RuleMetrics& rm) {
      std::string s;
      for (const auto& seats : rm.side_seats) s += (s.empty() ? "" : " | ") + side_name(seats);
      return s;
    };
    t.note("sides differ (A: " + layout(m.a) + "; B: " + layout(m.b) +
           "): per-seat rows above, per-side figures in the JSON result");
  }
}

// The design metrics (docs/lab.md, "Design metrics").
void design_rows(Rows& t, const Metrics& m) {
  t.add("lead changes per game", m.a.lead_changes, m.b.lead_changes, m.diff.lead_changes, 2);
  t.add("drama (points behind)", m.a.drama, m.b.drama, m.diff.drama, 1);
  t.add("decisiveness", m.a.decisiveness, m.b.decisiveness, m.diff.decisiveness, 3);
  t.add("decision moves", m.a.decisions, m.b.decisions, m.diff.decisions, 3);
  t.add("legal actions per move", m.a.branching, m.b.branching, m.diff.branching, 2);
  t.add("timeouts (hand cap)", m.a.timeouts, m.b.timeouts, m.diff.timeouts, 3);
  t.single("outcome uniformity", m.a.uniformity, m.b.uniformity, m.diff.uniformity);
}

}  // namespace

std::vector<SummaryRow> summary_rows(const CompareResult& r, const Metrics& m, bool design) {
  Rows t;
  seat_rows(t, r, m);
  if (r.tally.rotations > 1) {  // each bot over every seat it held
    for (int i = 0; i < r.config.players && static_cast<size_t>(i) < m.diff.bot_margin.size();
         ++i) {
      const std::string bot =
          "bot " + std::to_string(i + 1) + " (" + seat_bot(r.config.bots, i) + ")";
      t.add(bot + " margin", m.a.bot_margin[i], m.b.bot_margin[i], m.diff.bot_margin[i], 1);
      t.add(bot + " win rate", m.a.bot_win[i], m.b.bot_win[i], m.diff.bot_win[i], 3);
    }
  }
  t.single("balance", m.a.balance, m.b.balance, m.diff.balance);
  t.add("turns per game", m.a.turns, m.b.turns, m.diff.turns, 1);
  t.add("hands per game", m.a.hands, m.b.hands, m.diff.hands, 2);
  t.add("completion", m.a.completion, m.b.completion, m.diff.completion, 3);
  t.add("zetemas per hand", m.a.zetemas_per_hand, m.b.zetemas_per_hand, m.diff.zetemas_per_hand, 2);
  for (size_t k = 0; k < m.kinds.size(); ++k) {
    t.add(m.kinds[k] + " points/game", m.a.points[k], m.b.points[k], m.diff.points[k], 1, true);
    t.add(m.kinds[k] + " made/game", m.a.count[k], m.b.count[k], m.diff.count[k], 2, true);
  }
  if (m.a.mc_beats_greedy && m.b.mc_beats_greedy && m.diff.mc_beats_greedy)
    t.add("mc beats greedy", *m.a.mc_beats_greedy, *m.b.mc_beats_greedy, *m.diff.mc_beats_greedy,
          3);
  if (design) design_rows(t, m);
  // How often each declared choice was put and what was picked: counts, not
  // paired estimates, so lines of their own (none for a rule set without choices).
  for (std::string& line : choice_lines(r)) t.note(std::move(line));
  return t.take();
}

}  // namespace zetema::lab
