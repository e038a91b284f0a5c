// Writing a lab result as JSON (lab_json.h) with the one JSON writer
// (replays/json_writer.h): the stamps and the set-up, the metrics, then the
// games one at a time, to the sink in pieces. Read back by lab_json_read.cpp.
#include "studio/lab/lab_json.h"

#include <tuple>

#include "replays/json_writer.h"
#include "studio/lab/choice_rows.h"

namespace zetema::lab {

namespace {

using replays::JsonWriter;

// A string member, up to its first NUL (as results have always been written).
void put(JsonWriter& w, const char* key, const std::string& v) {
  w.key(key).value(v.c_str());
}

// An estimate as [mean, lo, hi].
void estimate_json(JsonWriter& w, const Estimate& e) {
  w.begin_array().value(e.mean).value(e.lo).value(e.hi).end_array();
}
void estimate_json(JsonWriter& w, const char* key, const Estimate& e) {
  w.key(key);
  estimate_json(w, e);
}

void rule_metrics_json(JsonWriter& w, const char* key, const RuleMetrics& m,
                       const std::vector<std::string>& kinds, bool design) {
  w.key(key).begin_object();
  w.key("side_seats").begin_array();  // the seats (from 0) of each side; [] if they vary
  for (const std::vector<int>& seats : m.side_seats) {
    w.begin_array();
    for (int p : seats) w.value(p);
    w.end_array();
  }
  w.end_array();
  for (const auto& [name, list] :
       {std::pair{"seat_score", &m.seat_score}, std::pair{"seat_margin", &m.seat_margin},
        std::pair{"seat_win", &m.seat_win}, std::pair{"side_score", &m.side_score},
        std::pair{"side_margin", &m.side_margin}, std::pair{"side_win", &m.side_win}}) {
    w.key(name).begin_array();
    for (const Estimate& e : *list) estimate_json(w, e);
    w.end_array();
  }
  w.key("balance").value(m.balance);
  estimate_json(w, "turns", m.turns);
  estimate_json(w, "hands", m.hands);
  estimate_json(w, "completion", m.completion);
  estimate_json(w, "zetemas_per_hand", m.zetemas_per_hand);
  for (const auto& [name, list] :
       {std::pair{"points_per_game", &m.points}, std::pair{"declared_per_game", &m.count}}) {
    w.key(name).begin_object();
    for (size_t k = 0; k < kinds.size() && k < list->size(); ++k) {
      estimate_json(w, kinds[k].c_str(), (*list)[k]);
    }
    w.end_object();
  }
  if (m.mc_beats_greedy) estimate_json(w, "mc_beats_greedy", *m.mc_beats_greedy);
  if (design) {  // docs/lab.md, "Design metrics"
    w.key("uniformity").value(m.uniformity);
    for (const auto& [name, e] :
         {std::pair{"lead_changes", &m.lead_changes}, std::pair{"drama", &m.drama},
          std::pair{"decisiveness", &m.decisiveness}, std::pair{"decision_moves", &m.decisions},
          std::pair{"branching", &m.branching}, std::pair{"timeouts", &m.timeouts}}) {
      estimate_json(w, name, *e);
    }
  }
  w.end_object();
}

// A game as one array: completed, hands, turns, sides, side_of[players],
// side_score[sides], winners, points[kinds], count[kinds] (a value per row of
// the result's "kinds"), then with --design lead_changes, drama, decided_at,
// moves, decisions, choices.
void game_json(JsonWriter& w, const GameSummary& g, int players, size_t kinds, bool design) {
  w.begin_array();
  w.value(g.completed ? 1 : 0).value(g.hands).value(g.turns).value(g.sides);
  for (int p = 0; p < players; ++p) w.value(g.side_of[p]);
  for (int s = 0; s < g.sides; ++s) w.value(g.side_score[s]);
  w.value(g.winners);
  for (size_t k = 0; k < kinds; ++k) {
    w.value(k < g.by_kind.points.size() ? g.by_kind.points[k] : 0);
  }
  for (size_t k = 0; k < kinds; ++k) w.value(k < g.by_kind.count.size() ? g.by_kind.count[k] : 0);
  if (design) {
    for (int v : {g.lead_changes, g.drama, g.decided_at, g.moves, g.decisions}) w.value(v);
    w.value(g.choices);
  }
  w.end_array();
}

// A deal's games under one rule set: one array, or with --rotate a list of
// them, rotation 0 first.
void games_json(JsonWriter& w, const GameSummary& first, const std::vector<GameSummary>& more,
                const CompareResult& r) {
  const bool design = r.config.design;
  if (!r.config.rotate) return game_json(w, first, r.config.players, r.kinds.size(), design);
  w.begin_array();
  game_json(w, first, r.config.players, r.kinds.size(), design);
  for (const GameSummary& g : more) game_json(w, g, r.config.players, r.kinds.size(), design);
  w.end_array();
}

// Everything before the metrics: the stamps, the set-up, the deals covered.
void header_json(JsonWriter& w, const CompareResult& r) {
  const CompareConfig& c = r.config;
  w.key("format").value("zetema-lab");
  w.key("version").value(kFormatVersion);
  put(w, "engine", r.engine_version);
  for (const auto& [key, spec, id, sha] :
       {std::tuple{"a", &c.a, &r.a_id, &r.a_sha256}, std::tuple{"b", &c.b, &r.b_id, &r.b_sha256}}) {
    w.key(key).begin_object();
    put(w, "spec", *spec);
    put(w, "id", *id);
    put(w, "sha256", *sha);
    w.end_object();
  }
  w.key("players").value(c.players);
  put(w, "teams", c.teams);
  w.key("bots").begin_array();
  for (const std::string& b : c.bots) w.value(b.c_str());
  w.end_array();
  w.key("seed").value(c.seed).key("deals").value(c.deals).key("max_hands").value(c.max_hands);
  w.key("first_dealer").value(c.first_dealer + 1);  // 1-based; 0: drawn
  w.key("rotate").value(c.rotate);                  // each deal's games: one per seat rotation
  w.key("design").value(c.design);                  // each game carries the design figures
  w.key("shard").value(c.shard).key("shards").value(c.shards);
  w.key("first_deal").value(r.first_deal).key("deal_count").value(r.deal_count);
  w.key("interrupted").value(r.interrupted);
  if (!r.error.empty()) w.key("error").value(r.error);  // why the run stopped short
  w.key("kinds").begin_array();  // the rows of the per-kind figures and of each game's tally
  for (const std::string& k : r.kinds) w.value(k.c_str());
  w.end_array();
  choices_json(w, r);  // the choices offered and picked over the deals held; none if no choices
}

}  // namespace

void write_json(const CompareResult& r, const Metrics& m, const DealSource& games,
                const TextSink& out) {
  JsonWriter w(replays::kIndentedJsonInlineArrays, [&out](std::string_view piece) { out(piece); });
  w.begin_object();
  header_json(w, r);
  w.key("metrics").begin_object();
  w.key("deals").value(m.deals);
  rule_metrics_json(w, "a", m.a, m.kinds, r.config.design);
  rule_metrics_json(w, "b", m.b, m.kinds, r.config.design);
  rule_metrics_json(w, "b_minus_a", m.diff, m.kinds, r.config.design);
  w.end_object();
  w.key("games").begin_array();
  for (DealResult d; games && games(d);) {
    w.begin_object();
    w.key("deal").value(d.deal);
    w.key("a");
    games_json(w, d.a, d.more_a, r);
    w.key("b");
    games_json(w, d.b, d.more_b, r);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  w.flush();
  out("\n");
}

std::string to_json(const CompareResult& r, const Metrics& m,
                    const std::vector<DealResult>& games) {
  std::string text;
  size_t next = 0;
  write_json(
      r, m,
      [&](DealResult& d) {
        if (next >= games.size()) return false;
        d = games[next++];
        return true;
      },
      [&](std::string_view piece) { text.append(piece); });
  return text;
}

}  // namespace zetema::lab
