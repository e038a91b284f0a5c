// `zetema diff --under B FOLDER_OR_FILES...` (a corpus re-run under B) and
// `zetema merge` of its shards. The result is written by the one JsonWriter
// (replays/json_writer.h) and read back by lab/corpus_json.cpp.
#include <cstdio>
#include <fstream>
#include <iostream>

#include "replays/json_writer.h"
#include "replays/replay_file.h"
#include "replays/text.h"
#include "scripting/sandbox.h"
#include "studio/cli/commands.h"
#include "studio/cli/interrupt.h"
#include "studio/cli/output_file.h"
#include "studio/lab/corpus_diff.h"

namespace zetema::cli {

namespace {

using replays::JsonWriter;

std::string cell(const lab::Estimate& e, int decimals, bool sign = false) {
  char buf[96];
  std::snprintf(buf, sizeof buf, sign ? "%+.*f [%+.*f, %+.*f]" : "%.*f [%.*f, %.*f]", decimals,
                e.mean, decimals, e.lo, decimals, e.hi);
  return buf;
}

void estimate_json(JsonWriter& j, const char* key, const lab::Estimate& e) {
  j.key(key).begin_object();
  j.key("mean").value(e.mean).key("lo").value(e.lo).key("hi").value(e.hi);
  j.key("n").value(static_cast<long long>(e.n));
  j.end_object();
}

void seats_json(JsonWriter& j, const char* key, unsigned seats) {
  j.key(key).begin_array();
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (seats & (1u << p)) j.value(p + 1);
  }
  j.end_array();
}

void game_json(JsonWriter& j, const lab::CorpusGame& g) {
  j.begin_object();
  j.key("file").value(g.file);
  if (!g.error.empty()) {
    j.key("error").value(g.error);
    j.end_object();
    return;
  }
  j.key("a").value(g.a_id).key("players").value(g.players);
  j.key("embedded").value(g.embedded).key("diverged").value(g.diverged);
  j.key("hand").value(g.hand).key("turn").value(g.turn);
  j.key("cause").value(g.cause).key("reason").value(g.reason);
  j.key("finished_a").value(g.finished_a).key("finished_b").value(g.finished_b);
  for (const auto& [key, list] :
       {std::pair{"score_a", &g.score_a}, std::pair{"score_b", &g.score_b}}) {
    j.key(key).begin_array();
    for (long long x : *list) j.value(x);
    j.end_array();
  }
  seats_json(j, "winners_a", g.win_a);
  seats_json(j, "winners_b", g.win_b);
  j.key("flipped").value(g.flipped());
  j.end_object();
}

void histogram_json(JsonWriter& j, const char* key, const char* name,
                    const std::vector<std::pair<int, uint64_t>>& h) {
  j.key(key).begin_array();
  for (const auto& [at, games] : h) {
    j.begin_object().key(name).value(at).key("games").value(static_cast<long long>(games));
    j.end_object();
  }
  j.end_array();
}

// The whole result: the set-up, the summary, then every game. The summary
// is computed from the games, so merged shards give the bytes of one run.
std::string corpus_json(const lab::CorpusResult& r, const lab::CorpusSummary& s) {
  JsonWriter j(replays::kOneLineJson);
  j.begin_object();
  j.key("kind").value("corpus-diff").key("format").value(1);
  j.key("under").value(r.b_spec).key("b").value(r.b_id).key("b_sha256").value(r.b_sha256);
  j.key("policy").value(r.policy).key("engine").value(r.engine_version);
  j.key("files_total").value(static_cast<long long>(r.files_total));
  j.key("first").value(static_cast<long long>(r.first));
  j.key("count").value(static_cast<long long>(r.games.size()));
  j.key("summary").begin_object();
  j.key("files").value(static_cast<long long>(s.files));
  j.key("errors").value(static_cast<long long>(s.errors));
  j.key("embedded").value(static_cast<long long>(s.embedded));
  j.key("diverged").value(static_cast<long long>(s.diverged));
  j.key("decided").value(static_cast<long long>(s.decided));
  j.key("flips").value(static_cast<long long>(s.flips));
  estimate_json(j, "flip_rate", s.flip_rate);
  j.key("seat_change").begin_array();
  for (size_t p = 0; p < s.seat_change.size(); ++p) {
    j.begin_object().key("seat").value(static_cast<int>(p) + 1);
    estimate_json(j, "b_minus_a", s.seat_change[p]);
    j.end_object();
  }
  j.end_array();
  histogram_json(j, "first_divergence_by_hand", "hand", s.by_hand);
  histogram_json(j, "first_divergence_by_turn", "turn", s.by_turn);
  j.key("causes").begin_array();
  for (const auto& [cause, games] : s.causes) {
    j.begin_object().key("cause").value(cause).key("games").value(static_cast<long long>(games));
    j.end_object();
  }
  j.end_array();
  j.end_object();
  j.key("games").begin_array();
  for (const lab::CorpusGame& g : r.games) game_json(j, g);
  j.end_array();
  j.end_object();
  return j.str() + "\n";
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string seat_list(unsigned seats) {
  std::string out;
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (seats & (1u << p)) out += (out.empty() ? "P" : " P") + std::to_string(p + 1);
  }
  return out;
}

std::string score_list(const std::vector<long long>& xs) {
  std::string out;
  for (long long x : xs) out += (out.empty() ? "" : " ") + std::to_string(x);
  return out;
}

// One line per game.
std::string corpus_csv(const lab::CorpusResult& r) {
  std::string out =
      "file,error,a,players,embedded,diverged,hand,turn,cause,reason,finished_a,finished_b,"
      "winners_a,winners_b,flipped,score_a,score_b\n";
  for (const lab::CorpusGame& g : r.games) {
    out += csv_field(g.file) + "," + csv_field(g.error);
    if (g.error.empty()) {
      out += "," + g.a_id + "," + std::to_string(g.players) + "," + (g.embedded ? "1" : "0") + "," +
             (g.diverged ? "1" : "0") + "," + std::to_string(g.hand) + "," +
             std::to_string(g.turn) + "," + csv_field(g.cause) + "," + csv_field(g.reason) + "," +
             (g.finished_a ? "1" : "0") + "," + (g.finished_b ? "1" : "0") + "," +
             seat_list(g.win_a) + "," + seat_list(g.win_b) + "," + (g.flipped() ? "1" : "0") + "," +
             score_list(g.score_a) + "," + score_list(g.score_b);
    } else {
      out += ",,,,,,,,,,,,,,,";
    }
    out += "\n";
  }
  return out;
}

void print_summary(std::ostream& o, const lab::CorpusResult& r, const lab::CorpusSummary& s) {
  o << "corpus diff: " << s.files << " replay(s) re-run under " << r.b_id << " (policy " << r.policy
    << ")";
  if (r.games.size() != r.files_total) {
    o << ", files " << r.first + 1 << "-" << r.first + r.games.size() << " of " << r.files_total;
  }
  o << "\n";
  if (s.errors) o << "  could not be re-run: " << s.errors << " (each named above)\n";
  if (s.embedded) o << "  ran their own embedded sources: " << s.embedded << "\n";
  o << "  diverged under " << r.b_id << ": " << s.diverged << " of " << s.files - s.errors << "\n";
  o << "  finished under both: " << s.decided << "; winners flipped: " << s.flips;
  if (s.decided) o << ", rate " << cell(s.flip_rate, 3) << " (95%, Wilson)";
  o << "\n";
  if (!s.seat_change.empty()) {
    o << "  final score, B - A, per seat (games finished under both; 95%):\n";
    for (size_t p = 0; p < s.seat_change.size(); ++p) {
      o << "    P" << p + 1 << "  " << cell(s.seat_change[p], 1, true) << "  ("
        << s.seat_change[p].n << " games)\n";
    }
  }
  if (s.diverged) {
    o << "  first divergence by hand:";
    for (const auto& [hand, games] : s.by_hand) o << "  " << hand << ": " << games;
    o << "\n  first divergence by turn of its hand (0: the deal):";
    for (const auto& [turn, games] : s.by_turn) o << "  " << turn << ": " << games;
    o << "\n  what caused it (games):\n";
    for (const auto& [cause, games] : s.causes) {
      o << "    " << games << "  " << replays::printable(cause) << "\n";
    }
  }
}

std::string write_outputs(const lab::CorpusResult& r, const lab::CorpusSummary& s,
                          const std::string& out, const std::string& csv) {
  if (!out.empty()) {
    if (std::string w = replays::write_file_atomically(out, corpus_json(r, s)); !w.empty())
      return w;
  }
  if (!csv.empty()) return replays::write_file_atomically(csv, corpus_csv(r));
  return {};
}

}  // namespace

bool is_corpus_result_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char head[32] = {};
  in.read(head, sizeof head);
  return lab::is_corpus_json(std::string(head, static_cast<size_t>(in.gcount())));
}

int run_corpus_diff_cmd(const CorpusOptions& o, const scripting::VariantFolder& variants) {
  const auto note = [](const std::string& file, const std::string& n) {
    std::cerr << replays::printable(file) << ": note: " << replays::printable(n) << "\n";
  };
  // The outputs are checked before the corpus runs, so no run is lost to them.
  for (const std::string& path : {o.out, o.csv}) {
    if (path.empty()) continue;
    if (std::string why = probe_writable(path); !why.empty()) {
      std::cerr << "zetema diff: " << replays::printable(why) << "\n";
      return 1;
    }
  }
  // Ctrl-C (studio/cli/interrupt.h): no new game starts and a hook running
  // now stops; the game it cut short is dropped, the games finished are
  // summarised, and no file is written (a part short of its files would
  // not merge).
  lab::CorpusResult r =
      lab::run_corpus_diff(o.config, variants, note, {}, &scripting::script_interrupt_flag());
  const bool stopped = interrupted();
  if (stopped && !r.games.empty() && !r.games.back().error.empty()) r.games.pop_back();
  if (!r.error.empty()) {
    std::cerr << "zetema diff: " << replays::printable(r.error) << "\n";
    return 1;
  }
  for (const lab::CorpusGame& g : r.games) {
    if (!g.error.empty())
      std::cerr << replays::printable(g.file) << ": " << replays::printable(g.error) << "\n";
  }
  const lab::CorpusSummary s = lab::summarize_corpus(r);
  if (o.json) {
    std::cout << corpus_json(r, s);
  } else {
    print_summary(std::cout, r, s);
  }
  if (stopped) {
    return report_interrupted("diff", std::to_string(r.games.size()) +
                                          " games re-run and summarised above; no file written");
  }
  if (std::string w = write_outputs(r, s, o.out, o.csv); !w.empty()) {
    std::cerr << "zetema diff: " << replays::printable(w) << "\n";
    return 1;
  }
  // Bad files are reported and counted; the run fails only if none re-ran.
  return s.files > 0 && s.errors == s.files ? 1 : 0;
}

int run_corpus_merge_cmd(const std::vector<std::string>& parts, const std::string& out) {
  std::vector<lab::CorpusResult> results;
  for (const std::string& path : parts) {
    std::string text, why;
    lab::CorpusResult r;
    if (why = replays::read_file_bounded(path, text); why.empty()) {
      lab::read_corpus_json(text, r, why);
    }
    if (!why.empty()) {
      std::cerr << "zetema merge: " << replays::printable(path) << ": " << replays::printable(why)
                << "\n";
      return 1;
    }
    results.push_back(std::move(r));
  }
  std::string why;
  const lab::CorpusResult merged = lab::merge_corpus(std::move(results), why);
  if (!why.empty()) {
    std::cerr << "zetema merge: " << replays::printable(why) << "\n";
    return 1;
  }
  const lab::CorpusSummary s = lab::summarize_corpus(merged);
  print_summary(std::cout, merged, s);
  if (std::string w = write_outputs(merged, s, out, ""); !w.empty()) {
    std::cerr << "zetema merge: " << replays::printable(w) << "\n";
    return 1;
  }
  return 0;
}

}  // namespace zetema::cli
