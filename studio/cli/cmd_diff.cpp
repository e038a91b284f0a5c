// `zetema replay show` and `zetema diff`.
#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "replays/cursor.h"
#include "replays/diff.h"
#include "replays/json_writer.h"
#include "replays/replay_file.h"
#include "replays/text.h"
#include "scripting/rule_contrast.h"
#include "studio/cli/command_registry.h"
#include "studio/cli/commands.h"
#include "studio/cli/table_text.h"

namespace zetema::cli {

bool open_replay(const std::string& file, const scripting::VariantFolder& variants,
                 replays::Replay& r, replays::ResolvedVariant& v) {
  const replays::Decoded d = replays::load_replay(file);
  if (!d.ok) {
    std::cerr << replays::printable(file) << ": " << replays::printable(d.error) << "\n";
    return false;
  }
  r = d.replay;
  // The note on embedded sources comes before they are loaded (and run).
  v = replays::resolve_variant(r, variants.path, variants.shown, [&](const std::string& note) {
    std::cerr << replays::printable(file) << ": note: " << replays::printable(note) << "\n";
  });
  if (!v.ok) {
    std::cerr << replays::printable(file) << ": " << replays::printable(v.error) << "\n";
    return false;
  }
  return true;
}

namespace {

std::string scores_text(const State& s) {
  std::string out;
  for (int side = 0; side < s.sides; ++side) {
    out += (side ? ", " : "") + side_name(s, side) + " " + std::to_string(s.score[side]);
  }
  return out + " (" + winners_text(s, s.winners) + ")";
}

// "final A: P1 300, P2 175 (P1 wins)", or for a game that did not end (B
// stopped at a divergence, a record cut short) "B stopped, no result: P1
// 295, P2 145 so far": the scores are not a result then.
std::string result_line(const char* run, const State& s) {
  if (s.over()) return std::string("final ") + run + ": " + scores_text(s);
  std::string out = std::string(run) + " stopped, no result:";
  for (int side = 0; side < s.sides; ++side) {
    out += (side ? ", " : " ") + side_name(s, side) + " " + std::to_string(s.score[side]);
  }
  return out + " so far";
}

std::string event_cell(const EventLog& log, const std::optional<size_t>& i, const State& s) {
  if (!i) return "";
  return replays::printable(describe(log[*i], s));
}

}  // namespace

int run_replay_show(const std::string& file, long long at,
                    const scripting::VariantFolder& variants) {
  replays::Replay r;
  replays::ResolvedVariant v;
  if (!open_replay(file, variants, r, v)) return 1;
  std::string error;
  auto cursor = replays::ReplayCursor::open(r, v.variant.rules, error);
  if (!cursor) {
    std::cerr << replays::printable(file) << ": " << replays::printable(error) << "\n";
    return 1;
  }
  const size_t n = cursor->size();
  if (at == -1) at = static_cast<long long>(n);  // no --at: the table as the record ends
  if (at < 0 || static_cast<size_t>(at) > n) {
    std::cerr << "zetema replay show: --at must be from 0 to " << n << " (the replay has " << n
              << " events; 0 is before the first deal)\n";
    return 2;
  }
  cursor->seek(static_cast<size_t>(at));
  const State& s = cursor->state();
  std::cout << replays::printable(file) << ": " << r.variant << ", " << r.players
            << " players; position " << at << " of " << n << "\n";
  if (at > 0)
    std::cout << "last event: "
              << replays::printable(describe(cursor->events()[static_cast<size_t>(at) - 1], s))
              << "\n";
  std::cout << table_text(s);
  return 0;
}

namespace {

// One rule as a rule set has it, as a JSON object.
void rule_json(replays::JsonWriter& j, const scripting::RuleAsSet& r) {
  j.begin_object();
  j.key("value").value(r.value);
  j.key("location").value(r.location);
  j.key("source").value(r.source);
  j.key("words").value(r.words);
  j.end_object();
}

// Each divergence with the rules behind it (scripting/rule_contrast.h).
void divergences_json(replays::JsonWriter& j, const scripting::LoadedVariant& a,
                      const scripting::LoadedVariant& b, const replays::DiffResult& d) {
  j.key("divergences").begin_array();
  for (const auto& dv : d.divergences) {
    j.begin_object();
    j.key("a_event").value(static_cast<long long>(dv.a_event));
    j.key("b_event").value(static_cast<long long>(dv.b_event));
    j.key("hand").value(dv.hand + 1);
    j.key("action").value(dv.what);
    j.key("reason").value(dv.reason);
    j.key("followed").value(dv.followed);
    j.key("rules").begin_array();
    for (const scripting::RuleContrast& c : scripting::rules_behind(dv.reason, a, b)) {
      j.begin_object();
      j.key("key").value(c.b.key);
      j.key("a");
      rule_json(j, c.a);
      j.key("b");
      rule_json(j, c.b);
      j.end_object();
    }
    j.end_array();
    j.end_object();
  }
  j.end_array();
}

// The diff as JSON on standard output.
void print_json(const DiffOptions& o, const scripting::LoadedVariant& va,
                const scripting::LoadedVariant& vb, const replays::DiffPolicy& policy,
                const replays::DiffResult& d) {
  const Ruleset& a = va.rules;
  const Ruleset& b = vb.rules;
  const State& sa = d.a.final_state;
  const State& sb = d.b.final_state;
  replays::JsonWriter j(replays::kOneLineJson);
  j.begin_object();
  j.key("replay").value(o.file);
  j.key("a").value(a.id);
  j.key("b").value(b.id);
  j.key("policy").value(replays::to_string(policy));
  j.key("notes").begin_array();
  for (const auto& n : d.notes) j.value(n);
  j.end_array();
  divergences_json(j, va, vb, d);
  for (const auto& [name, run, s] :
       {std::tuple{"final_a", &d.a, &sa}, std::tuple{"final_b", &d.b, &sb}}) {
    j.key(name).begin_object();
    j.key("finished").value(run->finished);
    j.key("scores").begin_object();
    for (int side = 0; side < s->sides; ++side) j.key(side_name(*s, side)).value(s->score[side]);
    j.end_object();
    j.key("winners").begin_array();
    for (int side = 0; side < s->sides; ++side) {
      if (s->over() && (s->winners & (1u << side))) j.value(side_name(*s, side));
    }
    j.end_array();
    j.end_object();
  }
  j.key("b_end").value(d.b_end);
  j.key("by_kind").begin_array();
  for (size_t k = 0; k < d.kinds.size(); ++k) {
    j.begin_object();
    j.key("kind").value(d.kinds[k]);
    j.key("a_points").value(d.a.by_kind.points[k]);
    j.key("b_points").value(d.b.by_kind.points[k]);
    j.key("a_count").value(d.a.by_kind.count[k]);
    j.key("b_count").value(d.b.by_kind.count[k]);
    j.end_object();
  }
  j.end_array();
  j.key("rows").begin_array();
  for (const auto& row : d.rows) {
    j.begin_object();
    if (row.a) {
      j.key("a").value(event_cell(d.a.events, row.a, sa));
      j.key("a_points").value(d.a.events[*row.a].points);
    }
    if (row.b) {
      j.key("b").value(event_cell(d.b.events, row.b, sb));
      j.key("b_points").value(d.b.events[*row.b].points);
    }
    j.end_object();
  }
  j.end_array();
  j.end_object();
  std::cout << j.str() << "\n";
}

// The points of each kind of combination under A and B, all sides together.
void print_kind_table(const replays::DiffResult& d) {
  std::cout << "points by combination (all sides):\n";
  int width = 16;  // wider for a variant's long kind names
  for (const std::string& kind : d.kinds)
    width = std::max(width, static_cast<int>(kind.size()) + 2);
  std::cout << "  " << std::left << std::setw(width) << "kind" << std::right << std::setw(8) << "A"
            << std::setw(8) << "B" << std::setw(8) << "B-A"
            << "\n";
  for (size_t k = 0; k < d.kinds.size(); ++k) {
    const long long pa = d.a.by_kind.points[k], pb = d.b.by_kind.points[k];
    std::cout << "  " << std::left << std::setw(width) << d.kinds[k] << std::right << std::setw(8)
              << pa << std::setw(8) << pb << std::setw(8) << pb - pa << "\n";
  }
}

// The aligned rows shown: all with --all, else those around each divergence.
std::vector<bool> rows_shown(const replays::DiffResult& d, bool all) {
  std::vector<bool> show(d.rows.size(), all);
  for (const auto& dv : d.divergences) {
    for (size_t i = 0; i < d.rows.size(); ++i) {
      if (!d.rows[i].a || *d.rows[i].a != dv.a_event) continue;
      for (size_t j = i > 6 ? i - 6 : 0; j < d.rows.size() && j <= i + 6; ++j) show[j] = true;
      break;
    }
  }
  return show;
}

// The aligned streams, A | B, a gap marked "...".
void print_aligned_rows(const replays::DiffResult& d, bool all) {
  const State& sa = d.a.final_state;
  const State& sb = d.b.final_state;
  const std::vector<bool> show = rows_shown(d, all);
  std::cout << "aligned events (A | B)"
            << (all ? "" : ", around the divergences (--all for every row)") << ":\n";
  bool gap = false;
  for (size_t i = 0; i < d.rows.size(); ++i) {
    if (!show[i]) {
      gap = true;
      continue;
    }
    if (gap) std::cout << "  ...\n";
    gap = false;
    const auto& row = d.rows[i];
    const std::string left = event_cell(d.a.events, row.a, sa);
    const std::string right = row.b ? event_cell(d.b.events, row.b, sb) : "(not played under B)";
    std::cout << "  " << std::setw(5) << (row.a ? std::to_string(*row.a) : "") << "  " << std::left
              << std::setw(60) << left.substr(0, 60) << std::right << " | " << right << "\n";
  }
}

// "  key = value (file:line, source)" and the source's words under it.
void print_rule(const char* under, const scripting::RuleAsSet& r) {
  std::cout << "  " << under << r.key << " = " << replays::printable(r.value) << "  ("
            << replays::printable(r.location) << (r.source.empty() ? "" : ", ")
            << replays::printable(r.source) << ")\n";
  if (!r.words.empty()) std::cout << "      " << replays::printable(r.words) << "\n";
}

// The rules behind a divergence: B's, then A's.
void print_rules_behind(const replays::Divergence& dv, const scripting::LoadedVariant& a,
                        const scripting::LoadedVariant& b) {
  for (const scripting::RuleContrast& c : scripting::rules_behind(dv.reason, a, b)) {
    print_rule(("the rule under " + b.rules.id + ": ").c_str(), c.b);
    print_rule(("         under " + a.rules.id + ": ").c_str(), c.a);
  }
}

// The diff as text: the first divergence and the rules behind it, the final
// scores, the kinds' points and the aligned streams.
void print_text(const DiffOptions& o, const scripting::LoadedVariant& va,
                const scripting::LoadedVariant& vb, const replays::DiffPolicy& policy,
                const replays::DiffResult& d) {
  const Ruleset& a = va.rules;
  const Ruleset& b = vb.rules;
  std::cout << "diff of " << replays::printable(o.file) << ": recorded under " << a.id
            << " (A), re-run under " << b.id << " (B), policy " << replays::to_string(policy)
            << "\n";
  for (const auto& n : d.notes) std::cout << "note: " << replays::printable(n) << "\n";
  if (d.divergences.empty()) {
    std::cout << "no divergence: every recorded action is legal under " << b.id << "\n";
  } else {
    const auto& f = d.divergences.front();
    std::cout << "first divergence: A event " << f.a_event << " (hand " << f.hand + 1 << "), "
              << f.what << ": " << f.reason << " -> " << f.followed << "\n";
    print_rules_behind(f, va, vb);
    if (d.divergences.size() > 1)
      std::cout << "divergences in all: " << d.divergences.size() << "\n";
  }
  std::cout << result_line("A", d.a.final_state) << "\n";
  std::cout << result_line("B", d.b.final_state) << "; " << d.b_end << "\n";
  print_kind_table(d);
  print_aligned_rows(d, o.all);
}

}  // namespace

int run_diff(const DiffOptions& o, const scripting::VariantFolder& variants) {
  replays::Replay r;
  replays::ResolvedVariant va;
  if (!open_replay(o.file, variants, r, va)) return 1;
  scripting::LoadedVariant vb = scripting::load_variant_spec(o.under, variants);
  if (!vb.ok) {
    std::cerr << "zetema diff: " << replays::printable(vb.error->describe()) << "\n";
    return 1;
  }
  std::string why;
  const auto policy = replays::parse_policy(o.policy, why);
  if (!policy) {
    std::cerr << "zetema diff: " << replays::printable(why) << "\n";
    return 2;
  }
  const Ruleset& a = va.variant.rules;
  const Ruleset& b = vb.rules;
  const replays::DiffResult d = replays::diff_replay(r, a, b, *policy);
  if (!d.ok) {
    std::cerr << "zetema diff: " << replays::printable(d.error) << "\n";
    return 1;
  }
  if (o.json) {
    print_json(o, va.variant, vb, *policy, d);
  } else {
    print_text(o, va.variant, vb, *policy, d);
  }
  return 0;
}

void add_replay_show_command(CommandRegistry& commands) {
  struct Args {
    std::string file;
    long long at = -1;  // the end of the game
  };
  auto args = std::make_shared<Args>();
  CLI::App* show =
      commands.add(replay_group(commands), "show", "Print the table at one event of a replay",
                   [args](const scripting::VariantFolder& variants) {
                     return run_replay_show(args->file, args->at, variants);
                   });
  show->add_option("file", args->file, "Replay file")->required();
  add_whole(show, "--at", args->at, 0LL, std::numeric_limits<long long>::max(),
            "Position: the table after this many events (0: before the deal; "
            "default: the end of the record)")
      ->default_str("");
}

namespace {

// `zetema diff`'s command line: one replay's options and a corpus's.
struct DiffArgs {
  DiffOptions diff;
  CorpusOptions corpus;
  std::vector<std::string> files;
  std::string shard;
  CLI::Option* policy = nullptr;
};

// A corpus: more than one file, a folder, or an option only a corpus has.
bool is_corpus(const DiffArgs& args) {
  std::error_code ec;
  return args.files.size() != 1 || std::filesystem::is_directory(args.files[0], ec) ||
         !args.corpus.out.empty() || !args.corpus.csv.empty() || !args.shard.empty();
}

int run_corpus_diff(DiffArgs& args, const scripting::VariantFolder& variants) {
  CorpusOptions& corpus = args.corpus;
  corpus.config.inputs = args.files;
  corpus.config.under = args.diff.under;
  if (args.policy->count() > 0) corpus.config.policy = args.diff.policy;
  corpus.json = args.diff.json;
  if (!args.shard.empty()) {
    if (std::string why =
            parse_shard(args.shard, kMaxShards, corpus.config.shard, corpus.config.shards);
        !why.empty()) {
      std::cerr << "zetema diff: " << replays::printable(why) << "\n";
      return 2;
    }
  }
  return run_corpus_diff_cmd(corpus, variants);
}

int run_diff_command(DiffArgs& args, const scripting::VariantFolder& variants) {
  if (is_corpus(args)) return run_corpus_diff(args, variants);
  args.diff.file = args.files[0];
  return run_diff(args.diff, variants);
}

}  // namespace

void add_diff_command(CommandRegistry& commands) {
  auto args = std::make_shared<DiffArgs>();
  CLI::App* dif = commands.add(
      "diff",
      "Re-run a replay under another rule set and show where it diverges; given a folder or "
      "several files, re-run the whole corpus and count the outcomes that flip",
      [args](const scripting::VariantFolder& variants) {
        return run_diff_command(*args, variants);
      });
  DiffOptions& diff = args->diff;
  dif->add_option("files", args->files, "Replay file, or replay files and folders (a corpus)")
      ->required();
  dif->add_option("--under", diff.under, "Rule set B: a variant id or .lua file")->required();
  args->policy = dif->add_option(
      "--policy", diff.policy,
      "At a divergence: stop, skip or bot:NAME (default: bot:greedy, which plays every seat on "
      "to the game's end)");
  dif->add_flag("--json", diff.json, "Print JSON instead of text");
  dif->add_flag("--all", diff.all, "Print every aligned row, not only those around divergences");
  dif->add_option("--out", args->corpus.out, "Corpus: write the result (JSON) here")
      ->check(output_file_name());
  dif->add_option("--csv", args->corpus.csv, "Corpus: write one line per game (CSV) here")
      ->check(output_file_name());
  dif->add_option("--shard", args->shard, "Corpus: this run's part i/n of the files (e.g. 0/4)");
}

}  // namespace zetema::cli
