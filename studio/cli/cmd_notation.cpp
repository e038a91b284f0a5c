// `zetema import FILE.zgn` and `zetema export REPLAY --to zgn`: games in
// Zetema Game Notation (docs/notation.md) to and from replays.
#include <filesystem>
#include <iostream>
#include <memory>

#include "replays/record.h"
#include "replays/replay_file.h"
#include "replays/text.h"
#include "replays/zgn.h"
#include "studio/cli/command_registry.h"
#include "studio/cli/commands.h"
#include "studio/cli/output_file.h"

namespace zetema::cli {

namespace {

// The input's name with another extension, unless --out names one; an
// existing file is replaced only with --force. "" (after a message) if the
// target cannot be used.
std::string output_path(const std::string& in, const std::string& out, const std::string& ext,
                        bool force, const char* command) {
  std::string target = out;
  if (target.empty()) target = std::filesystem::path(in).replace_extension(ext).string();
  if (target == in) {
    std::cerr << command << ": the output would overwrite the input; give --out\n";
    return "";
  }
  if (std::string why = refuse_overwrite(target, force, "--out"); !why.empty()) {
    std::cerr << command << ": " << why << "\n";
    return "";
  }
  return target;
}

// The game's variant: the --variant file or id when given, else the
// installed variant with the id the game names.
replays::ZgnVariantLookup lookup_for(const scripting::VariantFolder& variants,
                                     const std::string& spec) {
  if (spec.empty()) return replays::folder_lookup(variants);
  return
      [variants, spec](const std::string&) { return scripting::load_variant_spec(spec, variants); };
}

}  // namespace

int run_import(const ImportOptions& options, const scripting::VariantFolder& variants) {
  std::string text;
  if (std::string why = replays::read_file_bounded(options.file, text); !why.empty()) {
    std::cerr << "zetema import: " << why << "\n";
    return 1;
  }
  const replays::ZgnImport imported =
      replays::import_zgn(text, lookup_for(variants, options.variant));
  if (!imported.ok) {
    std::cerr << options.file << ":" << imported.error.describe() << "\n";
    return 1;
  }
  const std::string target =
      output_path(options.file, options.out, ".json", options.force, "zetema import");
  if (target.empty()) return 2;
  if (std::string why = replays::save_replay(target, imported.replay); !why.empty()) {
    std::cerr << why << "\n";
    return 1;
  }
  size_t actions = 0;
  for (const auto& h : imported.replay.hands) actions += h.actions.size();
  std::cout << "wrote " << target << ": " << imported.replay.variant << ", "
            << imported.replay.players << " players, " << imported.replay.hands.size()
            << " hand(s), " << actions << " actions, every one legal\n";
  return 0;
}

int run_export(const ExportOptions& options, const scripting::VariantFolder& variants) {
  const replays::Decoded d = replays::load_replay(options.file);
  if (!d.ok) {
    std::cerr << replays::printable(options.file) << ": " << replays::printable(d.error) << "\n";
    return 1;
  }
  // The note on embedded sources comes before they are loaded (and run).
  const std::string file = replays::printable(options.file);
  replays::ResolvedVariant v = replays::resolve_variant(
      d.replay, variants.path, variants.shown, [&](const std::string& note) {
        std::cerr << file << ": note: " << replays::printable(note)
                  << "; importing the .zgn needs that variant's file (zetema import --variant)\n";
      });
  if (!v.ok) {
    std::cerr << file << ": " << replays::printable(v.error) << "\n";
    return 1;
  }
  const replays::ZgnExport exported = replays::export_zgn(d.replay, v.variant.rules);
  if (!exported.ok) {
    std::cerr << file << ": " << replays::printable(exported.error) << "\n";
    return 1;
  }
  const std::string target =
      output_path(options.file, options.out, ".zgn", options.force, "zetema export");
  if (target.empty()) return 2;
  if (std::string why = replays::write_file_atomically(target, exported.text); !why.empty()) {
    std::cerr << why << "\n";
    return 1;
  }
  std::cout << "wrote " << target << "\n";
  return 0;
}

void add_import_command(CommandRegistry& commands) {
  auto import = std::make_shared<ImportOptions>();
  CLI::App* imp = commands.add(
      "import", "Make a replay from a game in Zetema Game Notation (.zgn), checking every action",
      [import](const scripting::VariantFolder& variants) { return run_import(*import, variants); });
  imp->add_option("file", import->file, "Game file (.zgn)")->required();
  imp->add_option("--out", import->out,
                  "Replay to write (.json: JSON, else binary; default: the file's name, .json)")
      ->check(output_file_name());
  imp->add_option("--variant", import->variant,
                  "Variant id or .lua file to use instead of the installed one the game names");
  imp->add_flag("--force", import->force, "Replace the output file if it exists");
}

void add_export_command(CommandRegistry& commands) {
  struct Args {
    ExportOptions options;
    std::string to;  // only zgn
  };
  auto args = std::make_shared<Args>();
  CLI::App* exp = commands.add("export", "Write a replay in Zetema Game Notation",
                               [args](const scripting::VariantFolder& variants) {
                                 return run_export(args->options, variants);
                               });
  ExportOptions& options = args->options;
  exp->add_option("file", options.file, "Replay file")->required();
  exp->add_option("--to", args->to, "zgn")->required()->check(CLI::IsMember({"zgn"}));
  exp->add_option("--out", options.out, "Output file (default: the replay's name, .zgn)")
      ->check(output_file_name());
  exp->add_flag("--force", options.force, "Replace the output file if it exists");
}

}  // namespace zetema::cli
