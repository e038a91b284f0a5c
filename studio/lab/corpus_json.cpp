// Reading a corpus result back (`zetema merge`, the studio): the games and
// the run's set-up; the summary is recomputed from the games. The file is
// written by studio/cli/cmd_corpus.cpp through the one JSON writer (replays/json_writer.h).
#include <rapidjson/document.h>

#include "studio/lab/corpus_diff.h"

namespace zetema::lab {

namespace {

using Value = rapidjson::Value;

const Value* member(const Value& o, const char* key) {
  return o.IsObject() && o.HasMember(key) ? &o[key] : nullptr;
}

bool text(const Value& o, const char* key, std::string& out) {
  const Value* v = member(o, key);
  if (!v || !v->IsString()) return false;
  out.assign(v->GetString(), v->GetStringLength());
  return true;
}

bool whole(const Value& o, const char* key, uint64_t& out) {
  const Value* v = member(o, key);
  if (!v || !v->IsUint64()) return false;
  out = v->GetUint64();
  return true;
}

bool small(const Value& o, const char* key, int& out, int lo, int hi) {
  const Value* v = member(o, key);
  if (!v || !v->IsInt() || v->GetInt() < lo || v->GetInt() > hi) return false;
  out = v->GetInt();
  return true;
}

bool flag(const Value& o, const char* key, bool& out) {
  const Value* v = member(o, key);
  if (!v || !v->IsBool()) return false;
  out = v->GetBool();
  return true;
}

bool scores(const Value& o, const char* key, std::vector<long long>& out) {
  const Value* v = member(o, key);
  if (!v || !v->IsArray() || v->Size() > kMaxPlayers) return false;
  for (const Value& x : v->GetArray()) {
    if (!x.IsInt64()) return false;
    out.push_back(x.GetInt64());
  }
  return true;
}

// Seats from 1, as written, into a bit per seat.
bool seats(const Value& o, const char* key, unsigned& out) {
  const Value* v = member(o, key);
  if (!v || !v->IsArray() || v->Size() > kMaxPlayers) return false;
  for (const Value& x : v->GetArray()) {
    if (!x.IsInt() || x.GetInt() < 1 || x.GetInt() > kMaxPlayers) return false;
    out |= 1u << (x.GetInt() - 1);
  }
  return true;
}

bool game(const Value& v, CorpusGame& g) {
  if (!text(v, "file", g.file)) return false;
  if (text(v, "error", g.error)) return true;
  return text(v, "a", g.a_id) && small(v, "players", g.players, 2, kMaxPlayers) &&
         flag(v, "embedded", g.embedded) && flag(v, "diverged", g.diverged) &&
         small(v, "hand", g.hand, 0, 1 << 30) && small(v, "turn", g.turn, 0, 1 << 30) &&
         text(v, "cause", g.cause) && text(v, "reason", g.reason) &&
         flag(v, "finished_a", g.finished_a) && flag(v, "finished_b", g.finished_b) &&
         scores(v, "score_a", g.score_a) && scores(v, "score_b", g.score_b) &&
         seats(v, "winners_a", g.win_a) && seats(v, "winners_b", g.win_b);
}

}  // namespace

bool is_corpus_json(const std::string& text) {
  return text.rfind("{\"kind\":\"corpus-diff\"", 0) == 0;
}

bool read_corpus_json(const std::string& json, CorpusResult& r, std::string& error) {
  rapidjson::Document doc;
  // Iterative: deep nesting in a hostile file cannot exhaust the stack.
  doc.Parse<rapidjson::kParseIterativeFlag>(json.data(), json.size());
  if (doc.HasParseError()) {
    error = "not JSON (at byte " + std::to_string(doc.GetErrorOffset()) + ")";
    return false;
  }
  std::string kind;
  uint64_t count = 0;
  int format = 0;
  if (!text(doc, "kind", kind) || kind != "corpus-diff") {
    error = "not a corpus diff result (no \"kind\": \"corpus-diff\")";
    return false;
  }
  if (!small(doc, "format", format, 1, 1)) {
    error = "a corpus diff result of an unknown format (this build reads format 1)";
    return false;
  }
  const Value* games = member(doc, "games");
  if (!text(doc, "under", r.b_spec) || !text(doc, "b", r.b_id) ||
      !text(doc, "b_sha256", r.b_sha256) || !text(doc, "policy", r.policy) ||
      !text(doc, "engine", r.engine_version) || !whole(doc, "files_total", r.files_total) ||
      !whole(doc, "first", r.first) || !whole(doc, "count", count) || !games || !games->IsArray() ||
      games->Size() != count || r.first > r.files_total || count > r.files_total - r.first) {
    error = "a corpus diff result with a missing or inconsistent field";
    return false;
  }
  for (const Value& v : games->GetArray()) {
    CorpusGame g;
    if (!game(v, g)) {
      error = "game " + std::to_string(r.games.size() + 1) + " of the result is malformed";
      return false;
    }
    r.games.push_back(std::move(g));
  }
  return true;
}

}  // namespace zetema::lab
