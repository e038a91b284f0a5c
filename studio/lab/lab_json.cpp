#include "studio/lab/lab_json.h"

#include <rapidjson/document.h>
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

#include <sstream>

namespace zetema::lab {

namespace {

using Writer = rapidjson::PrettyWriter<rapidjson::StringBuffer>;

// The member named `key` of object `o`, or nullptr. (Comparing rapidjson member
// iterators is ambiguous under C++20's reversed operators, so look up by name.)
const rapidjson::Value* member(const rapidjson::Value& o, const char* key) {
  return o.IsObject() && o.HasMember(key) ? &o[key] : nullptr;
}

void estimate_json(Writer& w, const char* key, const Estimate& e) {
  w.Key(key);
  w.StartArray();
  w.Double(e.mean);
  w.Double(e.lo);
  w.Double(e.hi);
  w.EndArray();
}

void rule_metrics_json(Writer& w, const char* key, const RuleMetrics& m,
                       const std::vector<std::string>& kinds) {
  w.Key(key);
  w.StartObject();
  w.Key("side_seats");  // the seats (from 0) of each side; [] if they vary
  w.StartArray();
  for (const std::vector<int>& seats : m.side_seats) {
    w.StartArray();
    for (int p : seats) w.Int(p);
    w.EndArray();
  }
  w.EndArray();
  for (const auto& [name, list] :
       {std::pair{"seat_score", &m.seat_score}, std::pair{"seat_margin", &m.seat_margin},
        std::pair{"seat_win", &m.seat_win}, std::pair{"side_score", &m.side_score},
        std::pair{"side_margin", &m.side_margin}, std::pair{"side_win", &m.side_win}}) {
    w.Key(name);
    w.StartArray();
    for (const Estimate& e : *list) {
      w.StartArray();
      w.Double(e.mean);
      w.Double(e.lo);
      w.Double(e.hi);
      w.EndArray();
    }
    w.EndArray();
  }
  w.Key("balance");
  w.Double(m.balance);
  estimate_json(w, "turns", m.turns);
  estimate_json(w, "hands", m.hands);
  estimate_json(w, "completion", m.completion);
  estimate_json(w, "zetemas_per_hand", m.zetemas_per_hand);
  for (const auto& [name, list] :
       {std::pair{"points_per_game", &m.points}, std::pair{"declared_per_game", &m.count}}) {
    w.Key(name);
    w.StartObject();
    for (size_t k = 0; k < kinds.size() && k < list->size(); ++k) {
      estimate_json(w, kinds[k].c_str(), (*list)[k]);
    }
    w.EndObject();
  }
  if (m.mc_beats_greedy) estimate_json(w, "mc_beats_greedy", *m.mc_beats_greedy);
  w.EndObject();
}

// A game as one array: completed, hands, turns, sides, side_of[players],
// side_score[sides], winners, points[kinds], count[kinds] (a value per row of
// the result's "kinds").
void game_json(Writer& w, const GameSummary& g, int players, size_t kinds) {
  w.StartArray();
  w.Int(g.completed ? 1 : 0);
  w.Int(g.hands);
  w.Int(g.turns);
  w.Int(g.sides);
  for (int p = 0; p < players; ++p) w.Int(g.side_of[p]);
  for (int s = 0; s < g.sides; ++s) w.Int(g.side_score[s]);
  w.Int(g.winners);
  for (size_t k = 0; k < kinds; ++k) {
    w.Int64(k < g.by_kind.points.size() ? g.by_kind.points[k] : 0);
  }
  for (size_t k = 0; k < kinds; ++k) w.Int(k < g.by_kind.count.size() ? g.by_kind.count[k] : 0);
  w.EndArray();
}

bool game_from(const rapidjson::Value& v, int players, size_t kinds, GameSummary& g) {
  if (!v.IsArray()) return false;
  size_t i = 0;
  auto next = [&](int& out) {
    if (i >= v.Size() || !v[static_cast<rapidjson::SizeType>(i)].IsInt()) return false;
    out = v[static_cast<rapidjson::SizeType>(i++)].GetInt();
    return true;
  };
  int completed = 0, winners = 0;
  if (!next(completed) || !next(g.hands) || !next(g.turns) || !next(g.sides)) return false;
  if (g.sides < 1 || g.sides > kMaxPlayers) return false;
  g.completed = completed != 0;
  for (int p = 0; p < players; ++p) {
    if (!next(g.side_of[p]) || g.side_of[p] < 0 || g.side_of[p] >= g.sides) return false;
  }
  for (int s = 0; s < g.sides; ++s) {
    if (!next(g.side_score[s])) return false;
  }
  if (!next(winners)) return false;
  g.winners = static_cast<uint8_t>(winners);
  g.by_kind = replays::KindTally(kinds);
  for (long long& p : g.by_kind.points) {
    if (i >= v.Size() || !v[static_cast<rapidjson::SizeType>(i)].IsInt64()) return false;
    p = v[static_cast<rapidjson::SizeType>(i++)].GetInt64();
  }
  for (int& n : g.by_kind.count) {
    if (!next(n)) return false;
  }
  return i == v.Size();
}

}  // namespace

std::string to_json(const CompareResult& r, const Metrics& m) {
  rapidjson::StringBuffer buf;
  Writer w(buf);
  w.SetIndent(' ', 2);
  w.SetFormatOptions(rapidjson::kFormatSingleLineArray);
  const CompareConfig& c = r.config;
  w.StartObject();
  w.Key("format");
  w.String("zetema-lab");
  w.Key("version");
  w.Int(2);
  w.Key("engine");
  w.String(r.engine_version.c_str());
  for (const auto& [key, spec, id, sha] :
       {std::tuple{"a", &c.a, &r.a_id, &r.a_sha256}, std::tuple{"b", &c.b, &r.b_id, &r.b_sha256}}) {
    w.Key(key);
    w.StartObject();
    w.Key("spec");
    w.String(spec->c_str());
    w.Key("id");
    w.String(id->c_str());
    w.Key("sha256");
    w.String(sha->c_str());
    w.EndObject();
  }
  w.Key("players");
  w.Int(c.players);
  w.Key("teams");
  w.String(c.teams.c_str());
  w.Key("bots");
  w.StartArray();
  for (const std::string& b : c.bots) w.String(b.c_str());
  w.EndArray();
  w.Key("seed");
  w.Uint64(c.seed);
  w.Key("deals");
  w.Uint64(c.deals);
  w.Key("max_hands");
  w.Int(c.max_hands);
  w.Key("first_dealer");
  w.Int(c.first_dealer + 1);  // 1-based; 0: drawn
  w.Key("shard");
  w.Int(c.shard);
  w.Key("shards");
  w.Int(c.shards);
  w.Key("first_deal");
  w.Uint64(r.first_deal);
  w.Key("deal_count");
  w.Uint64(r.deal_count);
  w.Key("interrupted");
  w.Bool(r.interrupted);
  if (!r.error.empty()) {  // why the run stopped short
    w.Key("error");
    w.String(r.error.c_str(), static_cast<rapidjson::SizeType>(r.error.size()));
  }
  w.Key("kinds");  // the rows of the per-kind figures and of each game's tally
  w.StartArray();
  for (const std::string& k : r.kinds) w.String(k.c_str());
  w.EndArray();
  w.Key("metrics");
  w.StartObject();
  w.Key("deals");
  w.Uint64(m.deals);
  rule_metrics_json(w, "a", m.a, m.kinds);
  rule_metrics_json(w, "b", m.b, m.kinds);
  rule_metrics_json(w, "b_minus_a", m.diff, m.kinds);
  w.EndObject();
  w.Key("games");
  w.StartArray();
  for (const DealResult& d : r.deals) {
    w.StartObject();
    w.Key("deal");
    w.Uint64(d.deal);
    w.Key("a");
    game_json(w, d.a, c.players, r.kinds.size());
    w.Key("b");
    game_json(w, d.b, c.players, r.kinds.size());
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return std::string(buf.GetString(), buf.GetSize()) + "\n";
}

bool from_json(const std::string& text, CompareResult& r, std::string& error) {
  rapidjson::Document doc;
  doc.Parse<rapidjson::kParseIterativeFlag>(text.data(), text.size());
  if (doc.HasParseError() || !doc.IsObject()) {
    error = "not a JSON object";
    return false;
  }
  auto str = [&](const rapidjson::Value& o, const char* k, std::string& out) {
    const auto* v = member(o, k);
    if (!v || !v->IsString()) {
      error = std::string("missing or not a string: ") + k;
      return false;
    }
    out = v->GetString();
    return true;
  };
  auto integer = [&](const rapidjson::Value& o, const char* k, auto& out) {
    const auto* v = member(o, k);
    if (!v || !v->IsUint64()) {
      error = std::string("missing or not a whole number: ") + k;
      return false;
    }
    out = static_cast<std::remove_reference_t<decltype(out)>>(v->GetUint64());
    return true;
  };
  std::string format;
  if (!str(doc, "format", format) || format != "zetema-lab") {
    error = "not a zetema lab result";
    return false;
  }
  CompareConfig& c = r.config;
  if (!str(doc, "engine", r.engine_version) || !integer(doc, "players", c.players) ||
      !str(doc, "teams", c.teams) || !integer(doc, "seed", c.seed) ||
      !integer(doc, "deals", c.deals) || !integer(doc, "max_hands", c.max_hands) ||
      !integer(doc, "first_dealer", c.first_dealer) || !integer(doc, "shard", c.shard) ||
      !integer(doc, "shards", c.shards) || !integer(doc, "first_deal", r.first_deal) ||
      !integer(doc, "deal_count", r.deal_count)) {
    return false;
  }
  c.first_dealer -= 1;
  if (c.players < kMinPlayers || c.players > kMaxPlayers) {
    error = "players out of range";
    return false;
  }
  for (const auto& [key, spec, id, sha] :
       {std::tuple{"a", &c.a, &r.a_id, &r.a_sha256}, std::tuple{"b", &c.b, &r.b_id, &r.b_sha256}}) {
    const auto* side = member(doc, key);
    if (!side || !side->IsObject() || !str(*side, "spec", *spec) || !str(*side, "id", *id) ||
        !str(*side, "sha256", *sha)) {
      if (error.empty()) error = std::string("bad ") + key;
      return false;
    }
  }
  const auto* bots = member(doc, "bots");
  if (!bots || !bots->IsArray()) {
    error = "missing bots";
    return false;
  }
  c.bots.clear();
  for (const auto& b : bots->GetArray()) {
    if (!b.IsString()) {
      error = "bots must be strings";
      return false;
    }
    c.bots.push_back(b.GetString());
  }
  const auto* interrupted = member(doc, "interrupted");
  r.interrupted = interrupted && interrupted->IsBool() && interrupted->GetBool();
  if (const auto* e = member(doc, "error"); e && e->IsString()) r.error = e->GetString();
  // The rows of each game's tally; a file of version 1 has none: its games
  // hold the five built-in kinds and zetema.
  r.kinds.clear();
  if (const auto* kinds = member(doc, "kinds")) {
    if (!kinds->IsArray()) {
      error = "kinds must be a list";
      return false;
    }
    for (const auto& k : kinds->GetArray()) {
      if (!k.IsString() || replays::row_index(r.kinds, k.GetString()) >= 0) {
        error = "kinds must be distinct names";
        return false;
      }
      r.kinds.emplace_back(k.GetString());
    }
  } else {
    r.kinds = replays::legacy_kind_rows();
  }
  const auto* games = member(doc, "games");
  if (!games || !games->IsArray()) {
    error = "missing games";
    return false;
  }
  r.deals.clear();
  for (const auto& g : games->GetArray()) {
    DealResult d;
    if (!g.IsObject() || !integer(g, "deal", d.deal) || !g.HasMember("a") || !g.HasMember("b") ||
        !game_from(g["a"], c.players, r.kinds.size(), d.a) ||
        !game_from(g["b"], c.players, r.kinds.size(), d.b)) {
      error = "game " + std::to_string(r.deals.size()) + " is malformed";
      return false;
    }
    r.deals.push_back(d);
  }
  return true;
}

std::string to_csv(const CompareResult& r) {
  std::ostringstream o;
  o << "deal";
  for (const char* rs : {"a", "b"}) {
    o << "," << rs << "_completed," << rs << "_hands," << rs << "_turns";
    for (int p = 0; p < r.config.players; ++p) o << "," << rs << "_seat" << p + 1 << "_score";
    o << "," << rs << "_winners";
    for (const std::string& kind : r.kinds) o << "," << rs << "_" << kind << "_points";
  }
  o << "\n";
  for (const DealResult& d : r.deals) {
    o << d.deal;
    for (const GameSummary* g : {&d.a, &d.b}) {
      o << "," << g->completed << "," << g->hands << "," << g->turns;
      for (int p = 0; p < r.config.players; ++p) o << "," << g->side_score[g->side_of[p]];
      o << "," << int{g->winners};
      for (size_t k = 0; k < r.kinds.size(); ++k) {
        o << "," << (k < g->by_kind.points.size() ? g->by_kind.points[k] : 0);
      }
    }
    o << "\n";
  }
  return o.str();
}

}  // namespace zetema::lab
