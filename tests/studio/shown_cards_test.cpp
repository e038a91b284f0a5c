// Cards a variant's hooks move (engine/effects.h), as the studio's text
// layer shows them: the shown area in a layout and in the moment text, and
// in one seat's view no card an effect moved where that seat cannot see
// it -- in an event's row, a search of the rows, its explanation or the
// position as text.
#include <doctest/doctest.h>

#include <cctype>

#include "engine/effects.h"
#include "engine/layout.h"
#include "studio/session/event_filter.h"
#include "studio/session/explain.h"
#include "studio/session/moment_text.h"
#include "studio/session/seat_view.h"
#include "studio/session/session.h"
#include "studio/session/turn_words.h"
#include "tests/support/variant_copies.h"

using namespace zetema;
using namespace zetema::studio;

namespace {

// A replay of tests/studio/data/shown_gifts.lua: three cards turned up in
// the shown area after the deal; on odd turns the stock's bottom card goes
// to the player's hand, unseen by the others.
const std::string kGifts = ZETEMA_SOURCE_DIR "/tests/studio/data/shown-gifts.json";

// Whether `text` names card `c` as a word ("7H", not the "7H" of "7H'").
bool names(const std::string& text, Card c) {
  const std::string n = to_string(c);
  auto word = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '\''; };
  for (size_t at = text.find(n); at != std::string::npos; at = text.find(n, at + 1)) {
    const bool starts = at == 0 || !word(text[at - 1]);
    const bool ends = at + n.size() == text.size() || !word(text[at + n.size()]);
    if (starts && ends) return true;
  }
  return false;
}

Layout shown_layout() {
  Layout l;
  l.players = 3;
  l.hands = {"2C 3C 4C", "2D 3D 4D", "2H 3H 4H"};
  l.tableau = "9C";
  l.shown = "KS' 7S";
  l.stock = "5C 6C";
  return l;
}

}  // namespace

TEST_CASE("a layout sets up the shown area, each card in one place") {
  const LayoutResult r = build_state(test::variant("sackson"), shown_layout());
  REQUIRE_MESSAGE(r.ok, r.error);
  CHECK(to_string(r.state.shown) == "7S KS'");
  CHECK(card_accounting(r.state).empty());
  Layout twice = shown_layout();
  twice.shown = "7S 3D";  // 3D is in P2's hand
  const LayoutResult bad = build_state(test::variant("sackson"), twice);
  CHECK_FALSE(bad.ok);
  CHECK(bad.error == "shown: card 3D is already placed elsewhere");
  Layout in_stock = shown_layout();
  in_stock.stock = "5C 7S";
  CHECK(build_state(test::variant("sackson"), in_stock).error ==
        "stock: card 7S is already placed elsewhere");
}

TEST_CASE("the moment text shows the shown area to every seat, and no line without it") {
  const LayoutResult r = build_state(test::variant("sackson"), shown_layout());
  REQUIRE_MESSAGE(r.ok, r.error);
  const Moment m{"layout", "sackson", 0, nullptr, nullptr};
  for (SeatsShown shown : {SeatsShown::every(), SeatsShown::only(1), SeatsShown::none()}) {
    const std::string text = moment_text(m, r.state, shown);
    CHECK_MESSAGE(text.find("\nshown 7S KS'\n") != std::string::npos, text);
  }
  Layout none = shown_layout();
  none.shown.clear();
  const LayoutResult plain = build_state(test::variant("sackson"), none);
  REQUIRE(plain.ok);
  CHECK(moment_text(m, plain.state, SeatsShown::every()).find("shown") == std::string::npos);
}

TEST_CASE("in P1's view no row, search, explanation or moment text names another hand's gift") {
  const test::VariantCopies tmp("zetema-shown");
  Session s(tmp.folder(), tmp.config());
  REQUIRE_MESSAGE(s.open_replay(kGifts), s.status);
  REQUIRE(s.pending_replay());  // its variant is not installed: its own Lua, once accepted
  REQUIRE_MESSAGE(s.accept_replay(), s.status);
  auto& c = s.replay.cursor();
  const EventLog& events = c.events();
  const SeatsShown p1 = SeatsShown::only(0);
  int gifts_to_others = 0, turned_up = 0, own_gifts = 0;
  for (size_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    if (e.type != EventType::Move) continue;
    c.seek(i + 1);
    const State& at = c.state();
    const std::string row = describe(e, at, p1);
    const std::string every = describe(e, at, SeatsShown::every());
    CHECK(names(every, e.card));  // the whole replay names it
    const Moment m{"shown-gifts.json", "shown_gifts", i + 1, &e, next_event(c)};
    const std::string text = moment_text(m, at, p1);
    if (e.to.zone == Zone::Shown) {
      ++turned_up;  // public: named in every view, and in the shown line
      CHECK(names(row, e.card));
      CHECK(text.find("\nshown ") != std::string::npos);
      CHECK(names(text, e.card));
      continue;
    }
    if (e.to.zone != Zone::Hand || e.from.zone == Zone::Shown) continue;
    if (e.to.seat == 0) {
      ++own_gifts;  // to P1's own hand: P1 sees it
      CHECK(names(row, e.card));
      continue;
    }
    ++gifts_to_others;
    CHECK_MESSAGE(!names(row, e.card), row);
    CHECK(row.find("a card moves from the stock to P") == 0);
    CHECK_MESSAGE(!names(text, e.card), text);
    CHECK_MESSAGE(!names(explain(e, at, nullptr, p1).what, e.card), row);
    // A search for the card finds no row of P1's list that is this move.
    EventQuery q;
    q.text = to_string(e.card);
    EventFinder finder;
    for (size_t kept : finder.rows(events, at, p1, q)) CHECK(kept != i);
    // The studio's own check (hidden_check.h) counts it secret here.
    const CardSet secret = secret_cards(std::span<const Event>(events.data(), i + 1), p1);
    CHECK(secret.contains(e.card));
  }
  // The replay holds every case, so the checks above can fail.
  CHECK(turned_up == 3);
  CHECK(own_gifts > 0);
  CHECK(gifts_to_others > 3);
}
