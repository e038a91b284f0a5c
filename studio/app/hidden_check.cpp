#include "studio/app/hidden_check.h"

#include <cctype>
#include <cstdlib>
#include <vector>

#include "studio/app/script_commands.h"
#include "studio/app/viewer.h"
#include "studio/session/seat_view.h"

namespace zetema::studio {

CardSet panels_secret(const Session& s, SeatsShown shown) {
  // One record of everything shown: a card named in public anywhere in it
  // may be named in any panel.
  std::vector<Event> record;
  auto add = [&](const std::vector<Event>& events) {
    record.insert(record.end(), events.begin(), events.end());
  };
  if (s.replay.is_open()) add(s.replay.cursor().events());
  if (s.play.is_open()) add(s.play.events());
  if (s.diff.is_open()) {
    add(s.diff.result().a.events);
    add(s.diff.result().b.events);
  }
  return secret_cards(record, shown);
}

namespace {

// The card tokens of a line of text ("7D", "JS'", "10H"): runs of letters,
// digits and apostrophes that parse as a card.
std::vector<Card> cards_in(const std::string& line, Suit imperial) {
  std::vector<Card> out;
  auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '\''; };
  for (size_t i = 0; i < line.size();) {
    if (!word_char(line[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < line.size() && word_char(line[j])) ++j;
    if (const CardParse p = parse_card(std::string_view(line).substr(i, j - i), imperial); p.ok)
      out.push_back(p.card);
    i = j;
  }
  return out;
}

Suit imperial_of(const Session& s) {
  if (s.replay.is_open()) return s.replay.variant().rules.imperial_suit;
  if (s.play.is_open()) return s.play.state().rules->imperial_suit;
  return Suit::Spades;
}

}  // namespace

std::string hidden_card_shown(const DrawnFrame& frame, CardSet secret, Suit imperial) {
  for (const std::string& line : frame.lines) {
    for (Card c : cards_in(line, imperial)) {
      if (secret.contains(c)) return to_string(c) + " in the text \"" + line + "\"";
    }
  }
  const CardSet faces = frame.faces & secret;
  if (!faces.empty()) return "the face of " + to_string(faces) + " drawn";
  return {};
}

std::optional<std::string> check_hidden_expectation(const std::string& what,
                                                    const std::string& value, AppWindow& w,
                                                    Session& s, UiState& ui) {
  SeatsShown shown = shown_seats(s, ui);
  if (what == "hidden-cards-found") {
    const int seat = std::atoi(value.c_str()) - 1;
    if (seat < 0 || seat >= kMaxPlayers) return "hidden-cards-found takes a seat from 1";
    shown = SeatsShown::only(seat);
  } else if (what != "no-hidden-cards") {
    return std::nullopt;
  }
  const CardSet secret = panels_secret(s, shown);
  capture_next_frame();
  w.frame(s, ui);
  const DrawnFrame& f = last_drawn_frame();
  if (f.lines.empty()) return std::string("no text was read back from the frame");
  const std::string leak = hidden_card_shown(f, secret, imperial_of(s));
  if (what == "no-hidden-cards") {
    return leak.empty() ? "" : "a hidden card shows: " + leak;
  }
  return leak.empty()
             ? "no card hidden from P" + value + " shows (" + std::to_string(secret.size()) +
                   " hidden, " + std::to_string(f.lines.size()) + " lines read)"
             : "";
}

void register_hidden_checks(ScriptCommands& t) {
  auto check = [](const Expectation& e) {
    return *check_hidden_expectation(e.what, e.value, e.w, e.s, e.ui);
  };
  t.add_check("no-hidden-cards", "no-hidden-cards: the next frame shows nothing the view hides",
              check);
  t.add_check("hidden-cards-found",
              "hidden-cards-found SEAT: the next frame shows a card hidden "
              "from SEAT (from 1)",
              check);
}

}  // namespace zetema::studio
