// The shape of a replay, walked once for writing and once for reading, so
// the JSON and binary encodings cannot disagree on it. W and R are the
// writers and readers of codec_json.cpp and codec_binary.cpp.
#pragma once

#include "replays/replay.h"

namespace zetema::replays {

template <class W>
void write_replay(W& w, const Replay& r) {
  w.string("format", "zetema-replay");
  w.integer("version", r.format);
  w.string("engine", r.engine_version);
  w.begin_object("variant");
  w.string("id", r.variant);
  w.string("sha256", r.variant_sha256);
  w.begin_array("sources", r.sources.size());
  for (const ReplaySource& s : r.sources) {
    w.begin_object(nullptr);
    w.string("id", s.id);
    w.string("file", s.file);
    w.string("text", s.text);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  w.begin_object("table");
  w.integer("players", r.players);
  w.string("teams", r.teams);
  w.unsigned_integer("seed", r.seed);
  w.begin_array("seats", r.seats.size());
  for (const std::string& s : r.seats) w.string(nullptr, s);
  w.end_array();
  w.end_object();
  w.string("events_sha256", r.events_sha256);
  w.begin_array("hands", r.hands.size());
  for (const ReplayHand& h : r.hands) {
    w.begin_object(nullptr);
    w.integer("dealer", h.dealer + 1);
    w.string("deck", h.deck);
    w.begin_array("actions", h.actions.size());
    for (const std::string& a : h.actions) w.string(nullptr, a);
    w.end_array();
    w.end_object();
  }
  w.end_array();
}

inline std::string version_error(long long version) {
  return "replay format " + std::to_string(version) +
         (version > kFormatMax ? " is newer than" : " is older than") + " this build reads (" +
         std::to_string(kFormatMin) +
         (kFormatMax > kFormatMin ? "-" + std::to_string(kFormatMax) : "") + ")";
}

// Reads what write_replay wrote; the version is checked before the rest.
template <class R>
void read_replay(R& rd, Replay& r) {
  if (rd.string("format", kMaxShortString) != "zetema-replay") {
    rd.fail("format", "not a Zetema replay (format must be \"zetema-replay\")");
  }
  r.format = static_cast<int>(rd.integer("version", 0, 1'000'000));
  if (r.format > kFormatMax || r.format < kFormatMin) rd.fail("version", version_error(r.format));
  r.engine_version = rd.string("engine", kMaxShortString);
  rd.begin_object("variant");
  r.variant = rd.string("id", kMaxShortString);
  if (!valid_variant_id(r.variant))
    rd.fail("id", "a variant id is lower-case letters, digits and _");
  r.variant_sha256 = rd.string("sha256", kMaxShortString);
  const size_t sources = rd.begin_array("sources", kMaxSources);
  r.sources.resize(sources);
  for (ReplaySource& s : r.sources) {
    rd.begin_object(nullptr);
    s.id = rd.string("id", kMaxShortString);
    if (!valid_variant_id(s.id)) rd.fail("id", "a variant id is lower-case letters, digits and _");
    s.file = rd.string("file", kMaxShortString * 4);
    s.text = rd.string("text", kMaxSourceBytes);
    rd.end_object();
  }
  rd.end_array();
  rd.end_object();
  rd.begin_object("table");
  r.players = static_cast<int>(rd.integer("players", 2, 6));
  r.teams = rd.string("teams", kMaxShortString);
  r.seed = rd.unsigned_integer("seed");
  const size_t seats = rd.begin_array("seats", static_cast<size_t>(r.players));
  r.seats.resize(seats);
  for (std::string& s : r.seats) s = rd.string(nullptr, kMaxShortString);
  rd.end_array();
  rd.end_object();
  r.events_sha256 = rd.string("events_sha256", 64);
  const size_t hands = rd.begin_array("hands", kMaxHands);
  r.hands.resize(hands);
  for (ReplayHand& h : r.hands) {
    rd.begin_object(nullptr);
    h.dealer = static_cast<int>(rd.integer("dealer", 1, r.players)) - 1;
    h.deck = rd.string("deck", kMaxShortString);
    const size_t actions = rd.begin_array("actions", kMaxActionsPerHand);
    h.actions.resize(actions);
    for (std::string& a : h.actions) a = rd.string(nullptr, kMaxShortString);
    rd.end_array();
    rd.end_object();
  }
  rd.end_array();
}

}  // namespace zetema::replays
