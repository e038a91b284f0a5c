#include "studio/app/script_play.h"

#include <algorithm>
#include "studio/app/viewer.h"

#include "engine/bots.h"
#include "studio/session/branch.h"

namespace zetema::studio {

namespace {

long long to_number(const std::string& s) {
  try {
    return std::stoll(s);
  } catch (const std::exception&) {
    return -1;
  }
}

// The card at `index` (from 0) of the hand of the seat to move.
std::optional<Card> hand_card(const Session& s, long long index) {
  const State& st = s.play.state();
  if (!s.play.human_to_move() || index < 0) return std::nullopt;
  const std::vector<Card> hand = st.hand(st.current).cards();
  if (index >= static_cast<long long>(hand.size())) return std::nullopt;
  return hand[static_cast<size_t>(index)];
}

}  // namespace

std::optional<std::string> run_play_command(const std::string& cmd, std::istringstream& args,
                                            Session& s, UiState& ui) {
  if (cmd == "play-from-here") {  // play-from-here RULES|- PATH|- SEAT...: take command here
    std::string rules, path, seat;
    args >> rules >> path;
    std::vector<std::string> seats;
    while (args >> seat) seats.push_back(seat);
    if (!s.play_from_here(rules == "-" ? "" : rules, seats, path == "-" ? "" : path))
      return s.status;
    ui.table_shows_game = true;
    return std::string();
  }
  if (cmd == "select-card") {  // select-card N: clicks the hand's card N (from 0)
    std::string n;
    args >> n;
    const auto c = hand_card(s, to_number(n));
    if (!c) return "no card " + n + " in the hand of a human to move";
    s.play.toggle_card(*c);
    return std::string();
  }
  if (cmd == "discard-selected") {  // as the Discard button beside the selection
    const SelectionOffer o = s.play.offer();
    if (!o.discard) return std::string("the selection offers no discard");
    return s.play.play(o.discard->action) ? "" : s.play.error();
  }
  if (cmd == "declare-selected") {  // the first declaration the selection offers
    const SelectionOffer o = s.play.offer();
    if (o.declarations.empty()) return std::string("the selection offers no declaration");
    return s.play.play(o.declarations.front().action) ? "" : s.play.error();
  }
  if (cmd == "play-seats") {  // play-seats KIND...: the Play panel's seat choices, by seat
    std::string kind;
    for (int p = 0; args >> kind && p < kMaxPlayers; ++p) {
      const auto& names = bot_names();
      const auto at = std::find(names.begin(), names.end(), kind);
      if (kind != kHumanSeat && at == names.end()) return "no seat kind '" + kind + "'";
      ui.play_seats[static_cast<size_t>(p)] =
          kind == kHumanSeat ? 0 : static_cast<int>(at - names.begin()) + 1;
    }
    return std::string();
  }
  if (cmd == "show-bot-hands") {  // show-bot-hands true|false: the Table's checkbox in a live game
    std::string on;
    args >> on;
    ui.show_bot_hands = on == "true";
    return std::string();
  }
  if (cmd == "seat-view") {  // seat-view N: the single-seat view of seat N (from 1); 0: every hand
    std::string n;
    args >> n;
    ui.seat_view = static_cast<int>(to_number(n)) - 1;
    return std::string();
  }
  return std::nullopt;
}

std::optional<std::string> check_play_expectation(const std::string& what, const std::string& value,
                                                  Session& s, const UiState& ui) {
  auto fail = [&](const std::string& got) {
    return "expected " + what + " " + value + ", got " + got;
  };
  if (what == "event-text") {  // event-text N TEXT: event N as the event list writes it now
    const size_t space = value.find(' ');
    const long long n = to_number(value.substr(0, space));
    const std::string text = space == std::string::npos ? "" : value.substr(space + 1);
    if (!s.replay.is_open() || n < 0 || static_cast<size_t>(n) >= s.replay.cursor().size())
      return fail("no event " + std::to_string(n));
    const auto& c = s.replay.cursor();
    const std::string got =
        describe(c.events()[static_cast<size_t>(n)], c.state(), shown_seats(s, ui));
    return got == text ? "" : fail(got);
  }
  auto count = [&](size_t n) {
    return static_cast<long long>(n) == to_number(value) ? "" : fail(std::to_string(n));
  };
  if (what == "play-events") return count(s.play.events().size());
  if (what == "moves") return count(s.play.moves().size());
  if (what == "selected") return count(static_cast<size_t>(s.play.selected().size()));
  if (what == "offer-declarations-at-least") {
    const size_t n = s.play.offer().declarations.size();
    return static_cast<long long>(n) >= to_number(value) ? "" : fail(std::to_string(n));
  }
  if (what == "last-move") {  // expect last-move SEAT-KIND: who made the latest move
    if (s.play.moves().empty()) return fail("no move");
    return s.play.moves().back().who == value ? "" : fail(s.play.moves().back().who);
  }
  if (what == "human-moves") {  // the human's moves in the log
    size_t n = 0;
    for (const Move& m : s.play.moves()) n += m.who == "human" && !m.taken_over;
    return count(n);
  }
  if (what == "previewed") {  // expect previewed N: the position a hover preview last showed
    const size_t at = s.replay.previewed();
    return at == SIZE_MAX ? fail("none") : count(at);
  }
  if (what == "following-game")
    return s.follow_game == (value == "true") ? "" : fail(s.follow_game ? "true" : "false");
  if (what == "game-variant") {
    if (!s.play.is_open()) return fail("no game");
    return s.play.state().rules->id == value ? "" : fail(s.play.state().rules->id);
  }
  if (what == "verifies") {  // expect verifies PATH|game: as `zetema replay verify`
    const std::string path = value == "game" ? s.play.own_path() : value;
    if (path.empty()) return fail("no file");
    const std::string why = verify_saved_game(path, s.folder());
    return why.empty() ? "" : fail(why);
  }
  return std::nullopt;
}

}  // namespace zetema::studio
