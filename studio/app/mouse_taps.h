// Double clicks told from the mouse's own presses (GLFW's callback, with
// their times and places), not from ImGui 1.86's once-a-frame sample: two
// presses within one slow frame are one click to ImGui, and a frame slower
// than the double-click time splits a double click in two single ones.
#pragma once

struct GLFWwindow;

namespace zetema::studio {

// Records `window`'s left-button presses from now on. Call before ImGui's
// GLFW backend installs its callbacks: the backend then chains to this one.
void install_mouse_taps(GLFWwindow* window);
// A left press since the last frame came within the double-click time and
// distance of the press before it.
bool mouse_double_clicked();
// The end of a frame: the presses read.
void clear_mouse_taps();

}  // namespace zetema::studio
