// A replay: the game's own record (docs/architecture.md, "Replay files").
//
// The header names the rules (the variant id, the SHA-256 of its resolved
// Lua sources, and the sources themselves, so the replay stays replayable
// after a file changes), the table (players, teams, seed, who sat where);
// then, per hand, the dealer and the shuffled deck in card notation, then
// the players' actions in action notation (engine/action.h). Everything else
// -- draws, zetemas, chains, scores, hand and game ends -- is re-derived by
// the engine. docs/replay-format.md documents both encodings.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace zetema::replays {

// The format this build writes, and the range it reads.
// Format 2 hashes the event log by stable names (events_sha256); format 1
// files, hashed by the engine's enum numbers, are still read and verified.
inline constexpr int kFormatVersion = 2;
inline constexpr int kFormatMin = 1;
inline constexpr int kFormatMax = 2;

struct ReplaySource {
  std::string id;
  std::string file;
  std::string text;
  friend bool operator==(const ReplaySource&, const ReplaySource&) = default;
};

struct ReplayHand {
  int dealer = 0;                    // seat, 0-based (1-based in the files)
  std::string deck;                  // 65 cards, top first
  std::vector<std::string> actions;  // in order, each by the player to move
  friend bool operator==(const ReplayHand&, const ReplayHand&) = default;
};

struct Replay {
  int format = kFormatVersion;
  std::string engine_version;
  std::string variant;                // the variant's id
  std::string variant_sha256;         // of the sources, see sources_sha256()
  std::vector<ReplaySource> sources;  // the variant's file first, then each ancestor
  int players = 2;
  std::string teams = "off";       // off, pairs, teams_of_three
  uint64_t seed = 0;               // seeds math.random in hooks (SeedStream::Hooks)
  std::vector<std::string> seats;  // who played each seat: a bot name or "human"
  std::vector<ReplayHand> hands;
  // SHA-256 of the event log as recorded (events_sha256 in record.h): what
  // `replay verify` re-derives and compares, so a replay whose game comes
  // out differently (changed rules or engine, a truncated file, an impure
  // hook) is caught, not shown as whole.
  std::string events_sha256;
  friend bool operator==(const Replay&, const Replay&) = default;
};

// A variant id: lower-case letters, digits and _ (never a path).
inline bool valid_variant_id(const std::string& id) {
  return !id.empty() &&
         id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == std::string::npos;
}

// SHA-256 over the sources in order, each as "<id>\n<byte length>\n<text>".
std::string sources_sha256(const std::vector<ReplaySource>& sources);

// Limits a loaded file must respect; checked before anything is allocated.
inline constexpr size_t kMaxFileBytes = 64u << 20;
inline constexpr size_t kMaxSources = 8;
inline constexpr size_t kMaxSourceBytes = 1u << 20;
inline constexpr size_t kMaxHands = 1000;
inline constexpr size_t kMaxActionsPerHand = 2000;
inline constexpr size_t kMaxShortString = 256;
inline constexpr int kMaxJsonDepth = 32;

}  // namespace zetema::replays
