#include "studio/app/drawn_frame.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace zetema::studio {

namespace {

bool g_capturing = false;
DrawnFrame g_frame;

// A glyph found in the draw data: where its text origin is, and its code point.
struct Placed {
  int list = 0;
  float y = 0, x = 0, advance = 0;
  unsigned codepoint = 0;
};

// Every glyph of every font, by the top-left corner of its place in the atlas.
std::map<std::pair<float, float>, const ImFontGlyph*> glyphs_by_uv(const ImFontAtlas& fonts) {
  std::map<std::pair<float, float>, const ImFontGlyph*> out;
  for (const ImFont* f : fonts.Fonts) {
    for (const ImFontGlyph& g : f->Glyphs) {
      if (g.Visible) out.emplace(std::make_pair(g.U0, g.V0), &g);
    }
  }
  return out;
}

// The glyph quads of one draw list (ImFont::RenderText writes each as four
// vertices: top-left, top-right, bottom-right, bottom-left).
void find_glyphs(const ImDrawList& dl, int list,
                 const std::map<std::pair<float, float>, const ImFontGlyph*>& by_uv,
                 std::vector<Placed>& out) {
  const ImVector<ImDrawVert>& v = dl.VtxBuffer;
  for (int i = 0; i + 3 < v.Size; ++i) {
    const auto it = by_uv.find({v[i].uv.x, v[i].uv.y});
    if (it == by_uv.end()) continue;
    const ImFontGlyph& g = *it->second;
    if (v[i + 2].uv.x != g.U1 || v[i + 2].uv.y != g.V1 || g.X1 <= g.X0) continue;
    const float scale = (v[i + 2].pos.x - v[i].pos.x) / (g.X1 - g.X0);
    out.push_back({list, v[i].pos.y - g.Y0 * scale, v[i].pos.x - g.X0 * scale, g.AdvanceX * scale,
                   g.Codepoint});
    i += 3;
  }
}

}  // namespace

void append_utf8(std::string& out, unsigned cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | cp >> 6);
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | cp >> 12);
    out += static_cast<char>(0x80 | (cp >> 6 & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::vector<std::string> drawn_text(const ImDrawData& data, const ImFontAtlas& fonts) {
  const auto by_uv = glyphs_by_uv(fonts);
  std::vector<Placed> glyphs;
  for (int l = 0; l < data.CmdListsCount; ++l) find_glyphs(*data.CmdLists[l], l, by_uv, glyphs);
  std::stable_sort(glyphs.begin(), glyphs.end(), [](const Placed& a, const Placed& b) {
    const float ya = std::round(a.y), yb = std::round(b.y);
    return a.list != b.list ? a.list < b.list : ya != yb ? ya < yb : a.x < b.x;
  });
  std::vector<std::string> lines;
  const Placed* prev = nullptr;
  for (const Placed& g : glyphs) {
    const bool same_line = prev && prev->list == g.list && std::round(prev->y) == std::round(g.y);
    if (!same_line) {
      lines.emplace_back();
    } else if (g.x - (prev->x + prev->advance) > 0.3f * g.advance) {
      lines.back() += ' ';  // a space (drawn as nothing) or a gap between items
    }
    append_utf8(lines.back(), g.codepoint);
    prev = &g;
  }
  return lines;
}

void capture_next_frame() {
  g_frame = {};
  g_capturing = true;
}
bool capturing() {
  return g_capturing;
}
void note_card_face(Card c) {
  if (g_capturing) g_frame.faces.insert(c);
}
void note_card_index(const DrawnIndex& index) {
  if (g_capturing) g_frame.indexes.push_back(index);
}
void end_drawn_frame(const ImDrawData& data) {
  if (!g_capturing) return;
  g_frame.lines = drawn_text(data, *ImGui::GetIO().Fonts);
  g_frame.cut = cut_text(data, *ImGui::GetIO().Fonts);
  g_capturing = false;
}
const DrawnFrame& last_drawn_frame() {
  return g_frame;
}

}  // namespace zetema::studio
