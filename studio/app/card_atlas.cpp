#include "studio/app/card_atlas.h"

#define GL_GLEXT_PROTOTYPES
#define GLFW_INCLUDE_GLEXT
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_opengl3.h>

#include <array>
#include <cmath>
#include <cstdint>

#include "studio/app/cards_draw.h"

namespace zetema::studio {

namespace {

constexpr int kColumns = kRanks;
constexpr int kRows = Card::kCodes / kColumns;

// One atlas: every card code's face at one size, a cell each (with a
// pixel of clear margin around the face). Its texture lives as long as
// the window, like RasterTexture's.
struct Atlas {
  float scale = 0, font_size = 0, pixels_per_unit = 0;
  ImFont* font = nullptr;
  GLuint texture = 0, framebuffer = 0;
  int cell_w = 0, cell_h = 0;
  unsigned used = 0;  // `draws` when last drawn from
  bool fits(float s, float size, float ppu, ImFont* f) const {
    return texture != 0 && scale == s && font_size == size && pixels_per_unit == ppu && font == f;
  }
};
std::array<Atlas, 4> atlases;
unsigned draws = 0;        // counts the cards drawn from atlases: a clock for "least recently used"
bool unavailable = false;  // the framebuffer could not be made: never try again

// Draws every face into `a`'s texture through the backend's renderer.
bool render_faces(Atlas& a, CardFaceDrawer face) {
  const int width = a.cell_w * kColumns, height = a.cell_h * kRows;
  GLint texture = 0, framebuffer = 0, scissor = 0;
  GLfloat clear[4];
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture);
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &framebuffer);
  glGetIntegerv(GL_SCISSOR_TEST, &scissor);
  glGetFloatv(GL_COLOR_CLEAR_VALUE, clear);
  if (a.texture == 0) glGenTextures(1, &a.texture);
  if (a.framebuffer == 0) glGenFramebuffers(1, &a.framebuffer);
  glBindTexture(GL_TEXTURE_2D, a.texture);
  // Nearest: each texel lands on one screen pixel.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(texture));
  glBindFramebuffer(GL_FRAMEBUFFER, a.framebuffer);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, a.texture, 0);
  const bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  if (complete) {
    glDisable(GL_SCISSOR_TEST);
    glClearColor(0, 0, 0, 0);  // the corners stay transparent
    glClear(GL_COLOR_BUFFER_BIT);
    const float ppu = a.pixels_per_unit;
    const ImVec2 size(static_cast<float>(width) / ppu, static_cast<float>(height) / ppu);
    ImDrawList dl(ImGui::GetDrawListSharedData());
    dl._ResetForNewFrame();
    dl.PushClipRect(ImVec2(0, 0), size);
    dl.PushTextureID(ImGui::GetIO().Fonts->TexID);
    for (int code = 0; code < Card::kCodes; ++code) {
      const int col = code % kColumns, row = code / kColumns;
      face(&dl,
           ImVec2(static_cast<float>(col * a.cell_w + 1) / ppu,
                  static_cast<float>(row * a.cell_h + 1) / ppu),
           Card::from_code(code), a.scale);
    }
    ImDrawList* lists[] = {&dl};
    ImDrawData data;
    data.Valid = true;
    data.CmdLists = lists;
    data.CmdListsCount = 1;
    data.TotalVtxCount = dl.VtxBuffer.Size;
    data.TotalIdxCount = dl.IdxBuffer.Size;
    data.DisplayPos = ImVec2(0, 0);
    data.DisplaySize = size;
    data.FramebufferScale = ImVec2(ppu, ppu);
    ImGui_ImplOpenGL3_RenderDrawData(&data);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(framebuffer));
  glClearColor(clear[0], clear[1], clear[2], clear[3]);
  if (scissor) glEnable(GL_SCISSOR_TEST);
  return complete;
}

// The atlas for this size, drawn now if none is kept (over the least
// recently used one).
Atlas* atlas_for(float scale, CardFaceDrawer face) {
  const float size = ImGui::GetFontSize(), ppu = ImGui::GetIO().DisplayFramebufferScale.x;
  ImFont* font = ImGui::GetFont();
  Atlas* oldest = &atlases[0];
  for (Atlas& a : atlases) {
    if (a.fits(scale, size, ppu, font)) return &a;
    if (a.used < oldest->used) oldest = &a;
  }
  Atlas& a = *oldest;
  a.scale = scale;
  a.font_size = size;
  a.pixels_per_unit = ppu;
  a.font = font;
  a.cell_w = static_cast<int>(std::ceil(kCardW * scale * ppu)) + 2;
  a.cell_h = static_cast<int>(std::ceil(kCardH * scale * ppu)) + 2;
  if (!render_faces(a, face)) {
    unavailable = true;
    return nullptr;
  }
  return &a;
}

}  // namespace

bool draw_card_from_atlas(ImDrawList* dl, ImVec2 at, Card c, float scale, CardFaceDrawer face) {
  const float ppu = ImGui::GetIO().DisplayFramebufferScale.x;
  if (unavailable || ppu <= 0 || ppu != ImGui::GetIO().DisplayFramebufferScale.y) return false;
  Atlas* a = atlas_for(scale, face);
  if (a == nullptr) return false;
  a->used = ++draws;
  const int col = c.code() % kColumns, row = c.code() / kColumns;
  const float w = static_cast<float>(a->cell_w * kColumns);
  const float h = static_cast<float>(a->cell_h * kRows);
  // The cell's top-left pixel (its margin) one pixel above and left of the face.
  const ImVec2 p0((std::round(at.x * ppu) - 1) / ppu, (std::round(at.y * ppu) - 1) / ppu);
  const ImVec2 p1(p0.x + static_cast<float>(a->cell_w) / ppu,
                  p0.y + static_cast<float>(a->cell_h) / ppu);
  // The framebuffer's rows run bottom to top: the texture is upside down.
  const ImVec2 uv0(static_cast<float>(col * a->cell_w) / w,
                   1.0f - static_cast<float>(row * a->cell_h) / h);
  const ImVec2 uv1(static_cast<float>((col + 1) * a->cell_w) / w,
                   1.0f - static_cast<float>((row + 1) * a->cell_h) / h);
  dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(a->texture)), p0, p1, uv0, uv1);
  return true;
}

}  // namespace zetema::studio
