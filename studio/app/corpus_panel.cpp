// The corpus view: a folder of replays re-run under B; its summary, the
// first divergences by hand, their causes, and the games, any of which opens
// in the Diff panel.
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <filesystem>
#include <optional>

#include "replays/text.h"
#include "studio/app/fit_text.h"
#include "studio/app/ui.h"
#include "studio/paths/data_paths.h"

namespace zetema::studio {

namespace {

std::string interval(const lab::Estimate& e, const char* format) {
  char buf[96];
  std::snprintf(buf, sizeof buf, format, e.mean, e.lo, e.hi);
  return buf;
}

std::string seats(unsigned mask) {
  std::string out;
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (mask & (1u << p)) out += (out.empty() ? "P" : "+P") + std::to_string(p + 1);
  }
  return out.empty() ? "-" : out;
}

// Bars for first..the last number any game fell in, `width` x `height`
// pixels, after their label (two lines, at the left: a line less than a
// label above, which the diff below the Corpus needs at 1280x720).
void histogram(const char* label, const std::vector<std::pair<int, uint64_t>>& counts, int first,
               float width, float height) {
  std::vector<float> bars;
  if (!counts.empty()) bars.assign(static_cast<size_t>(counts.back().first - first + 1), 0.0f);
  for (const auto& [at, games] : counts) {
    if (at >= first) bars[static_cast<size_t>(at - first)] = static_cast<float>(games);
  }
  ImGui::PushID(label);
  ImGui::TextUnformatted(label);
  ImGui::SameLine();
  if (bars.empty()) bars.push_back(0.0f);  // no divergence: an empty chart
  ImGui::PlotHistogram("", bars.data(), static_cast<int>(bars.size()), 0, nullptr, 0.0f, FLT_MAX,
                       ImVec2(width, height));
  ImGui::PopID();
}

void summary(const CorpusSession& c) {
  const lab::CorpusSummary& s = c.summary();
  ImGui::TextWrapped("%llu replays under %s (policy %s): %llu diverged, %llu could not be re-run",
                     static_cast<unsigned long long>(s.files), c.result().b_id.c_str(),
                     c.policy().c_str(), static_cast<unsigned long long>(s.diverged),
                     static_cast<unsigned long long>(s.errors));
  ImGui::TextWrapped("winners flipped: %llu of %llu finished under both, rate %s (95%%)",
                     static_cast<unsigned long long>(s.flips),
                     static_cast<unsigned long long>(s.decided),
                     interval(s.flip_rate, "%.2f [%.2f, %.2f]").c_str());
  // One seat after another, onto the next line where the panel ends.
  ImGui::TextUnformatted("score B - A:");
  for (size_t p = 0; p < s.seat_change.size(); ++p) {
    char seat[96];
    std::snprintf(seat, sizeof seat, "P%zu %s", p + 1,
                  interval(s.seat_change[p], "%+.1f [%+.1f, %+.1f]").c_str());
    same_line_or_wrap(ImGui::CalcTextSize(seat).x + 24);
    ImGui::TextUnformatted(seat);
  }
  // Three lines high, or two where that leaves five games of the table on
  // screen (the Corpus above the diff at 1280x720).
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const size_t causes = std::min<size_t>(s.causes.size(), 4);
  const float below = static_cast<float>(causes + 6) * line +
                      (c.notes().empty() ? 0.0f : ImGui::GetFrameHeightWithSpacing());
  const float bars_h = std::clamp(ImGui::GetContentRegionAvail().y - below, 2 * line, 3 * line);
  const char* by_hand = "first divergence\nby hand";
  const char* by_turn = "by turn of its hand\n(from 0: the deal)";
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float bars_w =
      std::max(line, (ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(by_hand).x -
                      ImGui::CalcTextSize(by_turn).x - 4 * spacing) /
                         2);
  histogram(by_hand, s.by_hand, 1, bars_w, bars_h);
  ImGui::SameLine(0, 2 * spacing);
  histogram(by_turn, s.by_turn, 0, bars_w, bars_h);
  for (size_t i = 0; i < s.causes.size() && i < 4; ++i) {
    ImGui::BulletText("%llu  %s", static_cast<unsigned long long>(s.causes[i].second),
                      replays::printable(s.causes[i].first).c_str());
  }
  if (!c.notes().empty() &&
      ImGui::CollapsingHeader("replays that ran their own embedded sources")) {
    for (const std::string& n : c.notes()) ImGui::TextWrapped("%s", replays::printable(n).c_str());
  }
}

void games_table(Session& s, UiState& ui) {
  const CorpusSession& c = s.corpus;
  if (!ImGui::BeginTable("corpus_games", 6,
                         ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                             ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable)) {
    return;
  }
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("replay");
  // Fixed columns as wide as their usual text at this text size.
  auto fixed = [](const char* title, const char* widest) {
    ImGui::TableSetupColumn(title, ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize(widest).x);
  };
  fixed("A", "book1881x");
  fixed("first divergence", "hand 1, turn 10");
  ImGui::TableSetupColumn("cause");
  fixed("winners A -> B", "P1+P3 -> P2");
  fixed("flip", "flip yes");  // the title or "yes", with room to spare
  ImGui::TableHeadersRow();
  std::optional<size_t> open;
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(c.rows().size()));
  while (clip.Step()) {
    for (int r = clip.DisplayStart; r < clip.DisplayEnd; ++r) {
      const size_t i = c.rows()[static_cast<size_t>(r)];
      const lab::CorpusGame& g = c.result().games[i];
      ImGui::TableNextRow();
      if (g.flipped())
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(120, 30, 30, 255));
      ImGui::TableNextColumn();
      ImGui::PushID(r);
      // The file's name (its folder is the one run) as it fits, the whole path on hover.
      const std::string name =
          replays::printable(std::filesystem::path(g.file).filename().string());
      if (ImGui::Selectable(fitted(name, ImGui::GetContentRegionAvail().x).c_str(), false,
                            ImGuiSelectableFlags_SpanAllColumns)) {
        open = i;
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", replays::printable(g.file).c_str());
      note_row(ui, "corpus-row-" + std::to_string(r + 1));
      ImGui::PopID();
      ImGui::TableNextColumn();
      if (!g.error.empty()) {
        ImGui::TextDisabled("error");
        ImGui::TableNextColumn();
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", replays::printable(g.error).c_str());
        continue;
      }
      text_fitted(g.a_id);
      ImGui::TableNextColumn();
      if (g.diverged) {
        ImGui::Text("hand %d, turn %d", g.hand, g.turn);
      } else {
        ImGui::TextDisabled("none");
      }
      ImGui::TableNextColumn();
      text_fitted(replays::printable(g.cause));
      ImGui::TableNextColumn();
      text_fitted(seats(g.win_a) + " -> " + (g.finished_b ? seats(g.win_b) : "unfinished"));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(g.flipped() ? "yes" : "");
    }
  }
  ImGui::EndTable();
  if (open) open_corpus_game(s, ui, *open);
}

}  // namespace

bool open_corpus_game(Session& s, UiState& ui, size_t game) {
  if (!s.open_corpus_game(game)) return false;
  sync_diff_choices(s, ui);  // the corpus' B and policy, which it ran
  ui.open[static_cast<int>(Panel::Diff)] = true;
  ui.focus = Panel::Diff;
  ui.scroll_to_divergence = true;
  return true;
}

void draw_corpus_panel(Session& s, UiState& ui) {
  if (!ImGui::Begin(panel_title(Panel::Corpus), &ui.open[static_cast<int>(Panel::Corpus)])) {
    ImGui::End();
    return;
  }
  const auto& catalog = s.catalog();
  const auto& policies = diff_policies();
  if (!ui.corpus_path[0]) {  // the shipped sample replays to start with
    std::snprintf(ui.corpus_path, sizeof ui.corpus_path, "%s",
                  (paths::data_dir() + "/samples").c_str());
  }
  // Each control on the line if it fits, else on the next (a narrow panel).
  const float b_w = combo_width("house_example"), policy_w = combo_width("bot:greedy");
  const float gap = ImGui::GetStyle().ItemInnerSpacing.x + ImGui::GetStyle().ItemSpacing.x;
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("replays/samples/xxxxxxxx").x);
  ImGui::InputText("replays (folder or file)", ui.corpus_path, sizeof ui.corpus_path);
  same_line_or_wrap(b_w + ImGui::CalcTextSize("B").x + gap);
  ImGui::SetNextItemWidth(b_w);
  if (!catalog.empty() &&
      ImGui::BeginCombo("B",
                        catalog[std::min<size_t>(ui.corpus_b, catalog.size() - 1)].id.c_str())) {
    for (size_t i = 0; i < catalog.size(); ++i) {
      if (ImGui::Selectable(catalog[i].id.c_str(), static_cast<int>(i) == ui.corpus_b))
        ui.corpus_b = static_cast<int>(i);
    }
    ImGui::EndCombo();
  }
  same_line_or_wrap(policy_w + ImGui::CalcTextSize("policy").x + gap);
  ImGui::SetNextItemWidth(policy_w);
  if (ImGui::BeginCombo("policy", policies[static_cast<size_t>(ui.corpus_policy)].c_str())) {
    for (size_t i = 0; i < policies.size(); ++i) {
      if (ImGui::Selectable(policies[i].c_str(), static_cast<int>(i) == ui.corpus_policy))
        ui.corpus_policy = static_cast<int>(i);
    }
    ImGui::EndCombo();
  }
  same_line_or_wrap(ImGui::CalcTextSize("Run corpus").x + 2 * ImGui::GetStyle().FramePadding.x);
  // Runs in the background (the session's worker), never in the frame.
  if (s.corpus.running()) {
    if (ImGui::Button("Stop")) s.corpus.stop();
    ImGui::SameLine();
    const uint64_t total = std::max<uint64_t>(1, s.corpus.total());
    ImGui::ProgressBar(static_cast<float>(s.corpus.done()) / static_cast<float>(total),
                       ImVec2(160, 0));
  } else if (ImGui::Button("Run corpus") && !catalog.empty()) {
    s.start_corpus({ui.corpus_path}, catalog[static_cast<size_t>(ui.corpus_b)].id,
                   policies[static_cast<size_t>(ui.corpus_policy)]);
  }
  note_item(ui, "run-corpus");
  if (!s.corpus.error().empty()) {
    ImGui::TextColored(ImVec4(1, 0.45f, 0.45f, 1), "%s",
                       replays::printable(s.corpus.error()).c_str());
  }
  if (!s.corpus.is_open()) {
    ImGui::TextWrapped(
        "Re-run every replay of a folder under rule set B: which winners flip, where games first "
        "diverge and why. Click a game to open it in the Diff panel.");
    ImGui::End();
    return;
  }
  summary(s.corpus);
  games_table(s, ui);
  ImGui::End();
}

}  // namespace zetema::studio
