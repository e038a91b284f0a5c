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

std::string read_bool_into(lua_State* L, int index, bool& out) {
  if (!lua_isboolean(L, index)) return "must be true or false" + got(L, index);
  out = lua_toboolean(L, index);
  return {};
}

std::string read_int_into(lua_State* L, int index, int& out, int lo, int hi) {
  const std::string why = read_whole_number(L, index, lo, hi, out);
  return why.empty() ? why : "must be " + why;
}

constexpr int kMaxPoints = 1'000'000;

template <class E>
std::string read_enum_into(lua_State* L, int index, E& out,
                           std::initializer_list<const char*> names) {
  if (lua_type(L, index) != LUA_TSTRING || !parse_enum(lua_tostring(L, index), out)) {
    std::string list;
    for (const char* n : names) list += std::string(list.empty() ? "" : ", ") + "\"" + n + "\"";
    std::string seen = lua_type(L, index) == LUA_TSTRING
                           ? std::string(", got \"") + lua_tostring(L, index) + "\""
                           : got(L, index);
    return "must be one of " + list + seen;
  }
  return {};
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
std::string read_rank_points(lua_State* L, int index, RankPoints& out, bool complete) {
  if (!lua_istable(L, index))
    return "must be a table keyed by rank, as {K = 130, ..., other = 100}" + got(L, index);
  index = lua_absindex(L, index);
  std::array<bool, kRanks> given{};
  lua_pushliteral(L, "other");
  if (lua_rawget(L, index) != LUA_TNIL) {
    int v = 0;
    std::string why = read_int_into(L, -1, v, 0, kMaxPoints);
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
             (key.empty() ? std::string() : ", got \"" + key + "\"");
    }
    std::string why = read_int_into(L, -1, out[r], 0, kMaxPoints);
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

// --- one reader per key ---------------------------------------------------

std::string rd_imperial_suit(lua_State* L, int i, Ruleset& r, bool) {
  if (lua_type(L, i) != LUA_TSTRING || !parse_suit(lua_tostring(L, i), r.imperial_suit)) {
    return "must be one of \"C\", \"D\", \"H\", \"S\"" + got(L, i);
  }
  return {};
}
std::string rd_hand_size(lua_State* L, int i, Ruleset& r, bool complete) {
  return read_per_players(L, i, complete,
                          [&](int n) { return read_int_into(L, -1, r.hand_size[n], 1, 13); });
}
std::string rd_meld_len(lua_State* L, int i, Ruleset& r, bool complete) {
  if (complete) r.meld_len.fill(0);  // a root variant: unnamed counts use the dealt size
  return read_per_players(L, i, false,
                          [&](int n) { return read_int_into(L, -1, r.meld_len[n], 0, 13); });
}
std::string rd_draw_mode(lua_State* L, int i, Ruleset& r, bool) {
  return read_enum_into(L, i, r.draw_mode,
                        {"refill_before", "refill_plus_one_before", "play_then_draw"});
}
std::string rd_short_hand_melds(lua_State* L, int i, Ruleset& r, bool) {
  return read_enum_into(L, i, r.short_hand_melds, {"shorten", "none"});
}
std::string rd_points(lua_State* L, int i, Ruleset& r, bool complete) {
  if (!lua_istable(L, i))
    return "must be a table {sequence = ..., flush = ..., flush_sequence = ...}" + got(L, i);
  i = lua_absindex(L, i);
  lua_pushnil(L);
  while (lua_next(L, i) != 0) {
    const std::string key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    std::string why;
    if (key == "sequence") {
      why = read_int_into(L, -1, r.sequence_points, 0, kMaxPoints);
    } else if (key == "flush") {
      why = read_int_into(L, -1, r.flush_points, 0, kMaxPoints);
    } else if (key == "flush_sequence") {
      if (lua_isboolean(L, -1) && !lua_toboolean(L, -1)) {
        r.flush_sequence_points.reset();  // false: no such category
      } else {
        int v = 0;
        why = read_int_into(L, -1, v, 0, kMaxPoints);
        if (why.empty()) r.flush_sequence_points = v;
        if (!why.empty()) why = "must be an integer, or false for no such category";
      }
    } else {
      why = "is not a category (sequence, flush, flush_sequence)";
    }
    lua_pop(L, 1);
    if (!why.empty()) {
      lua_pop(L, 1);
      return "." + key + " " + why;
    }
  }
  if (complete) {
    for (const char* k : {"sequence", "flush", "flush_sequence"}) {
      lua_pushstring(L, k);
      const bool missing = lua_rawget(L, i) == LUA_TNIL;
      lua_pop(L, 1);
      if (missing) return std::string("must give ") + k;
    }
  }
  return {};
}
std::string rd_ace_high(lua_State* L, int i, Ruleset& r, bool) {
  return read_bool_into(L, i, r.ace_high_in_sequence);
}
std::string rd_wraparound(lua_State* L, int i, Ruleset& r, bool) {
  return read_bool_into(L, i, r.wraparound);
}
std::string rd_imperial_flush(lua_State* L, int i, Ruleset& r, bool) {
  return read_bool_into(L, i, r.imperial_flush_allowed);
}
std::string rd_assembly_points(lua_State* L, int i, Ruleset& r, bool complete) {
  return read_rank_points(L, i, r.assembly_points, complete);
}
std::string rd_zetema_points(lua_State* L, int i, Ruleset& r, bool complete) {
  return read_rank_points(L, i, r.zetema_points, complete);
}
std::string rd_marriage_base(lua_State* L, int i, Ruleset& r, bool) {
  if (!lua_istable(L, i) || lua_rawlen(L, i) != 5) {
    return "must be a list of the points for 1 to 5 marriages at once, as {10, 30, 60, 100, 150}";
  }
  for (int k = 0; k < 5; ++k) {
    lua_rawgeti(L, i, k + 1);
    std::string why = read_int_into(L, -1, r.marriage_base[k], 0, kMaxPoints);
    lua_pop(L, 1);
    if (!why.empty()) return "[" + std::to_string(k + 1) + "] " + why;
  }
  return {};
}
std::string rd_imperial_bonus(lua_State* L, int i, Ruleset& r, bool) {
  return read_enum_into(L, i, r.imperial_bonus, {"second10_both20", "second10_only", "none"});
}
std::string rd_rules_site_literal(lua_State* L, int i, Ruleset& r, bool) {
  return read_bool_into(L, i, r.rules_site_literal);
}
std::string rd_marriage_hand_card(lua_State* L, int i, Ruleset& r, bool) {
  return read_enum_into(L, i, r.marriage_hand_card, {"per_declaration", "per_marriage"});
}
std::string rd_marriage_mode(lua_State* L, int i, Ruleset& r, bool) {
  return read_enum_into(L, i, r.marriage_mode,
                        {"declare_then_discard", "instead_of_play", "marriage_then_play_card"});
}
std::string rd_discard_from_meld(lua_State* L, int i, Ruleset& r, bool) {
  return read_bool_into(L, i, r.discard_from_meld);
}
std::string rd_reuse_limit(lua_State* L, int i, Ruleset& r, bool) {
  if (lua_isboolean(L, i) && !lua_toboolean(L, i)) {
    r.reuse_limit.reset();
    return {};
  }
  int v = 0;
  if (!read_int_into(L, i, v, 0, 13).empty()) {
    return "must be an integer from 0 to 13, or false for no limit" + got(L, i);
  }
  r.reuse_limit = v;
  return {};
}
std::string rd_max_declarations(lua_State* L, int i, Ruleset& r, bool) {
  return read_int_into(L, i, r.max_declarations_per_turn, 1, 10);
}
std::string rd_declare_after_stock_empty(lua_State* L, int i, Ruleset& r, bool) {
  return read_bool_into(L, i, r.declare_after_stock_empty);
}
std::string rd_kq_zetema(lua_State* L, int i, Ruleset& r, bool) {
  return read_bool_into(L, i, r.kq_zetema_requires_assembly);
}
std::string rd_two_player_chain(lua_State* L, int i, Ruleset& r, bool) {
  return read_bool_into(L, i, r.two_player_chain);
}
std::string rd_target(lua_State* L, int i, Ruleset& r, bool complete) {
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
    std::string why = read_int_into(L, -1, v, 1, 1'000'000);
    if (why.empty()) r.target[n] = v;
    return why.empty() ? why : "must be an integer from 1 to 1000000, or false" + got(L, -1);
  });
}
std::string rd_end_at_target(lua_State* L, int i, Ruleset& r, bool) {
  return read_enum_into(L, i, r.end_at_target, {"immediate", "end_of_hand"});
}
std::string rd_game_length(lua_State* L, int i, Ruleset& r, bool) {
  return read_enum_into(L, i, r.game_length, {"until_target", "one_deal"});
}
std::string rd_partnerships(lua_State* L, int i, Ruleset& r, bool complete) {
  if (complete)
    r.partnerships.fill(Partnerships::Off);  // a root variant: unnamed counts play alone
  return read_per_players(L, i, false, [&](int n) {
    return read_enum_into(L, -1, r.partnerships[n], {"off", "pairs", "teams_of_three"});
  });
}
std::string rd_partnerships_compulsory(lua_State* L, int i, Ruleset& r, bool) {
  return read_bool_into(L, i, r.partnerships_compulsory);
}
std::string rd_teams_of_three_allowed(lua_State* L, int i, Ruleset& r, bool) {
  return read_bool_into(L, i, r.teams_of_three_allowed);
}
std::string rd_penalties_1881(lua_State* L, int i, Ruleset& r, bool) {
  return read_bool_into(L, i, r.penalties_1881);
}
std::string rd_first_dealer(lua_State* L, int i, Ruleset& r, bool) {
  return read_enum_into(L, i, r.first_dealer, {"high_card_draw", "first_seat"});
}
std::string rd_first_player(lua_State* L, int i, Ruleset& r, bool) {
  return read_enum_into(L, i, r.first_player, {"dealer_left", "dealer"});
}
std::string rd_direction(lua_State* L, int i, Ruleset& r, bool) {
  return read_enum_into(L, i, r.direction, {"clockwise", "anticlockwise"});
}
std::string rd_deal_rotation(lua_State* L, int i, Ruleset& r, bool) {
  return read_enum_into(L, i, r.deal_rotation, {"clockwise", "anticlockwise", "stays"});
}

const std::vector<RuleField>& fields() {
  static const std::vector<RuleField> kFields = {
      {"imperial_suit", rd_imperial_suit, true, {}, {}},
      {"hand_size", rd_hand_size, true, {}, {}},
      {"draw_mode", rd_draw_mode, true, {}, {}},
      {"meld_len", rd_meld_len, false, {}, {}},
      {"short_hand_melds", rd_short_hand_melds, true, {}, {}},
      {"points",
       rd_points,
       true,
       {RuleId::SequencePoints, RuleId::FlushPoints, RuleId::FlushSequencePoints},
       {"sequence", "flush", "flush_sequence"}},
      {"ace_high_in_sequence", rd_ace_high, true, {}, {}},
      {"wraparound", rd_wraparound, true, {}, {}},
      {"imperial_flush_allowed", rd_imperial_flush, true, {}, {}},
      {"assembly_points", rd_assembly_points, true, {RuleId::AssemblyPoints}, {}},
      {"zetema_points", rd_zetema_points, true, {RuleId::ZetemaPoints}, {}},
      {"marriage_base", rd_marriage_base, true, {RuleId::MarriageBase}, {}},
      {"imperial_bonus", rd_imperial_bonus, true, {RuleId::ImperialBonus}, {}},
      {"rules_site_literal", rd_rules_site_literal, false, {}, {}},
      {"marriage_hand_card", rd_marriage_hand_card, true, {}, {}},
      {"marriage_mode", rd_marriage_mode, true, {}, {}},
      {"discard_from_meld", rd_discard_from_meld, true, {}, {}},
      {"reuse_limit", rd_reuse_limit, true, {}, {}},
      {"max_declarations_per_turn", rd_max_declarations, true, {}, {}},
      {"declare_after_stock_empty", rd_declare_after_stock_empty, true, {}, {}},
      {"kq_zetema_requires_assembly", rd_kq_zetema, true, {RuleId::KqZetemaRequiresAssembly}, {}},
      {"two_player_chain", rd_two_player_chain, true, {RuleId::TwoPlayerChain}, {}},
      {"target", rd_target, true, {RuleId::Target}, {}},
      {"end_at_target", rd_end_at_target, true, {}, {}},
      {"game_length", rd_game_length, true, {RuleId::GameLength}, {}},
      {"partnerships", rd_partnerships, true, {}, {}},
      {"partnerships_compulsory", rd_partnerships_compulsory, true, {}, {}},
      {"teams_of_three_allowed", rd_teams_of_three_allowed, true, {}, {}},
      {"penalties_1881", rd_penalties_1881, true, {RuleId::Penalties1881}, {}},
      {"first_dealer", rd_first_dealer, true, {}, {}},
      {"first_player", rd_first_player, true, {}, {}},
      {"direction", rd_direction, true, {}, {}},
      {"deal_rotation", rd_deal_rotation, true, {}, {}},
      {"flow", read_flow, false, {}, {}},
      {"kinds", check_kinds_shape, false, {}, {}},
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

}  // namespace

std::span<const RuleField> rule_fields() {
  return fields();
}

bool is_metadata_key(const std::string& key) {
  for (const char* k : kMetadataKeys) {
    if (key == k) return true;
  }
  return false;
}

std::string suggest_key(const std::string& key) {
  std::string best;
  size_t best_d = 4;  // only near misses
  auto consider = [&](const std::string& k) {
    const size_t d = edit_distance(key, k);
    if (d < best_d) {
      best_d = d;
      best = k;
    }
  };
  for (const RuleField& f : fields()) consider(f.key);
  for (const char* k : kMetadataKeys) consider(k);
  for (int h = 0; h < kHooks; ++h) consider(std::string(hook_name(static_cast<Hook>(h))));
  return best;
}

}  // namespace zetema::scripting
