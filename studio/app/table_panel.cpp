// The table: every card where it lies at the chosen moment.
#include <imgui.h>

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "engine/effects.h"
#include "studio/app/cards_draw.h"
#include "studio/app/ui.h"
#include "studio/app/viewer.h"
#include "studio/session/layout.h"
#include "studio/session/seat_view.h"
#include "studio/session/turn_words.h"

namespace zetema::studio {

namespace {

void card_row(ImDrawList* dl, CardSet cards, CardSet marked, float scale) {
  const ImVec2 at = ImGui::GetCursorScreenPos();
  float x = at.x;
  cards.for_each([&](Card c) {
    draw_card(dl, ImVec2(x, at.y), c, scale, marked.contains(c));
    x += (kCardW + 4) * scale;
  });
  ImGui::Dummy(ImVec2(std::max(x - at.x, 1.0f), kCardH * scale + 4));
}

// A hand the viewer may not see: its exposed cards face up (they lie face up
// for all: book-1881.txt's penalties), then a back for each card it holds
// unseen -- never in the hand's order, which would tell where the exposed
// cards rank among the hidden.
void counted_row(ImDrawList* dl, CardSet exposed, int hidden, float scale) {
  const ImVec2 at = ImGui::GetCursorScreenPos();
  float x = at.x;
  exposed.for_each([&](Card c) {
    draw_card(dl, ImVec2(x, at.y), c, scale, true);
    x += (kCardW + 4) * scale;
  });
  for (int i = 0; i < hidden; ++i) {
    draw_card_back(dl, ImVec2(x, at.y), "", scale);
    x += (kCardW + 4) * scale;
  }
  ImGui::Dummy(ImVec2(std::max(x - at.x, 1.0f), kCardH * scale + 4));
}

// "View: every hand / P1 only / ...": the single-seat view's seat.
void seat_view_combo(UiState& ui, int players) {
  ui.seat_view = std::clamp(ui.seat_view, -1, players - 1);
  const std::string shown =
      ui.seat_view < 0 ? std::string("every hand") : player_name(ui.seat_view) + " only";
  ImGui::SetNextItemWidth(combo_width("every hand"));
  if (ImGui::BeginCombo("view", shown.c_str())) {
    if (ImGui::Selectable("every hand", ui.seat_view < 0)) ui.seat_view = -1;
    for (int p = 0; p < players; ++p) {
      if (ImGui::Selectable((player_name(p) + " only").c_str(), ui.seat_view == p))
        ui.seat_view = p;
    }
    ImGui::EndCombo();
  }
}

// The side piles' cards: smaller than the tableau's, never too small for their index.
float side_pile_scale(float scale) {
  return std::max(scale * 0.7f, smallest_card_scale());
}

// The most cards a hand shows: a hand the view hides is its exposed cards
// and a back for each other card.
int widest_hand(const SeatView& v) {
  int most = 0;
  for (int p = 0; p < v.table.players; ++p)
    most = std::max(most, v.table.seat[p].hand.size() + v.hidden[static_cast<size_t>(p)]);
  return most;
}

// The cards' scale: the text's, or smaller so the hands, the tableau and the
// marriage and zetema piles (and the shown area) all fit the panel
// (studio/session/layout.h), never so small that a card's corner index does
// not fit it (cards_draw.h). The piles' fan and the side piles' cards do
// not scale below their least: fitted once as if they did, then again with
// their sizes at that scale.
float card_scale(const SeatView& v, int columns, float preferred) {
  const State& t = v.table;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImGuiStyle& st = ImGui::GetStyle();
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float rows = static_cast<float>((t.players + columns - 1) / columns);
  const int most_cards = widest_hand(v);
  const float spacing = st.ItemSpacing.y;
  // The hands: a name line and a row of cards each; two separators.
  const float hands_fixed = rows * (line + 4 + spacing) + 2 * (2 * spacing + 1);
  const float hands_per = rows * kCardH;
  // The shown area, where it holds cards, lies under the marriage pile: a
  // heading more in that column, and a row of side-pile cards more unless
  // the marriage pile is empty (then only its heading is drawn).
  const bool shown = !t.shown.empty();
  const float marriage_column = (kCardH + 3) * (shown && t.marriage_pile_size > 0 ? 2.0f : 1.0f);
  const float zetema_rows = static_cast<float>(std::max(1, (t.zetema_count + 4) / 5));
  // The tableau's fans: as many as its tallest pile has covered cards.
  int tallest = 1;
  for (int r = 0; r < kRanks; ++r) tallest = std::max(tallest, static_cast<int>(t.pile_size[r]));
  const float fans = static_cast<float>(tallest - 1);
  auto fit = [&](float fan_px, float fan_per, float small) {
    const Extent tableau{
        16 + st.ItemSpacing.x, kRanks * (kCardW + 4) + 10 * (kCardW + 3) * small + 8,
        hands_fixed + line + 4 + fans * fan_px, hands_per + fans * fan_per + kCardH};
    const Extent piles{0, 0, hands_fixed + line + spacing + (shown ? line + spacing : 0),
                       hands_per + small * std::max(marriage_column, zetema_rows * (kCardH + 16))};
    // Each hand in a column of its own: a little room between columns.
    const Extent hands{static_cast<float>(columns) * 12,
                       static_cast<float>(columns * most_cards) * (kCardW + 4), 0, 0};
    return std::min({fitting_scale(tableau, avail.x, avail.y, preferred, 0),
                     fitting_scale(piles, avail.x, avail.y, preferred, 0),
                     fitting_scale(hands, avail.x, avail.y, preferred, 0)});
  };
  const float first = std::max(fit(0, 17, 0.7f), 0.05f);
  const float fan = pile_fan(first);
  if (fan <= 17 * first + 0.5f && side_pile_scale(first) <= first * 0.7f + 1e-3f) return first;
  return std::max(0.05f, std::min(first, fit(fan, 0, side_pile_scale(first) / first)));
}

// "Replay / Play-mode game": which of the two the table shows, when either is open.
void source_choice(Session& s, UiState& ui) {
  const bool game = ui.table_shows_game && s.play.is_open();
  if (s.play.is_open() || s.replay.is_open()) {
    int source = game ? 1 : 0;
    ImGui::RadioButton("Replay", &source, 0);
    ImGui::SameLine();
    ImGui::RadioButton("Play-mode game", &source, 1);
    ui.table_shows_game = source == 1;
  }
}

// What the table shows: the play-mode game's or the replay's state and
// seats, with the line's note beside the choice; none when neither is open.
struct Shown {
  const State* state = nullptr;
  const std::vector<std::string>* seats = nullptr;
};

Shown shown_source(Session& s, UiState& ui) {
  Shown out;
  bool playing = false;  // a live game: the bots' hands are the human's secret
  if (ui.table_shows_game && s.play.is_open()) {
    out.state = &s.game_table();
    out.seats = &s.play.seats();
    playing = !out.state->over();
    if (playing) {
      ImGui::SameLine(0, 24);
      ImGui::Checkbox("Show the bots' hands", &ui.show_bot_hands);
    }
  } else if (s.replay.is_open()) {
    out.state = &s.replay_table();  // at a live game's end, the game as it stands
    out.seats = &s.replay.replay().seats;
    ImGui::SameLine(0, 24);
    ImGui::TextDisabled("%s, position %zu", s.replay_label().c_str(), s.replay.cursor().position());
  }
  return out;
}

// The rules' name, whose turn it is, the stock, the dealer and each side's score.
void table_header(const State& t, const Event* next, UiState& ui) {
  ImGui::Text("%s", t.rules->name.c_str());
  ImGui::SameLine();
  ImGui::TextDisabled("[%s]", t.rules->id.c_str());
  const std::string turn = ui.table_header = turn_words(t, next);
  ImGui::Text("hand %d   turn %u   %s   stock: %d card(s)   dealer %s", t.hand_number,
              t.turn_number, turn.c_str(), t.stock_size(), player_name(t.dealer).c_str());
  ui.table_turn =
      "hand " + std::to_string(t.hand_number) + " turn " + std::to_string(t.turn_number);
  for (int side = 0; side < t.sides; ++side) {
    if (side) ImGui::SameLine(0, 24);
    const bool won = t.over() && (t.winners & (1u << side));
    ImGui::TextColored(won ? ImVec4(1.0f, 0.8f, 0.2f, 1) : ImVec4(0.8f, 0.9f, 1.0f, 1), "%s%s %d",
                       won ? "winner " : "", side_name(t, side).c_str(), t.score[side]);
  }
}

// How the hands are laid out and how large the cards are drawn.
struct HandsLayout {
  int columns = 1;
  float scale = 0;
};

// The hands in as many columns (up to three) as give the largest cards:
// side by side in a wide, short panel, one under another in a tall one;
// the cards never smaller than their corner index needs (cards_draw.h), and
// never more columns than the panel's width holds at that least size (a
// panel too short for the table scrolls; hands side by side would overlap).
HandsLayout hands_layout(const SeatView& v) {
  HandsLayout out;
  const float width = ImGui::GetContentRegionAvail().x;
  const float hand = static_cast<float>(widest_hand(v)) * (kCardW + 4);
  for (int c = 1; c <= std::min(3, static_cast<int>(v.table.players)); ++c) {
    const float at = card_scale(v, c, ImGui::GetFontSize() / 16.0f);
    // Fitted, the hands fit; only at the least size can they be too wide.
    const float least = smallest_card_scale();
    const bool floored = at < least;
    if (c > 1 && floored && hand * least + 8 > width / static_cast<float>(c)) break;
    if (at > out.scale + 0.01f) {
      out.scale = at;
      out.columns = c;
    }
  }
  out.scale = std::max(out.scale, smallest_card_scale());
  return out;
}

// The hands (face up in a replay; in a live game only the humans' unless
// asked), in the columns chosen above.
void hands(ImDrawList* dl, const SeatView& view, const SeatsShown& shown,
           const std::vector<std::string>& seats, HandsLayout layout) {
  const State& t = view.table;
  if (ImGui::BeginTable("hands", layout.columns)) {
    for (int p = 0; p < t.players; ++p) {
      ImGui::TableNextColumn();
      const PlayerState& ps = t.seat[p];
      const std::string who = p < static_cast<int>(seats.size()) ? seats[p] : "";
      const std::string side =
          t.partnerships != Partnerships::Off ? "  side " + side_name(t, t.side(p)) : "";
      ImGui::TextColored(
          p == t.current ? ImVec4(1, 0.85f, 0.3f, 1) : ImVec4(0.85f, 0.85f, 0.85f, 1),
          "%s%s (%s)%s%s", p == t.current ? "> " : "", player_name(p).c_str(), who.c_str(),
          side.c_str(), ps.dropped_out ? "  dropped out" : "");
      if (shown.shows(p))
        card_row(dl, ps.hand, ps.exposed, layout.scale);
      else
        counted_row(dl, ps.exposed, view.hidden[static_cast<size_t>(p)], layout.scale);
    }
    ImGui::EndTable();
  }
}

// The 13 rank piles, each fanned downwards so every card's index shows;
// the ranks over the piles head them (no heading line: at 1280x720 the
// panel's height is what sets the cards' size).
void tableau(ImDrawList* dl, const State& t, float scale, UiState& ui) {
  ImGui::BeginGroup();
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const float col = (kCardW + 4) * scale;
  const float fan = pile_fan(scale);  // a covered card's whole index shows
  const float label_h = ImGui::GetTextLineHeightWithSpacing();  // the rank over each pile
  float tallest = 0;
  for (int r = 0; r < kRanks; ++r) {
    const float x = top.x + static_cast<float>(r) * col;
    const std::string label(1, rank_char(r));
    dl->AddText(ImVec2(x + (kCardW * scale - ImGui::CalcTextSize(label.c_str()).x) / 2, top.y),
                IM_COL32(200, 200, 200, 255), label.c_str());
    for (int i = 0; i < t.pile_size[r]; ++i) {
      // A card under another shows only its top (the fan, and the corner the
      // next card's rounding leaves): draw no more of it (each pixel drawn
      // costs under the software renderer).
      const ImVec2 at(x, top.y + label_h + static_cast<float>(i) * fan);
      const bool covered = i + 1 < t.pile_size[r];
      if (covered)
        dl->PushClipRect(at, ImVec2(at.x + kCardW * scale, at.y + fan + kCardRound * scale), true);
      draw_card(dl, at, t.piles[r][i], scale, false, covered);
      if (covered) dl->PopClipRect();
    }
    const float covered = static_cast<float>(std::max(0, t.pile_size[r] - 1));
    tallest = std::max(tallest, label_h + covered * fan + kCardH * scale);
  }
  ImGui::Dummy(ImVec2(col * kRanks, tallest + 1));
  note_item(ui, "tableau");
  ImGui::EndGroup();
}

// Face-up cards under a heading (`item` names them for the scripts' checks),
// in rows as wide as `width`, each card over the last leaving its index to
// see, each row over the last leaving the top strip a pile's fan does: the
// marriage pile, and the shown area (engine/effects.h).
// `keep_row`: room for a row of cards even when there are none.
void face_up_pile(ImDrawList* dl, const std::string& heading, std::span<const Card> cards,
                  float face, float width, bool keep_row, UiState& ui, const char* item) {
  ImGui::BeginGroup();
  // As far apart as one row of them allows, never closer than their indexes.
  const int n = std::max(1, static_cast<int>(cards.size()));
  const float spread = n > 1 ? (width - kCardW * face) / static_cast<float>(n - 1) : width;
  const float step = std::clamp(spread, std::max(index_strip(face), 1.0f), (kCardW + 3) * face);
  const int per_row = std::max(1, static_cast<int>((width - kCardW * face) / step + 1e-3f) + 1);
  const int rows = std::max(1, (n + per_row - 1) / per_row);
  const float fan = pile_fan(face);
  ImGui::TextUnformatted(heading.c_str());
  const ImVec2 m = ImGui::GetCursorScreenPos();
  for (size_t i = 0; i < cards.size(); ++i) {
    const int k = static_cast<int>(i);
    draw_card(dl,
              ImVec2(m.x + static_cast<float>(k % per_row) * step,
                     m.y + static_cast<float>(k / per_row) * fan),
              cards[i], face);
  }
  const bool row = keep_row || !cards.empty();
  ImGui::Dummy(ImVec2(width, row ? static_cast<float>(rows - 1) * fan + kCardH * face : 1.0f));
  note_item(ui, item);
  ImGui::EndGroup();
}

// The zetema piles face down, five a row, each with who turned it.
void zetema_piles(ImDrawList* dl, const State& t, float small, float width, UiState& ui) {
  ImGui::BeginGroup();
  ImGui::Text("Zetema piles (%d)", t.zetema_count);
  const ImVec2 z = ImGui::GetCursorScreenPos();
  for (int i = 0; i < t.zetema_count; ++i) {
    // The rank, over "3/5" on the back if an effect took cards out: under
    // it, only the taker fits the width of a back.
    const int left = zetema_pile_size(t, t.zetema_rank[i]);
    const std::string label = std::string(1, rank_char(t.zetema_rank[i])) +
                              (left < kCardsPerRank ? "\n" + std::to_string(left) + "/5" : "");
    const ImVec2 at(z.x + static_cast<float>(i % 5) * (kCardW + 3) * small,
                    z.y + static_cast<float>(i / 5) * (kCardH + 16) * small);
    draw_card_back(dl, at, label.c_str(), small);
    const std::string under = player_name(t.zetema_taker[i]);
    dl->AddText(ImVec2(at.x + 2, at.y + kCardH * small), IM_COL32(170, 170, 170, 255),
                under.c_str());
  }
  const float zetema_rows = static_cast<float>(std::max(1, (t.zetema_count + 4) / 5));
  ImGui::Dummy(ImVec2(width, zetema_rows * (kCardH + 16) * small));
  note_item(ui, "zetema-piles");
  ImGui::EndGroup();
}

// The marriage and zetema piles, beside the tableau and each other: the
// zetema piles as wide as their backs (up to five) or their heading, the
// marriage pile (and the shown area under it) the rest.
void side_piles(ImDrawList* dl, const State& t, float scale, UiState& ui) {
  const float small = scale * 0.7f;
  const float backs = static_cast<float>(std::clamp(static_cast<int>(t.zetema_count), 1, 5));
  const float zetema_w =
      std::max(backs * (kCardW + 3) * small, ImGui::CalcTextSize("Zetema piles (00)").x);
  const float width =
      std::max(5 * (kCardW + 3) * small, ImGui::GetContentRegionAvail().x - zetema_w - 8);
  const float face = side_pile_scale(scale);
  ImGui::BeginGroup();
  face_up_pile(dl, "Marriage pile (" + std::to_string(t.marriage_pile_size) + ")",
               std::span<const Card>(t.marriage_pile.data(), t.marriage_pile_size), face, width,
               t.shown.empty(), ui, "marriage-pile");
  // Cards a variant's effects laid face up for all, outside the piles:
  // under the marriage pile, where the tableau's fans leave room.
  if (!t.shown.empty()) {
    const std::vector<Card> shown = t.shown.cards();
    face_up_pile(dl, "Shown cards (" + std::to_string(shown.size()) + ")", shown, face, width, true,
                 ui, "shown-cards");
  }
  ImGui::EndGroup();
  ImGui::SameLine(0, 8);  // beside it: the panel's height sets the cards' size
  zetema_piles(dl, t, small, zetema_w, ui);
}

}  // namespace

void draw_table_panel(Session& s, UiState& ui) {
  if (!ImGui::Begin(panel_title(Panel::Table), &ui.open[static_cast<int>(Panel::Table)])) {
    ImGui::End();
    return;
  }
  source_choice(s, ui);
  const Shown source = shown_source(s, ui);
  if (!source.state) {
    ImGui::TextWrapped("Open a replay (File > Open, or the Timeline) or start a game in Play.");
    ImGui::End();
    return;
  }
  ImGui::SameLine(0, 24);
  seat_view_combo(ui, source.state->players);
  // What the seats shown could see, nothing more (studio/app/viewer.h).
  // The replay's next event says who moves at a moment inside a step.
  const bool cursor_shown = s.replay.is_open() && source.state == &s.replay.cursor().state();
  draw_seat_table(*source.state, *source.seats, shown_seats(s, ui), ui,
                  cursor_shown ? next_event(s.replay.cursor()) : nullptr);
  ImGui::End();
}

void draw_seat_table(const State& state, const std::vector<std::string>& seats, SeatsShown shown,
                     UiState& ui, const Event* next) {
  const SeatView view = seat_view(state, shown);
  const State& t = view.table;
  ImDrawList* dl = ImGui::GetWindowDrawList();

  table_header(t, next, ui);
  ImGui::Separator();
  const HandsLayout layout = hands_layout(view);
  hands(dl, view, shown, seats, layout);
  ImGui::Separator();

  // The tableau; the marriage and zetema piles beside it.
  tableau(dl, t, layout.scale, ui);
  ImGui::SameLine(0, 8);
  side_piles(dl, t, layout.scale, ui);
}

}  // namespace zetema::studio
