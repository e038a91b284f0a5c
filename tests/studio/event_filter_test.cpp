// Finding events: the event list's filter, order and score jumps
// (studio/session/event_filter.h), and the timeline's score markers sized by
// points and coloured by kind (studio/session/tick_strip.h).
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/card.h"
#include "studio/session/event_filter.h"
#include "studio/session/replay_session.h"
#include "studio/session/tick_strip.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::studio;

namespace {

const std::string kSamples = ZETEMA_SOURCE_DIR "/replays/samples/";

struct OpenSample {
  ReplaySession r;
  explicit OpenSample(const std::string& name) {
    REQUIRE_MESSAGE(r.open(kSamples + name, {test::variants_dir(), "variants"}), r.error());
  }
  const EventLog& events() { return r.cursor().events(); }
  const State& state() { return r.cursor().state(); }
};

size_t count_if_events(const EventLog& log, auto pred) {
  return static_cast<size_t>(std::count_if(log.begin(), log.end(), pred));
}

}  // namespace

TEST_CASE("the event list keeps the events of a seat, a kind, a score") {
  OpenSample g("sackson-3p-greedy-vs-random.json");
  const EventLog& log = g.events();
  EventFinder f;
  EventQuery q;
  CHECK_FALSE(q.filters());
  CHECK(f.rows(log, g.state(), SeatsShown::every(), q).size() == log.size());

  q.seat = 1;  // P2: its own events (a side's award too, none here)
  CHECK(q.filters());
  const auto& p2 = f.rows(log, g.state(), SeatsShown::every(), q);
  CHECK(p2.size() == count_if_events(log, [](const Event& e) { return e.player == 1; }));
  CHECK(p2.size() < log.size());
  for (size_t i : p2) CHECK(log[i].player == 1);

  q = EventQuery{};
  q.kind = "zetema";
  const size_t zetemas =
      count_if_events(log, [](const Event& e) { return e.type == EventType::Zetema; });
  REQUIRE(zetemas > 0);
  CHECK(f.rows(log, g.state(), SeatsShown::every(), q).size() == zetemas);
  q.kind = "discard";
  CHECK(f.rows(log, g.state(), SeatsShown::every(), q).size() ==
        count_if_events(log, [](const Event& e) { return e.type == EventType::Discard; }));
  // Every kind met is offered, declarations by their combination.
  CHECK(std::find(f.kinds().begin(), f.kinds().end(), "deal") != f.kinds().end());
  CHECK(std::find(f.kinds().begin(), f.kinds().end(), "declare") == f.kinds().end());

  q = EventQuery{};
  q.scores_only = true;
  CHECK(f.rows(log, g.state(), SeatsShown::every(), q).size() ==
        g.r.cursor().score_events().size());
  q.min_points = 30;  // scores of at least 30 points
  const auto& big = f.rows(log, g.state(), SeatsShown::every(), q);
  CHECK(big.size() ==
        count_if_events(log, [](const Event& e) { return e.scores() && e.points >= 30; }));
  CHECK(big.size() < g.r.cursor().score_events().size());
  for (size_t i : big) CHECK(log[i].points >= 30);
}

TEST_CASE("a search matches the text as the seats shown read it, in any case") {
  OpenSample g("sackson-3p-greedy-vs-random.json");
  const EventLog& log = g.events();
  // P2's first draw, named only where P2's hand shows.
  const auto draw = std::find_if(log.begin(), log.end(), [](const Event& e) {
    return e.type == EventType::Draw && e.player == 1;
  });
  REQUIRE(draw != log.end());
  const size_t at = static_cast<size_t>(draw - log.begin());
  EventQuery q;
  q.text = "P2 DRAWS " + to_string(draw->card);
  for (char& ch : q.text) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  EventFinder f;
  const auto& every = f.rows(log, g.state(), SeatsShown::every(), q);
  CHECK(std::find(every.begin(), every.end(), at) != every.end());
  // In P1's view that draw reads "P2 draws a card": the search cannot find the card.
  const auto& p1 = f.rows(log, g.state(), SeatsShown::only(0), q);
  CHECK(std::find(p1.begin(), p1.end(), at) == p1.end());
  q.text = "p2 draws a card";
  const auto& counted = f.rows(log, g.state(), SeatsShown::only(0), q);
  CHECK(std::find(counted.begin(), counted.end(), at) != counted.end());
  CHECK(f.rows(log, g.state(), SeatsShown::every(), q).empty());
}

TEST_CASE("sorted by points the most come first, ties in game order, a query searched once") {
  OpenSample g("sackson-3p-greedy-vs-random.json");
  const EventLog& log = g.events();
  EventFinder f;
  EventQuery q;
  q.by_points = true;
  const auto& rows = f.rows(log, g.state(), SeatsShown::every(), q);
  REQUIRE(rows.size() == log.size());
  for (size_t k = 1; k < rows.size(); ++k) {
    const Event &a = log[rows[k - 1]], &b = log[rows[k]];
    CHECK(a.points >= b.points);
    if (a.points == b.points) CHECK(rows[k - 1] < rows[k]);
  }
  const int most = std::max_element(log.begin(), log.end(), [](const Event& a, const Event& b) {
                     return a.points < b.points;
                   })->points;
  CHECK(log[rows.front()].points == most);
  // The same query again is not searched again; another is.
  CHECK(f.builds() == 1);
  f.rows(log, g.state(), SeatsShown::every(), q);
  CHECK(f.builds() == 1);
  q.by_points = false;
  f.rows(log, g.state(), SeatsShown::every(), q);
  CHECK(f.builds() == 2);
  f.rows(log, g.state(), SeatsShown::only(0), q);  // other seats shown: other texts
  CHECK(f.builds() == 3);
}

TEST_CASE("the score jumps go as the cursor's did, and to the kept scores only") {
  OpenSample g("sackson-3p-greedy-vs-random.json");
  auto& c = g.r.cursor();
  EventFinder f;
  EventQuery q;
  // Unfiltered: the same positions as the cursor's own next and previous score.
  for (size_t p : {size_t{0}, size_t{28}, size_t{29}, size_t{120}, c.size()}) {
    replays::ReplayCursor own = c;
    own.seek(p);
    const bool own_next = own.next_score();
    c.seek(p);
    CHECK(step_score(c, f, q, SeatsShown::every(), true) == own_next);
    CHECK(c.position() == own.position());
    own.seek(p);
    const bool own_prev = own.prev_score();
    c.seek(p);
    CHECK(step_score(c, f, q, SeatsShown::every(), false) == own_prev);
    CHECK(c.position() == own.position());
  }
  // Filtered to zetemas: from the start, one jump to the first zetema.
  const EventLog& log = c.events();
  const size_t first_zetema =
      static_cast<size_t>(std::find_if(log.begin(), log.end(),
                                       [](const Event& e) { return e.type == EventType::Zetema; }) -
                          log.begin());
  REQUIRE(first_zetema < log.size());
  q.kind = "zetema";
  c.seek(0);
  CHECK(step_score(c, f, q, SeatsShown::every(), true));
  CHECK(c.position() == first_zetema + 1);
  CHECK(step_score(c, f, q, SeatsShown::every(), false) == false);  // none before it
  CHECK(c.position() == first_zetema + 1);
  q.kind = "discard";  // kept, but none scores
  c.seek(0);
  CHECK_FALSE(step_score(c, f, q, SeatsShown::every(), true));
  CHECK(c.position() == 0);
}

TEST_CASE("the next divergence is the one after the selected event, else the first") {
  std::vector<replays::Divergence> d(3);
  d[0].a_event = 19;
  d[1].a_event = 40;
  d[2].a_event = 77;
  CHECK(next_divergence({}, 5) == std::nullopt);
  CHECK(next_divergence(d, std::nullopt) == 19);
  CHECK(next_divergence(d, 5) == 19);
  CHECK(next_divergence(d, 19) == 40);
  CHECK(next_divergence(d, 50) == 77);
  CHECK(next_divergence(d, 77) == 19);  // past the last: back to the first
}

TEST_CASE("score markers are sized by points and coloured by kind") {
  EventLog log(40);
  auto score = [&](size_t i, EventType t, int points, DeclKind k = DeclKind::Sequence) {
    log[i].type = t;
    log[i].kind = k;
    log[i].points = points;
    log[i].rule = RuleId::SequencePoints;
  };
  score(9, EventType::Declare, 10, DeclKind::Marriages);
  score(19, EventType::Zetema, 160);
  score(29, EventType::Declare, 40, DeclKind::Flush);
  const std::vector<size_t> scores{9, 19, 29}, none;
  CHECK(score_kind(log[9]) == ScoreKind::Marriages);
  CHECK(score_kind(log[19]) == ScoreKind::Zetema);
  CHECK(score_kind(log[29]) == ScoreKind::Flush);
  log[5].type = EventType::Declare;
  log[5].kind = static_cast<DeclKind>(kBuiltinKinds + 1);  // a variant's own kind
  CHECK(score_kind(log[5]) == ScoreKind::OwnKind);
  log[5].type = EventType::Award;
  CHECK(score_kind(log[5]) == ScoreKind::Award);

  TickStrip strip;
  const auto& cols = strip.columns(40, none, none, scores, 40, &log);
  CHECK(cols[10].kind == ScoreKind::Marriages);
  CHECK(cols[10].most_points == 10);
  CHECK(cols[20].most_points == 160);
  CHECK(strip.kinds_seen() == (1u << int(ScoreKind::Marriages) | 1u << int(ScoreKind::Zetema) |
                               1u << int(ScoreKind::Flush)));
  CHECK(score_dot_radius(160, 160) == kStripDotMaxRadius);
  CHECK(score_dot_radius(10, 160) > kStripDotRadius);
  CHECK(score_dot_radius(10, 160) < score_dot_radius(40, 160));
  CHECK(score_dot_radius(10, 0) == kStripDotRadius);  // points unknown

  REQUIRE(strip.paint(22, 1.0f));
  const Raster& r = strip.image();
  // Each dot in its kind's colour; the zetema's (the most points) is the
  // largest: 6 across either side of its centre, the marriage's about 3.6.
  CHECK(r.at(10, 8) == score_kind_colour(ScoreKind::Marriages));
  CHECK(r.at(30, 8) == score_kind_colour(ScoreKind::Flush));
  CHECK(r.at(20, 8) == score_kind_colour(ScoreKind::Zetema));
  CHECK(r.at(20, 3) == score_kind_colour(ScoreKind::Zetema));
  CHECK(r.at(10, 4) == kStripBackground);
  CHECK(score_kind_colour(ScoreKind::Marriages) != score_kind_colour(ScoreKind::Flush));
  // Without the events, every score is drawn alike, as before.
  TickStrip plain;
  plain.columns(40, none, none, scores, 40);
  plain.paint(22, 1.0f);
  CHECK(plain.image().at(10, 8) == kStripScore);
  CHECK(plain.image().at(20, 3) == kStripBackground);
  CHECK(plain.kinds_seen() == 0);
}
