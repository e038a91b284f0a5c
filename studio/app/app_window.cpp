#include "studio/app/app_window.h"
#include "studio/app/drawn_frame.h"
#include "studio/app/key_taps.h"
#include "studio/app/mouse_taps.h"
#include "studio/app/share_moment.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <fontconfig/fontconfig.h>
#include <imgui.h>
#include <stb_image.h>
#include <stb_image_write.h>

#include <time.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "replays/replay_file.h"
#include "studio/app/font_texture.h"
#include "studio/session/layout.h"

namespace zetema::studio {

namespace {

// The UI font's file, found by fontconfig as any desktop program finds its
// fonts: DejaVu Sans (it has the card suits), or what the system offers in
// its place; "" when fontconfig knows no font at all.
std::string find_font() {
  if (!FcInit()) return "";
  FcPattern* want = FcNameParse(reinterpret_cast<const FcChar8*>("DejaVu Sans"));
  if (!want) return "";
  FcConfigSubstitute(nullptr, want, FcMatchPattern);
  FcDefaultSubstitute(want);
  FcResult result = FcResultNoMatch;
  FcPattern* found = FcFontMatch(nullptr, want, &result);
  std::string file;
  FcChar8* path = nullptr;
  if (found && FcPatternGetString(found, FC_FILE, 0, &path) == FcResultMatch && path) {
    file = reinterpret_cast<const char*>(path);
  }
  if (found) FcPatternDestroy(found);
  FcPatternDestroy(want);
  return file;
}

int count_colours(const unsigned char* rgba, int w, int h, int channels) {
  std::set<uint32_t> seen;
  const long total = static_cast<long>(w) * h;
  const long step = std::max(1L, total / 20000);
  for (long i = 0; i < total && seen.size() < 4096; i += step) {
    const unsigned char* p = rgba + i * channels;
    seen.insert(uint32_t{p[0]} << 16 | uint32_t{p[1]} << 8 | p[2]);
  }
  return static_cast<int>(seen.size());
}

// Loads the UI font at `pixels` (the atlas is rebuilt when the text size
// changes, so text stays sharp at every size rather than stretched).
void load_fonts(float pixels) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const std::string font = find_font();
  if (font.empty() || !std::filesystem::exists(font)) {
    ImFontConfig config;
    config.SizePixels = pixels;
    io.Fonts->AddFontDefault(&config);  // no suit symbols, but a working studio
    return;
  }
  // Latin text plus the card suits (U+2660-2667) and a few arrows.
  static ImVector<ImWchar> ranges;
  ImFontGlyphRangesBuilder b;
  b.AddRanges(io.Fonts->GetGlyphRangesDefault());
  static const ImWchar extra[] = {0x2190, 0x21FF, 0x2660, 0x2667, 0x25A0, 0x25FF, 0};
  b.AddRanges(extra);
  b.BuildRanges(&ranges);
  if (!io.Fonts->AddFontFromFileTTF(font.c_str(), pixels, nullptr, ranges.Data)) {
    io.Fonts->AddFontDefault();
  }
}

}  // namespace

bool AppWindow::open(int width, int height, bool keep_layout, const std::string& config,
                     std::string& why) {
  if (!glfwInit()) {
    why = "cannot open a window: no display (is $DISPLAY set?)";
    return false;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  // ImGui draws in 2D, in order, with scissors: no depth or stencil buffer
  // and no multisampling (GLFW's defaults ask for 24 + 8 bits).
  glfwWindowHint(GLFW_DEPTH_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
  glfwWindowHint(GLFW_SAMPLES, 0);
  window_ = glfwCreateWindow(width, height, "Zetema Studio", nullptr, nullptr);
  if (!window_) {
    why = "cannot create an OpenGL 3.3 window";
    return false;
  }
  glfwMakeContextCurrent(window_);
  // Closing the window (its close button, the window manager) asks first
  // when the editor holds unsaved edits: the close is held back here and
  // the session's prompt decides (Session::request, EditorAction Close).
  glfwSetWindowUserPointer(window_, this);
  glfwSetWindowCloseCallback(window_, [](GLFWwindow* w) {
    glfwSetWindowShouldClose(w, GLFW_FALSE);
    static_cast<AppWindow*>(glfwGetWindowUserPointer(w))->close_asked_ = true;
  });
  glfwSwapInterval(0);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  imgui_ = true;
  ImGuiIO& io = ImGui::GetIO();
  // ImGui never writes the layout file itself (its writer is not atomic):
  // we load it here and save it through write_file_atomically.
  io.IniFilename = nullptr;
  if (keep_layout && !config.empty()) {
    ini_path_ = config + "/imgui.ini";
    std::ifstream in(ini_path_, std::ios::binary);
    if (in) {
      std::ostringstream bytes;
      bytes << in.rdbuf();
      const std::string ini = bytes.str();
      // A layout saved from a tiny or different window can leave panels
      // too small or off-screen (and the menu bar covered): not loaded.
      Display d;
      d.width = static_cast<float>(width);
      d.height = static_cast<float>(height);
      d.top = d.bottom = 22;
      std::vector<std::string> titles;
      for (int p = 0; p < kPanels; ++p) titles.push_back(panel_title(static_cast<Panel>(p)));
      layout_problem = broken_layout(parse_imgui_ini(ini), titles, d);
      if (layout_problem.empty()) {
        ImGui::LoadIniSettingsFromMemory(ini.data(), ini.size());
        layout_loaded = true;
      }
    }
  }  // else: scripted runs start from the same layout
  ImGui::StyleColorsDark();
  // Square corners and no anti-aliased fill: the tiled panels need neither, and
  // each rounded, feathered shape is dozens of triangles for a software
  // renderer (Mesa's llvmpipe under Xvfb: ~0.8 us each). docs/benchmarks.md.
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = style.ChildRounding = style.PopupRounding = 0.0f;
  style.FrameRounding = style.GrabRounding = style.TabRounding = style.ScrollbarRounding = 0.0f;
  style.AntiAliasedFill = false;
  ImGui::GetStyle().Colors[ImGuiCol_WindowBg].w = 1.0f;  // windows in front hide those behind
  font_px_ = 16;
  load_fonts(font_px_);
  install_key_taps(window_);  // first: the backend's callbacks chain to it
  install_mouse_taps(window_);
  ImGui_ImplGlfw_InitForOpenGL(window_, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  last_ = glfwGetTime();
  return true;
}

void AppWindow::save_layout() {
  if (ini_path_.empty()) return;
  size_t size = 0;
  const char* ini = ImGui::SaveIniSettingsToMemory(&size);
  replays::write_file_atomically(ini_path_, std::string(ini, size));
  ImGui::GetIO().WantSaveIniSettings = false;
}

AppWindow::~AppWindow() {
  if (imgui_) {
    save_layout();
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
  }
  if (window_) glfwDestroyWindow(window_);
  glfwTerminate();
}

bool AppWindow::should_close(const Session& s) const {
  return s.quit_requested() || glfwWindowShouldClose(window_);
}

void AppWindow::resize(int width, int height) {
  glfwSetWindowSize(window_, width, height);
  // Let the window system and the backend see the new size.
  for (int i = 0; i < 3; ++i) glfwPollEvents();
}

void AppWindow::key_event(int glfw_key, bool down) {
  ImGui_ImplGlfw_KeyCallback(window_, glfw_key, glfwGetKeyScancode(glfw_key),
                             down ? GLFW_PRESS : GLFW_RELEASE, 0);
}

void AppWindow::size(int& width, int& height) const {
  glfwGetFramebufferSize(window_, &width, &height);
}

void AppWindow::fit_text(float font_setting) {
  int w = 0, h = 0;
  glfwGetWindowSize(window_, &w, &h);
  const float px =
      std::round(text_size(font_setting, static_cast<float>(w), static_cast<float>(h)));
  if (px == font_px_ || w <= 0 || h <= 0) return;
  font_px_ = px;
  const bool uploaded = ImGui::GetIO().Fonts->TexID != nullptr;
  load_fonts(px);
  if (uploaded) {  // else the backend uploads it in its first NewFrame
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  font_sampling_set_ = false;
}

namespace {
// CPU time of the whole process (every thread: the software renderer's too).
double process_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}
}  // namespace

void AppWindow::frame(Session& s, UiState& ui, const std::string& capture, ScreenshotInfo* info) {
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = process_cpu_ms();
  glfwPollEvents();
  if (close_asked_) {
    close_asked_ = false;
    s.request({Session::EditorAction::Kind::Close, "", 0});
  }
  fit_text(s.settings.font_size);
  const double now = glfwGetTime();
  s.poll();
  s.replay.tick(now - last_);
  last_ = now;
  ImGui_ImplOpenGL3_NewFrame();  // uploads the font atlas the first time
  ImGui_ImplGlfw_NewFrame();
  // After ImGui_ImplGlfw_NewFrame, which sets the framebuffer's scale.
  const float fb_scale = ImGui::GetIO().DisplayFramebufferScale.x;
  if (ImGui::GetIO().Fonts->TexID != nullptr && (!font_sampling_set_ || fb_scale != sampled_at_)) {
    set_font_sampling();
    font_sampling_set_ = true;
    sampled_at_ = fb_scale;
  }
  const auto t0 = std::chrono::steady_clock::now();
  ImGui::NewFrame();
  draw_studio(s, ui);
  draw_scaled_text();
  ImGui::Render();
  end_drawn_frame(*ImGui::GetDrawData());
  clear_key_taps();
  clear_mouse_taps();
  work_ms.push_back(
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  // ImGui asks at most every io.IniSavingRate seconds (5 s by default).
  if (ImGui::GetIO().WantSaveIniSettings) save_layout();
  int w = 0, h = 0;
  glfwGetFramebufferSize(window_, &w, &h);
  glViewport(0, 0, w, h);
  // The panels' own background: tiled panels leave theirs to the clear.
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  write_requested_table_png(s, ui, w, h);  // File > Save table as PNG
  if (!capture.empty()) {
    // Read the back buffer before the swap; PNG rows run top to bottom.
    std::vector<unsigned char> pixels(static_cast<size_t>(w) * static_cast<size_t>(h) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    stbi_flip_vertically_on_write(1);
    ScreenshotInfo got;
    got.width = w;
    got.height = h;
    got.colours = count_colours(pixels.data(), w, h, 4);
    std::error_code ec;
    const auto parent = std::filesystem::path(capture).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    std::string png;
    const auto append = [](void* to, void* data, int n) {
      static_cast<std::string*>(to)->append(static_cast<const char*>(data), static_cast<size_t>(n));
    };
    if (stbi_write_png_to_func(append, &png, w, h, 4, pixels.data(), w * 4) == 0)
      got.error = "cannot encode the screenshot as PNG";
    else
      got.error = replays::write_file_atomically(capture, png);
    got.ok = got.error.empty();
    if (info) *info = got;
  }
  glfwSwapBuffers(window_);
  // Wait for the GPU (Xvfb: the software renderer) to finish, so the whole
  // frame's time includes drawing it, not only preparing it.
  glFinish();
  frame_ms.push_back(
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  frame_cpu_ms.push_back(process_cpu_ms() - cpu_start);
}

ScreenshotInfo inspect_png(const std::string& path) {
  ScreenshotInfo info;
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &info.width, &info.height, &channels, 4);
  if (!data) {
    info.error = "cannot read " + path + " as a PNG";
    return info;
  }
  info.colours = count_colours(data, info.width, info.height, 4);
  stbi_image_free(data);
  info.ok = true;
  return info;
}

}  // namespace zetema::studio
