// Writes the sample replays (replays/samples/): bot games chosen so each
// shows one thing. For each sample, seeds are tried in order from 1 until
// a game shows it, so the same build always writes the same files.
//
//   make_samples VARIANTS_DIR OUT_DIR [NAME...]   (replays/samples/regenerate.sh
//   runs it; with NAMEs, only those samples are written)
#include <algorithm>
#include <functional>
#include <iostream>

#include "engine/combinations.h"
#include "engine/match.h"
#include "replays/record.h"
#include "replays/replay_file.h"

using namespace zetema;

namespace {

struct Sample {
  std::string name;  // file name without .json: what it shows
  std::string variant;
  int players;
  std::optional<Partnerships> teams;
  std::vector<std::string> bots;
  std::function<bool(const MatchRecord&)> shows;
};

bool any_event(const MatchRecord& m, const std::function<bool(const Event&)>& f) {
  for (const Event& e : m.events) {
    if (f(e)) return true;
  }
  return false;
}

// A zetema followed at once by a discard of the same player: the chain.
bool has_chain(const MatchRecord& m) {
  for (size_t i = 0; i + 1 < m.events.size(); ++i) {
    const Event& z = m.events[i];
    const Event& next = m.events[i + 1];
    if (z.type == EventType::Zetema && next.type == EventType::Discard && next.player == z.player)
      return true;
  }
  return false;
}

// An assembly of a rank, then the zetema of that rank in the same hand.
bool assembly_then_zetema(const MatchRecord& m) {
  int assembled = -1;
  for (const Event& e : m.events) {
    if (e.type == EventType::HandStart) assembled = -1;
    if (e.type == EventType::Declare && e.kind == DeclKind::Assembly)
      assembled = e.cards.cards().front().rank();
    if (e.type == EventType::Zetema && e.rank == assembled && e.points > 0) return true;
  }
  return false;
}

// D26: a marriage, then at once the same player's refill, with no discard.
bool refill_after_marriage(const MatchRecord& m) {
  for (size_t i = 0; i + 1 < m.events.size(); ++i) {
    const Event& d = m.events[i];
    const Event& next = m.events[i + 1];
    if (d.type == EventType::Declare && d.kind == DeclKind::Marriages &&
        next.type == EventType::Draw && next.player == d.player) {
      return true;
    }
  }
  return false;
}

bool finished(const MatchRecord& m) {
  return m.ok && m.completed;
}

// A double imperial marriage (its bonus of 20).
bool double_imperial_marriage(const MatchRecord& m) {
  return any_event(m, [](const Event& e) {
    return e.type == EventType::Declare && e.kind == DeclKind::Marriages && e.bonus == 20;
  });
}

// A flush sequence in the imperial suit.
bool imperial_flush_sequence(const MatchRecord& m) {
  return any_event(m, [](const Event& e) {
    return e.type == EventType::Declare && e.kind == DeclKind::FlushSequence &&
           single_suit(e.cards) == Suit::Spades;
  });
}

// A declaration by a hook, scored other than the built-in marriages' 10 and 30.
bool marriage_by_hook(const MatchRecord& m) {
  return any_event(m, [](const Event& e) {
    return e.type == EventType::Declare && e.by_hook && e.points != 10 && e.points != 30;
  });
}

std::vector<Sample> samples() {
  return {
      {"sackson-2p-two-player-chain", "sackson", 2, {}, {"greedy", "random"}, has_chain},
      {"sackson-3p-greedy-vs-random", "sackson", 3, {}, {"greedy", "random", "random"}, finished},
      {"sackson-4p-pairs", "sackson", 4, Partnerships::Pairs, {"greedy"}, finished},
      {"sackson-6p-teams-of-three",
       "sackson",
       6,
       Partnerships::TeamsOfThree,
       {"greedy", "random"},
       finished},
      {"sackson-2p-double-imperial-marriage",
       "sackson",
       2,
       {},
       {"greedy"},
       double_imperial_marriage},
      {"sackson-3p-imperial-flush-sequence", "sackson", 3, {}, {"greedy"}, imperial_flush_sequence},
      {"rules_site-5p", "rules_site", 5, {}, {"greedy", "random"}, finished},
      {"book1881-2p-one-deal", "book1881", 2, {}, {"greedy", "random"}, finished},
      {"book1881-4p-couples", "book1881", 4, {}, {"greedy"}, finished},
      {"book1881-3p-assembly-then-its-trick", "book1881", 3, {}, {"greedy"}, assembly_then_zetema},
      {"rummy_site-2p-seven-card-turn", "rummy_site", 2, {}, {"greedy", "random"}, finished},
      {"rummy_site-6p", "rummy_site", 6, {}, {"random"}, finished},
      {"house_example-3p-marriage-hook", "house_example", 3, {}, {"greedy"}, marriage_by_hook},
      {"parlett-3p-refill-after-marriage",
       "parlett",
       3,
       {},
       {"greedy"},
       [](const MatchRecord& m) { return finished(m) && refill_after_marriage(m); }},
  };
}

// Writes the replay of the game `m` (seed `seed`) as OUT_DIR/NAME.json; 0,
// or 1 after a message.
int save_sample(const Sample& s, const scripting::LoadedVariant& v, uint64_t seed,
                const MatchRecord& m, const std::string& out) {
  std::vector<std::string> seats;
  for (int p = 0; p < s.players; ++p)
    seats.push_back(p < static_cast<int>(s.bots.size()) ? s.bots[p] : s.bots.back());
  const replays::Replay r = replays::make_replay(v, m.final_state, seed, seats, m.hands, m.events);
  const std::string path = out + "/" + s.name + ".json";
  if (std::string why = replays::save_replay(path, r); !why.empty()) {
    std::cerr << why << "\n";
    return 1;
  }
  std::cout << path << " (seed " << seed << ", " << m.hands.size() << " hands, " << m.events.size()
            << " events)\n";
  return 0;
}

// Plays seeds from 1 until a finished game shows the sample, then writes
// it; 0, or 1 after a message.
int write_sample(const Sample& s, const std::string& dir, const std::string& out) {
  scripting::LoadedVariant v = scripting::load_variant_spec(s.variant, dir);
  if (!v.ok) {
    std::cerr << v.error->describe() << "\n";
    return 1;
  }
  for (uint64_t seed = 1; seed <= 200000; ++seed) {
    MatchConfig c;
    c.setup.players = s.players;
    c.setup.partnerships = s.teams;
    c.seed = seed;
    c.bots = s.bots;
    const MatchRecord m = play_match(v.rules, c);
    if (!m.ok || !m.completed || !s.shows(m)) continue;
    return save_sample(s, v, seed, m, out);
  }
  std::cerr << "no seed up to 200000 shows " << s.name << "\n";
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: make_samples VARIANTS_DIR OUT_DIR [NAME...]\n";
    return 2;
  }
  const std::string dir = argv[1], out = argv[2];
  const std::vector<std::string> only(argv + 3, argv + argc);
  for (const Sample& s : samples()) {
    if (!only.empty() && std::find(only.begin(), only.end(), s.name) == only.end()) continue;
    if (int status = write_sample(s, dir, out); status != 0) return status;
  }
  return 0;
}
