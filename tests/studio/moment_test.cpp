// One truth and a moment to share: the file a Recent entry opens is the one
// the status names; the turn header in a player's words, never a step
// behind the next event; the position as text, hiding what a seat never saw.
#include <doctest/doctest.h>

#include "studio/session/moment_text.h"
#include "studio/session/seat_view.h"
#include "studio/session/session.h"
#include "studio/session/turn_words.h"
#include "tests/support/variant_copies.h"

using namespace zetema;
using namespace zetema::studio;

namespace {

const std::string kSamples = ZETEMA_SOURCE_DIR "/replays/samples/";
const std::string kSackson = kSamples + "sackson-3p-greedy-vs-random.json";
const std::string kRummy = kSamples + "rummy_site-2p-seven-card-turn.json";

std::string words_at(Session& s, size_t position) {
  s.replay.cursor().seek(position);
  return turn_words(s.replay.cursor().state(), next_event(s.replay.cursor()));
}

}  // namespace

TEST_CASE("a Recent entry opens that file, and the status names it") {
  const test::VariantCopies tmp("zetema-moment");
  Session s(tmp.folder(), tmp.config());
  REQUIRE_MESSAGE(s.open_replay(kSackson), s.status);
  REQUIRE_MESSAGE(s.open_replay(kRummy), s.status);
  REQUIRE(s.settings.recent.at(1) == kSackson);
  // As File > Recent does: the very string of the list, which opening reorders.
  REQUIRE(s.open_replay(s.settings.recent[1]));
  CHECK(s.replay.path() == kSackson);
  CHECK_MESSAGE(s.status.find("sackson-3p-greedy-vs-random.json") != std::string::npos, s.status);
  CHECK(s.settings.recent.front() == kSackson);
}

TEST_CASE("the turn header says whose turn it is and what they do, from the next event") {
  const test::VariantCopies tmp("zetema-moment");
  Session s(tmp.folder(), tmp.config());
  REQUIRE_MESSAGE(s.open_replay(kSackson), s.status);
  // Events 0-3: P3 deals, each is dealt; 4: P1 discards 2H; 39: P3 draws QD,
  // 40: P3 discards AC, 41: P1 draws.
  CHECK(words_at(s, 0) == "P3 to deal");
  CHECK(words_at(s, 4) == "P1 may declare or discard");  // the last card dealt: not "deal"
  CHECK(words_at(s, 40) == "P3 may declare or discard");
  CHECK(words_at(s, 41) == "P1 to draw");  // after P3's discard: P1's turn, not P3's
  CHECK(words_at(s, 42) == "P1 may declare or discard");
  s.replay.cursor().seek(s.replay.cursor().size());
  CHECK(turn_words(s.replay.cursor().state(), nullptr) == "game over");
  for (size_t p = 0; p <= s.replay.cursor().size(); p += 7)
    CHECK(words_at(s, p).find("after-declare") == std::string::npos);
}

TEST_CASE("a moment as text: file, event, table in card notation, a seat view hiding the rest") {
  const test::VariantCopies tmp("zetema-moment");
  Session s(tmp.folder(), tmp.config());
  REQUIRE_MESSAGE(s.open_replay(kSackson), s.status);
  auto& c = s.replay.cursor();
  c.seek(40);
  Moment m{"sackson-3p-greedy-vs-random.json", "sackson", 40, &c.events()[39], next_event(c)};
  const std::string every = moment_text(m, c.state(), SeatsShown::every());
  CHECK(every.find("[Replay \"sackson-3p-greedy-vs-random.json\"]") != std::string::npos);
  CHECK(every.find("[Event \"39\"] { P3 draws QD }") != std::string::npos);
  CHECK(every.find("P3 may declare or discard") != std::string::npos);
  CHECK(every.find("P1 hand: " + to_string(c.state().seat[0].hand.set())) != std::string::npos);
  // P1's own view: the others' hands are counts; no card they hold unseen is named.
  const std::string p1 = moment_text(m, c.state(), SeatsShown::only(0));
  CHECK(p1.find("P1 hand: " + to_string(c.state().seat[0].hand.set())) != std::string::npos);
  CHECK(p1.find("P2 hand: ") != std::string::npos);
  CHECK(p1.find("hidden card(s)") != std::string::npos);
  CHECK(p1.find("P3 draws QD") == std::string::npos);  // P3's draw, its card unnamed
  const CardSet secret =
      secret_cards(std::span<const Event>(c.events().data(), 40), SeatsShown::only(0));
  REQUIRE_FALSE(secret.empty());
  secret.for_each([&](Card card) {
    const std::string n = " " + to_string(card);
    for (size_t at = p1.find(n); at != std::string::npos; at = p1.find(n, at + 1)) {
      const char after = at + n.size() < p1.size() ? p1[at + n.size()] : '\n';
      CHECK_MESSAGE((after == '\'' || std::isalnum(static_cast<unsigned char>(after))),
                    "hidden " << n << " named in\n"
                              << p1);
    }
  });
}
