// The lab's CSV (lab_json.h): one line per deal, or per game of a rotated
// deal, with the per-game numbers under A and B.
#include "studio/lab/lab_json.h"

#include <sstream>

#include "studio/lab/choice_rows.h"

namespace zetema::lab {

std::string csv_header(const CompareResult& r) {
  std::ostringstream o;
  o << "deal" << (r.config.rotate ? ",rotation" : "");
  for (const char* rs : {"a", "b"}) {
    o << "," << rs << "_completed," << rs << "_hands," << rs << "_turns";
    for (int p = 0; p < r.config.players; ++p) o << "," << rs << "_seat" << p + 1 << "_score";
    o << "," << rs << "_winners";
    for (const std::string& kind : r.kinds) o << "," << rs << "_" << kind << "_points";
    o << choice_csv_header(*rs == 'a' ? r.tally.a.choices : r.tally.b.choices, rs);
  }
  o << "\n";
  return o.str();
}

namespace {

void csv_game_line(std::ostringstream& o, const CompareResult& r, const GameSummary& a,
                   const GameSummary& b) {
  for (const auto& [g, choices] :
       {std::pair{&a, &r.tally.a.choices}, std::pair{&b, &r.tally.b.choices}}) {
    o << "," << g->completed << "," << g->hands << "," << g->turns;
    for (int p = 0; p < r.config.players; ++p) o << "," << g->side_score[g->side_of[p]];
    o << "," << int{g->winners};
    for (size_t k = 0; k < r.kinds.size(); ++k) {
      o << "," << (k < g->by_kind.points.size() ? g->by_kind.points[k] : 0);
    }
    o << choice_csv_cells(*choices, *g);
  }
  o << "\n";
}

}  // namespace

std::string csv_line(const CompareResult& r, const DealResult& d) {
  std::ostringstream o;
  if (!r.config.rotate) {
    o << d.deal;
    csv_game_line(o, r, d.a, d.b);
    return o.str();
  }
  for (size_t i = 0; i <= d.more_a.size() && i <= d.more_b.size(); ++i) {
    o << d.deal << "," << i;
    csv_game_line(o, r, i == 0 ? d.a : d.more_a[i - 1], i == 0 ? d.b : d.more_b[i - 1]);
  }
  return o.str();
}

std::string to_csv(const CompareResult& r, const std::vector<DealResult>& games) {
  std::string out = csv_header(r);
  for (const DealResult& d : games) out += csv_line(r, d);
  return out;
}

}  // namespace zetema::lab
