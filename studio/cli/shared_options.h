// What several commands' options share: the ranges of --seed, --max-hands
// and --shard, the names --teams takes, and the reading of --bots.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "replays/replay.h"

namespace zetema::cli {

inline constexpr uint64_t kMaxSeed = std::numeric_limits<uint64_t>::max();
// A game that long would not fit in a replay (replays/replay.h).
inline constexpr int kMaxHandsOption = static_cast<int>(replays::kMaxHands);
inline constexpr int kMaxShards = 1000000;

// --teams of play and compare.
inline const std::vector<std::string> kTeams = {"default", "off", "pairs", "threes"};

// --bots "greedy,random": the names by seat. False (after a message) when
// the text names no bot at all ("", ","): a usage error.
bool read_bots(const std::string& text, const std::string& command, std::vector<std::string>& bots);

}  // namespace zetema::cli
