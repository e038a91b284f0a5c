// The `zetema` command-line tool's subcommands. Each `run_*` returns the
// process exit status: 0 success, 1 a failure it reports, 2 bad usage. Each
// `add_*_command` registers a command (its options and its run) from the
// file that runs it (studio/cli/command_registry.h); main.cpp calls them in
// the order of --help.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/match.h"
#include "replays/record.h"
#include "scripting/variant_loader.h"
#include "studio/lab/compare.h"
#include "studio/lab/corpus_diff.h"
#include "studio/lab/metrics.h"
#include "studio/lab/strength_ladder.h"

namespace CLI {
class App;
}

namespace zetema::cli {

class CommandRegistry;

struct PlayOptions {
  std::string variant = "sackson";
  int players = 2;
  std::string teams = "default";  // default, off, pairs, threes
  uint64_t seed = 1;
  std::vector<std::string> bots = {"random"};
  int max_hands = kDefaultMaxHands;
  bool json = false;
  std::string record;  // write the game's replay here
  bool force = false;  // replace an existing `record`
};

struct CheckOptions {
  std::string file;
  int games = 200;
  uint64_t seed = 1;
};

struct DiffOptions {
  std::string file;
  std::string under;
  std::string policy = "bot:greedy";  // a result: greedy plays on after a divergence
  bool json = false;
  bool all = false;
};

// `zetema diff --under B` over many replays (a folder, or several files).
struct CorpusOptions {
  lab::CorpusConfig config;
  bool json = false;  // the result's JSON on standard output
  std::string out;    // the result (JSON) to this file
  std::string csv;    // one line per game to this file
};

struct ImportOptions {
  std::string file;     // the .zgn file
  std::string out;      // default: its name with .json
  std::string variant;  // a variant id or .lua file instead of the installed one
  bool force = false;
};

struct ExportOptions {
  std::string file;  // the replay
  std::string out;   // default: its name with .zgn
  bool force = false;
};

struct CompareOptions {
  lab::CompareConfig config;
  std::string out;
  std::string csv;
  // Sequential stopping (docs/lab.md): --until METRIC --resolution X, or
  // --test METRIC --h0 T0 --h1 T1; looked at every --batch deals.
  std::string until, test;
  double resolution = 0, h0 = 0, h1 = 0;
  uint64_t batch = 200;
  bool design = false;  // the design metrics, with Holm's correction
  // The skill trace: for each N, mc:N against mc:2N, seats rotated (--ladder).
  std::vector<int> ladder;
};

int run_variants(const scripting::VariantFolder& variants);
// With `keys_only`, just the reference of rule keys (rule_keys_markdown).
int run_rules_table(const scripting::VariantFolder& variants, const std::string& out_file,
                    bool keys_only = false);
// The reference of every rule key, from the registry (scripting/rule_fields.h):
// what `zetema rules-table` appends and section 2 of docs/variant-authoring.md.
std::string rule_keys_markdown();
int run_check(const CheckOptions& options, const scripting::VariantFolder& variants);
int run_play(const PlayOptions& options, const scripting::VariantFolder& variants);
// With `against` (a variant ID or FILE), each game is also re-run under it
// and must come out event for event as recorded (golden replays).
int run_replay_verify(const std::vector<std::string>& files,
                      const scripting::VariantFolder& variants, const std::string& against = "");
int run_replay_show(const std::string& file, long long at,
                    const scripting::VariantFolder& variants);
int run_diff(const DiffOptions& options, const scripting::VariantFolder& variants);

struct ReviewOptions {
  std::string file;
  int iterations = 1500;  // the search bot's default (engine/ismcts_bot.h)
  uint64_t seed = 1;
  int seat = 0;             // 1-based; 0: every seat
  double threshold = 0.05;  // a loss of more than this is marked
  bool json = false;
};
int run_replay_review(const ReviewOptions& options, const scripting::VariantFolder& variants);

// Loads a replay and its variant, reporting problems on stderr (the note on
// embedded sources first, before they run).
bool open_replay(const std::string& file, const scripting::VariantFolder& variants,
                 replays::Replay& r, replays::ResolvedVariant& v);
int run_corpus_diff_cmd(const CorpusOptions& options, const scripting::VariantFolder& variants);
// Whether a file is a corpus result (so `merge` joins corpus shards).
bool is_corpus_result_file(const std::string& path);
int run_corpus_merge_cmd(const std::vector<std::string>& parts, const std::string& out);
int run_compare_cmd(const CompareOptions& options, const scripting::VariantFolder& variants);

struct LadderOptions {
  lab::LadderConfig config;
  bool json = false;
};
int run_ladder_cmd(const LadderOptions& options, const scripting::VariantFolder& variants);
// Missing deals fail the merge unless `partial`.
int run_merge_cmd(const std::vector<std::string>& parts, const std::string& out, bool partial);
// An existing output file is replaced only with `force`.
int run_replay_convert(const std::string& file, const std::string& to, const std::string& out_file,
                       bool force);

// Games in Zetema Game Notation (docs/notation.md) to and from replays.
int run_import(const ImportOptions& options, const scripting::VariantFolder& variants);
int run_export(const ExportOptions& options, const scripting::VariantFolder& variants);

// The registrations, in the order of --help (main.cpp).
void add_variants_command(CommandRegistry& commands);     // cmd_variants.cpp
void add_rules_table_command(CommandRegistry& commands);  // cmd_variants.cpp
void add_check_command(CommandRegistry& commands);        // cmd_check.cpp
void add_play_command(CommandRegistry& commands);         // cmd_play.cpp
// `zetema replay`, the group of the replay-file commands (cmd_replay.cpp).
CLI::App& replay_group(CommandRegistry& commands);
void add_replay_verify_command(CommandRegistry& commands);   // cmd_replay.cpp
void add_replay_show_command(CommandRegistry& commands);     // cmd_diff.cpp
void add_replay_review_command(CommandRegistry& commands);   // cmd_review.cpp
void add_replay_convert_command(CommandRegistry& commands);  // cmd_replay.cpp
void add_import_command(CommandRegistry& commands);          // cmd_notation.cpp
void add_export_command(CommandRegistry& commands);          // cmd_notation.cpp
void add_diff_command(CommandRegistry& commands);            // cmd_diff.cpp
void add_ladder_command(CommandRegistry& commands);          // cmd_strength.cpp
void add_compare_command(CommandRegistry& commands);         // cmd_lab.cpp
void add_merge_command(CommandRegistry& commands);           // cmd_lab.cpp

}  // namespace zetema::cli
