#include "studio/app/font_texture.h"

#include <GLFW/glfw3.h>

#include <cstdint>

namespace zetema::studio {

namespace {

bool one_pixel_per_unit() {
  const ImVec2 s = ImGui::GetIO().DisplayFramebufferScale;
  return s.x == 1.0f && s.y == 1.0f;
}

void font_filter(GLint filter) {
  const ImTextureID id = ImGui::GetIO().Fonts->TexID;
  if (id == nullptr) return;
  GLint bound = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(reinterpret_cast<intptr_t>(id)));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(bound));
}

// Run by the renderer between draw commands.
void bilinear(const ImDrawList*, const ImDrawCmd*) {
  font_filter(GL_LINEAR);
}
void nearest(const ImDrawList*, const ImDrawCmd*) {
  font_filter(GL_NEAREST);
}

}  // namespace

void set_font_sampling() {
  font_filter(one_pixel_per_unit() ? GL_NEAREST : GL_LINEAR);
}

void scaled_text_begin(ImDrawList* dl) {
  if (one_pixel_per_unit()) dl->AddCallback(bilinear, nullptr);
}

void scaled_text_end(ImDrawList* dl) {
  if (one_pixel_per_unit()) dl->AddCallback(nearest, nullptr);
}

}  // namespace zetema::studio
