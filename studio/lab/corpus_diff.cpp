#include "studio/lab/corpus_diff.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <system_error>

#include "engine/version.h"
#include "replays/diff.h"
#include "replays/replay_file.h"

namespace zetema::lab {

namespace fs = std::filesystem;

std::vector<std::string> corpus_files(const std::vector<std::string>& inputs) {
  std::vector<std::string> out;
  for (const std::string& in : inputs) {
    std::error_code ec;
    if (!fs::is_directory(in, ec)) {
      out.push_back(in);
      continue;
    }
    std::vector<std::string> found;
    for (fs::recursive_directory_iterator it(in, ec), end; !ec && it != end; it.increment(ec)) {
      const std::string ext = it->path().extension().string();
      if ((ext == ".json" || ext == ".zrb") && it->is_regular_file(ec)) {
        found.push_back(it->path().string());
      }
    }
    if (ec) {
      out.push_back(in);  // an unreadable folder gets its error as a file would
      continue;
    }
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

std::string divergence_cause(const std::string& reason) {
  if (reason.find("'s turn, not ") != std::string::npos) return "turn order";
  if (reason.find("is already over") != std::string::npos ||
      reason.find("has not ended") != std::string::npos) {
    return "hand end";
  }
  if (reason.find("hook failed") == 0) return "hook failed";
  for (const char* hook : {"allow_declaration", "allow_discard"}) {
    if (reason.find(std::string("refused by ") + hook) == 0) return std::string(hook) + " hook";
  }
  if (reason.find("'s hand") != std::string::npos && reason.find("is not in") != std::string::npos)
    return "card flow (the card is not in hand under B)";
  // The engine names the rule at the end: "... (imperial_flush_allowed, D5)".
  const size_t open = reason.rfind('('), close = reason.rfind(')');
  if (open == std::string::npos || close == std::string::npos || close < open) return "other";
  const std::string inside = reason.substr(open + 1, close - open - 1);
  std::string key, decisions;
  size_t start = 0;
  while (start <= inside.size()) {
    size_t comma = inside.find(", ", start);
    if (comma == std::string::npos) comma = inside.size();
    const std::string item = inside.substr(start, comma - start);
    const bool decision =
        item.size() >= 2 && item[0] == 'D' && item.find_first_not_of("0123456789", 1) == item.npos;
    if (decision) {
      decisions += (decisions.empty() ? "" : ", ") + item;
    } else if (key.empty()) {
      key = item.substr(0, item.find_first_of(" =@:"));  // "kinds.flush = false" -> kinds.flush
    }
    start = comma + 2;
  }
  if (key.empty() && decisions.empty()) return "other";
  if (key.empty()) return decisions;
  return decisions.empty() ? key : key + " (" + decisions + ")";
}

namespace {

// The turn of its hand (from 1) that A's event `at` falls in: one more than
// the discards since the hand's start.
int turn_of(const EventLog& a, size_t at) {
  int discards = 0;
  for (size_t i = std::min(at, a.size()); i-- > 0;) {
    if (a[i].type == EventType::HandStart) break;
    if (a[i].type == EventType::Discard) ++discards;
  }
  return discards + 1;
}

// What an event that differs between A and B says about the rule behind it.
std::string event_cause(const Event& e) {
  if (e.rule != RuleId::Count) return std::string(rule_name(e.rule));
  switch (e.type) {
    case EventType::Draw:
    case EventType::Deal:
      return "card flow (when cards are drawn)";
    case EventType::Discard:
      return "card flow (discards)";
    case EventType::HandStart:
    case EventType::HandEnd:
      return "hand end";
    default:
      return "event " + std::string(to_string(e.type));
  }
}

// The first aligned row before A's event `upto` where A and B differ: the
// rule behind a divergence the refused action only shows ("it is P3's turn,
// not P2's" after B drew at another moment). "" if none differs.
std::string silent_cause(const replays::DiffResult& r, size_t upto) {
  for (const replays::DiffRow& row : r.rows) {
    if (row.a && *row.a >= upto) break;
    if (!row.a || !row.b) return event_cause(row.a ? r.a.events[*row.a] : r.b.events[*row.b]);
    const Event& x = r.a.events[*row.a];
    const Event& y = r.b.events[*row.b];
    if (x.type != y.type || x.player != y.player || x.points != y.points || x.card != y.card ||
        x.cards != y.cards) {
      return event_cause(x.rule != RuleId::Count || y.rule == RuleId::Count ? x : y);
    }
  }
  return {};
}

// A refusal that names no rule of its own (turn order, a card not in hand).
bool consequence(const std::string& cause) {
  return cause == "turn order" || cause == "hand end" || cause == "other" ||
         cause.rfind("card flow", 0) == 0;
}

void finals(const State& s, std::vector<long long>& scores, unsigned& winners) {
  scores.clear();
  winners = 0;
  for (int p = 0; p < s.players; ++p) {
    scores.push_back(s.score[s.side(p)]);
    if (s.over() && (s.winners & (1u << s.side(p)))) winners |= 1u << p;
  }
}

CorpusGame diff_one(const std::string& file, const scripting::VariantFolder& folder,
                    const Ruleset& b, const replays::DiffPolicy& policy, const CorpusNote& note) {
  CorpusGame g;
  g.file = file;
  const replays::Decoded d = replays::load_replay(file);
  if (!d.ok) {
    g.error = d.error;
    return g;
  }
  g.a_id = d.replay.variant;
  g.players = d.replay.players;
  // The note on embedded sources is given before they are loaded (and run).
  const replays::ResolvedVariant a =
      replays::resolve_variant(d.replay, folder.path, folder.shown, [&](const std::string& n) {
        if (note) note(file, n);
      });
  if (!a.ok) {
    g.error = a.error;
    return g;
  }
  g.embedded = a.embedded;
  const replays::DiffResult r = replays::diff_replay(d.replay, a.variant.rules, b, policy);
  if (!r.ok) {
    g.error = r.error;
    return g;
  }
  if (!r.divergences.empty()) {
    const replays::Divergence& first = r.divergences.front();
    g.diverged = true;
    g.hand = first.hand + 1;
    g.turn = first.action < 0 ? 0 : turn_of(r.a.events, first.a_event);
    g.reason = first.reason;
    g.cause = divergence_cause(first.reason);
    if (consequence(g.cause)) {
      if (std::string earlier = silent_cause(r, first.a_event); !earlier.empty()) g.cause = earlier;
    }
  }
  g.finished_a = r.a.finished;
  g.finished_b = r.b.finished;
  finals(r.a.final_state, g.score_a, g.win_a);
  finals(r.b.final_state, g.score_b, g.win_b);
  return g;
}

}  // namespace

CorpusResult run_corpus_diff(const CorpusConfig& c, const scripting::VariantFolder& folder,
                             const CorpusNote& note, const CorpusProgress& progress,
                             const std::atomic<bool>* stop) {
  CorpusResult out;
  out.b_spec = c.under;
  out.policy = c.policy;
  out.engine_version = std::string(kEngineVersion);
  std::string why;
  const auto policy = replays::parse_policy(c.policy, why);
  if (!policy) {
    out.error = why;
    return out;
  }
  const scripting::LoadedVariant b = scripting::load_variant_spec(c.under, folder);
  if (!b.ok) {
    out.error = b.error->describe();
    return out;
  }
  out.b_id = b.rules.id;
  out.b_sha256 = variant_sha256(b);
  const std::vector<std::string> files = corpus_files(c.inputs);
  if (files.empty()) {  // a mistyped or empty folder: say so, not "0 of 0"
    std::string inputs;
    for (const std::string& in : c.inputs) inputs += (inputs.empty() ? "" : ", ") + in;
    out.error = "no replay (.json or .zrb file) in " + inputs;
    return out;
  }
  out.files_total = files.size();
  const uint64_t n = files.size(), shards = static_cast<uint64_t>(std::max(1, c.shards));
  const uint64_t shard = static_cast<uint64_t>(std::max(0, c.shard));
  out.first = n * shard / shards;
  const uint64_t end = n * (shard + 1) / shards;
  for (uint64_t i = out.first; i < end && !(stop && stop->load()); ++i) {
    out.games.push_back(diff_one(files[i], folder, b.rules, *policy, note));
    if (progress) progress(i + 1 - out.first, end - out.first);
  }
  return out;
}

CorpusSummary summarize_corpus(const CorpusResult& r) {
  CorpusSummary s;
  std::vector<double> flips;
  std::vector<std::vector<double>> change(kMaxPlayers);
  std::map<int, uint64_t> hands, turns;
  std::map<std::string, uint64_t> causes;
  for (const CorpusGame& g : r.games) {
    ++s.files;
    if (!g.error.empty()) {
      ++s.errors;
      continue;
    }
    s.embedded += g.embedded;
    if (g.diverged) {
      ++s.diverged;
      ++hands[g.hand];
      ++turns[g.turn];
      ++causes[g.cause];
    }
    if (!g.decided()) continue;
    ++s.decided;
    s.flips += g.flipped();
    flips.push_back(g.flipped() ? 1.0 : 0.0);
    for (size_t p = 0; p < g.score_a.size() && p < g.score_b.size() && p < change.size(); ++p) {
      change[p].push_back(static_cast<double>(g.score_b[p] - g.score_a[p]));
    }
  }
  s.flip_rate = proportion(flips);
  for (const auto& seat : change) {
    if (seat.empty()) break;
    s.seat_change.push_back(estimate(seat));
  }
  s.by_hand.assign(hands.begin(), hands.end());
  s.by_turn.assign(turns.begin(), turns.end());
  s.causes.assign(causes.begin(), causes.end());
  std::stable_sort(s.causes.begin(), s.causes.end(),
                   [](const auto& x, const auto& y) { return x.second > y.second; });
  return s;
}

CorpusResult merge_corpus(std::vector<CorpusResult> parts, std::string& error) {
  CorpusResult out;
  if (parts.empty()) {
    error = "no parts to merge";
    return out;
  }
  std::sort(parts.begin(), parts.end(),
            [](const CorpusResult& x, const CorpusResult& y) { return x.first < y.first; });
  out = parts.front();
  out.games.clear();
  for (const CorpusResult& p : parts) {
    if (p.b_id != out.b_id || p.b_sha256 != out.b_sha256 || p.policy != out.policy ||
        p.b_spec != out.b_spec || p.files_total != out.files_total ||
        p.engine_version != out.engine_version) {
      error = "the parts are not of one corpus run (rule set B, policy, engine or corpus differ)";
      return out;
    }
    const uint64_t held = out.first + out.games.size();
    if (p.first != held) {
      error = p.first < held
                  ? "two parts hold the same files (from file " + std::to_string(p.first + 1) + ")"
                  : "files " + std::to_string(held + 1) + "-" + std::to_string(p.first) +
                        " are in no part (a shard is missing)";
      return out;
    }
    out.games.insert(out.games.end(), p.games.begin(), p.games.end());
  }
  if (out.first != 0 || out.games.size() != out.files_total) {
    const uint64_t held = out.first + out.games.size();
    error = out.first != 0 ? "files 1-" + std::to_string(out.first) + " are in no part"
                           : "files " + std::to_string(held + 1) + "-" +
                                 std::to_string(out.files_total) + " are in no part";
  }
  return out;
}

}  // namespace zetema::lab
