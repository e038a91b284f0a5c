#include "studio/lab/tally.h"

#include <algorithm>
#include <climits>
#include <optional>
#include <tuple>

#include "engine/match.h"

namespace zetema::lab {

void Histogram::add(int64_t x) {
  if (counts.empty()) counts.assign(static_cast<size_t>(kWidth), 0);
  min = std::min(min, x);
  max = std::max(max, x);
  if (x < base) {
    ++below;
  } else if (x >= base + kWidth) {
    ++above;
  } else {
    ++counts[static_cast<size_t>(x - base)];
  }
}

void Histogram::merge(const Histogram& o) {
  if (o.empty()) return;
  if (counts.empty()) counts.assign(static_cast<size_t>(kWidth), 0);
  for (size_t i = 0; i < counts.size(); ++i) counts[i] += o.counts[i];
  below += o.below;
  above += o.above;
  min = std::min(min, o.min);
  max = std::max(max, o.max);
}

std::vector<uint64_t> Histogram::bins(int n, int64_t lo, int64_t hi) const {
  std::vector<uint64_t> out(static_cast<size_t>(n));
  if (empty() || n <= 0) return out;
  const double span = std::max(1.0, static_cast<double>(hi - lo));
  const auto bin = [&](int64_t x) {
    const auto i = static_cast<int>(static_cast<double>(x - lo) / span * n);
    return static_cast<size_t>(std::clamp(i, 0, n - 1));
  };
  for (size_t i = 0; i < counts.size(); ++i) {
    if (counts[i]) out[bin(base + static_cast<int64_t>(i))] += counts[i];
  }
  out.front() += below;
  out.back() += above;
  return out;
}

namespace {

using Layout = std::vector<std::vector<int>>;

// One game's per-game quantities, in the units of tally.h.
struct GameValues {
  std::array<int64_t, kMaxPlayers> seat_score{}, seat_margin{}, seat_win{};
  Layout layout;  // the seats of each side
  std::array<int64_t, kMaxPlayers> side_score{}, side_margin{}, side_win{};
  int64_t turns = 0, hands = 0, completed = 0, zetemas_per_hand = 0;
  std::vector<int64_t> points, count;
  std::optional<int64_t> mc_beats_greedy;
  std::array<int64_t, kMaxPlayers> bot_margin{}, bot_win{};
  int64_t lead_changes = 0, drama = 0, decisiveness = 0, decisions = 0, branching = 0, timeouts = 0,
          luck = 0;  // luck: P1's
};

// The fields that add up alike: per-game numbers, and arrays per seat or side.
using Scalar = int64_t GameValues::*;
using PerSeat = std::array<int64_t, kMaxPlayers> GameValues::*;
constexpr std::array<Scalar, 11> kScalars = {
    &GameValues::turns,        &GameValues::hands,
    &GameValues::completed,    &GameValues::zetemas_per_hand,
    &GameValues::lead_changes, &GameValues::drama,
    &GameValues::decisiveness, &GameValues::decisions,
    &GameValues::branching,    &GameValues::timeouts,
    &GameValues::luck};
constexpr std::array<PerSeat, 6> kPerSeat = {&GameValues::seat_score,  &GameValues::seat_margin,
                                             &GameValues::seat_win,    &GameValues::side_score,
                                             &GameValues::side_margin, &GameValues::side_win};
constexpr std::array<PerSeat, 2> kPerBot = {&GameValues::bot_margin, &GameValues::bot_win};

// Per game in kRatioUnits, rounded once: the same integer whatever adds it up.
int64_t ratio(int64_t num, int64_t den) {
  return den > 0 ? (num * kRatioUnits + den / 2) / den : 0;
}

// A game of a rotation set adds into the set's values; bot i sat at seat
// (i + rotation) % players.
void accumulate(GameValues& into, const GameValues& v, int players, int rotation) {
  for (PerSeat f : kPerSeat) {
    for (int i = 0; i < kMaxPlayers; ++i) (into.*f)[i] += (v.*f)[i];
  }
  for (int i = 0; i < players; ++i) {
    into.bot_margin[i] += v.seat_margin[(i + rotation) % players];
    into.bot_win[i] += v.seat_win[(i + rotation) % players];
  }
  for (Scalar f : kScalars) into.*f += v.*f;
  for (size_t k = 0; k < v.points.size(); ++k) {
    into.points[k] += v.points[k];
    into.count[k] += v.count[k];
  }
  if (v.mc_beats_greedy)
    into.mc_beats_greedy = into.mc_beats_greedy.value_or(0) + *v.mc_beats_greedy;
}

// A side's score, its margin over the best other side, its share of the win.
void side_values(const GameSummary& g, GameValues& v) {
  int winners = 0;
  for (int side = 0; side < g.sides; ++side) winners += (g.winners >> side) & 1;
  for (int side = 0; side < g.sides; ++side) {
    int best_other = INT32_MIN;
    for (int o = 0; o < g.sides; ++o) {
      if (o != side) best_other = std::max(best_other, g.side_score[o]);
    }
    v.side_score[side] = g.side_score[side];
    v.side_margin[side] = int64_t{g.side_score[side]} - best_other;
    v.side_win[side] = (g.winners >> side) & 1 ? kShareUnits / winners : 0;
  }
}

}  // namespace

void Tally::start(int players, const std::vector<std::string>& bots,
                  const std::vector<std::string>& kinds, int rotation_count) {
  *this = Tally{};
  rotations = std::max(1, rotation_count);
  players_ = players;
  kinds_ = kinds.size();
  zetema_row_ = replays::row_index(kinds, replays::kZetemaRow);
  for (int p = 0; p < players; ++p) {
    const std::string bot = seat_bot(bots, p);
    if (bot == "mc" || bot.rfind("mc:", 0) == 0) mc_seats_.push_back(p);
    if (bot == "greedy") greedy_seats_.push_back(p);
  }
  for (RuleTally* r : {&a, &b, &diff}) {
    for (auto* list :
         {&r->seat_score, &r->seat_margin, &r->seat_win, &r->bot_margin, &r->bot_win}) {
      list->resize(static_cast<size_t>(players));
    }
    r->points.resize(kinds_);
    r->count.resize(kinds_);
  }
  // Margins are centred on zero; game lengths start there.
  margin_a.base = margin_b.base = -Histogram::kWidth / 2;
}

namespace {

GameValues values_of(const GameSummary& g, int players, size_t kinds, int zetema_row,
                     const std::vector<int>& mc, const std::vector<int>& greedy) {
  GameValues v;
  side_values(g, v);
  v.layout.resize(static_cast<size_t>(g.sides));
  for (int p = 0; p < players; ++p) {
    const int side = g.side_of[p];
    if (side < 0 || side >= g.sides) continue;  // checked where games are read
    v.layout[static_cast<size_t>(side)].push_back(p);
    v.seat_score[p] = v.side_score[side];
    v.seat_margin[p] = v.side_margin[side];
    v.seat_win[p] = v.side_win[side];
  }
  v.turns = g.turns;
  v.hands = g.hands;
  v.completed = g.completed ? 1 : 0;
  // A game's tally may be shorter than the rows (a summary made by hand).
  for (size_t k = 0; k < kinds; ++k) {
    v.points.push_back(k < g.by_kind.points.size() ? g.by_kind.points[k] : 0);
    v.count.push_back(k < g.by_kind.count.size() ? g.by_kind.count[k] : 0);
  }
  const int64_t zetemas = zetema_row >= 0 ? v.count[static_cast<size_t>(zetema_row)] : 0;
  // Rounded to the nearest unit, the same integer whatever adds it up.
  v.zetemas_per_hand = g.hands > 0 ? (zetemas * kRatioUnits + g.hands / 2) / g.hands : 0;
  if (!mc.empty() && !greedy.empty()) {
    int best_mc = INT32_MIN, best_greedy = INT32_MIN;
    for (int p : mc) best_mc = std::max(best_mc, g.side_score[g.side_of[p]]);
    for (int p : greedy) best_greedy = std::max(best_greedy, g.side_score[g.side_of[p]]);
    v.mc_beats_greedy = best_mc > best_greedy    ? kShareUnits
                        : best_mc == best_greedy ? kShareUnits / 2
                                                 : 0;
  }
  for (int p = 0; p < players; ++p) {
    v.bot_margin[p] = v.seat_margin[p];
    v.bot_win[p] = v.seat_win[p];
  }
  v.lead_changes = g.lead_changes;
  v.drama = g.drama;
  v.decisiveness = g.hands > 0 ? ratio(g.hands - g.decided_at, g.hands) : 0;
  v.decisions = ratio(g.decisions, g.moves);
  v.branching = ratio(g.choices, g.moves);
  v.timeouts = g.completed ? 0 : 1;
  v.luck = g.luck[0];
  return v;
}

template <typename Values>
void add_each(std::vector<Moments>& sums, const Values& values) {
  for (size_t i = 0; i < sums.size(); ++i) sums[i].add(values[i]);
}

// Side sums go on while every deal seats the sides as the first one did;
// `layout` is nullopt for a deal whose sides cannot be paired (A and B seat
// different ones).
void observe_sides(RuleTally& r, const std::optional<Layout>& layout) {
  if (r.sides_vary) return;
  if (r.turns.n == 0 && layout) {
    r.side_seats = *layout;
    for (auto* list : {&r.side_score, &r.side_margin, &r.side_win}) list->resize(layout->size());
    return;
  }
  if (layout && *layout == r.side_seats) return;
  r.sides_vary = true;
  r.side_seats.clear();
  for (auto* list : {&r.side_score, &r.side_margin, &r.side_win}) list->clear();
}

// The sums of RuleTally and the per-game values they add up.
constexpr std::array<std::pair<Moments RuleTally::*, Scalar>, 10> kScalarSums = {{
    {&RuleTally::turns, &GameValues::turns},
    {&RuleTally::hands, &GameValues::hands},
    {&RuleTally::completed, &GameValues::completed},
    {&RuleTally::zetemas_per_hand, &GameValues::zetemas_per_hand},
    {&RuleTally::lead_changes, &GameValues::lead_changes},
    {&RuleTally::drama, &GameValues::drama},
    {&RuleTally::decisiveness, &GameValues::decisiveness},
    {&RuleTally::decisions, &GameValues::decisions},
    {&RuleTally::branching, &GameValues::branching},
    {&RuleTally::timeouts, &GameValues::timeouts},
}};
constexpr std::array<std::pair<std::vector<Moments> RuleTally::*, PerSeat>, 8> kPerSeatSums = {{
    {&RuleTally::seat_score, &GameValues::seat_score},
    {&RuleTally::seat_margin, &GameValues::seat_margin},
    {&RuleTally::seat_win, &GameValues::seat_win},
    {&RuleTally::side_score, &GameValues::side_score},
    {&RuleTally::side_margin, &GameValues::side_margin},
    {&RuleTally::side_win, &GameValues::side_win},
    {&RuleTally::bot_margin, &GameValues::bot_margin},
    {&RuleTally::bot_win, &GameValues::bot_win},
}};

void add_game(RuleTally& r, const GameValues& v, const std::optional<Layout>& layout) {
  observe_sides(r, layout);
  for (const auto& [sums, values] : kPerSeatSums) add_each(r.*sums, v.*values);
  for (const auto& [sum, value] : kScalarSums) (r.*sum).add(v.*value);
  add_each(r.points, v.points);
  add_each(r.count, v.count);
  if (v.mc_beats_greedy) r.mc_beats_greedy.add(*v.mc_beats_greedy);
  r.luck_margin.add(v.seat_margin[0], v.luck);
}

// Per deal, B - A: the shared shuffles cancel.
GameValues difference(const GameValues& a, const GameValues& b) {
  GameValues d;
  const auto per_seat = [&](PerSeat f) {
    for (int i = 0; i < kMaxPlayers; ++i) (d.*f)[i] = (b.*f)[i] - (a.*f)[i];
  };
  for (PerSeat f : kPerSeat) per_seat(f);
  for (PerSeat f : kPerBot) per_seat(f);
  for (Scalar f : kScalars) d.*f = b.*f - a.*f;
  for (size_t k = 0; k < a.points.size(); ++k) {
    d.points.push_back(b.points[k] - a.points[k]);
    d.count.push_back(b.count[k] - a.count[k]);
  }
  if (a.mc_beats_greedy) d.mc_beats_greedy = *b.mc_beats_greedy - *a.mc_beats_greedy;
  return d;
}

void merge_each(std::vector<Moments>& sums, const std::vector<Moments>& more) {
  for (size_t i = 0; i < sums.size() && i < more.size(); ++i) sums[i].merge(more[i]);
}

// P1's margin in one game.
int64_t p1_margin(const GameSummary& g) {
  GameValues v;
  side_values(g, v);
  const int side = g.side_of[0];
  return side >= 0 && side < g.sides ? v.side_margin[side] : 0;
}

}  // namespace

void Tally::add(const DealResult& d) {
  // A rotation set's figures are the sums over its games.
  const auto set_values = [&](const GameSummary& first, const std::vector<GameSummary>& more) {
    GameValues v = values_of(first, players_, kinds_, zetema_row_, mc_seats_, greedy_seats_);
    for (size_t r = 0; r < more.size(); ++r) {
      accumulate(v, values_of(more[r], players_, kinds_, zetema_row_, mc_seats_, greedy_seats_),
                 players_, static_cast<int>(r + 1));
    }
    return v;
  };
  const GameValues a_values = set_values(d.a, d.more_a);
  const GameValues b_values = set_values(d.b, d.more_b);
  for (const auto& [sums, first, more] :
       {std::tuple{&a.choices, &d.a, &d.more_a}, std::tuple{&b.choices, &d.b, &d.more_b}}) {
    sums->add(first->choice_counts);
    for (const GameSummary& g : *more) sums->add(g.choice_counts);
  }
  add_game(a, a_values, a_values.layout);
  add_game(b, b_values, b_values.layout);
  // The differences have sides only while A and B seat the same ones.
  const bool paired = a_values.layout == b_values.layout;
  add_game(diff, difference(a_values, b_values),
           paired ? std::optional<Layout>(a_values.layout) : std::nullopt);
  turns_a.add(d.a.turns);
  turns_b.add(d.b.turns);
  for (const GameSummary& g : d.more_a) turns_a.add(g.turns);
  for (const GameSummary& g : d.more_b) turns_b.add(g.turns);
  if (players_ > 0) {  // each game's P1 margin (a rotation set's are summed above)
    margin_a.add(p1_margin(d.a));
    margin_b.add(p1_margin(d.b));
    for (const GameSummary& g : d.more_a) margin_a.add(p1_margin(g));
    for (const GameSummary& g : d.more_b) margin_b.add(p1_margin(g));
  }
  ++deals;
}

void RuleTally::merge(const RuleTally& o) {
  if (o.turns.n == 0) return;
  if (turns.n == 0) {
    *this = o;
    return;
  }
  merge_each(seat_score, o.seat_score);
  merge_each(seat_margin, o.seat_margin);
  merge_each(seat_win, o.seat_win);
  if (sides_vary || o.sides_vary || side_seats != o.side_seats) {
    sides_vary = true;
    side_seats.clear();
    for (auto* list : {&side_score, &side_margin, &side_win}) list->clear();
  } else {
    merge_each(side_score, o.side_score);
    merge_each(side_margin, o.side_margin);
    merge_each(side_win, o.side_win);
  }
  for (const auto& pair : kScalarSums) (this->*pair.first).merge(o.*pair.first);
  merge_each(points, o.points);
  merge_each(count, o.count);
  mc_beats_greedy.merge(o.mc_beats_greedy);
  merge_each(bot_margin, o.bot_margin);
  merge_each(bot_win, o.bot_win);
  luck_margin.merge(o.luck_margin);
  choices.merge(o.choices);
}

void Tally::merge(const Tally& o) {
  a.merge(o.a);
  b.merge(o.b);
  diff.merge(o.diff);
  turns_a.merge(o.turns_a);
  turns_b.merge(o.turns_b);
  margin_a.merge(o.margin_a);
  margin_b.merge(o.margin_b);
  deals += o.deals;
}

}  // namespace zetema::lab
