// The scripted mode's commands and checks for play mode: starting, playing
// and resuming a game, taking command of a replay, the move log, the
// selection and the single-seat view (docs/studio.md lists them).
#include <signal.h>
#include <unistd.h>

#include <algorithm>

#include "engine/bots.h"
#include "studio/app/script_commands.h"
#include "studio/app/viewer.h"
#include "studio/session/branch.h"

namespace zetema::studio {

namespace {

// The card at `index` (from 0) of the hand of the seat to move.
std::optional<Card> hand_card(const Session& s, long long index) {
  const State& st = s.play.state();
  if (!s.play.human_to_move() || index < 0) return std::nullopt;
  const std::vector<Card> hand = st.hand(st.current).cards();
  if (index >= static_cast<long long>(hand.size())) return std::nullopt;
  return hand[static_cast<size_t>(index)];
}

std::string play(ScriptCall& c) {
  std::string variant, players, seed, seat;
  c.args >> variant >> players >> seed;
  std::vector<std::string> seats;
  while (c.args >> seat) seats.push_back(seat);
  if (!c.s.start_play(variant, static_cast<int>(script_number(players)), seats,
                      static_cast<uint64_t>(script_number(seed)))) {
    return c.s.status;
  }
  c.ui.table_shows_game = true;
  return {};
}

std::string play_from_here(ScriptCall& c) {
  std::string rules, path, seat;
  c.args >> rules >> path;
  std::vector<std::string> seats;
  while (c.args >> seat) seats.push_back(seat);
  if (!c.s.play_from_here(rules == "-" ? "" : rules, seats, path == "-" ? "" : path))
    return c.s.status;
  c.ui.table_shows_game = true;
  return {};
}

std::string play_first_legal(ScriptCall& c) {
  for (const Choice& choice : c.s.play.choices()) {
    if (choice.legal) return c.s.play.play(choice.action) ? "" : c.s.play.error();
  }
  return "no legal choice";
}

std::string play_illegal(ScriptCall& c) {
  for (const Choice& choice : c.s.play.choices()) {
    if (!choice.legal) return c.s.play.play(choice.action) ? "an illegal choice was accepted" : "";
  }
  return "no illegal choice offered";
}

std::string select_card(ScriptCall& c) {
  std::string n;
  c.args >> n;
  const auto card = hand_card(c.s, script_number(n));
  if (!card) return "no card " + n + " in the hand of a human to move";
  c.s.play.toggle_card(*card);
  return {};
}

std::string play_seats(ScriptCall& c) {
  std::string kind;
  for (int p = 0; c.args >> kind && p < kMaxPlayers; ++p) {
    const auto& names = bot_names();
    const auto at = std::find(names.begin(), names.end(), kind);
    if (kind != kHumanSeat && at == names.end()) return "no seat kind '" + kind + "'";
    c.ui.play_seats[static_cast<size_t>(p)] =
        kind == kHumanSeat ? 0 : static_cast<int>(at - names.begin()) + 1;
  }
  return {};
}

void register_selection_commands(ScriptCommands& t) {
  t.add("select-card", "select-card N: clicks the hand's card N (from 0)", select_card);
  t.add("discard-selected", "discard-selected: as the Discard button beside the selection",
        [](ScriptCall& c) {
          const SelectionOffer o = c.s.play.offer();
          if (!o.discard) return std::string("the selection offers no discard");
          return c.s.play.play(o.discard->action) ? "" : c.s.play.error();
        });
  t.add("declare-selected", "declare-selected: the first declaration the selection offers",
        [](ScriptCall& c) {
          const SelectionOffer o = c.s.play.offer();
          if (o.declarations.empty()) return std::string("the selection offers no declaration");
          return c.s.play.play(o.declarations.front().action) ? "" : c.s.play.error();
        });
}

void register_view_commands(ScriptCommands& t) {
  t.add("play-seats", "play-seats KIND...: the Play panel's seat choices, by seat", play_seats);
  t.add("show-bot-hands", "show-bot-hands true|false: the Table's checkbox in a live game",
        [](ScriptCall& c) {
          std::string on;
          c.args >> on;
          c.ui.show_bot_hands = on == "true";
          return std::string();
        });
  t.add("seat-view", "seat-view N: the single-seat view of seat N (from 1); 0: every hand",
        [](ScriptCall& c) {
          std::string n;
          c.args >> n;
          c.ui.seat_view = static_cast<int>(script_number(n)) - 1;
          return std::string();
        });
}

// Event N (VALUE's first word) as the event list writes it now, and TEXT
// (VALUE's rest); nullopt for no such event.
std::optional<std::string> event_text(const Expectation& e, std::string& text) {
  const size_t space = e.value.find(' ');
  const long long n = script_number(e.value.substr(0, space));
  text = space == std::string::npos ? "" : e.value.substr(space + 1);
  if (!e.s.replay.is_open() || n < 0 || static_cast<size_t>(n) >= e.s.replay.cursor().size())
    return std::nullopt;
  const auto& c = e.s.replay.cursor();
  return describe(c.events()[static_cast<size_t>(n)], c.state(), shown_seats(e.s, e.ui));
}

// event-text N TEXT: event N as the event list writes it now.
std::string check_event_text(const Expectation& e) {
  std::string text;
  const auto got = event_text(e, text);
  if (!got) return e.fail("no such event");
  return *got == text ? "" : e.fail(*got);
}

// event-contains N TEXT: event N's text holds TEXT (a variant's hook names
// its file's path, which differs by machine).
std::string check_event_contains(const Expectation& e) {
  std::string text;
  const auto got = event_text(e, text);
  if (!got) return e.fail("no such event");
  return got->find(text) != std::string::npos ? "" : e.fail(*got);
}

// expect hand-holds SEAT CARD true|false: seat SEAT's hand (from 1) in the
// play-mode game holds CARD.
std::string check_hand_holds(const Expectation& e) {
  std::istringstream v(e.value);
  int seat = 0;
  std::string card, flag;
  v >> seat >> card >> flag;
  if (!e.s.play.is_open()) return e.fail("no game");
  const State& st = e.s.play.state();
  if (seat < 1 || seat > st.players) return e.fail("no seat " + std::to_string(seat));
  const CardParse c = parse_card(card, st.rules->imperial_suit);
  if (!c.ok) return e.fail(c.error);
  const bool holds = st.hand(seat - 1).contains(c.card);
  return holds == (flag == "true") ? "" : e.fail(card + (holds ? " held" : " not held"));
}

// expect play-score SIDE POINTS: the play-mode game's score.
std::string check_play_score(const Expectation& e) {
  std::istringstream v(e.value);
  int side = 0;
  std::string points;
  v >> side >> points;
  const State& st = e.s.play.state();
  if (side < 1 || side > st.sides) return e.fail("no side " + std::to_string(side));
  return st.score[side - 1] == script_number(points) ? ""
                                                     : e.fail(std::to_string(st.score[side - 1]));
}

// expect verifies PATH|game: as `zetema replay verify`; "game": the file the
// game is saved in after every action (its own, else the autosave).
std::string check_verifies(const Expectation& e) {
  std::string path = e.value;
  if (path == "game")
    path = e.s.play.own_path().empty() ? e.s.autosave_path() : e.s.play.own_path();
  if (path.empty()) return e.fail("no file");
  const std::string why = verify_saved_game(path, e.s.folder());
  return why.empty() ? "" : e.fail(why);
}

void register_game_checks(ScriptCommands& t) {
  t.add_check("play-actions", "play-actions N",
              [](const Expectation& e) { return e.count(e.s.play.actions_played()); });
  t.add_check("human-to-move", "human-to-move true|false",
              [](const Expectation& e) { return e.flag(e.s.play.human_to_move()); });
  t.add_check("autosave-waiting", "autosave-waiting true|false",
              [](const Expectation& e) { return e.flag(e.s.autosave_waiting()); });
  t.add_check("play-score", "play-score SIDE POINTS: the play-mode game's score", check_play_score);
  t.add_check("following-game", "following-game true|false",
              [](const Expectation& e) { return e.flag(e.s.follow_game); });
  t.add_check("game-variant", "game-variant ID", [](const Expectation& e) {
    if (!e.s.play.is_open()) return e.fail("no game");
    return e.equals(e.s.play.state().rules->id);
  });
  t.add_check("verifies", "verifies PATH|game: as `zetema replay verify`", check_verifies);
}

void register_move_checks(ScriptCommands& t) {
  t.add_check("event-text", "event-text N TEXT: event N as the event list writes it now",
              check_event_text);
  t.add_check("event-contains", "event-contains N TEXT: event N's text holds TEXT",
              check_event_contains);
  t.add_check("hand-holds", "hand-holds SEAT CARD true|false: in the play-mode game",
              check_hand_holds);
  t.add_check("play-events", "play-events N",
              [](const Expectation& e) { return e.count(e.s.play.events().size()); });
  t.add_check("moves", "moves N",
              [](const Expectation& e) { return e.count(e.s.play.moves().size()); });
  t.add_check("selected", "selected N", [](const Expectation& e) {
    return e.count(static_cast<long long>(e.s.play.selected().size()));
  });
  t.add_check(
      "offer-declarations-at-least", "offer-declarations-at-least N", [](const Expectation& e) {
        const size_t n = e.s.play.offer().declarations.size();
        return static_cast<long long>(n) >= script_number(e.value) ? "" : e.fail(std::to_string(n));
      });
  t.add_check("last-move", "last-move SEAT-KIND: who made the latest move",
              [](const Expectation& e) {
                if (e.s.play.moves().empty()) return e.fail("no move");
                return e.equals(e.s.play.moves().back().who);
              });
  t.add_check("human-moves", "human-moves N: the human's moves in the log",
              [](const Expectation& e) {
                size_t n = 0;
                for (const Move& m : e.s.play.moves()) n += m.who == "human" && !m.taken_over;
                return e.count(n);
              });
  t.add_check("previewed", "previewed N: the position a hover preview last showed",
              [](const Expectation& e) {
                const size_t at = e.s.replay.previewed();
                return at == SIZE_MAX ? e.fail("none") : e.count(at);
              });
}

}  // namespace

void register_play_commands(ScriptCommands& t) {
  t.add("play", "play VARIANT PLAYERS SEED SEAT...", play);
  t.add("play-first-legal", "play-first-legal", play_first_legal);
  t.add("play-illegal", "play-illegal: tries the first illegal choice: it must be refused",
        play_illegal);
  t.add("undo", "undo", [](ScriptCall& c) { return c.s.play.undo() ? "" : c.s.play.error(); });
  t.add("crash", "crash: kill -9: no cleanup, no settings saved", [](ScriptCall&) {
    ::kill(::getpid(), SIGKILL);
    return std::string();
  });
  t.add("resume", "resume", [](ScriptCall& c) { return c.s.resume_play() ? "" : c.s.status; });
  t.add("play-from-here", "play-from-here RULES|- PATH|- SEAT...: take command here",
        play_from_here);
  register_selection_commands(t);
  register_view_commands(t);
  register_game_checks(t);
  register_move_checks(t);
}

}  // namespace zetema::studio
