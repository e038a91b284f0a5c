#include "studio/lab/summary_rows.h"

namespace zetema::lab {

std::vector<SummaryRow> summary_rows(const CompareResult& r, const Metrics& m) {
  std::vector<SummaryRow> rows;
  auto add = [&](const std::string& name, const Estimate& a, const Estimate& b, const Estimate& d,
                 int decimals) {
    rows.push_back({name, a, b, d, decimals});
  };
  if (shows_sides(m)) {  // partners share a score: one row per side
    for (size_t side = 0; side < m.diff.side_seats.size(); ++side) {
      const std::string name = side_label(m.diff.side_seats[side], r.config.bots);
      add(name + " score", m.a.side_score[side], m.b.side_score[side], m.diff.side_score[side], 1);
      add(name + " margin", m.a.side_margin[side], m.b.side_margin[side], m.diff.side_margin[side],
          1);
      add(name + " win rate", m.a.side_win[side], m.b.side_win[side], m.diff.side_win[side], 3);
    }
  } else {
    for (int p = 0; p < r.config.players; ++p) {
      const std::string seat = side_label({p}, r.config.bots);
      add(seat + " score", m.a.seat_score[p], m.b.seat_score[p], m.diff.seat_score[p], 1);
      add(seat + " margin", m.a.seat_margin[p], m.b.seat_margin[p], m.diff.seat_margin[p], 1);
      add(seat + " win rate", m.a.seat_win[p], m.b.seat_win[p], m.diff.seat_win[p], 3);
    }
  }
  SummaryRow balance{"balance", {}, {}, {}, 3, true};
  balance.a.mean = m.a.balance;
  balance.b.mean = m.b.balance;
  balance.diff.mean = m.diff.balance;
  rows.push_back(balance);
  add("turns per game", m.a.turns, m.b.turns, m.diff.turns, 1);
  add("hands per game", m.a.hands, m.b.hands, m.diff.hands, 2);
  add("completion", m.a.completion, m.b.completion, m.diff.completion, 3);
  add("zetemas per hand", m.a.zetemas_per_hand, m.b.zetemas_per_hand, m.diff.zetemas_per_hand, 2);
  for (size_t k = 0; k < m.kinds.size(); ++k) {
    add(m.kinds[k] + " points/game", m.a.points[k], m.b.points[k], m.diff.points[k], 1);
    rows.back().per_kind = true;
    add(m.kinds[k] + " made/game", m.a.count[k], m.b.count[k], m.diff.count[k], 2);
    rows.back().per_kind = true;
  }
  if (m.a.mc_beats_greedy && m.b.mc_beats_greedy && m.diff.mc_beats_greedy)
    add("mc beats greedy", *m.a.mc_beats_greedy, *m.b.mc_beats_greedy, *m.diff.mc_beats_greedy, 3);
  return rows;
}

}  // namespace zetema::lab
