#include "studio/lab/sequential.h"

#include <cmath>

namespace zetema::lab {

namespace {

// The seat or bot number after `prefix` ("P2" or "2"), 0-based; -1 if none.
int index_after(const std::string& name, const std::string& prefix, bool seat) {
  if (name.rfind(prefix, 0) != 0) return -1;
  std::string rest = name.substr(prefix.size());
  if (seat) {
    if (rest.empty() || (rest[0] != 'P' && rest[0] != 'p')) return -1;
    rest = rest.substr(1);
  }
  if (rest.size() != 1 || rest[0] < '1' || rest[0] > '6') return -1;
  return rest[0] - '1';
}

}  // namespace

std::optional<NamedSums> named_metric(const Tally& t, const std::string& full, int players,
                                      std::string& error) {
  const RuleTally* r = &t.diff;
  std::string name = full;
  if (name.rfind("a.", 0) == 0 || name.rfind("b.", 0) == 0) {
    r = name[0] == 'a' ? &t.a : &t.b;
    name = name.substr(2);
  }
  const int64_t rot = t.rotations;
  const auto seat_list = [&](const std::vector<Moments>& list, int i,
                             int64_t units) -> std::optional<NamedSums> {
    if (i < 0 || i >= players || static_cast<size_t>(i) >= list.size()) {
      error = "'" + full + "': no such seat or bot at a table of " + std::to_string(players);
      return std::nullopt;
    }
    return NamedSums{&list[static_cast<size_t>(i)], units * rot};
  };
  const std::pair<const char*, bool> listed[] = {{"win:", true},
                                                 {"margin:", true},
                                                 {"score:", true},
                                                 {"bot-win:", false},
                                                 {"bot-margin:", false}};
  for (const auto& [prefix, seat] : listed) {
    if (name.rfind(prefix, 0) != 0) continue;
    const int i = index_after(name, prefix, seat);
    const std::string p = prefix;
    if (p == "win:") return seat_list(r->seat_win, i, kShareUnits);
    if (p == "margin:") return seat_list(r->seat_margin, i, 1);
    if (p == "score:") return seat_list(r->seat_score, i, 1);
    if (p == "bot-win:") return seat_list(r->bot_win, i, kShareUnits);
    return seat_list(r->bot_margin, i, 1);
  }
  if (name == "turns") return NamedSums{&r->turns, rot};
  if (name == "hands") return NamedSums{&r->hands, rot};
  if (name == "lead-changes") return NamedSums{&r->lead_changes, rot};
  if (name == "drama") return NamedSums{&r->drama, rot};
  error = "'" + full +
          "' is not a metric (win:PN, margin:PN, score:PN, bot-win:N, bot-margin:N, turns, hands, "
          "lead-changes, drama; a. or b. in front for one rule set, else B - A)";
  return std::nullopt;
}

SequentialState look(const SequentialPlan& plan, const Tally& t, int players) {
  SequentialState s;
  std::string error;
  const std::optional<NamedSums> named = named_metric(t, plan.metric, players, error);
  if (!named) return s;
  s.sums = mean_sd(*named->sums, named->units);
  const double r = tuned_r(10.0 * static_cast<double>(plan.batch), plan.alpha);
  s.half_width = cs_half_width(s.sums.sd, s.sums.n, r, plan.alpha);
  s.fixed_half_width =
      s.sums.n > 0 ? 1.96 * s.sums.sd / std::sqrt(static_cast<double>(s.sums.n)) : INFINITY;
  if (plan.test) {
    s.llr = plan.test->llr(s.sums);
    s.verdict = plan.test->verdict(s.sums);
    s.done = s.sums.n >= 2 && s.verdict != SprtVerdict::Continue;
  } else {
    // An sd of 0 after one batch would stop at once on luck: wait for two.
    s.done = s.sums.n >= 2 * plan.batch && s.half_width <= plan.resolution;
  }
  return s;
}

}  // namespace zetema::lab
