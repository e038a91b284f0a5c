// The studio's scripted mode (`zetema-studio --script FILE`): one command
// per line, run against the session and the real window, for tests and
// for the screenshots in docs/images/. docs/studio.md lists the commands.
#pragma once

#include <string>

#include "studio/app/app_window.h"

namespace zetema::studio {

// Runs the script; returns the number of failed commands (checks that did
// not hold, commands that could not be done), or -1 if it cannot be read.
// "$SHOTS" in a line stands for `shots`, the folder screenshots go to.
int run_script(const std::string& path, AppWindow& window, Session& s, UiState& ui,
               const std::string& shots = ".");

// Median and 99th percentile of frame work times, in milliseconds.
struct FrameStats {
  size_t frames = 0;
  double median = 0, p99 = 0, max = 0;
};
FrameStats frame_stats(std::vector<double> ms);

}  // namespace zetema::studio
