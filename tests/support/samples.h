// A sample replay from replays/samples/, by name (without ".json").
#pragma once

#include <doctest/doctest.h>

#include <string>

#include "replays/replay_file.h"

namespace zetema::test {

inline replays::Replay sample_replay(const std::string& name) {
  const replays::Decoded d =
      replays::load_replay(ZETEMA_SOURCE_DIR "/replays/samples/" + name + ".json");
  REQUIRE_MESSAGE(d.ok, d.error);
  return d.replay;
}

}  // namespace zetema::test
