// Key presses counted as they arrive (GLFW's key callback), not sampled once
// a frame: ImGui 1.86 reads a key's state once a frame, so a press and its
// release within one frame were lost (ten quick taps of → moved 8 events).
// The timeline's stepping keys read these counts.
#pragma once

struct GLFWwindow;

namespace zetema::studio {

// Counts `window`'s key presses from now on. Call before ImGui's GLFW
// backend installs its callbacks: the backend then chains to this one.
void install_key_taps(GLFWwindow* window);
// Presses (and the keyboard's repeats) of a GLFW key since the last frame.
int key_taps(int glfw_key);
// The end of a frame: presses not read by then are dropped (a key typed
// into the editor must not step the timeline later).
void clear_key_taps();

}  // namespace zetema::studio
