// The studio's settings, kept between runs: recent files, the window's
// size, the panels shown. A plain "key=value" file in the user's config
// folder ($XDG_CONFIG_HOME/zetema-studio, else ~/.config/zetema-studio);
// ImGui's own layout file (imgui.ini) sits beside it.
#pragma once

#include <string>
#include <vector>

namespace zetema::studio {

struct Settings {
  std::vector<std::string> recent;  // most recent first
  int window_width = 1400;
  int window_height = 900;
  double playback_speed = 8.0;  // events per second
  std::string last_variant_b = "book1881";
  float font_size = 16.0f;       // text size at a 1600x1000 window (scaled with the window)
  bool layout_arranged = false;  // the user placed the panels: keep imgui.ini's places

  void add_recent(const std::string& path);
};

// The folder settings live in (created on save). "" if no home is known.
std::string config_dir();

// Reads settings; missing or unreadable files give the defaults.
Settings load_settings(const std::string& path);
// Writes them atomically; returns "" or why it could not.
std::string save_settings(const std::string& path, const Settings& s);

}  // namespace zetema::studio
