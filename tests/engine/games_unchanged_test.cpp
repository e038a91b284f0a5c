// Every game unchanged: seeded games played now are the games the engine
// played before the speed work (commit 24cbee3). For every shipped variant,
// player count and bot line-up, the games of seeds 1-3 are written out as
// one canonical text (decks, dealers, actions, every field of every event,
// the result) and its 64-bit FNV-1a hash is compared with the line of
// tests/golden/games-unchanged.txt, which the old engine wrote.
//
// To rewrite the table (only for a change that means to change games), run
//   ZETEMA_PRINT_GAMES=1 build/release/tests/engine_tests --test-case='every game unchanged*'
// and keep the lines "variant players bots hash" it prints.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/action.h"
#include "engine/card.h"
#include "engine/event.h"
#include "engine/hooks.h"
#include "engine/match.h"
#include "engine/ruleset.h"
#include "tests/support/variants.h"

using namespace zetema;

namespace {

const std::string kGolden = ZETEMA_SOURCE_DIR "/tests/golden/games-unchanged.txt";

const std::vector<std::string> kVariants = {"sackson",    "rules_site",    "book1881",
                                            "rummy_site", "house_example", "parlett"};
const std::vector<int> kPlayers = {2, 3, 4, 6};
const std::vector<std::vector<std::string>> kLineups = {
    {"random"}, {"greedy"}, {"imperial", "hoarder", "assembler"}, {"mc:8"}};
constexpr uint64_t kSeeds = 3;  // seeds 1..kSeeds

std::string lineup_name(const std::vector<std::string>& bots) {
  std::string s;
  for (const std::string& b : bots) s += (s.empty() ? "" : "+") + b;
  return s;
}

// "variant players bots": the key of a line of the golden file.
std::string combination(const std::string& variant, int players,
                        const std::vector<std::string>& bots) {
  return variant + " " + std::to_string(players) + " " + lineup_name(bots);
}

uint64_t fnv1a(std::string_view text) {
  uint64_t h = 14695981039346656037ull;
  for (char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

std::string hex(uint64_t h) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

// Text with its length first, so no text can run into the next field.
std::string framed(std::string_view text) {
  return std::to_string(text.size()) + ":" + std::string(text);
}

// The one canonical text of a game: every hand's dealer and deck, every
// action, every field of every event, and the result.
std::string canonical_text(const MatchRecord& m, const Ruleset& rules) {
  std::string t;
  t += "ok=" + std::to_string(m.ok) + " completed=" + std::to_string(m.completed) +
       " error=" + framed(m.error) + "\n";
  for (const HandRecord& h : m.hands) {
    t += "hand dealer=" + std::to_string(h.dealer) +
         " deck=" + to_string(std::vector<Card>(h.deck.begin(), h.deck.end())) + "\n";
    for (const Action& a : h.actions) t += "action " + to_string(a, &rules) + "\n";
  }
  for (const Event& e : m.events) {
    const bool has_rule = static_cast<int>(e.rule) < kRuleIds;
    const bool has_hook = static_cast<int>(e.hook) < kHooks;
    t += "event " + std::string(to_string(e.type)) + " player=" + std::to_string(e.player) +
         " side=" + std::to_string(e.side) + " kind=" + std::to_string(static_cast<int>(e.kind)) +
         "/" + kind_name(e.kind, rules) + " card=" + std::to_string(e.card.code()) +
         " cards=" + to_string(e.cards) + " points=" + std::to_string(e.points) +
         " bonus=" + std::to_string(e.bonus) + " rank=" + std::to_string(e.rank) +
         " rule=" + std::string(has_rule ? rule_name(e.rule) : "-") +
         " by_hook=" + std::to_string(e.by_hook) + " winners=" + std::to_string(e.winners) +
         " end_reason=" + std::to_string(static_cast<int>(e.end_reason)) +
         " hook=" + std::string(has_hook ? hook_name(e.hook) : "-") +
         " reason=" + framed(e.reason.str()) + "\n";
  }
  const State& s = m.final_state;
  t += "final hand=" + std::to_string(s.hand_number) + " turn=" + std::to_string(s.turn_number) +
       " winners=" + std::to_string(s.winners) + " scores=";
  for (int side = 0; side < s.sides; ++side) t += std::to_string(s.score[side]) + ",";
  t += "\n";
  return t;
}

// The hash of one combination: its games from seeds 1..kSeeds, in order.
uint64_t games_hash(const Ruleset& rules, int players, const std::vector<std::string>& bots) {
  std::string text;
  for (uint64_t seed = 1; seed <= kSeeds; ++seed) {
    MatchConfig config;
    config.setup.players = players;  // the variant's default partnerships
    config.seed = seed;
    config.bots = bots;
    text +=
        "seed " + std::to_string(seed) + "\n" + canonical_text(play_match(rules, config), rules);
  }
  return fnv1a(text);
}

// The golden file: "variant players bots" -> hash.
std::map<std::string, std::string> golden_table() {
  std::ifstream in(kGolden);
  REQUIRE_MESSAGE(in, "cannot read " << kGolden);
  std::map<std::string, std::string> table;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t cut = line.rfind(' ');
    REQUIRE_MESSAGE(cut != std::string::npos, "bad line in " << kGolden << ": " << line);
    table[line.substr(0, cut)] = line.substr(cut + 1);
  }
  return table;
}

bool printing() {
  const char* p = std::getenv("ZETEMA_PRINT_GAMES");
  return p != nullptr && std::string_view(p) == "1";
}

void check_variant(const std::string& id) {
  const Ruleset& rules = test::variant(id);
  const std::map<std::string, std::string> golden =
      printing() ? std::map<std::string, std::string>{} : golden_table();
  for (int players : kPlayers) {
    for (const std::vector<std::string>& bots : kLineups) {
      const std::string key = combination(id, players, bots);
      const std::string got = hex(games_hash(rules, players, bots));
      if (printing()) {
        std::cout << key << " " << got << "\n";
        continue;
      }
      const auto it = golden.find(key);
      if (it == golden.end()) {
        FAIL_CHECK("combination " << key << " is missing from " << kGolden);
      } else {
        CHECK_MESSAGE(got == it->second, "games changed for combination " << key << ": hash " << got
                                                                          << ", expected "
                                                                          << it->second);
      }
    }
  }
}

}  // namespace

TEST_CASE("every game unchanged: sackson") {
  check_variant("sackson");
}
TEST_CASE("every game unchanged: rules_site") {
  check_variant("rules_site");
}
TEST_CASE("every game unchanged: book1881") {
  check_variant("book1881");
}
TEST_CASE("every game unchanged: rummy_site") {
  check_variant("rummy_site");
}
TEST_CASE("every game unchanged: house_example") {
  check_variant("house_example");
}
TEST_CASE("every game unchanged: parlett") {
  check_variant("parlett");
}

TEST_CASE("every game unchanged: the golden file lists exactly the combinations") {
  if (printing()) return;
  std::map<std::string, std::string> golden = golden_table();
  for (const std::string& id : kVariants) {
    for (int players : kPlayers) {
      for (const std::vector<std::string>& bots : kLineups)
        golden.erase(combination(id, players, bots));
    }
  }
  for (const auto& [key, hash] : golden) FAIL_CHECK("stale line in " << kGolden << ": " << key);
}
