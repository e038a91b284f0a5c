// Diff: one recorded game re-run under another rule set
// (docs/architecture.md, "Diff: one game under two rule sets").
//
// The replay recorded under A is re-run under B with the same decks and
// the same actions in order. An action is applied under B when it is legal
// there for the same player; where it is not, the divergence (event index,
// action, reason) is recorded and the policy decides what follows:
//   stop       the re-run ends there;
//   skip       a refused declaration is dropped and the game goes on (a
//              refused discard, or anything else, still stops it);
//   bot:NAME   the bot NAME plays every seat under B from that point on, in
//              the one game loop (engine/match.h) from the replay's seed:
//              the recorded decks while they last, then the seed's deck
//              stream; the bots draw from the seed's bot streams.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/event.h"
#include "engine/state.h"
#include "replays/kind_tally.h"
#include "replays/replay.h"

namespace zetema::replays {

struct DiffPolicy {
  enum class Kind { Stop, Skip, Bot } kind = Kind::Stop;
  std::string bot;  // for Kind::Bot
};
// "stop", "skip" or "bot:NAME"; nullopt (and why) if not one of them.
std::optional<DiffPolicy> parse_policy(const std::string& text, std::string& error);
std::string to_string(const DiffPolicy& p);

struct Divergence {
  size_t a_event = 0;    // where in A's stream the action stands (its first event)
  size_t b_event = 0;    // how far B's stream had got
  int hand = 0;          // 0-based
  int action = -1;       // index in the hand's actions; -1 for a deal
  std::string what;      // the action, or "deal"
  std::string reason;    // why B refused it
  std::string followed;  // what the policy did: "stopped", "skipped", "bot greedy took over"
};

// One row of the aligned streams: an A event, a B event, or both.
struct DiffRow {
  std::optional<size_t> a;
  std::optional<size_t> b;
};

struct RunSummary {
  State final_state;
  EventLog events;
  bool finished = false;  // the game reached its end under these rules
  KindTally by_kind;      // points and counts, all sides together, per DiffResult::kinds
};

struct [[nodiscard]] DiffResult {
  bool ok = false;
  std::string error;  // the replay or B cannot be run at all
  std::vector<std::string> notes;
  // The rows of both runs' tallies (replays/kind_tally.h): the built-in
  // kinds, A's own kinds, B's not in A, "award", "zetema".
  std::vector<std::string> kinds;
  RunSummary a, b;
  std::vector<DiffRow> rows;
  std::vector<Divergence> divergences;  // the first is the first divergence
  std::string b_end;                    // how B's run ended, in words
};

// `b_tables`, if given, receives B's table after each of B's events, one
// per event of `b.events` (the studio shows B's table at an aligned row);
// it is left empty if the bots' play, played again to see its tables, came
// out otherwise (a hook that keeps state between calls).
DiffResult diff_replay(const Replay& r, const Ruleset& a, const Ruleset& b,
                       const DiffPolicy& policy, std::vector<State>* b_tables = nullptr);

}  // namespace zetema::replays
