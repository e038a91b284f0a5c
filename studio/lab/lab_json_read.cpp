// Reading a lab result (lab_json.h) as a stream: the header into a small
// document, each game into the sums and on to the caller as it is read, so
// a file of 10^8 deals is read in the memory of one. Written by lab_json.cpp.
#include "studio/lab/lab_json.h"

#include <rapidjson/document.h>
#include <rapidjson/filereadstream.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <algorithm>
#include <tuple>

namespace zetema::lab {

namespace {

// The member named `key` of object `o`, or nullptr. (Comparing rapidjson member
// iterators is ambiguous under C++20's reversed operators, so look up by name.)
const rapidjson::Value* member(const rapidjson::Value& o, const char* key) {
  return o.IsObject() && o.HasMember(key) ? &o[key] : nullptr;
}

// A number as the reader gave it, and whether it is a whole number that
// fits 64 bits, or 32.
struct Number {
  int64_t value = 0;
  bool whole = false, fits_int = false;
};

// One game's numbers, in the order lab_json.cpp's game_json writes them.
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

// A member that must be a string, or a whole number; the error names it.
bool text_member(const rapidjson::Value& o, const char* key, std::string& out, std::string& error) {
  const auto* v = member(o, key);
  if (!v || !v->IsString()) {
    error = std::string("missing or not a string: ") + key;
    return false;
  }
  out = v->GetString();
  return true;
}
template <typename T>
bool whole_member(const rapidjson::Value& o, const char* key, T& out, std::string& error) {
  const auto* v = member(o, key);
  if (!v || !v->IsUint64()) {
    error = std::string("missing or not a whole number: ") + key;
    return false;
  }
  out = static_cast<T>(v->GetUint64());
  return true;
}

// The stamps and the set-up of the run: what wrote the file, what was played.
bool config_from(const rapidjson::Value& doc, CompareResult& r, std::string& error) {
  std::string format;
  if (!text_member(doc, "format", format, error) || format != "zetema-lab") {
    error = "not a zetema lab result";
    return false;
  }
  CompareConfig& c = r.config;
  if (!text_member(doc, "engine", r.engine_version, error) ||
      !whole_member(doc, "players", c.players, error) ||
      !text_member(doc, "teams", c.teams, error) || !whole_member(doc, "seed", c.seed, error) ||
      !whole_member(doc, "deals", c.deals, error) ||
      !whole_member(doc, "max_hands", c.max_hands, error) ||
      !whole_member(doc, "first_dealer", c.first_dealer, error) ||
      !whole_member(doc, "shard", c.shard, error) ||
      !whole_member(doc, "shards", c.shards, error) ||
      !whole_member(doc, "first_deal", r.first_deal, error) ||
      !whole_member(doc, "deal_count", r.deal_count, error)) {
    return false;
  }
  c.first_dealer -= 1;
  if (c.players < kMinPlayers || c.players > kMaxPlayers) {
    error = "players out of range";
    return false;
  }
  return true;
}

// Each rule set's spec, id and SHA-256.
bool rule_sets_from(const rapidjson::Value& doc, CompareResult& r, std::string& error) {
  CompareConfig& c = r.config;
  for (const auto& [key, spec, id, sha] :
       {std::tuple{"a", &c.a, &r.a_id, &r.a_sha256}, std::tuple{"b", &c.b, &r.b_id, &r.b_sha256}}) {
    const auto* side = member(doc, key);
    if (!side || !side->IsObject() || !text_member(*side, "spec", *spec, error) ||
        !text_member(*side, "id", *id, error) || !text_member(*side, "sha256", *sha, error)) {
      if (error.empty()) error = std::string("bad ") + key;
      return false;
    }
  }
  return true;
}

bool bots_from(const rapidjson::Value& doc, CompareConfig& c, std::string& error) {
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
  return true;
}

// The rows of each game's tally; a file of version 1 has none: its games
// hold the five built-in kinds and zetema.
bool kinds_from(const rapidjson::Value& doc, CompareResult& r, std::string& error) {
  r.kinds.clear();
  const auto* kinds = member(doc, "kinds");
  if (!kinds) {
    r.kinds = replays::legacy_kind_rows();
    return true;
  }
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
  return true;
}

// One rule set's choices as choices_json (choice_rows.h) writes them.
// A count no run can reach (a trillion), so merged shards' sums never wrap.
constexpr uint64_t kMaxChoiceCount = uint64_t{1} << 40;

bool choice_count(const rapidjson::Value& v) {
  return v.IsUint64() && v.GetUint64() <= kMaxChoiceCount;
}

bool choice_sums_from(const rapidjson::Value& list, ChoiceSums& sums, std::string& error) {
  error =
      "choices: each rule set's must be a list of {choice, offered, picks}, counts at most "
      "2^40, each option once";
  if (!list.IsArray()) return false;
  for (const auto& c : list.GetArray()) {
    const auto* name = member(c, "choice");
    const auto* offered = member(c, "offered");
    const auto* picks = member(c, "picks");
    if (!name || !name->IsString() || !offered || !choice_count(*offered) || !picks ||
        !picks->IsObject()) {
      return false;
    }
    ChoiceSum row{name->GetString(), offered->GetUint64(), {}};
    for (const auto& [option, count] : picks->GetObject()) {
      if (!choice_count(count)) return false;
      row.picks.emplace_back(option.GetString(), count.GetUint64());
    }
    // Kept in option_before order, whatever order the file gives.
    std::sort(row.picks.begin(), row.picks.end(),
              [](const auto& x, const auto& y) { return option_before(x.first, y.first); });
    for (const ChoiceSum& seen : sums.rows) {
      if (seen.name == row.name) return false;
    }
    // Sorted, two options the order cannot tell apart ("3", "03") are neighbours.
    for (size_t i = 1; i < row.picks.size(); ++i) {
      if (!option_before(row.picks[i - 1].first, row.picks[i].first)) return false;
    }
    sums.rows.push_back(std::move(row));
  }
  error.clear();
  return true;
}

// The choices offered and picked (choice_sums.h): sums over the deals held,
// kept in the file whole, not per game; none when no rule set declares any.
bool choices_from(const rapidjson::Value& doc, CompareResult& r, std::string& error) {
  r.tally.a.choices = r.tally.b.choices = ChoiceSums{};
  const auto* choices = member(doc, "choices");
  if (!choices) return true;
  if (!choices->IsObject()) {
    error = "choices must be an object";
    return false;
  }
  for (const auto& [key, sums] :
       {std::pair{"a", &r.tally.a.choices}, std::pair{"b", &r.tally.b.choices}}) {
    const auto* list = member(*choices, key);
    if (list && !choice_sums_from(*list, *sums, error)) return false;
  }
  return true;
}

// Everything but the games, from the header's document and what `filter`
// caught on the way.
bool header_from(const rapidjson::Value& doc, const Filter& filter, CompareResult& r,
                 std::string& error) {
  if (!config_from(doc, r, error) || !rule_sets_from(doc, r, error) ||
      !bots_from(doc, r.config, error)) {
    return false;
  }
  // Versions 1 and 2 have neither: unrotated, no design figures.
  r.config.rotate = filter.rotate();
  r.config.design = r.design = filter.design();
  const auto* interrupted = member(doc, "interrupted");
  r.interrupted = interrupted && interrupted->IsBool() && interrupted->GetBool();
  if (const auto* e = member(doc, "error"); e && e->IsString()) r.error = e->GetString();
  if (!kinds_from(doc, r, error) || !choices_from(doc, r, error)) return false;
  if (!filter.saw_games()) {
    error = "missing games";
    return false;
  }
  // The sums were started from what was caught on the way; the same file
  // read whole must agree (a key given twice would not).
  if (filter.players() != r.config.players || filter.kinds() != r.kinds ||
      filter.bots() != r.config.bots) {
    error = "players, bots or kinds are given twice";
    return false;
  }
  return true;
}

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
  return header_from(doc, filter, r, error);
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

}  // namespace zetema::lab
