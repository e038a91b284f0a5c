#include "studio/app/font_texture.h"

#include <GLFW/glfw3.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

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

bool at_font_size(float size) {
  return !one_pixel_per_unit() || std::abs(size - ImGui::GetFontSize()) < 0.01f;
}

struct KeptText {
  ImDrawList* dl;
  ImFont* font;
  float size;
  ImVec2 at;
  ImU32 colour;
  std::string text;
  ImVec2 clip_min, clip_max;
};
std::vector<KeptText> kept;  // this frame's, in the order drawn

}  // namespace

void set_font_sampling() {
  font_filter(one_pixel_per_unit() ? GL_NEAREST : GL_LINEAR);
}

void add_scaled_text(ImDrawList* dl, float size, ImVec2 at, ImU32 colour, const char* text) {
  if (at_font_size(size) || *text == '\0') {
    dl->AddText(ImGui::GetFont(), size, at, colour, text);
    return;
  }
  kept.push_back(
      {dl, ImGui::GetFont(), size, at, colour, text, dl->GetClipRectMin(), dl->GetClipRectMax()});
}

void add_scaled_text_now(ImDrawList* dl, float size, ImVec2 at, ImU32 colour, const char* text) {
  const bool switch_sampling = !at_font_size(size) && *text != '\0';
  if (switch_sampling) dl->AddCallback(bilinear, nullptr);
  dl->AddText(ImGui::GetFont(), size, at, colour, text);
  if (switch_sampling) dl->AddCallback(nearest, nullptr);
}

void draw_scaled_text() {
  for (size_t i = 0; i < kept.size(); ++i) {
    ImDrawList* dl = kept[i].dl;
    if (dl == nullptr) continue;  // drawn with an earlier list
    dl->AddCallback(bilinear, nullptr);
    for (size_t j = i; j < kept.size(); ++j) {
      KeptText& k = kept[j];
      if (k.dl != dl) continue;
      dl->PushClipRect(k.clip_min, k.clip_max, false);
      dl->AddText(k.font, k.size, k.at, k.colour, k.text.c_str());
      dl->PopClipRect();
      k.dl = nullptr;
    }
    dl->AddCallback(nearest, nullptr);
  }
  kept.clear();
}

}  // namespace zetema::studio
