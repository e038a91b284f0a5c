// Play mode: set up a game against bots, or take command of the open
// replay at its position; then play by clicking the cards of your hand
// (select, then discard or declare) and the options of a choice put to
// you, with a log of every move.
#include <GLFW/glfw3.h>  // ImGui 1.86 names no F keys: the GLFW backend's codes
#include <imgui.h>

#include <algorithm>

#include "engine/bots.h"

#include "replays/text.h"
#include "studio/app/cards_draw.h"
#include "studio/app/key_taps.h"
#include "studio/app/mouse_taps.h"
#include "studio/app/ui.h"

namespace zetema::studio {

namespace {
// "human" and every bot (engine/bots.h), in that order.
const std::vector<std::string>& seat_kinds() {
  static const std::vector<std::string> kinds = [] {
    std::vector<std::string> k{"human"};
    for (const std::string& b : bot_names()) k.push_back(b);
    return k;
  }();
  return kinds;
}
bool seat_kind_name(void*, int i, const char** out) {
  *out = seat_kinds()[static_cast<size_t>(i)].c_str();
  return true;
}

std::vector<std::string> chosen_seats(const UiState& ui, int players) {
  std::vector<std::string> seats;
  for (int p = 0; p < players; ++p)
    seats.push_back(seat_kinds()[static_cast<size_t>(ui.play_seats[p])]);
  return seats;
}

void seat_combos(UiState& ui, int players) {
  for (int p = 0; p < players; ++p) {
    ImGui::SetNextItemWidth(combo_width("bot:greedy"));
    ImGui::Combo(player_name(p).c_str(), &ui.play_seats[p], seat_kind_name, nullptr,
                 static_cast<int>(seat_kinds().size()));
    if (p % 3 != 2 && p + 1 < players) ImGui::SameLine();
  }
}

void new_game_section(Session& s, UiState& ui) {
  const auto& catalog = s.catalog();
  if (!ImGui::CollapsingHeader("New game", s.play.is_open() || s.replay.is_open()
                                               ? 0
                                               : ImGuiTreeNodeFlags_DefaultOpen) ||
      catalog.empty()) {
    return;
  }
  ImGui::SetNextItemWidth(combo_width("house_example"));
  if (ImGui::BeginCombo(
          "variant", catalog[std::min<size_t>(ui.play_variant, catalog.size() - 1)].id.c_str())) {
    for (size_t i = 0; i < catalog.size(); ++i) {
      if (ImGui::Selectable(catalog[i].id.c_str(), static_cast<int>(i) == ui.play_variant))
        ui.play_variant = static_cast<int>(i);
    }
    ImGui::EndCombo();
  }
  ImGui::SetNextItemWidth(combo_width("house_example"));
  ImGui::SliderInt("players", &ui.play_players, kMinPlayers, kMaxPlayers);
  seat_combos(ui, ui.play_players);
  ImGui::SetNextItemWidth(combo_width("house_example"));
  ImGui::InputInt("seed", &ui.play_seed);
  if (ImGui::Button("Start") && s.start_play(catalog[static_cast<size_t>(ui.play_variant)].id,
                                             ui.play_players, chosen_seats(ui, ui.play_players),
                                             static_cast<uint64_t>(std::max(0, ui.play_seed)))) {
    ui.table_shows_game = true;
  }
}

// Take command of the open replay at its position (issue 14), under its
// rules or another variant; after a hot reload, under the new rules.
void take_command_section(Session& s, UiState& ui) {
  if (!s.replay.is_open()) return;
  const auto& catalog = s.catalog();
  // Folded while a game is played (its own earlier positions can be taken
  // over too: scrub back, unfold, play from there).
  if (ui.unfold_take_command) ImGui::SetNextItemOpen(true);
  ui.unfold_take_command = false;
  if (!ImGui::CollapsingHeader("Take command", s.follow_game ? 0 : ImGuiTreeNodeFlags_DefaultOpen))
    return;
  const int players = s.replay.replay().players;
  ImGui::TextWrapped("From position %zu of %s, against bots:", s.replay.cursor().position(),
                     s.replay_label().c_str());
  const std::string own = "the replay's rules (" + s.replay.variant().rules.id + ")";
  ui.take_rules = std::clamp(ui.take_rules, 0, static_cast<int>(catalog.size()));
  ImGui::SetNextItemWidth(combo_width("the replay's rules (house_example)"));
  if (ImGui::BeginCombo("rules",
                        ui.take_rules == 0
                            ? own.c_str()
                            : catalog[static_cast<size_t>(ui.take_rules - 1)].id.c_str())) {
    if (ImGui::Selectable(own.c_str(), ui.take_rules == 0)) ui.take_rules = 0;
    for (size_t i = 0; i < catalog.size(); ++i) {
      if (ImGui::Selectable(catalog[i].id.c_str(), static_cast<int>(i + 1) == ui.take_rules))
        ui.take_rules = static_cast<int>(i + 1);
    }
    ImGui::EndCombo();
  }
  seat_combos(ui, players);
  const std::string variant =
      ui.take_rules == 0 ? "" : catalog[static_cast<size_t>(ui.take_rules - 1)].id;
  if (ImGui::Button("Play from here (F5)") ||
      (!ImGui::GetIO().WantTextInput && ImGui::IsKeyPressed(GLFW_KEY_F5))) {
    if (s.play_from_here(variant, chosen_seats(ui, players))) ui.table_shows_game = true;
  }
  note_item(ui, "play-from-here");
  if (s.replay.first_changed() || s.replay.divergence()) {
    ImGui::SameLine();
    if (ImGui::Button("Continue under the new rules from here") &&
        s.play_from_here("", chosen_seats(ui, players))) {
      ui.table_shows_game = true;
    }
    note_item(ui, "continue-new-rules");
  }
}

// The hand's keys (keymap.h) work unless a text field, the menu bar or a
// modifier other than Shift has the keyboard.
bool hand_keys(const UiState& ui) {
  const ImGuiIO& io = ImGui::GetIO();
  return !io.WantTextInput && !io.KeyCtrl && !io.KeyAlt && !ui.menu_by_key && !ui.panel_nav;
}

// Card i (from 0) of the hand by key: 1..9 and 0 the first ten, Shift+1..9
// the next nine. An odd count of presses toggles it.
bool card_key(int i) {
  const bool shift = ImGui::GetIO().KeyShift;
  if (i < 10) return !shift && key_taps(GLFW_KEY_0 + (i + 1) % 10) % 2 == 1;
  return i < 19 && shift && key_taps(GLFW_KEY_1 + i - 10) % 2 == 1;
}

bool key_pressed(int glfw_key) {
  return key_taps(glfw_key) > 0;
}

// The selection's discard (Enter) and declarations (D: the first), as buttons.
void offer_buttons(Session& s, UiState& ui, bool keys) {
  const SelectionOffer offer = s.play.offer();
  if (offer.discard) {
    const bool enter = keys && (key_pressed(GLFW_KEY_ENTER) || key_pressed(GLFW_KEY_KP_ENTER));
    if (ImGui::Button(("Discard " + to_string(offer.discard->action.card) + " (Enter)").c_str()) ||
        enter) {
      s.play.play(offer.discard->action);
      return;
    }
    note_item(ui, "discard-selected");
    ImGui::SameLine();
  }
  for (size_t i = 0; i < offer.declarations.size(); ++i) {
    const Choice& c = offer.declarations[i];
    ImGui::PushID(c.label.c_str());
    const std::string label = i == 0 ? c.label + " (D)" : c.label;
    if (ImGui::Button(label.c_str()) || (i == 0 && keys && key_pressed(GLFW_KEY_D))) {
      s.play.play(c.action);
      ImGui::PopID();
      return;
    }
    ImGui::PopID();
    ImGui::SameLine();
  }
  if (ImGui::Button("Clear selection (Backspace)") || (keys && key_pressed(GLFW_KEY_BACKSPACE)))
    s.play.clear_selection();
  if (!offer.discard && offer.declarations.empty())
    ImGui::TextDisabled("no legal discard or declaration holds exactly these cards");
}

// A choice put to the human: its name and reason, and a button per option.
void choice_section(Session& s, UiState& ui) {
  const State& st = s.play.state();
  const std::string& name = st.rules->choices[st.offer.choice].name;
  const std::string reason = replays::printable(st.offer.reason.str());
  ImGui::TextWrapped("Choose %s%s%s%s", replays::printable(name).c_str(),
                     reason.empty() ? "" : " (", reason.c_str(), reason.empty() ? "" : ")");
  int i = 0;
  for (const Choice& c : s.play.choices()) {
    if (i) ImGui::SameLine();
    ImGui::PushID(i++);
    const std::string label = replays::printable(c.label);
    const bool pressed = ImGui::Button(label.c_str());
    ImGui::PopID();
    // Named by its label in the exported layout ("choice-yes", "choice-7C").
    std::string id = "choice-" + label;
    std::replace(id.begin(), id.end(), ' ', '-');
    note_item(ui, id);
    if (pressed) {
      s.play.play(c.action);
      return;
    }
  }
}

// The option of the choice put now that picks card `c`, if any, among its
// options `put`.
std::optional<Action> card_option(const State& st, const std::vector<Choice>& put, Card c) {
  if (st.phase != Phase::Choice || st.rules->choices[st.offer.choice].options != OptionKind::Cards)
    return std::nullopt;
  for (const Choice& o : put) {
    if (o.action.type == ActionType::Choose && o.action.card == c) return o.action;
  }
  return std::nullopt;
}

// The hand of the human to move, as cards to click: a click selects, a
// double click discards; the selection's discard and declarations beside.
// While a choice is put, no card is selected or discarded: a click (or a
// card's key) on a card the choice offers picks it.
void hand_cards(Session& s, UiState& ui) {
  const State& st = s.play.state();
  const CardSet hand = st.hand(st.current);
  const bool choosing = st.phase == Phase::Choice;
  const std::vector<Choice> put = choosing ? s.play.choices() : std::vector<Choice>{};
  bool by_card = false;
  hand.for_each([&](Card c) { by_card = by_card || card_option(st, put, c); });
  const bool keys = hand_keys(ui);
  const CardSet badged = s.play.in_declarations();
  const float scale = ImGui::GetFontSize() / 16.0f;
  const std::string who = player_name(st.current);
  if (!choosing) {
    ImGui::TextWrapped(
        "Your hand (%s): click (or keys 1-9, 0) to select, double-click to "
        "discard; a green dot: in a legal declaration",
        who.c_str());
  } else if (by_card) {
    ImGui::TextWrapped("Your hand (%s): click a card (or keys 1-9, 0) to choose it", who.c_str());
  } else {
    ImGui::TextWrapped("Your hand (%s)", who.c_str());
  }
  std::optional<Card> discard_now, pick_card;
  int i = 0;
  hand.for_each([&](Card c) {
    if (i) ImGui::SameLine(0, 4 * scale);
    const std::string id = "hand-card-" + std::to_string(i);
    int click =
        card_button(id.c_str(), c, scale, s.play.selected().contains(c), badged.contains(c));
    note_item(ui, id);
    // ImGui 1.86 sees the two presses of a quick double click as one click
    // (both within a frame), or the second not at all (the button seems
    // held across the two frames): the presses' own record decides.
    if (mouse_double_clicked() && ImGui::IsItemHovered()) click = 2;
    const bool key = keys && click == 0 && card_key(i);
    if (choosing && (click > 0 || key))
      pick_card = c;
    else if (click == 1 || key)
      s.play.toggle_card(c);
    if (click == 2 && !choosing) discard_now = c;
    ++i;
  });
  if (pick_card) {
    if (const auto pick = card_option(st, put, *pick_card)) s.play.play(*pick);
    return;
  }
  if (discard_now) {
    s.play.play(Action::discard(*discard_now));
    return;
  }
  if (choosing) return;
  if (s.play.selected().empty()) {
    ImGui::TextDisabled("select cards to see what they allow");
    return;
  }
  offer_buttons(s, ui, keys);
}

// The choice put to the human, if any, then the hand.
void hand_section(Session& s, UiState& ui) {
  if (!s.play.human_to_move()) return;
  if (s.play.state().phase == Phase::Choice) choice_section(s, ui);
  if (s.play.human_to_move()) hand_cards(s, ui);
}

// Every move of the game, the bots' too; the latest highlighted.
void move_log(Session& s, UiState& ui) {
  const auto& moves = s.play.moves();
  ImGui::Text("Moves (%zu)", moves.size());
  ImGui::BeginChild("move-log", ImVec2(0, 0), true);
  for (size_t i = 0; i < moves.size(); ++i) {
    const Move& m = moves[i];
    const bool last = i + 1 == moves.size();
    const std::string row = std::to_string(i + 1) + ".  hand " + std::to_string(m.hand) + "  " +
                            player_name(m.seat) + " (" + m.who + ")  " + m.label +
                            (m.taken_over ? "   [replay]" : "");
    if (last) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.85f, 0.3f, 1));
    ImGui::Selectable(replays::printable(row).c_str(), last);
    if (last) ImGui::PopStyleColor();
    if (last) note_item(ui, "last-move");
  }
  if (ui.log_seen != s.play.generation()) {  // a new move: show it
    ui.log_seen = s.play.generation();
    ui.log_scroll = 2;  // the frame after, too: the first knows only the old height
  }
  if (ui.log_scroll > 0) {
    ImGui::SetScrollHereY(1.0f);
    --ui.log_scroll;
  }
  ImGui::EndChild();
}

// Takes back the human's last action and says which, in the status bar.
void undo_and_say(Session& s) {
  const auto& moves = s.play.moves();
  const size_t before = moves.size();
  std::string what;
  for (auto m = moves.rbegin(); m != moves.rend(); ++m) {
    if (m->who == "human" && !m->taken_over) {
      what = player_name(m->seat) + "'s " + m->label;
      break;
    }
  }
  if (!s.play.undo()) {
    s.status = "nothing to undo: no action of yours in this game";
    return;
  }
  const size_t undone = before - std::min(before, s.play.moves().size());
  const size_t bots = undone > 0 ? undone - 1 : 0;
  s.status =
      "undid " + what +
      (bots ? " and the " + std::to_string(bots) + " bot move" + (bots > 1 ? "s" : "") + " after it"
            : "");
}

}  // namespace

void draw_play_panel(Session& s, UiState& ui) {
  if (!ImGui::Begin(panel_title(Panel::Play), &ui.open[static_cast<int>(Panel::Play)])) {
    ImGui::End();
    return;
  }
  if (s.autosave_waiting()) {
    ImGui::TextColored(ImVec4(1, 0.85f, 0.3f, 1),
                       "An unfinished game was saved when the studio last ran.");
    if (ImGui::Button("Resume it")) {
      s.resume_play();
      ui.table_shows_game = true;
    }
    ImGui::Separator();
  }
  new_game_section(s, ui);
  take_command_section(s, ui);
  if (!s.play.is_open()) {
    ImGui::End();
    return;
  }
  const State& st = s.play.state();
  ImGui::Separator();
  ImGui::AlignTextToFramePadding();  // level with the Undo button beside it
  if (st.over()) {
    ImGui::TextColored(ImVec4(1, 0.8f, 0.2f, 1), "game over: %s",
                       winners_text(st, st.winners).c_str());
  } else if (s.play.human_to_move()) {
    ImGui::Text("%s to %s", player_name(st.current).c_str(),
                st.phase == Phase::Choice ? "choose" : "play");
  } else {
    ImGui::TextDisabled("waiting");
  }
  ImGui::SameLine();
  const bool undo_key = !ImGui::GetIO().WantTextInput && ImGui::GetIO().KeyCtrl &&
                        !ImGui::GetIO().KeyShift && key_taps(GLFW_KEY_Z) > 0;
  if (ImGui::Button("Undo my last action (Ctrl+Z)") || undo_key) undo_and_say(s);
  ImGui::SameLine();
  // Wrapped: a long path ran past the panel's edge.
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("saved after every action: %s",
                     (s.play.own_path().empty() ? s.autosave_path() : s.play.own_path()).c_str());
  ImGui::PopStyleColor();
  if (!s.play.error().empty())
    ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", replays::printable(s.play.error()).c_str());
  hand_section(s, ui);
  if (ImGui::CollapsingHeader("Every action, with the engine's reasons")) {
    for (const Choice& c : s.play.choices()) {
      ImGui::BeginDisabled(!c.legal);
      ImGui::PushID(c.label.c_str());
      if (ImGui::Button(c.label.c_str())) s.play.play(c.action);
      ImGui::PopID();
      ImGui::EndDisabled();
      if (!c.legal) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", replays::printable(c.reason).c_str());
      }
    }
  }
  move_log(s, ui);
  ImGui::End();
}

}  // namespace zetema::studio
