// The history hooks read (engine/state.h): shared between copies of a
// State, each copy seeing only its own entries, whatever order the copies
// are made, written and dropped in.
#include <doctest/doctest.h>

#include <memory>
#include <vector>

#include "engine/rng.h"
#include "engine/state.h"

using namespace zetema;

namespace {

HistoryEntry entry(uint32_t n) {
  HistoryEntry e;
  e.turn = n;
  e.points = static_cast<int32_t>(n % 97);
  if (n % 5 == 0) e.reason = Reason::of("reason " + std::to_string(n)).value();
  return e;
}

// The turns of the entries, oldest first.
std::vector<uint32_t> turns(const History& h) {
  std::vector<uint32_t> out;
  for (const HistoryEntry* e : h.entries()) out.push_back(e->turn);
  return out;
}

}  // namespace

TEST_CASE("history: entries oldest first across chunks") {
  History h;
  std::vector<uint32_t> want;
  for (uint32_t i = 1; i <= 40; ++i) {
    h.push(entry(i));
    want.push_back(i);
    CHECK(h.size() == i);
  }
  CHECK(turns(h) == want);
  CHECK(h.entries()[9]->reason == "reason 10");
}

TEST_CASE("history: two copies written after each other keep their own entries") {
  for (uint32_t shared : {0u, 1u, 5u, 15u, 16u, 17u, 32u}) {
    CAPTURE(shared);
    History a;
    for (uint32_t i = 1; i <= shared; ++i) a.push(entry(i));
    History b = a;
    CHECK(a == b);
    a.push(entry(1000));
    b.push(entry(2000));
    b.push(entry(2001));
    a.push(entry(1001));
    std::vector<uint32_t> base;
    for (uint32_t i = 1; i <= shared; ++i) base.push_back(i);
    std::vector<uint32_t> want_a = base, want_b = base;
    want_a.insert(want_a.end(), {1000, 1001});
    want_b.insert(want_b.end(), {2000, 2001});
    CHECK(turns(a) == want_a);
    CHECK(turns(b) == want_b);
    CHECK_FALSE(a == b);
  }
}

TEST_CASE("history: a copy dropped after writing leaves the original its slots") {
  History a;
  for (uint32_t i = 1; i <= 5; ++i) a.push(entry(i));
  {
    History b = a;
    for (uint32_t i = 100; i < 130; ++i) b.push(entry(i));
  }
  a.push(entry(6));
  CHECK(turns(a) == std::vector<uint32_t>{1, 2, 3, 4, 5, 6});
}

TEST_CASE("history: equality is by content, shared or not") {
  History a, b;
  for (uint32_t i = 1; i <= 20; ++i) {
    a.push(entry(i));
    b.push(entry(i));
  }
  CHECK(a == b);
  History c = a;
  c.push(entry(21));
  a.push(entry(21));
  CHECK(a == c);
  b.push(entry(22));
  CHECK_FALSE(a == b);
}

TEST_CASE("history: random copies, writes and drops against plain lists") {
  Rng rng(17);
  struct Copy {
    std::unique_ptr<History> h;
    std::vector<uint32_t> model;
  };
  std::vector<Copy> copies;
  copies.push_back({std::make_unique<History>(), {}});
  uint32_t next = 1;
  for (int step = 0; step < 4000; ++step) {
    const uint32_t pick = rng.below(static_cast<uint32_t>(copies.size()));
    switch (rng.below(4)) {
      case 0:  // a copy of one
        if (copies.size() < 12) {
          copies.push_back({std::make_unique<History>(*copies[pick].h), copies[pick].model});
        }
        break;
      case 1:  // one dropped (one is always kept)
        if (copies.size() > 1) copies.erase(copies.begin() + pick);
        break;
      default:  // an entry added to one
        copies[pick].h->push(entry(next));
        copies[pick].model.push_back(next++);
        break;
    }
    for (const Copy& c : copies) REQUIRE(turns(*c.h) == c.model);
  }
}
