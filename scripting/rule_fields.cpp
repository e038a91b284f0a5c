#include "scripting/rule_fields.h"

#include <algorithm>
#include <lua.hpp>

#include "scripting/lua_values.h"
#include "scripting/turn_fields.h"

namespace zetema::scripting {

namespace {

// Every read below is raw (lua_rawget, lua_rawgeti, lua_next): a table in a
// variant file may carry metamethods, and reading rules must never run them.

std::string got(lua_State* L, int index) {
  return quote_value(L, index);
}

constexpr int kMaxPoints = 1'000'000;

std::string read_bool_into(lua_State* L, int index, bool& out) {
  if (!lua_isboolean(L, index)) return "must be true or false" + got(L, index);
  out = lua_toboolean(L, index);
  return {};
}

std::string read_int_into(lua_State* L, int index, int& out, long long lo, long long hi) {
  const std::string why = read_whole_number(L, index, lo, hi, out);
  return why.empty() ? why : "must be " + why;
}

// The integer range a field declares.
std::string read_int_into(lua_State* L, int index, int& out, const RuleField& f) {
  return read_int_into(L, index, out, f.min, f.max);
}

bool declared(const RuleField& f, const char* name) {
  for (const RuleValue& v : f.values) {
    if (std::string_view(v.name) == name) return true;
  }
  return false;
}

// One of the field's declared names, parsed by `parse`.
template <class E, class Parse>
std::string read_name_into(lua_State* L, int index, E& out, const RuleField& f, Parse&& parse) {
  if (lua_type(L, index) != LUA_TSTRING || !declared(f, lua_tostring(L, index)) ||
      !parse(lua_tostring(L, index), out)) {
    const std::string seen = lua_type(L, index) == LUA_TSTRING && lua_rawlen(L, index) <= 40
                                 ? std::string(", got \"") + lua_tostring(L, index) + "\""
                                 : got(L, index);
    return "must be one of " + quoted_values(f) + seen;
  }
  return {};
}
template <class E>
std::string read_enum_into(lua_State* L, int index, E& out, const RuleField& f) {
  return read_name_into(L, index, out, f,
                        [](const char* s, E& e) { return parse_enum(std::string_view(s), e); });
}

// A table keyed by player count (2..6). `read_one` reads the value on top.
template <class F>
std::string read_per_players(lua_State* L, int index, bool complete, F&& read_one) {
  if (!lua_istable(L, index))
    return "must be a table keyed by player count, as {[2] = 6, ...}" + got(L, index);
  index = lua_absindex(L, index);
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    if (!lua_isinteger(L, -2) || lua_tointeger(L, -2) < kMinPlayers ||
        lua_tointeger(L, -2) > kMaxPlayers) {
      lua_pop(L, 2);
      return "keys must be player counts 2 to 6";
    }
    const int n = static_cast<int>(lua_tointeger(L, -2));
    std::string why = read_one(n);
    lua_pop(L, 1);
    if (!why.empty()) {
      lua_pop(L, 1);
      return "[" + std::to_string(n) + "] " + why;
    }
  }
  if (complete) {
    for (int n = kMinPlayers; n <= kMaxPlayers; ++n) {
      if (lua_rawgeti(L, index, n) == LUA_TNIL) {
        lua_pop(L, 1);
        return "must give every player count from 2 to 6; [" + std::to_string(n) + "] is missing";
      }
      lua_pop(L, 1);
    }
  }
  return {};
}

// A table keyed by rank ("A", "2", ..., "K"; "other" for every rank not named).
std::string read_rank_points(lua_State* L, int index, RankPoints& out, bool complete,
                             const RuleField& f) {
  if (!lua_istable(L, index))
    return "must be a table keyed by rank, as {K = 130, ..., other = 100}" + got(L, index);
  index = lua_absindex(L, index);
  std::array<bool, kRanks> given{};
  lua_pushliteral(L, "other");
  if (lua_rawget(L, index) != LUA_TNIL) {
    int v = 0;
    std::string why = read_int_into(L, -1, v, f);
    if (!why.empty()) {
      lua_pop(L, 1);
      return ".other " + why;
    }
    out.fill(v);
    given.fill(true);
  }
  lua_pop(L, 1);
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    const int kt = lua_type(L, -2);
    std::string key = kt == LUA_TSTRING ? lua_tostring(L, -2) : "";
    if (kt == LUA_TNUMBER && lua_isinteger(L, -2)) key = std::to_string(lua_tointeger(L, -2));
    if (key == "other") {
      lua_pop(L, 1);
      continue;
    }
    const int r = key == "1" ? -1 : parse_rank(key);
    if (r < 0) {
      lua_pop(L, 2);
      return "keys must be ranks A 2 3 4 5 6 7 8 9 T J Q K or other" +
             (key.empty() || key.size() > 40 ? std::string() : ", got \"" + key + "\"");
    }
    std::string why = read_int_into(L, -1, out[r], f);
    lua_pop(L, 1);
    if (!why.empty()) {
      lua_pop(L, 1);
      return "." + key + " " + why;
    }
    given[r] = true;
  }
  if (complete) {
    for (int r = 0; r < kRanks; ++r) {
      if (!given[r])
        return std::string("gives no value for rank ") + rank_char(r) + " (add it or other)";
    }
  }
  return {};
}

// --- generic readers: a boolean, a name, an integer ------------------------

template <bool Ruleset::*M>
std::string rd_bool(lua_State* L, int i, Ruleset& r, bool, const RuleField&) {
  return read_bool_into(L, i, r.*M);
}
template <auto M>
std::string rd_enum(lua_State* L, int i, Ruleset& r, bool, const RuleField& f) {
  return read_enum_into(L, i, r.*M, f);
}
template <int Ruleset::*M>
std::string rd_int(lua_State* L, int i, Ruleset& r, bool, const RuleField& f) {
  return read_int_into(L, i, r.*M, f);
}

// --- readers of their own -----------------------------------------------------

std::string rd_imperial_suit(lua_State* L, int i, Ruleset& r, bool, const RuleField& f) {
  return read_name_into(L, i, r.imperial_suit, f,
                        [](const char* s, Suit& out) { return parse_suit(s, out); });
}
std::string rd_hand_size(lua_State* L, int i, Ruleset& r, bool complete, const RuleField& f) {
  return read_per_players(L, i, complete,
                          [&](int n) { return read_int_into(L, -1, r.hand_size[n], f); });
}
std::string rd_meld_len(lua_State* L, int i, Ruleset& r, bool complete, const RuleField& f) {
  if (complete) r.meld_len.fill(0);  // a root variant: unnamed counts use the dealt size
  return read_per_players(L, i, false,
                          [&](int n) { return read_int_into(L, -1, r.meld_len[n], f); });
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
std::string rd_assembly_points(lua_State* L, int i, Ruleset& r, bool complete, const RuleField& f) {
  return read_rank_points(L, i, r.assembly_points, complete, f);
}
std::string rd_zetema_points(lua_State* L, int i, Ruleset& r, bool complete, const RuleField& f) {
  return read_rank_points(L, i, r.zetema_points, complete, f);
}
std::string rd_marriage_base(lua_State* L, int i, Ruleset& r, bool, const RuleField& f) {
  if (!lua_istable(L, i) || lua_rawlen(L, i) != 5) {
    return "must be a list of the points for 1 to 5 marriages at once, as {10, 30, 60, 100, 150}";
  }
  for (int k = 0; k < 5; ++k) {
    lua_rawgeti(L, i, k + 1);
    std::string why = read_int_into(L, -1, r.marriage_base[k], f);
    lua_pop(L, 1);
    if (!why.empty()) return "[" + std::to_string(k + 1) + "] " + why;
  }
  return {};
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
std::string rd_target(lua_State* L, int i, Ruleset& r, bool complete, const RuleField& f) {
  if (lua_isboolean(L, i) && !lua_toboolean(L, i)) {
    r.target.fill(std::nullopt);  // false: no target at all
    return {};
  }
  return read_per_players(L, i, complete, [&](int n) -> std::string {
    if (lua_isboolean(L, -1) && !lua_toboolean(L, -1)) {
      r.target[n].reset();
      return {};
    }
    int v = 0;
    std::string why = read_int_into(L, -1, v, f);
    if (why.empty()) r.target[n] = v;
    return why.empty() ? why
                       : "must be an integer from " + std::to_string(f.min) + " to " +
                             std::to_string(f.max) + ", or false" + got(L, -1);
  });
}
std::string rd_partnerships(lua_State* L, int i, Ruleset& r, bool complete, const RuleField& f) {
  if (complete)
    r.partnerships.fill(Partnerships::Off);  // a root variant: unnamed counts play alone
  return read_per_players(L, i, false,
                          [&](int n) { return read_enum_into(L, -1, r.partnerships[n], f); });
}

// --- how rules-table shows a value ------------------------------------------

std::string optional_int(const std::optional<int>& v) {
  return v ? std::to_string(*v) : "none";
}

template <bool Ruleset::*M>
std::string sh_bool(const Ruleset& r) {
  return yes_no(r.*M);
}
template <auto M>
std::string sh_enum(const Ruleset& r) {
  return std::string(to_string(r.*M));
}
template <int Ruleset::*M>
std::string sh_int(const Ruleset& r) {
  return std::to_string(r.*M);
}

std::string sh_imperial_suit(const Ruleset& r) {
  return std::string(1, suit_char(r.imperial_suit));
}
std::string sh_hand_size(const Ruleset& r) {
  return per_players(r.hand_size, [](int v) { return std::to_string(v); });
}
std::string sh_meld_len(const Ruleset& r) {
  return per_players(r.meld_len, [](int v) { return v == 0 ? "hand" : std::to_string(v); });
}
std::string sh_flush_sequence(const Ruleset& r) {
  return optional_int(r.flush_sequence_points);
}
std::string sh_assembly_points(const Ruleset& r) {
  return rank_points(r.assembly_points);
}
std::string sh_zetema_points(const Ruleset& r) {
  return rank_points(r.zetema_points);
}
std::string sh_marriage_base(const Ruleset& r) {
  std::string out;
  for (int v : r.marriage_base) out += (out.empty() ? "" : "/") + std::to_string(v);
  return out;
}
std::string sh_reuse_limit(const Ruleset& r) {
  return optional_int(r.reuse_limit);
}
std::string sh_target(const Ruleset& r) {
  return per_players(r.target, optional_int);
}
std::string sh_partnerships(const Ruleset& r) {
  return per_players(r.partnerships, [](Partnerships p) { return std::string(to_string(p)); });
}

template <FlowStep S>
std::string sh_flow_step(const Ruleset& r) {
  return flow_step_text(r, S);
}
std::string sh_kinds(const Ruleset& r) {
  return kinds_text(r);
}
std::string rd_flow(lua_State* L, int i, Ruleset& r, bool complete, const RuleField&) {
  return read_flow(L, i, r, complete);
}
std::string rd_kinds(lua_State* L, int i, Ruleset& r, bool complete, const RuleField&) {
  return check_kinds_shape(L, i, r, complete);
}

// One step of the turn's flow (section 3a of docs/variant-authoring.md).
template <FlowStep S>
RuleField flow_step_field(const char* key, const char* when, bool discards) {
  return RuleField{.key = key,
                   .type = discards ? "table: refill or draw, discard" : "table: refill or draw",
                   .default_value = nullptr,
                   .meaning = when,
                   .decision = "D1, D9, D12, D26",
                   .show = sh_flow_step<S>,
                   .required = false};
}

// --- the registry -------------------------------------------------------------

constexpr const char* kDeck = "Deck and deal";
constexpr const char* kTurn = "The turn";
constexpr const char* kMelds = "Combinations (sequences, flushes, assemblies)";
constexpr const char* kMarriages = "Marriages";
constexpr const char* kZetemas = "Zetemas";
constexpr const char* kEnd = "End of game";
constexpr const char* kPartners = "Partnerships";
constexpr const char* kPenalties = "1881 penalties";
constexpr const char* kSeating = "Seating";

const std::vector<RuleField>& fields() {
  static const std::vector<RuleField> kFields = {
      {.key = "imperial_suit",
       .group = kDeck,
       .type = "name",
       .values = {{"C"}, {"D"}, {"H"}, {"S"}},
       .default_value = "\"S\"",
       .meaning = "The suit that is in the pack twice.",
       .decision = "D20",
       .read = rd_imperial_suit,
       .show = sh_imperial_suit},
      {.key = "hand_size",
       .group = kDeck,
       .type = "per player count: integer",
       .min = 1,
       .max = 13,
       .default_value = "{ [2] = 6, [3] = 6, [4] = 6, [5] = 6, [6] = 5 }",
       .meaning = "Cards dealt to each player, and the size the hand is drawn back to. The deal "
                  "must fit in 65 cards (with `refill_plus_one_before`, one more card each).",
       .decision = "§3 `hand_size`, D6",
       .read = rd_hand_size,
       .show = sh_hand_size},
      {.key = "draw_mode",
       .group = kTurn,
       .type = "name",
       .values = {{"refill_before",
                   "Draw up to the hand size, declare, discard. The first turn draws nothing."},
                  {"refill_plus_one_before",
                   "Draw up to the hand size + 1, declare, discard (7 cards held when declaring "
                   "with 6-card hands)."},
                  {"play_then_draw",
                   "Declare, play one card, draw back to the hand size at once."}},
       .default_value = "\"refill_before\"",
       .meaning = "When cards are drawn, and so how many are held when declaring.",
       .decision = "D1",
       .read = rd_enum<&Ruleset::draw_mode>,
       .show = sh_enum<&Ruleset::draw_mode>},
      {.key = "meld_len",
       .group = kMelds,
       .type = "per player count: integer",
       .min = 0,
       .max = 13,
       .meaning = "Length of a sequence or flush. `0`, or a count not given, means the dealt "
                  "hand size. It cannot be longer than the cards held when declaring.",
       .decision = "D6",
       .read = rd_meld_len,
       .show = sh_meld_len,
       .required = false},
      {.key = "short_hand_melds",
       .group = kMelds,
       .type = "name",
       .values = {{"shorten", "With 5-card hands, sequences and flushes are 5 long."},
                  {"none", "No sequences or flushes at all when they would be shorter than 6."}},
       .default_value = "\"shorten\"",
       .meaning = "Sequences and flushes when hands are shorter than 6.",
       .decision = "D6",
       .read = rd_enum<&Ruleset::short_hand_melds>,
       .show = sh_enum<&Ruleset::short_hand_melds>},
      {.key = "points",
       .group = kMelds,
       .type = "table",
       .meaning = "Points per category. A declaration always takes the highest category its "
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
                    .show = sh_int<&Ruleset::sequence_points>},
                   {.key = "flush",
                    .type = "integer",
                    .min = 0,
                    .max = kMaxPoints,
                    .default_value = "30",
                    .meaning = "A flush: the cards all of one suit.",
                    .decision = "D4",
                    .read = rd_int<&Ruleset::flush_points>,
                    .show = sh_int<&Ruleset::flush_points>},
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
                    .show = sh_flush_sequence}}},
      {.key = "ace_high_in_sequence",
       .group = kMelds,
       .type = "boolean",
       .default_value = "false",
       .meaning = "`true`: the ace counts low or high (A 2 3 … and … Q K A). `false`: low only.",
       .decision = "D3",
       .read = rd_bool<&Ruleset::ace_high_in_sequence>,
       .show = sh_bool<&Ruleset::ace_high_in_sequence>},
      {.key = "wraparound",
       .group = kMelds,
       .type = "boolean",
       .default_value = "false",
       .meaning = "`true`: a sequence may turn the corner (Q K A 2).",
       .decision = "D3",
       .read = rd_bool<&Ruleset::wraparound>,
       .show = sh_bool<&Ruleset::wraparound>},
      {.key = "imperial_flush_allowed",
       .group = kMelds,
       .type = "boolean",
       .default_value = "true",
       .meaning = "`false`: a flush (or flush sequence) in the imperial suit cannot be declared.",
       .decision = "D5",
       .read = rd_bool<&Ruleset::imperial_flush_allowed>,
       .show = sh_bool<&Ruleset::imperial_flush_allowed>},
      {.key = "assembly_points",
       .group = kMelds,
       .type = "per rank: integer",
       .min = 0,
       .max = kMaxPoints,
       .default_value = "{ K = 130, Q = 130, J = 120, A = 110, [\"5\"] = 110, other = 100 }",
       .meaning = "Points for the five cards of a rank. An assembly of a rank is declared at "
                  "most once per hand (D23).",
       .decision = "§3 `assembly_points`, D23",
       .read = rd_assembly_points,
       .show = sh_assembly_points,
       .rank_origins = &Ruleset::assembly_origins},
      {.key = "zetema_points",
       .group = kZetemas,
       .type = "per rank: integer",
       .min = 0,
       .max = kMaxPoints,
       .default_value = "{ K = 50, Q = 50, J = 20, A = 15, [\"5\"] = 15, other = 5 }",
       .meaning = "Points for the discard that completes a rank's pile of five.",
       .decision = "§3 `zetema_points`",
       .read = rd_zetema_points,
       .show = sh_zetema_points,
       .rank_origins = &Ruleset::zetema_origins},
      {.key = "marriage_base",
       .group = kMarriages,
       .type = "list of 5 integers",
       .min = 0,
       .max = kMaxPoints,
       .default_value = "{ 10, 30, 60, 100, 150 }",
       .meaning = "Points for 1, 2, 3, 4, 5 marriages declared at once. Five at once scores its "
                  "value flat, with no imperial bonus.",
       .decision = "D7",
       .read = rd_marriage_base,
       .show = sh_marriage_base},
      {.key = "imperial_bonus",
       .group = kMarriages,
       .type = "name",
       .values = {{"second10_both20",
                   "+10 for a declaration holding the second imperial marriage of the hand "
                   "(counting everyone's), +20 for both at once."},
                  {"second10_only",
                   "+10 for any declaration holding the second imperial marriage; never +20."},
                  {"none", "No bonus."}},
       .default_value = "\"second10_both20\"",
       .meaning = "The bonus for marriages in the imperial suit.",
       .decision = "D7",
       .read = rd_enum<&Ruleset::imperial_bonus>,
       .show = sh_enum<&Ruleset::imperial_bonus>},
      {.key = "rules_site_literal",
       .group = kMarriages,
       .type = "boolean",
       .default_value = "false",
       .meaning = "`true` turns `second10_both20` into `second10_only` (the literal reading of "
                  "rules-site.txt).",
       .decision = "§3, \"The rules_site profile\"",
       .read = rd_bool<&Ruleset::rules_site_literal>,
       .show = sh_bool<&Ruleset::rules_site_literal>,
       .required = false},
      {.key = "marriage_hand_card",
       .group = kMarriages,
       .type = "name",
       .values = {{"per_declaration",
                   "One card of the whole declaration must come from hand; the others may come "
                   "from the tableau."},
                  {"per_marriage",
                   "Each marriage needs its own card from hand; at most its partner comes from "
                   "the tableau."}},
       .default_value = "\"per_declaration\"",
       .meaning = "How many cards of a marriage declaration must come from hand.",
       .decision = "D8",
       .read = rd_enum<&Ruleset::marriage_hand_card>,
       .show = sh_enum<&Ruleset::marriage_hand_card>},
      {.key = "marriage_mode",
       .group = kMarriages,
       .type = "name",
       .values = {{"declare_then_discard",
                   "After the marriages the turn still ends with a discard."},
                  {"instead_of_play",
                   "The marriages are the turn's play: no discard follows (with `play_then_draw`, "
                   "the player draws back up)."},
                  {"marriage_then_play_card", "Another name for `\"declare_then_discard\"`."}},
       .default_value = "\"declare_then_discard\"",
       .meaning = "What follows a marriage declaration.",
       .decision = "D9",
       .read = rd_enum<&Ruleset::marriage_mode>,
       .show = sh_enum<&Ruleset::marriage_mode>},
      {.key = "discard_from_meld",
       .group = kTurn,
       .type = "boolean",
       .default_value = "true",
       .meaning = "`true`: after a sequence, flush, flush sequence or assembly, the discard must "
                  "be one of its cards. `false`: any card.",
       .decision = "D12",
       .read = rd_bool<&Ruleset::discard_from_meld>,
       .show = sh_bool<&Ruleset::discard_from_meld>},
      {.key = "reuse_limit",
       .group = kMelds,
       .type = "integer or `false`",
       .min = 0,
       .max = 13,
       .also = "or `false`",
       .default_value = "false",
       .meaning = "`false`: no limit. A number N: a new sequence or flush may share at most N "
                  "cards with the same player's last scored sequence or flush in this hand.",
       .decision = "D11",
       .read = rd_reuse_limit,
       .show = sh_reuse_limit},
      {.key = "max_declarations_per_turn",
       .group = kTurn,
       .type = "integer",
       .min = 1,
       .max = 10,
       .default_value = "1",
       .meaning = "Declarations allowed in one turn. Several marriages declared together count "
                  "as one.",
       .decision = "D19",
       .read = rd_int<&Ruleset::max_declarations_per_turn>,
       .show = sh_int<&Ruleset::max_declarations_per_turn>},
      {.key = "declare_after_stock_empty",
       .group = kTurn,
       .type = "boolean",
       .default_value = "true",
       .meaning = "`false`: no declarations once the stock is empty.",
       .decision = "D13",
       .read = rd_bool<&Ruleset::declare_after_stock_empty>,
       .show = sh_bool<&Ruleset::declare_after_stock_empty>},
      {.key = "kq_zetema_requires_assembly",
       .group = kZetemas,
       .type = "boolean",
       .default_value = "false",
       .meaning = "`true`: a king or queen zetema scores 0 unless the assembly of that rank was "
                  "declared earlier in the hand.",
       .decision = "D10",
       .read = rd_bool<&Ruleset::kq_zetema_requires_assembly>,
       .show = sh_bool<&Ruleset::kq_zetema_requires_assembly>},
      {.key = "two_player_chain",
       .group = kZetemas,
       .type = "boolean",
       .default_value = "true",
       .meaning = "`true`: in a game begun with two players, a discard that completes a zetema "
                  "while the stock is empty must be followed by another discard (discard only), "
                  "until one completes nothing or the hand is empty.",
       .decision = "D15",
       .read = rd_bool<&Ruleset::two_player_chain>,
       .show = sh_bool<&Ruleset::two_player_chain>},
      {.key = "target",
       .group = kEnd,
       .type = "per player count: integer or `false`; or `false`",
       .min = 1,
       .max = kMaxPoints,
       .also = "or `false`",
       .default_value = "{ [2] = 300, [3] = 300, [4] = 200, [5] = 200, [6] = 200 }",
       .meaning = "The score a side must reach. `false` for a count: no target with that many "
                  "players; `target = false`: no target at all.",
       .decision = "D16",
       .read = rd_target,
       .show = sh_target},
      {.key = "end_at_target",
       .group = kEnd,
       .type = "name",
       .values = {{"immediate",
                   "The game stops at the scoring event that reaches the target; that side wins."},
                  {"end_of_hand", "The hand is played out; then the highest total wins."}},
       .default_value = "\"immediate\"",
       .meaning = "When reaching the target ends the game.",
       .decision = "D16",
       .read = rd_enum<&Ruleset::end_at_target>,
       .show = sh_enum<&Ruleset::end_at_target>},
      {.key = "game_length",
       .group = kEnd,
       .type = "name",
       .values = {{"until_target",
                   "Hands are dealt until the target ends the game. Needs a target for every "
                   "player count."},
                  {"one_deal",
                   "The game is one hand; the highest total wins, and ties stand. A target, if "
                   "one is set, can still end it earlier."}},
       .default_value = "\"until_target\"",
       .meaning = "How many hands a game has.",
       .decision = "D16",
       .read = rd_enum<&Ruleset::game_length>,
       .show = sh_enum<&Ruleset::game_length>},
      {.key = "partnerships",
       .group = kPartners,
       .type = "per player count: name",
       .values = {{"off"}, {"pairs"}, {"teams_of_three"}},
       .default_value = "{ [4] = \"pairs\", [6] = \"pairs\" }",
       .meaning = "The usual seating for each count. Pairs only at 4 and 6 (seats 1+3 and 2+4; "
                  "at 6: 1+4, 2+5, 3+6); teams of three only at 6 (1, 3, 5 against 2, 4, 6). In "
                  "a root variant, counts not given play individually.",
       .decision = "D17",
       .read = rd_partnerships,
       .show = sh_partnerships},
      {.key = "partnerships_compulsory",
       .group = kPartners,
       .type = "boolean",
       .default_value = "false",
       .meaning = "`true`: where the usual seating has partners, a game may not switch them off "
                  "(`zetema play --teams off` is refused).",
       .decision = "D17",
       .read = rd_bool<&Ruleset::partnerships_compulsory>,
       .show = sh_bool<&Ruleset::partnerships_compulsory>},
      {.key = "teams_of_three_allowed",
       .group = kPartners,
       .type = "boolean",
       .default_value = "true",
       .meaning = "Whether six players may play as two teams of three.",
       .decision = "D17",
       .read = rd_bool<&Ruleset::teams_of_three_allowed>,
       .show = sh_bool<&Ruleset::teams_of_three_allowed>},
      {.key = "penalties_1881",
       .group = kPenalties,
       .type = "boolean",
       .default_value = "false",
       .meaning = "The 1881 penalties for an exposed or out-of-turn card and a missed draw. Bots "
                  "never commit these irregularities, so they never arise in `zetema check` or "
                  "`zetema play`.",
       .decision = "D18",
       .read = rd_bool<&Ruleset::penalties_1881>,
       .show = sh_bool<&Ruleset::penalties_1881>},
      {.key = "first_dealer",
       .group = kSeating,
       .type = "name",
       .values = {{"high_card_draw"}, {"first_seat"}},
       .default_value = "\"high_card_draw\"",
       .meaning = "How the first dealer is chosen: a high-card draw, or seat 1.",
       .decision = "D2",
       .read = rd_enum<&Ruleset::first_dealer>,
       .show = sh_enum<&Ruleset::first_dealer>},
      {.key = "first_player",
       .group = kSeating,
       .type = "name",
       .values = {{"dealer_left"}, {"dealer"}},
       .default_value = "\"dealer_left\"",
       .meaning = "Who plays first in a hand.",
       .decision = "D2",
       .read = rd_enum<&Ruleset::first_player>,
       .show = sh_enum<&Ruleset::first_player>},
      {.key = "direction",
       .group = kSeating,
       .type = "name",
       .values = {{"clockwise"}, {"anticlockwise"}},
       .default_value = "\"clockwise\"",
       .meaning = "Direction of play and of the deal.",
       .decision = "D2",
       .read = rd_enum<&Ruleset::direction>,
       .show = sh_enum<&Ruleset::direction>},
      {.key = "deal_rotation",
       .group = kSeating,
       .type = "name",
       .values = {{"clockwise"}, {"anticlockwise"}, {"stays"}},
       .default_value = "\"clockwise\"",
       .meaning = "How the deal passes after each hand.",
       .decision = "D2",
       .read = rd_enum<&Ruleset::deal_rotation>,
       .show = sh_enum<&Ruleset::deal_rotation>},
      {.key = "flow",
       .group = kTurn,
       .type = "table by step",
       .default_value = nullptr,
       .meaning = "The card flow of each step of the turn, over the presets draw_mode, "
                  "marriage_mode and discard_from_meld name: `refill = n` draws up to the hand "
                  "size + n, `draw = n` draws n, `discard` is \"required\", \"skip\" or "
                  "\"from_meld\". Not given: the presets alone.",
       .decision = "D1, D9, D12, D26",
       .read = rd_flow,
       .required = false,
       .subkeys = {flow_step_field<FlowStep::TurnStart>("turn_start",
                                                        "Before the player's first action.", false),
                   flow_step_field<FlowStep::AfterDeclaration>(
                       "after_declaration",
                       "After a sequence, flush, flush sequence, assembly or a variant's kind.",
                       true),
                   flow_step_field<FlowStep::AfterMarriages>(
                       "after_marriages", "After a declaration of marriages.", true),
                   flow_step_field<FlowStep::AfterDiscard>(
                       "after_discard",
                       "At the end of the play: after the discard, or where a step skipped it.",
                       false),
                   flow_step_field<FlowStep::AfterZetema>(
                       "after_zetema", "After a discard that made a zetema.", false)}},
      {.key = "kinds",
       .group = kTurn,
       .type = "table by kind name",
       .also = "a kind is `{points, find, tableau, discard, source}` or `false`",
       .default_value = nullptr,
       .meaning = "Combination kinds the variant adds (`find` lists the card sets), removes "
                  "(`flush = false`) or replaces (a table under a built-in name). Not given: "
                  "the five built-in kinds.",
       .decision = "—",
       .read = rd_kinds,
       .show = sh_kinds,
       .required = false},
  };
  return kFields;
}

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

constexpr const char* kMetadataKeys[] = {"id", "name", "source", "follows", "extends"};

void add_rows(const RuleField& f, const std::string& path, const Ruleset& r,
              std::vector<RuleParameter>& out) {
  if (f.show) out.push_back({path, f.show(r)});
  for (const RuleField& sub : f.subkeys) add_rows(sub, path + "." + sub.key, r, out);
}

}  // namespace

std::span<const RuleField> rule_fields() {
  return fields();
}

const RuleField* find_rule_field(const std::string& path) {
  std::span<const RuleField> level = fields();
  const RuleField* found = nullptr;
  size_t at = 0;
  while (at <= path.size()) {
    const size_t dot = std::min(path.find('.', at), path.size());
    const std::string part = path.substr(at, dot - at);
    found = nullptr;
    for (const RuleField& f : level) {
      if (part == f.key) found = &f;
    }
    if (!found) return nullptr;
    level = found->subkeys;
    at = dot + 1;
  }
  return found;
}

std::vector<RuleParameter> show_rules(const Ruleset& rules) {
  std::vector<RuleParameter> out;
  for (const RuleField& f : fields()) add_rows(f, f.key, rules, out);
  return out;
}

std::string first_rule_difference(const Ruleset& a, const Ruleset& b) {
  const auto ra = show_rules(a), rb = show_rules(b);
  for (size_t i = 0; i < ra.size() && i < rb.size(); ++i) {
    if (ra[i].name != rb[i].name || ra[i].value != rb[i].value) {
      return ra[i].name + ": " + ra[i].value + " against " + rb[i].value;
    }
  }
  if (ra.size() != rb.size()) return "one lists more rules than the other";
  // The rank tables are shown grouped by value; compare them exactly too.
  if (a.assembly_points != b.assembly_points) return "points.assembly: by rank";
  if (a.zetema_points != b.zetema_points) return "zetema_points: by rank";
  if (a.hand_size != b.hand_size) return "hand_size: by players";
  if (a.target != b.target) return "target: by players";
  return "";
}

std::vector<RuleId> rules_at(const std::string& path) {
  std::vector<RuleId> out;
  for (int i = 0; i < kRuleIds; ++i) {
    if (rule_name(static_cast<RuleId>(i)) == path) out.push_back(static_cast<RuleId>(i));
  }
  return out;
}

std::string quoted_values(const RuleField& field) {
  std::string list;
  for (const RuleValue& v : field.values) {
    list += std::string(list.empty() ? "" : ", ") + "\"" + v.name + "\"";
  }
  return list;
}

std::string read_subkeys(lua_State* L, int index, Ruleset& rules, bool complete,
                         const RuleField& field) {
  std::string names, form;
  std::vector<std::string> keys;
  for (const RuleField& sub : field.subkeys) {
    names += (names.empty() ? "" : ", ") + std::string(sub.key);
    form += (form.empty() ? "" : ", ") + std::string(sub.key) + " = ...";
    keys.emplace_back(sub.key);
  }
  if (!lua_istable(L, index)) return "must be a table {" + form + "}" + got(L, index);
  index = lua_absindex(L, index);
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    const RuleField* sub = nullptr;
    std::string key;
    if (lua_type(L, -2) == LUA_TSTRING) {
      key = lua_tostring(L, -2);
      for (const RuleField& s : field.subkeys) {
        if (key == s.key) sub = &s;
      }
    }
    if (!sub) {  // ".sequense is not a key of points (did you mean 'sequence'?); its keys ..."
      std::string shown = key.size() <= 40 ? "." + key : "." + key.substr(0, 40) + "...";
      if (lua_type(L, -2) == LUA_TNUMBER && lua_isinteger(L, -2)) {
        shown = "[" + std::to_string(lua_tointeger(L, -2)) + "]";
      } else if (lua_type(L, -2) != LUA_TSTRING) {
        shown = "[" + std::string(luaL_typename(L, -2)) + "]";
      }
      const std::string guess = key.empty() ? "" : suggest_key(key, keys);
      lua_pop(L, 2);
      return shown + " is not a key of " + field.key +
             (guess.empty() ? "" : " (did you mean '" + guess + "'?)") + "; its keys are " + names;
    }
    std::string why = sub->read(L, -1, rules, complete, *sub);
    lua_pop(L, 1);
    if (!why.empty()) {
      lua_pop(L, 1);
      return "." + key + (why[0] == '.' || why[0] == '[' ? "" : " ") + why;
    }
  }
  if (complete) {
    for (const RuleField& sub : field.subkeys) {
      lua_pushstring(L, sub.key);
      const bool missing = lua_rawget(L, index) == LUA_TNIL;
      lua_pop(L, 1);
      if (missing && sub.required) return std::string("must give ") + sub.key;
    }
  }
  return {};
}

bool is_metadata_key(const std::string& key) {
  for (const char* k : kMetadataKeys) {
    if (key == k) return true;
  }
  return false;
}

std::string suggest_key(const std::string& key, const std::vector<std::string>& among) {
  std::string best;
  size_t best_d = 4;                  // only near misses
  if (key.size() > 200) return best;  // no near miss, and no quadratic work
  for (const std::string& k : among) {
    const size_t d = edit_distance(key, k);
    if (d < best_d) {
      best_d = d;
      best = k;
    }
  }
  return best;
}

std::string suggest_key(const std::string& key) {
  std::vector<std::string> known;
  for (const RuleField& f : fields()) known.emplace_back(f.key);
  for (const char* k : kMetadataKeys) known.emplace_back(k);
  for (int h = 0; h < kHooks; ++h) known.emplace_back(hook_name(static_cast<Hook>(h)));
  return suggest_key(key, known);
}

}  // namespace zetema::scripting
