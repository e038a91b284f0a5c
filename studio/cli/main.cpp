// zetema: the command-line tool. Lists and checks variants, prints the
// rules side by side, and plays games with bots.
#include <CLI/CLI.hpp>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "engine/bots.h"
#include "replays/replay.h"
#include "replays/text.h"
#include "scripting/run_budget.h"
#include "studio/cli/commands.h"
#include "studio/cli/game_options.h"
#include "studio/cli/interrupt.h"
#include "studio/cli/numbers.h"
#include "studio/cli/output_file.h"
#include "studio/paths/data_paths.h"

namespace {

constexpr uint64_t kMaxSeed = std::numeric_limits<uint64_t>::max();
// A game that long would not fit in a replay (replays/replay.h).
constexpr int kMaxHandsOption = static_cast<int>(zetema::replays::kMaxHands);
constexpr int kMaxShards = 1000000;
// mc:2N stays within mc:N's 100000 playouts (engine/bots.cpp).
constexpr int kMaxLadderBudget = 50000;

// The subcommands given ("replay verify"), for the message on Ctrl-C.
std::string g_command;

// --teams of play and compare.
const std::vector<std::string> kTeams = {"default", "off", "pairs", "threes"};

// --bots "greedy,random": the names by seat. False (after a message) when
// the text names no bot at all ("", ","): a usage error.
bool read_bots(const std::string& text, const std::string& command,
               std::vector<std::string>& bots) {
  bots.clear();
  if (text.find_first_not_of(", ") == std::string::npos) {
    std::cerr << "zetema " << command << ": --bots needs at least one bot (" << zetema::bot_list()
              << ")\n";
    return false;
  }
  for (size_t start = 0; start <= text.size();) {
    size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    if (comma > start) bots.push_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  return true;
}

// CLI11's answer to a bad command line. A misspelled command is named first:
// CLI11 alone says only that a command is required. Every usage error exits
// 2, as the commands' own usage checks do (CLI11's codes, 104 to 109, would
// say the same thing in as many numbers); --help and --version exit 0.
int parse_failed(const CLI::App& app, const CLI::ParseError& e) {
  if (dynamic_cast<const CLI::RequiredError*>(&e)) {
    std::string name = "zetema";
    const CLI::App* at = &app;
    while (!at->get_subcommands().empty()) {
      at = at->get_subcommands().front();
      name += " " + at->get_name();
    }
    const std::vector<std::string> extra = app.remaining(true);
    if (at->get_require_subcommand_min() > 0 && !extra.empty()) {
      std::string known;
      for (const CLI::App* sub : at->get_subcommands([](const CLI::App*) { return true; }))
        known += (known.empty() ? "" : ", ") + sub->get_name();
      std::cerr << name << ": unknown command '" << extra.front() << "' (commands: " << known
                << ")\n";
    }
  }
  return app.exit(e) == 0 ? 0 : 2;
}

int run(int argc, char** argv) {
  using namespace zetema::cli;
  // Everything printed passes through one escaping function (replays/text.h):
  // names, messages and fields from files cannot drive the terminal.
  const zetema::replays::EscapedOutput escaped_out(std::cout), escaped_err(std::cerr);
  CLI::App app{"zetema: play, check and compare rule variants of the card game Zetema"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "zetema " + zetema::paths::version());
  // The shipped folder's files are named variants/<id>.lua; another folder's
  // by the path given.
  std::string variants_dir = zetema::paths::shipped_variants_dir();
  app.add_option("--variants-dir", variants_dir,
                 "Folder of the variant files (default: $ZETEMA_VARIANTS_DIR, else the shipped "
                 "variants)");
  uint64_t budget = zetema::scripting::kDefaultRunBudget;
  add_whole(&app, "--budget", budget, uint64_t{1000}, uint64_t{1'000'000'000'000},
            "Instructions all the Lua of one run may charge: a game, a replay's re-derivation "
            "(default 1000000000)");

  auto* list = app.add_subcommand("variants", "List the variants: id, name, source, parent");

  std::string table_out;
  auto* table =
      app.add_subcommand("rules-table", "Print every rule of the variants side by side (Markdown)");
  table->add_option("--out", table_out, "Write to this file instead of standard output")
      ->check(output_file_name());
  bool table_keys = false;
  table->add_flag("--keys", table_keys, "Print only the reference of every rule key");

  CheckOptions check;
  auto* chk = app.add_subcommand("check", "Load a variant file, then play seeded games with it");
  chk->add_option("file", check.file, "Variant file (.lua) or id")->required();
  add_whole(chk, "--games", check.games, 0, 100000, "Games to play");
  add_whole(chk, "--seed", check.seed, uint64_t{0}, kMaxSeed, "First seed");

  PlayOptions play;
  std::string bots = "random";
  auto* ply = app.add_subcommand("play", "Play one game with bots and print its events");
  ply->add_option("--variant", play.variant, "Variant id or .lua file")->capture_default_str();
  add_whole(ply, "--players", play.players, 2, 6, "Players, 2 to 6");
  ply->add_option("--teams", play.teams, "default, off, pairs (4 or 6) or threes (6)")
      ->capture_default_str()
      ->check(CLI::IsMember(kTeams));
  add_whole(ply, "--seed", play.seed, uint64_t{0}, kMaxSeed, "Seed (same seed, same game)");
  ply->add_option("--bots", bots,
                  "Bots by seat, comma-separated (" + zetema::bot_list() + "); the last repeats")
      ->capture_default_str();
  // At most what a replay holds, so --record never writes a file that
  // `replay verify` refuses.
  add_whole(ply, "--max-hands", play.max_hands, 1, kMaxHandsOption,
            "Stop a game that has not ended after this many hands");
  ply->add_flag("--json", play.json, "Print JSON instead of text");
  ply->add_option("--record", play.record,
                  "Save the game's replay to this file (.json: JSON, else binary)")
      ->check(output_file_name());
  ply->add_flag("--force", play.force, "Replace the --record file if it exists");

  auto* replay = app.add_subcommand("replay", "Work with replay files");
  replay->require_subcommand(1);
  std::string replay_file, convert_to, convert_out;
  auto* verify =
      replay->add_subcommand("verify", "Re-derive replays; exit non-zero on any problem");
  std::vector<std::string> verify_files;
  verify->add_option("files", verify_files, "Replay files")->required();
  std::string verify_against;
  verify->add_option("--against", verify_against,
                     "Also re-run each game under this variant (ID or FILE, e.g. the current "
                     "version of yours) and fail at the first event that differs");
  long long show_at = -1;  // the end of the game
  auto* show = replay->add_subcommand("show", "Print the table at one event of a replay");
  show->add_option("file", replay_file, "Replay file")->required();
  add_whole(show, "--at", show_at, 0LL, std::numeric_limits<long long>::max(),
            "Position: the table after this many events (0: before the deal; "
            "default: the end of the record)")
      ->default_str("");
  ReviewOptions review;
  auto* rev = replay->add_subcommand(
      "review",
      "Search every decision with the ismcts bot from the acting seat's view: each legal "
      "action's chance of winning, the one played, the chance lost");
  rev->add_option("file", review.file, "Replay file")->required();
  add_whole(rev, "--iterations", review.iterations, 1, 100000,
            "Search iterations a decision (the ismcts bot's default: 1500)");
  add_whole(rev, "--seed", review.seed, uint64_t{0}, kMaxSeed, "Seed of the searches");
  add_whole(rev, "--seat", review.seat, 1, 6, "Only this seat's decisions (1 is P1)");
  rev->add_option("--threshold", review.threshold,
                  "Mark a decision that lost more than this chance of winning (default 0.05)")
      ->check(CLI::Range(0.0, 1.0));
  rev->add_flag("--json", review.json, "Print JSON instead of text");
  auto* convert = replay->add_subcommand("convert", "Write a replay in the other encoding");
  convert->add_option("file", replay_file, "Replay file")->required();
  convert->add_option("--to", convert_to, "json or bin")
      ->required()
      ->check(CLI::IsMember({"json", "bin"}));
  convert
      ->add_option("--out", convert_out, "Output file (default: the input's name, new extension)")
      ->check(output_file_name());
  bool convert_force = false;
  convert->add_flag("--force", convert_force, "Replace the output file if it exists");

  ImportOptions import;
  auto* imp = app.add_subcommand(
      "import", "Make a replay from a game in Zetema Game Notation (.zgn), checking every action");
  imp->add_option("file", import.file, "Game file (.zgn)")->required();
  imp->add_option("--out", import.out,
                  "Replay to write (.json: JSON, else binary; default: the file's name, .json)")
      ->check(output_file_name());
  imp->add_option("--variant", import.variant,
                  "Variant id or .lua file to use instead of the installed one the game names");
  imp->add_flag("--force", import.force, "Replace the output file if it exists");
  ExportOptions export_options;
  std::string export_to;
  auto* exp = app.add_subcommand("export", "Write a replay in Zetema Game Notation");
  exp->add_option("file", export_options.file, "Replay file")->required();
  exp->add_option("--to", export_to, "zgn")->required()->check(CLI::IsMember({"zgn"}));
  exp->add_option("--out", export_options.out, "Output file (default: the replay's name, .zgn)")
      ->check(output_file_name());
  exp->add_flag("--force", export_options.force, "Replace the output file if it exists");

  DiffOptions diff;
  CorpusOptions corpus;
  std::vector<std::string> diff_files;
  std::string diff_shard;
  auto* dif = app.add_subcommand(
      "diff",
      "Re-run a replay under another rule set and show where it diverges; given a folder or "
      "several files, re-run the whole corpus and count the outcomes that flip");
  dif->add_option("files", diff_files, "Replay file, or replay files and folders (a corpus)")
      ->required();
  dif->add_option("--under", diff.under, "Rule set B: a variant id or .lua file")->required();
  auto* diff_policy = dif->add_option(
      "--policy", diff.policy,
      "At a divergence: stop, skip or bot:NAME (default: stop; for a corpus bot:greedy)");
  dif->add_flag("--json", diff.json, "Print JSON instead of text");
  dif->add_flag("--all", diff.all, "Print every aligned row, not only those around divergences");
  dif->add_option("--out", corpus.out, "Corpus: write the result (JSON) here")
      ->check(output_file_name());
  dif->add_option("--csv", corpus.csv, "Corpus: write one line per game (CSV) here")
      ->check(output_file_name());
  dif->add_option("--shard", diff_shard, "Corpus: this run's part i/n of the files (e.g. 0/4)");

  CompareOptions compare;
  std::string compare_bots = "greedy", shard_text;
  LadderOptions ladder;
  std::string ladder_bots =
      "random,greedy,imperial,hoarder,assembler,mc,ismcts:250,ismcts,ismcts:6000";
  auto* lad = app.add_subcommand(
      "ladder",
      "The strength ladder of one rule set: every pair of bots on the same deals from both seats, "
      "rated on one scale (Bradley-Terry), with the skill profile");
  lad->add_option("--variant", ladder.config.variant, "Variant id or .lua file")->required();
  lad->add_option("--bots", ladder_bots, "The bots to rate, comma-separated")
      ->capture_default_str();
  add_whole(lad, "--deals", ladder.config.deals, uint64_t{1}, uint64_t{1000000},
            "Deals a pair, each played from both seats");
  add_whole(lad, "--seed", ladder.config.seed, uint64_t{0}, kMaxSeed, "Seed");
  add_whole(lad, "--threads", ladder.config.threads, 0, 256, "Worker threads (0: every core)");
  lad->add_flag("--json", ladder.json, "Print JSON instead of text");
  auto* cmp = app.add_subcommand("compare", "Paired comparison of two rule sets over many deals");
  cmp->add_option("--a", compare.config.a, "Rule set A: id or .lua file")->required();
  cmp->add_option("--b", compare.config.b, "Rule set B: id or .lua file")->required();
  add_whole(cmp, "--players", compare.config.players, 2, 6, "Players, 2 to 6");
  cmp->add_option("--teams", compare.config.teams, "default, off, pairs or threes")
      ->capture_default_str()
      ->check(CLI::IsMember(kTeams));
  add_whole(cmp, "--deals", compare.config.deals, uint64_t{1}, uint64_t{100000000},
            "Deals (paired games)");
  cmp->add_option("--bots", compare_bots, "Bots by seat, comma-separated")->capture_default_str();
  add_whole(cmp, "--seed", compare.config.seed, uint64_t{0}, kMaxSeed, "Seed");
  add_whole(cmp, "--threads", compare.config.threads, 0, 256,
            "Worker threads (0, the default: every core)");
  cmp->add_option("--shard", shard_text, "This run's part i/n of the deals (e.g. 0/4)");
  int first_dealer = 0;
  add_whole(cmp, "--dealer", first_dealer, 1, 6,
            "First dealer's seat, 1 to 6 (default: drawn); fixes who moves first")
      ->default_str("");
  add_whole(cmp, "--max-hands", compare.config.max_hands, 1, kMaxHandsOption,
            "Hands before a game counts as not completed");
  cmp->add_option("--out", compare.out, "Write the result (JSON) here")->check(output_file_name());
  cmp->add_option("--csv", compare.csv, "Write one line per deal (CSV) here")
      ->check(output_file_name());
  cmp->add_flag("--rotate", compare.config.rotate,
                "Play each deal from every seat rotation (bots moved round the table)");
  cmp->add_option("--until", compare.until,
                  "Play until METRIC's anytime-valid 95% interval is --resolution wide each side");
  cmp->add_option("--resolution", compare.resolution, "The half-width --until stops at")
      ->check(decimal_number(true));
  cmp->add_option("--test", compare.test,
                  "Sequential test (SPRT) of METRIC: --h0 T0 against --h1 T1");
  cmp->add_option("--h0", compare.h0, "The --test's null hypothesis: METRIC's mean is T0")
      ->check(decimal_number(false));
  cmp->add_option("--h1", compare.h1, "The --test's alternative: METRIC's mean is T1")
      ->check(decimal_number(false));
  add_whole(cmp, "--batch", compare.batch, uint64_t{10}, uint64_t{1000000},
            "Deals between looks of --until and --test");
  cmp->add_option("--ladder", compare.ladder,
                  "Skill trace: for each N (comma-separated), mc:N against mc:2N, seats rotated")
      ->delimiter(',')
      ->check(whole_number(1, kMaxLadderBudget));
  cmp->add_flag("--design", compare.design,
                "Show the design metrics (lead changes, drama, ...), Holm-corrected");
  cmp->add_flag("--luck", compare.config.luck,
                "Show P1's margin adjusted for the luck of the deal (control variate)");
  std::vector<std::string> merge_parts;
  std::string merge_out;
  auto* mrg =
      app.add_subcommand("merge", "Join the shard results of one comparison or corpus diff");
  mrg->add_option("parts", merge_parts, "Shard result files")->required();
  mrg->add_option("--out", merge_out, "The merged result (JSON)")
      ->required()
      ->check(output_file_name());
  bool merge_partial = false;
  mrg->add_flag("--partial", merge_partial,
                "Merge even when deals are missing (shards not given or interrupted)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return parse_failed(app, e);
  }
  // Ctrl-C from here on stops the command within a second and keeps what it
  // finished (studio/cli/interrupt.h).
  catch_interrupts();
  for (const CLI::App* sub = &app; !sub->get_subcommands().empty();) {
    sub = sub->get_subcommands().front();
    g_command += (g_command.empty() ? "" : " ") + sub->get_name();
  }
  const zetema::scripting::VariantFolder folder = zetema::paths::variant_folder(variants_dir);
  zetema::scripting::set_run_budget(budget);

  if (*list) return run_variants(folder);
  if (*table) return run_rules_table(folder, table_out, table_keys);
  if (*chk) return run_check(check, folder);
  if (*verify) return run_replay_verify(verify_files, folder, verify_against);
  if (*show) return run_replay_show(replay_file, show_at, folder);
  if (*rev) return run_replay_review(review, folder);
  if (*dif) {
    // A corpus: more than one file, a folder, or an option only a corpus has.
    std::error_code ec;
    if (diff_files.size() == 1 && !std::filesystem::is_directory(diff_files[0], ec) &&
        corpus.out.empty() && corpus.csv.empty() && diff_shard.empty()) {
      diff.file = diff_files[0];
      return run_diff(diff, folder);
    }
    corpus.config.inputs = diff_files;
    corpus.config.under = diff.under;
    if (diff_policy->count() > 0) corpus.config.policy = diff.policy;
    corpus.json = diff.json;
    if (!diff_shard.empty()) {
      if (std::string why =
              parse_shard(diff_shard, kMaxShards, corpus.config.shard, corpus.config.shards);
          !why.empty()) {
        std::cerr << "zetema diff: " << zetema::replays::printable(why) << "\n";
        return 2;
      }
    }
    return run_corpus_diff_cmd(corpus, folder);
  }
  if (*convert) return run_replay_convert(replay_file, convert_to, convert_out, convert_force);
  if (*imp) return run_import(import, folder);
  if (*exp) return run_export(export_options, folder);
  if (*mrg) {
    // Every part readable and the output writable before any is read.
    for (const std::string& part : merge_parts) {
      if (std::string why = probe_readable(part); !why.empty()) {
        std::cerr << "zetema merge: " << why << "\n";
        return 1;
      }
    }
    if (std::string why = probe_writable(merge_out); !why.empty()) {
      std::cerr << "zetema merge: " << zetema::replays::printable(why) << "\n";
      return 1;
    }
    // Shards of a corpus diff, or of a comparison; not of both.
    const bool corpus_parts = is_corpus_result_file(merge_parts[0]);
    for (const std::string& part : merge_parts) {
      if (is_corpus_result_file(part) == corpus_parts) continue;
      std::cerr << "zetema merge: " << zetema::replays::printable(part)
                << (corpus_parts ? " is not" : " is") << " a corpus diff result and "
                << zetema::replays::printable(merge_parts[0]) << (corpus_parts ? " is" : " is not")
                << "; give the parts of one run\n";
      return 1;
    }
    if (corpus_parts) {
      if (merge_partial) {
        std::cerr << "zetema merge: --partial is for comparisons; a corpus diff merges only "
                     "with every shard\n";
        return 2;
      }
      return run_corpus_merge_cmd(merge_parts, merge_out);
    }
    return run_merge_cmd(merge_parts, merge_out, merge_partial);
  }
  if (*lad) {
    if (!read_bots(ladder_bots, "ladder", ladder.config.bots)) return 2;
    return run_ladder_cmd(ladder, folder);
  }
  if (*cmp) {
    if (!read_bots(compare_bots, "compare", compare.config.bots)) return 2;
    compare.config.first_dealer = first_dealer - 1;
    if (!shard_text.empty()) {
      int i = 0, n = 1;
      if (std::string why = parse_shard(shard_text, kMaxShards, i, n); !why.empty()) {
        std::cerr << "zetema compare: " << zetema::replays::printable(why) << "\n";
        return 2;
      }
      compare.config.shard = i;
      compare.config.shards = n;
    }
    return run_compare_cmd(compare, folder);
  }
  if (*ply) {
    if (!read_bots(bots, "play", play.bots)) return 2;
    return run_play(play, folder);
  }
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  const int status = run(argc, argv);
  // A command whose work ended early through Ctrl-C (a variant's load or a
  // hook stopped "interrupted") without its own report of what it kept.
  if (status != zetema::cli::kExitInterrupted && zetema::cli::interrupted())
    return zetema::cli::report_interrupted(g_command, "the output above is what was finished");
  return status;
}
