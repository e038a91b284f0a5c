#include "studio/session/settings.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "replays/replay_file.h"
#include "studio/session/layout.h"

namespace zetema::studio {

void Settings::add_recent(const std::string& path) {
  recent.erase(std::remove(recent.begin(), recent.end(), path), recent.end());
  recent.insert(recent.begin(), path);
  if (recent.size() > 10) recent.resize(10);
}

std::string config_dir() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) {
    return std::string(xdg) + "/zetema-studio";
  }
  if (const char* home = std::getenv("HOME"); home && *home) {
    return std::string(home) + "/.config/zetema-studio";
  }
  return {};
}

Settings load_settings(const std::string& path) {
  Settings s;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    const size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = line.substr(0, eq), value = line.substr(eq + 1);
    try {
      if (key == "recent") s.recent.push_back(value);
      // A window too small to use (a broken save) opens at the smallest usable size.
      if (key == "window_width")
        s.window_width = std::clamp(std::stoi(value), kMinWindowW, kMaxWindowSide);
      if (key == "window_height")
        s.window_height = std::clamp(std::stoi(value), kMinWindowH, kMaxWindowSide);
      if (key == "font_size") s.font_size = std::clamp(std::stof(value), 10.0f, 32.0f);
      if (key == "layout_arranged") s.layout_arranged = value == "1";
      if (key == "playback_speed") s.playback_speed = std::clamp(std::stod(value), 0.5, 500.0);
      if (key == "last_variant_b") s.last_variant_b = value;
    } catch (const std::exception&) {
      // A damaged line keeps its default.
    }
  }
  if (s.recent.size() > 10) s.recent.resize(10);
  return s;
}

std::string save_settings(const std::string& path, const Settings& s) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  std::ostringstream out;
  for (const std::string& r : s.recent) out << "recent=" << r << "\n";
  out << "window_width=" << s.window_width << "\nwindow_height=" << s.window_height
      << "\nplayback_speed=" << s.playback_speed << "\nlast_variant_b=" << s.last_variant_b
      << "\nfont_size=" << s.font_size << "\nlayout_arranged=" << (s.layout_arranged ? 1 : 0)
      << "\n";
  return replays::write_file_atomically(path, out.str());
}

}  // namespace zetema::studio
