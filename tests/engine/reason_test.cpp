// Reasons: each different text kept once, so an event holding one is a
// plain value (engine/reason.h).
#include <doctest/doctest.h>

#include <string>
#include <thread>
#include <vector>

#include "engine/event.h"
#include "engine/reason.h"

namespace zetema {
namespace {

TEST_CASE("reasons: the same text is one kept reason, no text is none") {
  const Reason none = Reason::of("").value();
  CHECK(none.empty());
  CHECK(none.str().empty());
  CHECK(none == Reason());
  const Reason a = Reason::of("+10 a marriage in the imperial suit").value();
  const Reason again = Reason::of(std::string("+10 a marriage in the imperial suit")).value();
  const Reason other = Reason::of("fed the pile").value();
  CHECK(a == again);
  CHECK_FALSE(a == other);
  CHECK_FALSE(a == none);
  CHECK(a.str() == "+10 a marriage in the imperial suit");
  CHECK(a == std::string_view("+10 a marriage in the imperial suit"));
  CHECK(a.size() == 35);
  // An event copied keeps its reason's text.
  Event e;
  e.reason = other;
  const Event copy = e;
  CHECK(copy.reason.str() == "fed the pile");
}

TEST_CASE("reasons: a table keeps at most its cap of different texts") {
  ReasonTable table(3);
  const std::string* one = table.keep("one");
  REQUIRE(one != nullptr);
  REQUIRE(table.keep("two") != nullptr);
  REQUIRE(table.keep("three") != nullptr);
  CHECK(table.keep("four") == nullptr);  // a fourth different text
  CHECK(table.keep("one") == one);       // one already kept still is
  CHECK(*one == "one");
  CHECK(table.size() == 3);
}

TEST_CASE("reasons: threads keeping the same texts share one copy of each") {
  ReasonTable table(1000);
  constexpr int kThreads = 4, kTexts = 200;
  std::vector<std::vector<const std::string*>> got(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&table, &out = got[static_cast<size_t>(t)], t] {
      for (int i = 0; i < kTexts; ++i) {
        const int n = (i + t * 37) % kTexts;  // each thread in its own order
        out.push_back(table.keep("reason " + std::to_string(n)));
      }
    });
  }
  for (std::thread& th : threads) th.join();
  CHECK(table.size() == kTexts);
  for (int t = 0; t < kThreads; ++t) {
    for (int i = 0; i < kTexts; ++i) {
      const int n = (i + t * 37) % kTexts;
      const std::string* kept = got[static_cast<size_t>(t)][static_cast<size_t>(i)];
      REQUIRE(kept != nullptr);
      CHECK(*kept == "reason " + std::to_string(n));
      CHECK(kept == table.keep("reason " + std::to_string(n)));
    }
  }
}

}  // namespace
}  // namespace zetema
