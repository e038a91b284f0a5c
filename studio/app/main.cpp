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

int main(int argc, char** argv) {
  using namespace zetema::studio;
  // What the studio prints (its log, a script's results) passes through the
  // one escaping function, as the CLI's does (replays/text.h).
  const zetema::replays::EscapedOutput escaped_out(std::cout), escaped_err(std::cerr);
  const auto launched = std::chrono::steady_clock::now();
  CLI::App app{"Zetema Studio: author variants, step through replays, compare rule sets"};
  std::string script, open = zetema::paths::sample_replay(), config = config_dir(),
                      variants_dir = zetema::paths::shipped_variants_dir();
  std::string variants_name;
  int width = 0, height = 0;
  bool keep_layout = false;
  std::string shots = ".";
  app.add_option("--script", script, "Run the commands in FILE, then exit (see docs/studio.md)");
  app.add_option("--shots", shots, "Folder for the script's screenshots ($SHOTS in the script)")
      ->capture_default_str();
  // Defaults in words: they are paths of this machine, not of the help text's reader.
  app.add_option("--open", open,
                 "Replay (.json, .zrb) or game in notation (.zgn) to open at start (default: a "
                 "shipped sample)");
  app.add_option("--config", config,
                 "Folder for settings, layout and the autosaved game (default: "
                 "$XDG_CONFIG_HOME/zetema-studio, else ~/.config/zetema-studio)");
  app.add_option("--variants-dir", variants_dir,
                 "Folder of the variant files (default: $ZETEMA_VARIANTS_DIR, else the shipped "
                 "variants)");
  app.set_version_flag("--version", "zetema-studio " + zetema::paths::version());
  app.add_option("--variants-name", variants_name,
                 "How the variants folder is named in messages (default: 'variants' for the "
                 "bundled folder, else its path)");
  app.add_flag("--keep-layout", keep_layout,
               "With --script: load and save the window layout as an interactive run does "
               "(scripted runs otherwise start from the default layout)");
  // Checked as the zetema tool checks its numbers (studio/cli/numbers.h).
  zetema::cli::add_whole(&app, "--width", width, kMinWindowW, kMaxWindowSide,
                         "Window width in pixels (default: as last time)")
      ->default_str("");
  zetema::cli::add_whole(&app, "--height", height, kMinWindowH, kMaxWindowSide,
                         "Window height in pixels (default: as last time)")
      ->default_str("");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Every usage error exits 2, as the zetema tool's do; --help and --version 0.
    return app.exit(e) == 0 ? 0 : 2;
  }

  // Settings, layout and autosaves all go to the config folder: make it once.
  if (!config.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(config, ec);
  }
  zetema::scripting::VariantFolder folder = zetema::paths::variant_folder(variants_dir);
  if (!variants_name.empty()) folder.shown = variants_name;
  Session session(folder, config);
  UiState ui;
  if (width <= 0) width = session.settings.window_width;
  if (height <= 0) height = session.settings.window_height;

  AppWindow window;
  std::string why;
  if (!window.open(width, height, script.empty() || keep_layout, config, why)) {
    std::fprintf(
        stderr,
        "zetema-studio: %s.\n"
        "The studio needs a graphical display. Without one, use the command-line tool\n"
        "(zetema play / replay show / diff ...), or run the studio under a virtual display:\n"
        "  xvfb-run -a -s \"-screen 0 1600x1000x24\" zetema-studio --script FILE\n",
        why.c_str());
    return 3;
  }
  // The places imgui.ini kept are the user's own only if they arranged them.
  ui.windows.user_arranged = window.layout_loaded && session.settings.layout_arranged;
  if (!open.empty()) session.open_replay(open);
  if (!window.layout_problem.empty())
    session.status = "the saved layout was reset: " + window.layout_problem;
  if (session.autosave_waiting()) {
    session.status = "an unfinished game was autosaved: Play > Resume it";
    ui.focus = Panel::Play;
  }
  window.frame(session, ui);
  const double first_frame_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - launched)
          .count();

  if (!script.empty()) {
    std::printf("launch to first frame%s: %.1f ms\n",
                session.replay.is_open() ? " with a replay open" : "", first_frame_ms);
    const int failed = run_script(script, window, session, ui, shots);
    if (failed < 0) {
      std::fprintf(stderr, "zetema-studio: cannot read script %s\n", script.c_str());
      return 2;
    }
    std::printf("%s: %d command(s) failed\n", script.c_str(), failed);
    return failed == 0 ? 0 : 1;
  }
  while (!window.should_close(session)) window.frame(session, ui);
  window.size(session.settings.window_width, session.settings.window_height);
  session.settings.layout_arranged = ui.windows.user_arranged;
  session.save_settings_now();
  return 0;
}
