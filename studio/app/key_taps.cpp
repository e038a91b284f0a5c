#include "studio/app/key_taps.h"

#include <GLFW/glfw3.h>

#include <array>

namespace zetema::studio {

namespace {

std::array<int, GLFW_KEY_LAST + 1> g_taps{};

void count_tap(GLFWwindow*, int key, int, int action, int) {
  if (key >= 0 && key <= GLFW_KEY_LAST && (action == GLFW_PRESS || action == GLFW_REPEAT))
    ++g_taps[static_cast<size_t>(key)];
}

}  // namespace

void install_key_taps(GLFWwindow* window) {
  glfwSetKeyCallback(window, count_tap);
}

int key_taps(int glfw_key) {
  return glfw_key >= 0 && glfw_key <= GLFW_KEY_LAST ? g_taps[static_cast<size_t>(glfw_key)] : 0;
}

void clear_key_taps() {
  g_taps.fill(0);
}

}  // namespace zetema::studio
