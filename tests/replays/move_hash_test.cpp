// The event hash (replays/record.h) covers where an effect moved a card:
// two games that differ only in a move's place hash differently, while the
// places, which only moves and shuffles carry, leave every other line (and
// so every hash recorded before effects) as it was.
#include <doctest/doctest.h>

#include "engine/event.h"
#include "replays/record.h"
#include "replays/sha256.h"
#include "tests/support/variants.h"

using namespace zetema;

namespace {

Event move(Place from, Place to) {
  Event e;
  e.type = EventType::Move;
  e.player = 0;
  e.card = Card(6, Suit::Hearts);
  e.from = from;
  e.to = to;
  e.rule = RuleId::Moment;
  e.by_hook = true;
  e.hook = Hook::TurnStart;
  return e;
}

std::string hash_of(const Event& e) {
  return replays::events_sha256(EventLog{e}, test::variant("sackson"));
}

}  // namespace

TEST_CASE("a move's places are in the event hash: another hand, another zone, another source") {
  const Place stock{Zone::Stock, 0};
  const Event to_p2 = move(stock, Place{Zone::Hand, 1});
  CHECK(hash_of(to_p2) == hash_of(move(stock, Place{Zone::Hand, 1})));
  CHECK(hash_of(to_p2) != hash_of(move(stock, Place{Zone::Hand, 2})));
  CHECK(hash_of(to_p2) != hash_of(move(stock, Place{Zone::Shown, 0})));
  CHECK(hash_of(to_p2) != hash_of(move(Place{Zone::StockBottom, 0}, Place{Zone::Hand, 1})));
  CHECK(hash_of(move(Place{Zone::Shown, 0}, stock)) !=
        hash_of(move(Place{Zone::Shown, 0}, Place{Zone::StockBottom, 0})));
  Event shuffle = move(stock, stock);
  shuffle.type = EventType::Shuffle;
  shuffle.card = Card();
  Event other = shuffle;
  other.to = Place{Zone::Tableau, 0};  // no engine shuffles it; the hash still tells
  CHECK(hash_of(shuffle) != hash_of(other));
}

TEST_CASE("the places leave the hash of every other event type as it was") {
  Event discard;
  discard.type = EventType::Discard;
  discard.player = 1;
  discard.card = Card(3, Suit::Spades);
  Event placed = discard;
  placed.from = Place{Zone::Hand, 1};
  placed.to = Place{Zone::Tableau, 0};
  CHECK(hash_of(discard) == hash_of(placed));
  // The line of format 2 as it was written before moves existed.
  CHECK(hash_of(discard) ==
        replays::sha256_hex("discard 1 255 sequence 4S  0 0 0 - 0 - 0 target 0:\n"));
  // A move's line: the same fields, then its two places.
  CHECK(hash_of(move(Place{Zone::Stock, 0}, Place{Zone::Hand, 1})) ==
        replays::sha256_hex("move 0 255 sequence 7H  0 0 0 moments 1 turn_start 0 target 0: "
                            "stock hand:1\n"));
}
