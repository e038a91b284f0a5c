#include "studio/lab/lab_json.h"

#include <rapidjson/document.h>
#include <rapidjson/filereadstream.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/prettywriter.h>
#include <rapidjson/reader.h>

#include <algorithm>
#include <cstring>
#include <sstream>

namespace zetema::lab {

namespace {

// rapidjson's output stream over a TextSink, in pieces of 64 KiB.
class SinkStream {
 public:
  using Ch = char;
  explicit SinkStream(const TextSink& out) : out_(out) {}
  void Put(char c) {
    buffer_.push_back(c);
    if (buffer_.size() >= (1u << 16)) Flush();
  }
  void Flush() {
    if (!buffer_.empty()) out_(buffer_);
    buffer_.clear();
  }

 private:
  const TextSink& out_;
  std::string buffer_;
};

using Writer = rapidjson::PrettyWriter<SinkStream>;

// The member named `key` of object `o`, or nullptr. (Comparing rapidjson member
// iterators is ambiguous under C++20's reversed operators, so look up by name.)
const rapidjson::Value* member(const rapidjson::Value& o, const char* key) {
  return o.IsObject() && o.HasMember(key) ? &o[key] : nullptr;
}

// A member of the object being written.
void put(Writer& w, const char* key, int v) {
  w.Key(key);
  w.Int(v);
}
void put(Writer& w, const char* key, uint64_t v) {
  w.Key(key);
  w.Uint64(v);
}
void put(Writer& w, const char* key, bool v) {
  w.Key(key);
  w.Bool(v);
}
void put(Writer& w, const char* key, const std::string& v) {
  w.Key(key);
  w.String(v.c_str());
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
                       const std::vector<std::string>& kinds, bool design) {
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
  if (design) {  // docs/lab.md, "Design metrics"
    w.Key("uniformity");
    w.Double(m.uniformity);
    for (const auto& [name, e] :
         {std::pair{"lead_changes", &m.lead_changes}, std::pair{"drama", &m.drama},
          std::pair{"decisiveness", &m.decisiveness}, std::pair{"decision_moves", &m.decisions},
          std::pair{"branching", &m.branching}, std::pair{"timeouts", &m.timeouts}}) {
      estimate_json(w, name, *e);
    }
  }
  w.EndObject();
}

// The design figures of a game, in the order a --design file holds them
// after the counts.
constexpr int kDesignFields = 6;

// A game as one array: completed, hands, turns, sides, side_of[players],
// side_score[sides], winners, points[kinds], count[kinds] (a value per row of
// the result's "kinds"), then with --design lead_changes, drama, decided_at,
// moves, decisions, choices.
void game_json(Writer& w, const GameSummary& g, int players, size_t kinds, bool design) {
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
  if (design) {
    for (int v : {g.lead_changes, g.drama, g.decided_at, g.moves, g.decisions}) w.Int(v);
    w.Int64(g.choices);
  }
  w.EndArray();
}

// A deal's games under one rule set: one array, or with --rotate a list of
// them, rotation 0 first.
void games_json(Writer& w, const GameSummary& first, const std::vector<GameSummary>& more,
                const CompareResult& r) {
  const bool design = r.config.design;
  if (!r.config.rotate) return game_json(w, first, r.config.players, r.kinds.size(), design);
  w.StartArray();
  game_json(w, first, r.config.players, r.kinds.size(), design);
  for (const GameSummary& g : more) game_json(w, g, r.config.players, r.kinds.size(), design);
  w.EndArray();
}

// A number as the reader gave it, and whether it is a whole number that
// fits 64 bits, or 32.
struct Number {
  int64_t value = 0;
  bool whole = false, fits_int = false;
};

bool game_from(const std::vector<Number>& v, int players, size_t kinds, bool design,
               GameSummary& g) {
  size_t i = 0;
  auto next = [&](int& out) {
    if (i >= v.size() || !v[i].fits_int) return false;
    out = static_cast<int>(v[i++].value);
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
    if (i >= v.size() || !v[i].whole) return false;
    p = v[i++].value;
  }
  for (int& n : g.by_kind.count) {
    if (!next(n)) return false;
  }
  if (design) {
    for (int* f : {&g.lead_changes, &g.drama, &g.decided_at, &g.moves, &g.decisions}) {
      if (!next(*f) || *f < 0) return false;
    }
    if (i >= v.size() || !v[i].whole || v[i].value < 0) return false;
    g.choices = v[i++].value;
  }
  return i == v.size();
}

// The reader's events: all but the games go on to a Document (the header,
// small); each game is read on its own, added to the sums and handed on,
// then forgotten. What a game needs (players, bots, kinds) is caught on
// the way, so it must come before "games", as write_json puts it.
class Filter {
 public:
  Filter(CompareResult& r, const GameSink& games, std::string& error)
      : r_(r), games_(games), error_(error) {}
  rapidjson::Document* doc = nullptr;
  bool saw_games() const { return saw_games_; }
  int players() const { return players_; }
  const std::vector<std::string>& bots() const { return bots_; }
  const std::vector<std::string>& kinds() const { return kinds_; }
  bool rotate() const { return rotate_; }
  bool design() const { return design_; }

  bool Null() { return in_game() ? value_in_game(nullptr) : doc->Null(); }
  bool Bool(bool b) {
    if (in_game()) return value_in_game(nullptr);
    if (depth_ == 1 && top_key_ == "rotate") rotate_ = b;
    if (depth_ == 1 && top_key_ == "design") design_ = b;
    return doc->Bool(b);
  }
  bool Int(int i) {
    return number(Number{i, true, true}, [&] { return doc->Int(i); });
  }
  bool Uint(unsigned u) {
    return number(Number{u, true, u <= INT32_MAX}, [&] { return doc->Uint(u); });
  }
  bool Int64(int64_t i) {
    return number(Number{i, true, false}, [&] { return doc->Int64(i); });
  }
  bool Uint64(uint64_t u) {
    return number(Number{static_cast<int64_t>(u), u <= INT64_MAX, false},
                  [&] { return doc->Uint64(u); });
  }
  bool Double(double d) {
    return number(Number{}, [&] { return doc->Double(d); });
  }
  bool RawNumber(const char* s, rapidjson::SizeType n, bool copy) {
    return in_game() ? value_in_game(nullptr) : doc->RawNumber(s, n, copy);
  }
  bool String(const char* s, rapidjson::SizeType n, bool copy) {
    if (in_game()) return value_in_game(nullptr);
    if (depth_ == 2 && (top_key_ == "bots" || top_key_ == "kinds")) {
      (top_key_ == "bots" ? bots_ : kinds_).emplace_back(s, n);
    }
    return doc->String(s, n, copy);
  }
  bool Key(const char* s, rapidjson::SizeType n, bool copy) {
    if (in_game()) {
      if (depth_ == 3) game_key_.assign(s, n);
      return true;
    }
    if (depth_ == 1) {
      top_key_.assign(s, n);
      if (top_key_ == "kinds") {
        have_kinds_ = true;
        kinds_.clear();
      }
      if (top_key_ == "bots") bots_.clear();
    }
    return doc->Key(s, n, copy);
  }
  bool StartObject() {
    if (in_game()) return open_in_games(true);
    ++depth_;
    return doc->StartObject();
  }
  bool EndObject(rapidjson::SizeType members) {
    if (in_game()) return close_in_games();
    --depth_;
    return doc->EndObject(members);
  }
  bool StartArray() {
    if (in_game()) return open_in_games(false);
    ++depth_;
    if (depth_ == 2 && top_key_ == "games") return start_games() && doc->StartArray();
    return doc->StartArray();
  }
  bool EndArray(rapidjson::SizeType elements) {
    if (in_games_ && depth_ == 2) {
      in_games_ = false;
      --depth_;
      return doc->EndArray(0);  // the games went elsewhere
    }
    if (in_game()) return close_in_games();
    --depth_;
    return doc->EndArray(elements);
  }

 private:
  // Inside the games array: its entries go to the game being read.
  bool in_game() const { return in_games_ && depth_ >= 2; }

  template <typename Forward>
  bool number(const Number& n, Forward forward) {
    if (!in_game()) {
      if (depth_ == 1 && top_key_ == "players")
        players_ = n.fits_int ? static_cast<int>(n.value) : 0;
      if (depth_ == 1 && top_key_ == "version") version_ = n.fits_int ? n.value : -1;
      return forward();
    }
    return value_in_game(&n);
  }

  bool in_rule_set() const { return game_key_ == "a" || game_key_ == "b"; }
  std::vector<std::vector<Number>>& lists() { return game_key_ == "a" ? lists_a_ : lists_b_; }
  // The depth of a game's numbers: inside "a", or inside an entry of a
  // rotated file's list.
  int game_depth() const { return rotate_ ? 5 : 4; }

  // A scalar inside a game: its deal number, or an entry of "a" or "b".
  bool value_in_game(const Number* n) {
    if (depth_ == 2) return malformed();  // a game is an object
    if (depth_ == 3 && game_key_ == "deal") {
      has_deal_ = n && n->whole && n->value >= 0;
      deal_ = n ? static_cast<uint64_t>(n->value) : 0;
      return has_deal_ || malformed();
    }
    if (depth_ >= 4 && in_rule_set()) {
      if (!n || depth_ != game_depth() || lists().empty()) return malformed();
      lists().back().push_back(*n);
    }
    return true;  // other members are not read, as before
  }

  bool open_in_games(bool object) {
    if (depth_ == 2 && !object) return malformed();
    if (depth_ == 2) {  // a new game
      has_deal_ = has_a_ = has_b_ = false;
      lists_a_.clear();
      lists_b_.clear();
      game_key_.clear();
    }
    if (depth_ == 3 && in_rule_set()) {
      if (object || (game_key_ == "a" ? has_a_ : has_b_)) return malformed();
      (game_key_ == "a" ? has_a_ : has_b_) = true;
      if (!rotate_) lists().emplace_back();
    }
    if (depth_ >= 4 && in_rule_set()) {
      if (depth_ != 4 || !rotate_ || object) return malformed();
      lists().emplace_back();  // the next rotation's game
    }
    ++depth_;
    return true;
  }

  bool close_in_games() {
    --depth_;
    return depth_ == 2 ? finish_game() : true;
  }

  bool start_games() {
    in_games_ = saw_games_ = true;
    if (players_ < kMinPlayers || players_ > kMaxPlayers) {
      error_ = "players out of range (or given after the games)";
      return false;
    }
    if (version_ < 1 || version_ > kFormatVersion) {
      error_ = version_ > kFormatVersion ? "format version " + std::to_string(version_) +
                                               " is newer than this zetema reads (" +
                                               std::to_string(kFormatVersion) + "): update zetema"
                                         : "missing or bad version (or given after the games)";
      return false;
    }
    // A file of version 1 has no kinds: its games hold the five built-in
    // kinds and zetema. Versions 1 and 2 are neither rotated nor --design.
    if (!have_kinds_) kinds_ = replays::legacy_kind_rows();
    r_.tally.start(players_, bots_, kinds_, rotate_ ? players_ : 1);
    return true;
  }

  // One rule set's games of a deal: one, or one per rotation.
  bool games_from(const std::vector<std::vector<Number>>& lists, GameSummary& first,
                  std::vector<GameSummary>& more) const {
    const size_t want = rotate_ ? static_cast<size_t>(players_) : 1;
    if (lists.size() != want) return false;
    for (size_t i = 0; i < lists.size(); ++i) {
      GameSummary& g = i == 0 ? first : more.emplace_back();
      if (!game_from(lists[i], players_, kinds_.size(), design_, g)) return false;
    }
    return true;
  }

  bool finish_game() {
    DealResult d;
    d.deal = deal_;
    if (!has_deal_ || !has_a_ || !has_b_ || !games_from(lists_a_, d.a, d.more_a) ||
        !games_from(lists_b_, d.b, d.more_b)) {
      return malformed();
    }
    if (games_read_ > 0 && d.deal <= r_.held.back().second - 1) {
      error_ = "the games are not in deal order (deal " + std::to_string(d.deal) + " after deal " +
               std::to_string(r_.held.back().second - 1) + ")";
      return false;
    }
    if (games_read_ > 0 && d.deal == r_.held.back().second) {
      ++r_.held.back().second;
    } else {
      r_.held.push_back({d.deal, d.deal + 1});
    }
    ++games_read_;
    r_.tally.add(d);
    if (games_) games_(d);
    return true;
  }

  bool malformed() {
    error_ = "game " + std::to_string(games_read_) + " is malformed";
    return false;
  }

  CompareResult& r_;
  const GameSink& games_;
  std::string& error_;
  int depth_ = 0;  // containers open; 1 inside the root object
  std::string top_key_, game_key_;
  int players_ = 0;
  std::vector<std::string> bots_, kinds_;
  bool have_kinds_ = false, in_games_ = false, saw_games_ = false;
  int64_t version_ = 0;
  bool rotate_ = false, design_ = false;
  bool has_deal_ = false, has_a_ = false, has_b_ = false;
  uint64_t deal_ = 0, games_read_ = 0;
  std::vector<std::vector<Number>> lists_a_, lists_b_;
};

template <typename Stream>
bool parse_result(Stream& is, CompareResult& r, const GameSink& games, std::string& error);

}  // namespace

void write_json(const CompareResult& r, const Metrics& m, const DealSource& games,
                const TextSink& out) {
  SinkStream stream(out);
  Writer w(stream);
  w.SetIndent(' ', 2);
  w.SetFormatOptions(rapidjson::kFormatSingleLineArray);
  const CompareConfig& c = r.config;
  w.StartObject();
  w.Key("format");
  w.String("zetema-lab");
  put(w, "version", kFormatVersion);
  put(w, "engine", r.engine_version);
  for (const auto& [key, spec, id, sha] :
       {std::tuple{"a", &c.a, &r.a_id, &r.a_sha256}, std::tuple{"b", &c.b, &r.b_id, &r.b_sha256}}) {
    w.Key(key);
    w.StartObject();
    put(w, "spec", *spec);
    put(w, "id", *id);
    put(w, "sha256", *sha);
    w.EndObject();
  }
  put(w, "players", c.players);
  put(w, "teams", c.teams);
  w.Key("bots");
  w.StartArray();
  for (const std::string& b : c.bots) w.String(b.c_str());
  w.EndArray();
  put(w, "seed", c.seed);
  put(w, "deals", c.deals);
  put(w, "max_hands", c.max_hands);
  put(w, "first_dealer", c.first_dealer + 1);  // 1-based; 0: drawn
  put(w, "rotate", c.rotate);                  // each deal's games: one per seat rotation
  put(w, "design", c.design);                  // each game carries the design figures
  put(w, "shard", c.shard);
  put(w, "shards", c.shards);
  put(w, "first_deal", r.first_deal);
  put(w, "deal_count", r.deal_count);
  put(w, "interrupted", r.interrupted);
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
  rule_metrics_json(w, "a", m.a, m.kinds, c.design);
  rule_metrics_json(w, "b", m.b, m.kinds, c.design);
  rule_metrics_json(w, "b_minus_a", m.diff, m.kinds, c.design);
  w.EndObject();
  w.Key("games");
  w.StartArray();
  for (DealResult d; games && games(d);) {
    w.StartObject();
    w.Key("deal");
    w.Uint64(d.deal);
    w.Key("a");
    games_json(w, d.a, d.more_a, r);
    w.Key("b");
    games_json(w, d.b, d.more_b, r);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  stream.Flush();
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

namespace {

template <typename Stream>
bool parse_result(Stream& is, CompareResult& r, const GameSink& games, std::string& error) {
  r.held.clear();
  r.tally = Tally{};
  Filter filter(r, games, error);
  rapidjson::Reader reader;
  // Iterative: a deeply nested file cannot exhaust the stack.
  auto generate = [&](rapidjson::Document& into) {
    filter.doc = &into;
    return !reader.Parse<rapidjson::kParseIterativeFlag>(is, filter).IsError();
  };
  rapidjson::Document doc;
  doc.Populate(generate);
  if (!error.empty()) return false;
  if (reader.HasParseError() || !doc.IsObject()) {
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
  // Versions 1 and 2 have neither: unrotated, no design figures.
  c.rotate = filter.rotate();
  c.design = r.design = filter.design();
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
  if (!filter.saw_games()) {
    error = "missing games";
    return false;
  }
  // The sums were started from what was caught on the way; the same file
  // read whole must agree (a key given twice would not).
  if (filter.players() != c.players || filter.kinds() != r.kinds || filter.bots() != c.bots) {
    error = "players, bots or kinds are given twice";
    return false;
  }
  return true;
}

}  // namespace

bool read_json(std::FILE* in, CompareResult& r, const GameSink& games, std::string& error) {
  char buffer[1 << 16];
  rapidjson::FileReadStream is(in, buffer, sizeof buffer);
  return parse_result(is, r, games, error);
}

bool from_json(const std::string& text, CompareResult& r, std::string& error,
               std::vector<DealResult>* games) {
  rapidjson::MemoryStream is(text.data(), text.size());
  return parse_result(
      is, r, games ? GameSink([&](const DealResult& d) { games->push_back(d); }) : GameSink(),
      error);
}

std::string csv_header(const CompareResult& r) {
  std::ostringstream o;
  o << "deal" << (r.config.rotate ? ",rotation" : "");
  for (const char* rs : {"a", "b"}) {
    o << "," << rs << "_completed," << rs << "_hands," << rs << "_turns";
    for (int p = 0; p < r.config.players; ++p) o << "," << rs << "_seat" << p + 1 << "_score";
    o << "," << rs << "_winners";
    for (const std::string& kind : r.kinds) o << "," << rs << "_" << kind << "_points";
  }
  o << "\n";
  return o.str();
}

namespace {

void csv_game_line(std::ostringstream& o, const CompareResult& r, const GameSummary& a,
                   const GameSummary& b) {
  for (const GameSummary* g : {&a, &b}) {
    o << "," << g->completed << "," << g->hands << "," << g->turns;
    for (int p = 0; p < r.config.players; ++p) o << "," << g->side_score[g->side_of[p]];
    o << "," << int{g->winners};
    for (size_t k = 0; k < r.kinds.size(); ++k) {
      o << "," << (k < g->by_kind.points.size() ? g->by_kind.points[k] : 0);
    }
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

DealSpill::DealSpill(std::FILE* file, size_t kinds, int rotations)
    : file_(file), kinds_(kinds), rotations_(std::max(1, rotations)) {}

DealSpill::~DealSpill() {
  if (file_) std::fclose(file_);
}

namespace {

// A game as fixed-size fields: the record has the same length for every deal.
constexpr size_t kFixedFields = 5 + kDesignFields;
std::vector<int64_t> fields_of(const GameSummary& g, size_t kinds) {
  std::vector<int64_t> f = {g.completed, g.hands,        g.turns,  g.sides,
                            g.winners,   g.lead_changes, g.drama,  g.decided_at,
                            g.moves,     g.decisions,    g.choices};
  for (int p = 0; p < kMaxPlayers; ++p) f.push_back(g.side_of[p]);
  for (int s = 0; s < kMaxPlayers; ++s) f.push_back(g.side_score[s]);
  for (size_t k = 0; k < kinds; ++k) {
    f.push_back(k < g.by_kind.points.size() ? g.by_kind.points[k] : 0);
    f.push_back(k < g.by_kind.count.size() ? g.by_kind.count[k] : 0);
  }
  return f;
}

GameSummary game_of(const int64_t* f, size_t kinds) {
  GameSummary g;
  g.completed = f[0] != 0;
  g.hands = static_cast<int>(f[1]);
  g.turns = static_cast<int>(f[2]);
  g.sides = static_cast<int>(f[3]);
  g.winners = static_cast<uint8_t>(f[4]);
  g.lead_changes = static_cast<int>(f[5]);
  g.drama = static_cast<int>(f[6]);
  g.decided_at = static_cast<int>(f[7]);
  g.moves = static_cast<int>(f[8]);
  g.decisions = static_cast<int>(f[9]);
  g.choices = f[10];
  f += kFixedFields;
  for (int p = 0; p < kMaxPlayers; ++p) g.side_of[p] = static_cast<int>(*f++);
  for (int s = 0; s < kMaxPlayers; ++s) g.side_score[s] = static_cast<int>(*f++);
  g.by_kind = replays::KindTally(kinds);
  for (size_t k = 0; k < kinds; ++k) {
    g.by_kind.points[k] = *f++;
    g.by_kind.count[k] = static_cast<int>(*f++);
  }
  return g;
}

}  // namespace

void DealSpill::append(const DealResult& d) {
  std::vector<int64_t> record = {static_cast<int64_t>(d.deal)};
  auto add = [&](const GameSummary& g) {
    const std::vector<int64_t> f = fields_of(g, kinds_);
    record.insert(record.end(), f.begin(), f.end());
  };
  // A, then B: each a whole rotation set (a game the deal lacks is left empty).
  for (const auto& [first, more] : {std::pair{&d.a, &d.more_a}, std::pair{&d.b, &d.more_b}}) {
    add(*first);
    for (int i = 1; i < rotations_; ++i) {
      add(static_cast<size_t>(i) <= more->size() ? (*more)[static_cast<size_t>(i - 1)]
                                                 : GameSummary{});
    }
  }
  if (error_.empty() &&
      std::fwrite(record.data(), sizeof(int64_t), record.size(), file_) != record.size()) {
    error_ = std::string("cannot write the scratch file: ") + std::strerror(errno);
  }
}

void DealSpill::rewind() {
  if (std::fflush(file_) != 0 && error_.empty())
    error_ = std::string("cannot write the scratch file: ") + std::strerror(errno);
  std::rewind(file_);
}

bool DealSpill::next(DealResult& d) {
  const size_t per_game = kFixedFields + 2 * kMaxPlayers + 2 * kinds_;
  const auto games = static_cast<size_t>(rotations_);
  std::vector<int64_t> record(1 + 2 * games * per_game);
  const size_t got = std::fread(record.data(), sizeof(int64_t), record.size(), file_);
  if (got != record.size()) {
    if (got != 0 || std::ferror(file_)) error_ = "cannot read back the scratch file";
    return false;
  }
  d.deal = static_cast<uint64_t>(record[0]);
  const int64_t* f = record.data() + 1;
  for (auto [first, more] : {std::pair{&d.a, &d.more_a}, std::pair{&d.b, &d.more_b}}) {
    *first = game_of(f, kinds_);
    f += per_game;
    more->clear();
    for (size_t i = 1; i < games; ++i, f += per_game) more->push_back(game_of(f, kinds_));
  }
  return true;
}

}  // namespace zetema::lab
