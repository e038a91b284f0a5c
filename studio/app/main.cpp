// zetema-studio: the desktop studio. Opens the bundled variants and, by
// default, a sample replay; --script runs a scripted session (tests, docs).
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "replays/text.h"
#include "studio/app/app_window.h"
#include "studio/app/script.h"
#include "studio/cli/numbers.h"
#include "studio/paths/data_paths.h"
#include "studio/session/layout.h"

using namespace zetema::studio;

namespace {

// The command line's settings, with their defaults.
struct Options {
  std::string script, open = zetema::paths::sample_replay(), config = config_dir(),
                      variants_dir = zetema::paths::shipped_variants_dir();
  std::string variants_name;
  int width = 0, height = 0;
  bool keep_layout = false;
  std::string shots = ".";
};

void add_options(CLI::App& app, Options& o) {
  app.add_option("--script", o.script, "Run the commands in FILE, then exit (see docs/studio.md)");
  app.add_option("--shots", o.shots, "Folder for the script's screenshots ($SHOTS in the script)")
      ->capture_default_str();
  // Defaults in words: they are paths of this machine, not of the help text's reader.
  app.add_option("--open", o.open,
                 "Replay (.json, .zrb) or game in notation (.zgn) to open at start (default: a "
                 "shipped sample)");
  app.add_option("--config", o.config,
                 "Folder for settings, layout and the autosaved game (default: "
                 "$XDG_CONFIG_HOME/zetema-studio, else ~/.config/zetema-studio)");
  app.add_option("--variants-dir", o.variants_dir,
                 "Folder of the variant files (default: $ZETEMA_VARIANTS_DIR, else the shipped "
                 "variants)");
  app.set_version_flag("--version", "zetema-studio " + zetema::paths::version());
  app.add_option("--variants-name", o.variants_name,
                 "How the variants folder is named in messages (default: 'variants' for the "
                 "bundled folder, else its path)");
  app.add_flag("--keep-layout", o.keep_layout,
               "With --script: load and save the window layout as an interactive run does "
               "(scripted runs otherwise start from the default layout)");
  // Checked as the zetema tool checks its numbers (studio/cli/numbers.h).
  zetema::cli::add_whole(&app, "--width", o.width, kMinWindowW, kMaxWindowSide,
                         "Window width in pixels (default: as last time)")
      ->default_str("");
  zetema::cli::add_whole(&app, "--height", o.height, kMinWindowH, kMaxWindowSide,
                         "Window height in pixels (default: as last time)")
      ->default_str("");
}

zetema::scripting::VariantFolder variant_folder(const Options& o) {
  zetema::scripting::VariantFolder folder = zetema::paths::variant_folder(o.variants_dir);
  if (!o.variants_name.empty()) folder.shown = o.variants_name;
  return folder;
}

// Why there is no window, and what to do without a display.
void explain_no_window(const std::string& why) {
  std::fprintf(
      stderr,
      "zetema-studio: %s.\n"
      "The studio needs a graphical display. Without one, use the command-line tool\n"
      "(zetema play / replay show / diff ...), or run the studio under a virtual display:\n"
      "  xvfb-run -a -s \"-screen 0 1600x1000x24\" zetema-studio --script FILE\n",
      why.c_str());
}

// The first frame's state: the replay opened, the layout's and autosave's notes.
void start_session(const Options& o, const AppWindow& window, Session& session, UiState& ui) {
  // The places imgui.ini kept are the user's own only if they arranged them.
  ui.windows.user_arranged = window.layout_loaded && session.settings.layout_arranged;
  if (!o.open.empty()) session.open_replay(o.open);
  if (!window.layout_problem.empty())
    session.status = "the saved layout was reset: " + window.layout_problem;
  if (session.autosave_waiting()) {
    session.status = "an unfinished game was autosaved: Play > Resume it";
    ui.focus = Panel::Play;
  }
}

int run_scripted(const Options& o, AppWindow& window, Session& session, UiState& ui,
                 double first_frame_ms) {
  std::printf("launch to first frame%s: %.1f ms\n",
              session.replay.is_open() ? " with a replay open" : "", first_frame_ms);
  const int failed = run_script(o.script, window, session, ui, o.shots);
  if (failed < 0) {
    std::fprintf(stderr, "zetema-studio: cannot read script %s\n", o.script.c_str());
    return 2;
  }
  std::printf("%s: %d command(s) failed\n", o.script.c_str(), failed);
  return failed == 0 ? 0 : 1;
}

int run_interactive(AppWindow& window, Session& session, UiState& ui) {
  while (!window.should_close(session)) window.frame(session, ui);
  window.size(session.settings.window_width, session.settings.window_height);
  session.settings.layout_arranged = ui.windows.user_arranged;
  session.save_settings_now();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // What the studio prints (its log, a script's results) passes through the
  // one escaping function, as the CLI's does (replays/text.h).
  const zetema::replays::EscapedOutput escaped_out(std::cout), escaped_err(std::cerr);
  const auto launched = std::chrono::steady_clock::now();
  CLI::App app{"Zetema Studio: author variants, step through replays, compare rule sets"};
  Options o;
  add_options(app, o);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Every usage error exits 2, as the zetema tool's do; --help and --version 0.
    return app.exit(e) == 0 ? 0 : 2;
  }

  // Settings, layout and autosaves all go to the config folder: make it once.
  if (!o.config.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.config, ec);
  }
  Session session(variant_folder(o), o.config);
  UiState ui;
  const int width = o.width > 0 ? o.width : session.settings.window_width;
  const int height = o.height > 0 ? o.height : session.settings.window_height;

  AppWindow window;
  std::string why;
  if (!window.open(width, height, o.script.empty() || o.keep_layout, o.config, why)) {
    explain_no_window(why);
    return 3;
  }
  start_session(o, window, session, ui);
  window.frame(session, ui);
  const double first_frame_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - launched)
          .count();
  if (!o.script.empty()) return run_scripted(o, window, session, ui, first_frame_ms);
  return run_interactive(window, session, ui);
}
