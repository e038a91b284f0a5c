// The rule keys under "Combinations (sequences, flushes, assemblies)" in the
// reference (rule_keys.h): their length, points and limits.
#include "scripting/rule_keys.h"

#include "scripting/rule_readers.h"

namespace zetema::scripting::rule_keys {

namespace {

constexpr const char* kMelds = "Combinations (sequences, flushes, assemblies)";

std::string rd_meld_len(lua_State* L, int i, Ruleset& r, bool complete, const RuleField& f) {
  if (complete) r.meld_len.fill(0);  // a root variant: unnamed counts use the dealt size
  return read_per_players(L, i, false,
                          [&](int n) { return read_int_into(L, -1, r.meld_len[n], f); });
}

std::string sh_meld_len(const Ruleset& r) {
  return per_players(r.meld_len, [](int v) { return v == 0 ? "hand" : std::to_string(v); });
}

// A count a file leaves out (0) is one whose combinations are as long as
// the hand dealt.
void pu_meld_len(lua_State* L, const Ruleset& r) {
  push_per_players(L, r.meld_len, [&](int v) {
    if (v == 0) return false;
    lua_pushinteger(L, v);
    return true;
  });
}

std::string rd_flush_sequence(lua_State* L, int i, Ruleset& r, bool, const RuleField& f) {
  if (lua_isboolean(L, i) && !lua_toboolean(L, i)) {
    r.flush_sequence_points.reset();  // false: no such category
    return {};
  }
  int v = 0;
  if (!read_int_into(L, i, v, f).empty()) {
    return "must be an integer, or false for no such category";
  }
  r.flush_sequence_points = v;
  return {};
}

std::string sh_flush_sequence(const Ruleset& r) {
  return optional_int(r.flush_sequence_points);
}

void pu_flush_sequence(lua_State* L, const Ruleset& r) {
  push_optional_int(L, r.flush_sequence_points);
}

std::string rd_assembly_points(lua_State* L, int i, Ruleset& r, bool complete, const RuleField& f) {
  return read_rank_points(L, i, r.assembly_points, complete, f);
}

std::string sh_assembly_points(const Ruleset& r) {
  return rank_points(r.assembly_points);
}

void pu_assembly_points(lua_State* L, const Ruleset& r) {
  push_rank_points(L, r.assembly_points);
}

std::string rd_reuse_limit(lua_State* L, int i, Ruleset& r, bool, const RuleField& f) {
  if (lua_isboolean(L, i) && !lua_toboolean(L, i)) {
    r.reuse_limit.reset();
    return {};
  }
  int v = 0;
  if (!read_int_into(L, i, v, f).empty()) {
    return "must be an integer from " + std::to_string(f.min) + " to " + std::to_string(f.max) +
           ", or false for no limit" + got(L, i);
  }
  r.reuse_limit = v;
  return {};
}

std::string sh_reuse_limit(const Ruleset& r) {
  return optional_int(r.reuse_limit);
}

void pu_reuse_limit(lua_State* L, const Ruleset& r) {
  push_optional_int(L, r.reuse_limit);
}

}  // namespace

RuleField meld_len() {
  return {.key = "meld_len",
          .group = kMelds,
          .type = "per player count: integer",
          .min = 0,
          .max = 13,
          .meaning =
              "Length of a sequence or flush. `0`, or a count not given, means the dealt "
              "hand size. It cannot be longer than the cards held when declaring.",
          .decision = "D6",
          .read = rd_meld_len,
          .show = sh_meld_len,
          .push = pu_meld_len,
          .required = false};
}

RuleField short_hand_melds() {
  return {.key = "short_hand_melds",
          .group = kMelds,
          .type = "name",
          .values = {{"shorten", "With 5-card hands, sequences and flushes are 5 long."},
                     {"none", "No sequences or flushes at all when they would be shorter than 6."}},
          .default_value = "\"shorten\"",
          .meaning = "Sequences and flushes when hands are shorter than 6.",
          .decision = "D6",
          .read = rd_enum<&Ruleset::short_hand_melds>,
          .show = sh_enum<&Ruleset::short_hand_melds>,
          .push = pu_enum<&Ruleset::short_hand_melds>};
}

RuleField points() {
  return {.key = "points",
          .group = kMelds,
          .type = "table",
          .meaning =
              "Points per category. A declaration always takes the highest category its "
              "cards make.",
          .decision = "D4, D24",
          .read = read_subkeys,
          .subkeys = {{.key = "sequence",
                       .type = "integer",
                       .min = 0,
                       .max = kMaxPoints,
                       .default_value = "10",
                       .meaning = "A sequence: the cards in rank order, any suits.",
                       .decision = "D4",
                       .read = rd_int<&Ruleset::sequence_points>,
                       .show = sh_int<&Ruleset::sequence_points>,
                       .push = pu_int<&Ruleset::sequence_points>},
                      {.key = "flush",
                       .type = "integer",
                       .min = 0,
                       .max = kMaxPoints,
                       .default_value = "30",
                       .meaning = "A flush: the cards all of one suit.",
                       .decision = "D4",
                       .read = rd_int<&Ruleset::flush_points>,
                       .show = sh_int<&Ruleset::flush_points>,
                       .push = pu_int<&Ruleset::flush_points>},
                      {.key = "flush_sequence",
                       .type = "integer or `false`",
                       .min = 0,
                       .max = kMaxPoints,
                       .also = "or `false`",
                       .default_value = "50",
                       .meaning = "A flush sequence. `false`: there is no such category, and a "
                                  "one-suit run scores as a sequence or a flush.",
                       .decision = "D4, D24",
                       .read = rd_flush_sequence,
                       .show = sh_flush_sequence,
                       .push = pu_flush_sequence}}};
}

RuleField ace_high_in_sequence() {
  return {.key = "ace_high_in_sequence",
          .group = kMelds,
          .type = "boolean",
          .default_value = "false",
          .meaning = "`true`: the ace counts low or high (A 2 3 … and … Q K A). `false`: low only.",
          .decision = "D3",
          .read = rd_bool<&Ruleset::ace_high_in_sequence>,
          .show = sh_bool<&Ruleset::ace_high_in_sequence>,
          .push = pu_bool<&Ruleset::ace_high_in_sequence>};
}

RuleField wraparound() {
  return {.key = "wraparound",
          .group = kMelds,
          .type = "boolean",
          .default_value = "false",
          .meaning = "`true`: a sequence may turn the corner (Q K A 2).",
          .decision = "D3",
          .read = rd_bool<&Ruleset::wraparound>,
          .show = sh_bool<&Ruleset::wraparound>,
          .push = pu_bool<&Ruleset::wraparound>};
}

RuleField imperial_flush_allowed() {
  return {
      .key = "imperial_flush_allowed",
      .group = kMelds,
      .type = "boolean",
      .default_value = "true",
      .meaning = "`false`: a flush (or flush sequence) in the imperial suit cannot be declared.",
      .decision = "D5",
      .read = rd_bool<&Ruleset::imperial_flush_allowed>,
      .show = sh_bool<&Ruleset::imperial_flush_allowed>,
      .push = pu_bool<&Ruleset::imperial_flush_allowed>};
}

RuleField assembly_points() {
  return {.key = "assembly_points",
          .group = kMelds,
          .type = "per rank: integer",
          .min = 0,
          .max = kMaxPoints,
          .default_value = "{ K = 130, Q = 130, J = 120, A = 110, [\"5\"] = 110, other = 100 }",
          .meaning =
              "Points for the five cards of a rank. An assembly of a rank is declared at "
              "most once per hand (D23).",
          .decision = "§3 `assembly_points`, D23",
          .read = rd_assembly_points,
          .show = sh_assembly_points,
          .push = pu_assembly_points,
          .rank_origins = &Ruleset::assembly_origins};
}

RuleField reuse_limit() {
  return {.key = "reuse_limit",
          .group = kMelds,
          .type = "integer or `false`",
          .min = 0,
          .max = 13,
          .also = "or `false`",
          .default_value = "false",
          .meaning =
              "`false`: no limit. A number N: a new sequence or flush may share at most N "
              "cards with the same player's last scored sequence or flush in this hand.",
          .decision = "D11",
          .read = rd_reuse_limit,
          .show = sh_reuse_limit,
          .push = pu_reuse_limit};
}

}  // namespace zetema::scripting::rule_keys
