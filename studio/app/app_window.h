// The studio's window: GLFW + OpenGL 3 + Dear ImGui (the backends shipped
// in Debian's libimgui), one frame at a time, with screenshots and the
// timing of the studio's own work per frame (NewFrame to Render) and of
// the whole frame (rendering included).
#pragma once

#include <string>
#include <vector>

#include "studio/app/ui.h"

struct GLFWwindow;

namespace zetema::studio {

struct ScreenshotInfo {
  bool ok = false;
  int width = 0, height = 0;
  int colours = 0;  // distinct colours seen (sampled): a blank frame has 1
  std::string error;
};

class AppWindow {
 public:
  // Opens the window; on failure (no display) returns false with why.
  bool open(int width, int height, bool keep_layout, const std::string& config, std::string& why);
  ~AppWindow();

  // The window may close: the session allowed it (Session::quit_requested).
  bool should_close(const Session& s) const;
  // Runs one frame of the studio; if `capture` is set, saves a PNG of it.
  void frame(Session& s, UiState& ui, const std::string& capture = {},
             ScreenshotInfo* info = nullptr);
  void resize(int width, int height);
  // Sends a key press or release (a GLFW key code) through the GLFW backend,
  // as the keyboard would: the scripted mode's `key` command.
  void key_event(int glfw_key, bool down);
  void size(int& width, int& height) const;

  // Milliseconds of the studio's own work per frame (NewFrame to Render).
  std::vector<double> work_ms;
  // Milliseconds of the whole frame: events, the studio's work, rendering,
  // the swap, and glFinish (the renderer done).
  std::vector<double> frame_ms;
  // The same frames in CPU time of the process, all threads (Mesa's
  // software renderer included): the frame's cost when the machine is
  // shared, as wall-clock time then also counts waiting for a core.
  std::vector<double> frame_cpu_ms;
  // Why the saved layout (imgui.ini) was not loaded ("" if it was, or none).
  std::string layout_problem;
  bool layout_loaded = false;

 private:
  // Writes ImGui's layout (imgui.ini) atomically, if this run keeps it.
  void save_layout();
  // Rebuilds the font atlas if the text size (setting x window) changed.
  void fit_text(float font_setting);

  GLFWwindow* window_ = nullptr;
  bool close_asked_ = false;  // the window system asked to close; the session answers
  bool imgui_ = false;
  double last_ = 0;
  std::string ini_path_;
  float font_px_ = 16;
  // The atlas's texture is sampled as set_font_sampling says, for this framebuffer scale.
  bool font_sampling_set_ = false;
  float sampled_at_ = 1;
};

// Loads a PNG and measures it as frame() does (for checking screenshots).
ScreenshotInfo inspect_png(const std::string& path);

}  // namespace zetema::studio
