#include "studio/app/cut_text.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "studio/app/drawn_frame.h"

namespace zetema::studio {

namespace {

using GlyphsByUv = std::map<std::pair<float, float>, const ImFontGlyph*>;

struct Glyph {
  float y = 0, x = 0, advance = 0;  // text origin (baseline's top), pen advance
  unsigned codepoint = 0;
  bool cut_left = false, cut_right = false;
};

// A glyph quad (ImFont::RenderText: top-left, top-right, bottom-right,
// bottom-left) at vertex `v`, clipped by `clip`; false if it is none.
// Text clipped on the CPU (ImGui::RenderTextClipped) has its quad and
// texture coordinates cut at the clip's edge: its bottom-right corner no
// longer meets the glyph's.
bool read_glyph(const ImDrawVert* v, const GlyphsByUv& by_uv, const ImVec4& clip, Glyph& out) {
  const auto it = by_uv.find({v[0].uv.x, v[0].uv.y});
  if (it == by_uv.end()) return false;
  const ImFontGlyph& g = *it->second;
  if (g.X1 <= g.X0 || g.Y1 <= g.Y0 || v[2].uv.y != g.V1) return false;
  const float scale = (v[2].pos.y - v[0].pos.y) / (g.Y1 - g.Y0);
  const bool trimmed = v[2].uv.x != g.U1;  // cut on the CPU at the right
  if (trimmed && !(v[2].uv.x < g.U1 && v[2].uv.x > g.U0)) return false;
  out.x = v[0].pos.x - g.X0 * scale;
  out.y = v[0].pos.y - g.Y0 * scale;
  out.advance = g.AdvanceX * scale;
  out.codepoint = g.Codepoint;
  const float mid_y = (v[0].pos.y + v[2].pos.y) / 2;
  const bool rows_shown = mid_y >= clip.y && mid_y <= clip.w;
  constexpr float kSlack = 0.5f;
  out.cut_left = rows_shown && v[0].pos.x < clip.x - kSlack;
  out.cut_right = rows_shown && (trimmed || v[2].pos.x > clip.z + kSlack);
  return true;
}

// The glyphs of one draw list, each with its own command's clip rectangle.
std::vector<Glyph> list_glyphs(const ImDrawList& dl, const GlyphsByUv& by_uv) {
  std::vector<Glyph> out;
  const ImDrawVert* vtx = dl.VtxBuffer.Data;
  const ImDrawIdx* idx = dl.IdxBuffer.Data;
  for (const ImDrawCmd& cmd : dl.CmdBuffer) {
    if (cmd.UserCallback) continue;
    const unsigned end = cmd.IdxOffset + cmd.ElemCount;
    for (unsigned i = cmd.IdxOffset; i + 6 <= end; i += 3) {
      const unsigned a = idx[i];
      // A quad: (a, a+1, a+2, a, a+2, a+3).
      if (idx[i + 1] != a + 1 || idx[i + 2] != a + 2 || idx[i + 3] != a || idx[i + 4] != a + 2 ||
          idx[i + 5] != a + 3)
        continue;
      Glyph g;
      if (read_glyph(vtx + cmd.VtxOffset + a, by_uv, cmd.ClipRect, g)) {
        out.push_back(g);
        i += 3;
      }
    }
  }
  return out;
}

// The list's lines (glyphs on one baseline, left to right) that hold a cut glyph.
void cut_lines(std::vector<Glyph> glyphs, const std::string& window, std::vector<CutLine>& out) {
  std::stable_sort(glyphs.begin(), glyphs.end(), [](const Glyph& a, const Glyph& b) {
    const float ya = std::round(a.y), yb = std::round(b.y);
    return ya != yb ? ya < yb : a.x < b.x;
  });
  std::string text;
  bool cut = false;
  for (size_t i = 0; i < glyphs.size(); ++i) {
    const Glyph& g = glyphs[i];
    const bool same_line = i > 0 && std::round(glyphs[i - 1].y) == std::round(g.y);
    const float pen = same_line ? glyphs[i - 1].x + glyphs[i - 1].advance : g.x;
    if (same_line && pen < g.x - 0.3f * g.advance) text += ' ';
    // Drawn over the glyph before it: two texts in one place ("156..turns");
    // not ImGui's own ellipsis, whose dots lie closer than a '.' advances.
    const bool dots = g.codepoint == '.' && glyphs[i - (i > 0 ? 1 : 0)].codepoint == '.';
    if (same_line && !dots && g.x < pen - std::max(1.5f, 0.3f * g.advance)) {
      text += '#';
      cut = true;
    }
    if (g.cut_left) text += '|';
    append_utf8(text, g.codepoint);
    if (g.cut_right) text += '|';
    cut = cut || g.cut_left || g.cut_right;
    const bool line_ends = i + 1 == glyphs.size() || std::round(glyphs[i + 1].y) != std::round(g.y);
    if (!line_ends) continue;
    if (cut) out.push_back({window, text});
    text.clear();
    cut = false;
  }
}

}  // namespace

std::vector<CutLine> cut_text(const ImDrawData& data, const ImFontAtlas& fonts) {
  GlyphsByUv by_uv;
  for (const ImFont* f : fonts.Fonts) {
    for (const ImFontGlyph& g : f->Glyphs) {
      if (g.Visible) by_uv.emplace(std::make_pair(g.U0, g.V0), &g);
    }
  }
  std::vector<CutLine> out;
  for (int l = 0; l < data.CmdListsCount; ++l) {
    const ImDrawList& dl = *data.CmdLists[l];
    cut_lines(list_glyphs(dl, by_uv), dl._OwnerName ? dl._OwnerName : "?", out);
  }
  return out;
}

}  // namespace zetema::studio
