// Every game unchanged: seeded games played now are the games the engine
// played before the speed work (commit 24cbee3). For every shipped variant,
// player count and bot line-up, the games of seeds 1-3 are written out as
// one canonical text (decks, dealers, actions, every field of every event,
// the result) and its 64-bit FNV-1a hash is compared with the line of
// tests/golden/games-unchanged.txt, which the old engine wrote.
//
// When a hash differs, tests/golden/games-unchanged-blocks.txt finds where:
// it holds a 32-bit hash of every block of kBlock lines of each seed's text,
// so the failure names the seed and prints the first block that differs, as
// the engine plays it now (its first line that differs is in that block).
//
// To rewrite both files (only for a change that means to change games), run
//   ZETEMA_PRINT_GAMES=1 build/release/tests/engine_tests --test-case='every game unchanged*'
// which writes them in the source tree.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
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
const std::string kGoldenBlocks = ZETEMA_SOURCE_DIR "/tests/golden/games-unchanged-blocks.txt";

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

// The texts of one combination's games, seeds 1..kSeeds in order.
std::vector<std::string> games_texts(const Ruleset& rules, int players,
                                     const std::vector<std::string>& bots) {
  std::vector<std::string> texts;
  for (uint64_t seed = 1; seed <= kSeeds; ++seed) {
    MatchConfig config;
    config.setup.players = players;  // the variant's default partnerships
    config.seed = seed;
    config.bots = bots;
    texts.push_back("seed " + std::to_string(seed) + "\n" +
                    canonical_text(play_match(rules, config), rules));
  }
  return texts;
}

// The hash of one combination: its games' texts, in order.
uint64_t games_hash(const std::vector<std::string>& texts) {
  std::string all;
  for (const std::string& t : texts) all += t;
  return fnv1a(all);
}

// A text's lines in blocks of kBlock.
constexpr size_t kBlock = 16;
std::vector<std::string> blocks_of(const std::string& text) {
  std::vector<std::string> blocks(1);
  size_t lines = 0;
  for (size_t at = 0; at < text.size();) {
    const size_t end = std::min(text.find('\n', at), text.size() - 1) + 1;
    if (lines == kBlock) {
      blocks.emplace_back();
      lines = 0;
    }
    blocks.back().append(text, at, end - at);
    ++lines;
    at = end;
  }
  return blocks;
}

// One line of the blocks file: "variant players bots seed h1 h2 ...".
std::string blocks_line(const std::string& key, size_t seed, const std::string& text) {
  std::string line = key + " " + std::to_string(seed);
  for (const std::string& b : blocks_of(text)) line += " " + hex(fnv1a(b)).substr(8);
  return line;
}

// A "key hash" file: every line that is not a comment, split at its last space.
std::map<std::string, std::string> read_table(const std::string& path) {
  std::ifstream in(path);
  REQUIRE_MESSAGE(in, "cannot read " << path);
  std::map<std::string, std::string> table;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t cut = line.rfind(' ');
    REQUIRE_MESSAGE(cut != std::string::npos, "bad line in " << path << ": " << line);
    table[line.substr(0, cut)] = line.substr(cut + 1);
  }
  return table;
}
std::map<std::string, std::string> golden_table() {
  return read_table(kGolden);
}

// The blocks file: "variant players bots seed" -> its block hashes.
std::map<std::string, std::vector<std::string>> golden_blocks() {
  std::ifstream in(kGoldenBlocks);
  std::map<std::string, std::vector<std::string>> table;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string variant, players, bots, seed, h;
    words >> variant >> players >> bots >> seed;
    auto& hashes = table[variant + " " + players + " " + bots + " " + seed];
    while (words >> h) hashes.push_back(h);
  }
  return table;
}

// Where a changed combination first differs: its seed and the first block
// whose hash is not the golden one, as it reads now.
std::string first_difference(const std::string& key, const std::vector<std::string>& texts) {
  const auto golden = golden_blocks();
  for (size_t i = 0; i < texts.size(); ++i) {
    const auto it = golden.find(key + " " + std::to_string(i + 1));
    if (it == golden.end()) return "(no blocks for seed " + std::to_string(i + 1) + ")";
    const std::vector<std::string> now = blocks_of(texts[i]);
    for (size_t b = 0; b < std::max(now.size(), it->second.size()); ++b) {
      if (b < now.size() && b < it->second.size() && hex(fnv1a(now[b])).substr(8) == it->second[b])
        continue;
      return "seed " + std::to_string(i + 1) + ": its first " + std::to_string(b * kBlock) +
             " lines agree; the first line that differs is in lines " +
             std::to_string(b * kBlock + 1) + "-" + std::to_string((b + 1) * kBlock) +
             ", which now read:\n" + (b < now.size() ? now[b] : "(the text ends before)\n");
    }
  }
  return "(every block agrees: only the hash differs)";
}

bool printing() {
  const char* p = std::getenv("ZETEMA_PRINT_GAMES");
  return p != nullptr && std::string_view(p) == "1";
}

// What ZETEMA_PRINT_GAMES=1 collects, written by the last test case.
std::vector<std::string>& printed_hashes() {
  static std::vector<std::string> lines;
  return lines;
}
std::vector<std::string>& printed_blocks() {
  static std::vector<std::string> lines;
  return lines;
}

void check_variant(const std::string& id) {
  const Ruleset& rules = test::variant(id);
  const std::map<std::string, std::string> golden =
      printing() ? std::map<std::string, std::string>{} : golden_table();
  for (int players : kPlayers) {
    for (const std::vector<std::string>& bots : kLineups) {
      const std::string key = combination(id, players, bots);
      const std::vector<std::string> texts = games_texts(rules, players, bots);
      const std::string got = hex(games_hash(texts));
      if (printing()) {
        printed_hashes().push_back(key + " " + got);
        for (size_t i = 0; i < texts.size(); ++i)
          printed_blocks().push_back(blocks_line(key, i + 1, texts[i]));
        continue;
      }
      const auto it = golden.find(key);
      if (it == golden.end()) {
        FAIL_CHECK("combination " << key << " is missing from " << kGolden);
      } else if (got != it->second) {
        FAIL_CHECK("games changed for combination " << key << ": hash " << got << ", expected "
                                                    << it->second << "; "
                                                    << first_difference(key, texts));
      }
    }
  }
}

void write_file(const std::string& path, const char* header,
                const std::vector<std::string>& lines) {
  std::ofstream out(path);
  REQUIRE_MESSAGE(out, "cannot write " << path);
  out << header;
  for (const std::string& l : lines) out << l << "\n";
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

// Last in the file, so it runs after every variant's case.
TEST_CASE("every game unchanged: ZETEMA_PRINT_GAMES=1 writes the golden files") {
  if (!printing()) return;
  std::ifstream old(kGolden);
  std::string header, line;
  while (std::getline(old, line) && !line.empty() && line[0] == '#') header += line + "\n";
  write_file(kGolden, header.c_str(), printed_hashes());
  write_file(kGoldenBlocks,
             "# Where a changed game differs (tests/engine/games_unchanged_test.cpp): \"variant\n"
             "# players bots seed\" and the 32-bit FNV-1a hash of each block of 16 lines of that\n"
             "# seed's canonical text.\n",
             printed_blocks());
}
