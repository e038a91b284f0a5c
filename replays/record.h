// The replay of a game played through the engine, and re-deriving a game
// from its replay.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/event.h"
#include "engine/match.h"
#include "engine/state.h"
#include "replays/replay.h"
#include "scripting/variant_loader.h"

namespace zetema::replays {

// The replay of a game: the variant (its sources embedded), the table, the
// seed and seats, and each hand's dealer, deck and actions.
Replay make_replay(const scripting::LoadedVariant& variant, const State& table, uint64_t seed,
                   const std::vector<std::string>& seats, const std::vector<HandRecord>& hands,
                   const EventLog& events);

// The variant a replay was played with: the installed file when it is
// byte-for-byte the one recorded (same SHA-256), else the sources embedded in
// the replay, with a note saying so -- given to `tell` before the embedded
// Lua is loaded (and so run), and kept in `notes`. A record that fails
// check_record (codec.h) is refused, whatever is installed.
struct [[nodiscard]] ResolvedVariant {
  bool ok = false;
  scripting::LoadedVariant variant;
  bool embedded = false;
  std::vector<std::string> notes;  // warnings for the user
  std::string error;
};
using NoteSink = std::function<void(const std::string&)>;
ResolvedVariant resolve_variant(const Replay& r, const std::string& variants_dir,
                                const std::string& shown_dir = "variants",
                                const NoteSink& tell = {});
// What resolve_variant says before it runs the replay's own sources, without
// running them: "" when the installed variant of the replay's id is the one
// it was recorded under (or the file is corrupt: resolve_variant says so).
// Loads only the installed file. The studio asks the user with this first.
std::string embedded_sources_note(const Replay& r, const std::string& variants_dir,
                                  const std::string& shown_dir = "variants");
// The sources embedded in the replay, loaded with `limits` (the fuzz harness
// sets them low).
ResolvedVariant embedded_variant(const Replay& r, const scripting::SandboxLimits& limits = {});

// One step of a replay: a deal, an action or an 1881 irregularity, and
// the events it caused.
struct Step {
  enum class Kind : uint8_t { Deal, Action, Irregularity };
  Kind kind = Kind::Deal;
  int hand = 0;     // 0-based
  int action = -1;  // index in the hand's actions; -1 for the deal
  int player = 0;   // the seat whose turn it was when the step began
  size_t first_event = 0;
  size_t end_event = 0;    // one past its last event
  int dealer = 0;          // the deal's dealer
  std::vector<Card> deck;  // the deal's deck
  Action parsed;           // the action
  Irregularity irregular;  // the irregularity
};

// Applies one step to `s` (as deal, apply or apply_irregularity would).
ApplyResult apply_step(State& s, const Step& step, EventLog& out,
                       const EventObserver* observe = nullptr);
// Why a second pass over re-derived steps failed: only a hook that keeps
// state between calls can refuse a step it allowed the first time.
inline constexpr const char* kPlayedOtherwise =
    "the replay's hooks gave another game when it was played again";

struct Rederived {
  bool ok = false;
  std::string error;       // where and why the replay stops making sense
  int failed_hand = -1;    // where it stopped: the hand (0-based) and action
  int failed_action = -1;  // (-1: the hand's deal)
  State final_state;
  EventLog events;
  std::vector<Step> steps;
  bool finished = false;  // the game reached its end
};

// Re-derives the game under `rules`: deals each recorded deck, applies
// each recorded action; stops at the first that is refused.
// `observe`, if given, sees the position after every event.
Rederived rederive(const Replay& r, const Ruleset& rules, const EventObserver* observe = nullptr);

// verify: re-derive and compare with the recorded events' hash. ok only if
// the game re-derives and comes out as recorded.
struct [[nodiscard]] Verified {
  bool ok = false;
  std::string error;
  Rederived game;
};
Verified verify_replay(const Replay& r, const Ruleset& rules);

// The hands of a game as a replay records them: dealer, deck and actions in
// notation (a variant's own kinds by name).
std::vector<ReplayHand> replay_hands(const std::vector<HandRecord>& hands, const Ruleset& rules);

// A hash of an event log (every field of every event), to compare two
// derivations of one game. Format 2 writes each field by its stable name
// (event type, kind, rule, end reason), the reason a hook gave and, for a
// move or a shuffle only, its places; format 1 wrote the enum numbers of
// engine version 1.
std::string events_sha256(const EventLog& events, const Ruleset& rules,
                          int format = kFormatVersion);

// The table setup a replay records.
GameSetup replay_setup(const Replay& r);

}  // namespace zetema::replays
