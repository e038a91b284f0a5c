#include "studio/app/mouse_taps.h"

#include <GLFW/glfw3.h>

#include <cmath>

namespace zetema::studio {

namespace {

// ImGui's own double-click time and distance (io.MouseDoubleClickTime, ...MaxDist).
constexpr double kDoubleClickSeconds = 0.30;
constexpr double kDoubleClickPixels = 6.0;

double g_last_time = -1.0, g_last_x = 0.0, g_last_y = 0.0;
bool g_double = false;

void on_button(GLFWwindow* window, int button, int action, int) {
  if (button != GLFW_MOUSE_BUTTON_LEFT || action != GLFW_PRESS) return;
  const double now = glfwGetTime();
  double x = 0, y = 0;
  glfwGetCursorPos(window, &x, &y);
  if (g_last_time >= 0 && now - g_last_time <= kDoubleClickSeconds &&
      std::hypot(x - g_last_x, y - g_last_y) <= kDoubleClickPixels) {
    g_double = true;
    g_last_time = -1.0;  // a third press starts anew
  } else {
    g_last_time = now;
  }
  g_last_x = x;
  g_last_y = y;
}

}  // namespace

void install_mouse_taps(GLFWwindow* window) {
  glfwSetMouseButtonCallback(window, on_button);
}

bool mouse_double_clicked() {
  return g_double;
}

void clear_mouse_taps() {
  g_double = false;
}

}  // namespace zetema::studio
