// `zetema replay verify | convert` and `zetema play --record`.
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "replays/golden.h"
#include "replays/record.h"
#include "replays/replay_file.h"
#include "replays/text.h"
#include "studio/cli/command_registry.h"
#include "studio/cli/commands.h"
#include "studio/cli/interrupt.h"
#include "studio/cli/output_file.h"

namespace zetema::cli {

namespace {

// The current rules' side of the first difference: the event, or where
// their game stands when it has none there.
std::string now_text(const replays::GoldenCheck& g) {
  if (!g.now.empty()) return replays::printable(g.now);
  if (!g.now_stands.empty()) return "(no event: the game stands at " + g.now_stands + ")";
  return "(the game has ended)";
}

// The golden check: "" when every event is the same under `current`, else
// what differs.
std::string golden_difference(const replays::Replay& r, const Ruleset& recorded,
                              const scripting::LoadedVariant& current) {
  const replays::GoldenCheck g = replays::check_against(r, recorded, current.rules);
  if (!g.ok) return replays::printable(g.error);
  if (g.same) return "";
  // Our lines, each part from a file made one line of printable text.
  using replays::printable;
  std::string out = "under " + current.rules.id + " (" + printable(current.sources.front().file) +
                    ") the game differs at event " + std::to_string(*g.event) + ":\n  recorded: " +
                    (g.recorded.empty() ? "(the game had ended)" : printable(g.recorded)) +
                    "\n  now:      " + now_text(g);
  if (!g.refused.empty()) out += "\n  refused:  " + printable(g.refused);
  return out;
}

int verify_one(const std::string& file, const scripting::VariantFolder& variants,
               const scripting::LoadedVariant* against) {
  const replays::Decoded d = replays::load_replay(file);
  if (!d.ok) {
    std::cerr << replays::printable(file) << ": " << replays::printable(d.error) << "\n";
    return 1;
  }
  const replays::Replay& r = d.replay;
  // The note on embedded sources comes before they are loaded (and run).
  replays::ResolvedVariant v =
      replays::resolve_variant(r, variants.path, variants.shown, [&](const std::string& note) {
        std::cerr << replays::printable(file) << ": note: " << replays::printable(note) << "\n";
      });
  if (!v.ok) {
    std::cerr << replays::printable(file) << ": " << replays::printable(v.error) << "\n";
    return 1;
  }
  const replays::Verified checked = replays::verify_replay(r, v.variant.rules);
  if (!checked.ok) {
    std::cerr << replays::printable(file) << ": " << replays::printable(checked.error) << "\n";
    return 1;
  }
  std::string golden;
  if (against) {
    if (std::string diff = golden_difference(r, v.variant.rules, *against); !diff.empty()) {
      std::cerr << replays::printable(file) << ": " << diff << "\n";
      return 1;
    }
    golden =
        "; the same events under " + against->rules.id + " (" + against->sources.front().file + ")";
  }
  const replays::Rederived& game = checked.game;
  size_t actions = 0;
  for (const auto& h : r.hands) actions += h.actions.size();
  std::cout << replays::printable(file) << ": ok: " << r.variant << " ("
            << (v.embedded ? "embedded" : "installed") << " sources, sha256 "
            << r.variant_sha256.substr(0, 12) << "), " << r.players << " players, "
            << r.hands.size() << " hand(s), " << actions << " actions, " << game.events.size()
            << " events, " << (game.finished ? "finished" : "in progress") << "; events sha256 "
            << replays::events_sha256(game.events, v.variant.rules, r.format).substr(0, 16)
            << golden << "\n"
            << std::flush;  // each file's line as it is verified, also into a pipe or a file
  return 0;
}

}  // namespace

// Each file on its own: one that fails does not stop the others.
int run_replay_verify(const std::vector<std::string>& files,
                      const scripting::VariantFolder& variants, const std::string& against) {
  std::optional<scripting::LoadedVariant> current;
  if (!against.empty()) {
    current = scripting::load_variant_spec(against, variants);
    if (!current->ok) {
      std::cerr << "zetema replay verify: " << replays::printable(current->error->describe())
                << "\n";
      return 1;
    }
  }
  size_t failed = 0, done = 0;
  for (const std::string& file : files) {
    const int status = verify_one(file, variants, current ? &*current : nullptr);
    // A file whose check Ctrl-C cut short counts neither way.
    if (interrupted()) break;
    ++done;
    failed += status != 0;
  }
  if (interrupted()) {
    return report_interrupted(
        "replay verify", std::to_string(done - failed) + " of " + std::to_string(files.size()) +
                             " replays verified, " + std::to_string(failed) + " failed, before it");
  }
  if (files.size() > 1) {
    std::cout << files.size() - failed << " of " << files.size() << " replays verified";
    if (failed) std::cout << "; " << failed << " failed";
    std::cout << "\n";
  }
  return failed ? 1 : 0;
}

int run_replay_convert(const std::string& file, const std::string& to, const std::string& out_file,
                       bool force) {
  const replays::Decoded d = replays::load_replay(file);
  if (!d.ok) {
    std::cerr << replays::printable(file) << ": " << replays::printable(d.error) << "\n";
    return 1;
  }
  const replays::Encoding e = to == "json" ? replays::Encoding::Json : replays::Encoding::Binary;
  std::string target = out_file;
  if (target.empty()) {
    const size_t dot = file.find_last_of('.');
    target = (dot == std::string::npos ? file : file.substr(0, dot)) +
             (e == replays::Encoding::Json ? ".json" : ".zrb");
  }
  if (target == file) {
    std::cerr << "zetema replay convert: the output would overwrite the input; give --out\n";
    return 2;
  }
  if (std::string why = refuse_overwrite(target, force, "--out"); !why.empty()) {
    std::cerr << "zetema replay convert: " << why << "\n";
    return 2;
  }
  if (std::string why = replays::save_replay(target, d.replay, e); !why.empty()) {
    std::cerr << replays::printable(why) << "\n";
    return 1;
  }
  std::cout << "wrote " << replays::printable(target) << "\n";
  return 0;
}

CLI::App& replay_group(CommandRegistry& commands) {
  return commands.group("replay", "Work with replay files");
}

void add_replay_verify_command(CommandRegistry& commands) {
  struct Args {
    std::vector<std::string> files;
    std::string against;
  };
  auto args = std::make_shared<Args>();
  CLI::App* verify = commands.add(replay_group(commands), "verify",
                                  "Re-derive replays; exit non-zero on any problem",
                                  [args](const scripting::VariantFolder& variants) {
                                    return run_replay_verify(args->files, variants, args->against);
                                  });
  verify->add_option("files", args->files, "Replay files")->required();
  verify->add_option("--against", args->against,
                     "Also re-run each game under this variant (ID or FILE, e.g. the current "
                     "version of yours) and fail at the first event that differs");
}

void add_replay_convert_command(CommandRegistry& commands) {
  struct Args {
    std::string file, to, out;
    bool force = false;
  };
  auto args = std::make_shared<Args>();
  CLI::App* convert =
      commands.add(replay_group(commands), "convert", "Write a replay in the other encoding",
                   [args](const scripting::VariantFolder&) {
                     return run_replay_convert(args->file, args->to, args->out, args->force);
                   });
  convert->add_option("file", args->file, "Replay file")->required();
  convert->add_option("--to", args->to, "json or bin")
      ->required()
      ->check(CLI::IsMember({"json", "bin"}));
  convert->add_option("--out", args->out, "Output file (default: the input's name, new extension)")
      ->check(output_file_name());
  convert->add_flag("--force", args->force, "Replace the output file if it exists");
}

}  // namespace zetema::cli
