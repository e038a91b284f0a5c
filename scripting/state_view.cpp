#include "scripting/state_view.h"

#include <cstring>
#include <iterator>
#include <lua.hpp>
#include <optional>

#include <string_view>
#include "scripting/sandbox.h"

namespace zetema::scripting {

namespace {

constexpr const char* kViewMeta = "zetema.StateView";

struct View {
  const State* state;
};

const State& checked(lua_State* L, int index = 1) {
  // A View is a userdata whose metatable is the one create_state_view made
  // for this Lua state (the sandbox keeps its address: no registry lookup).
  auto* v = static_cast<View*>(lua_touserdata(L, index));
  bool ok = v && lua_getmetatable(L, index);
  if (ok) {
    ok = lua_topointer(L, -1) == Sandbox::from(L)->state_view_metatable();
    lua_pop(L, 1);
  }
  if (!ok) luaL_typeerror(L, index, kViewMeta);
  if (!v->state) luaL_error(L, "the state view is only valid during the hook call");
  return *v->state;
}

int check_player(lua_State* L, const State& s, int arg) {
  const lua_Integer p = luaL_checkinteger(L, arg);
  luaL_argcheck(L, p >= 1 && p <= s.players, arg, "no such player");
  return static_cast<int>(p - 1);
}

int check_rank(lua_State* L, int arg) {
  size_t len = 0;
  const char* text = luaL_checklstring(L, arg, &len);
  const int r = parse_rank(std::string_view(text, len));
  luaL_argcheck(L, r >= 0, arg, "rank must be one of A 2 3 4 5 6 7 8 9 T J Q K");
  return r;
}

int l_score(lua_State* L) {
  const State& s = checked(L);
  const lua_Integer side = luaL_checkinteger(L, 2);
  luaL_argcheck(L, side >= 1 && side <= s.sides, 2, "no such side");
  lua_pushinteger(L, s.score[side - 1]);
  return 1;
}
int l_side_of(lua_State* L) {
  const State& s = checked(L);
  lua_pushinteger(L, s.side_of[check_player(L, s, 2)] + 1);
  return 1;
}
int l_hand_of(lua_State* L) {
  const State& s = checked(L);
  push_card_list(L, s.hand(check_player(L, s, 2)));
  return 1;
}
int l_held(lua_State* L) {
  const State& s = checked(L);
  lua_pushinteger(L, s.hand(check_player(L, s, 2)).size());
  return 1;
}
int l_last_meld(lua_State* L) {
  const State& s = checked(L);
  push_card_list(L, s.seat[check_player(L, s, 2)].last_meld);
  return 1;
}
// In the order the cards were laid, the first discard first.
int l_pile(lua_State* L) {
  const State& s = checked(L);
  const int r = check_rank(L, 2);
  push_names(L);
  const int names = lua_gettop(L);
  lua_createtable(L, s.pile_size[r], 0);
  for (int i = 0; i < s.pile_size[r]; ++i) {
    lua_rawgeti(L, names, name_index(s.piles[r][i]));
    lua_rawseti(L, -2, i + 1);
  }
  lua_remove(L, names);
  return 1;
}
int l_pile_size(lua_State* L) {
  const State& s = checked(L);
  lua_pushinteger(L, s.pile_size[check_rank(L, 2)]);
  return 1;
}
int l_assembled(lua_State* L) {
  const State& s = checked(L);
  lua_pushboolean(L, (s.assemblies >> check_rank(L, 2)) & 1);
  return 1;
}
int l_zetemas(lua_State* L) {
  const State& s = checked(L);
  lua_createtable(L, s.zetema_count, 0);
  for (int i = 0; i < s.zetema_count; ++i) {
    push_rank(L, s.zetema_rank[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}
int l_marriage_pile(lua_State* L) {
  const State& s = checked(L);
  CardSet cards;
  for (int i = 0; i < s.marriage_pile_size; ++i) cards.insert(s.marriage_pile[i]);
  push_card_list(L, cards);
  return 1;
}
// "hand" (the default) or "game": how far back a history question looks.
bool whole_game(lua_State* L, int arg) {
  static const char* const kSpans[] = {"hand", "game", nullptr};
  return luaL_checkoption(L, arg, "hand", kSpans) == 1;
}

void push_player_list(lua_State* L, const std::array<uint8_t, kCardsPerRank>& players, int n) {
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; ++i) {
    lua_pushinteger(L, players[i] + 1);
    lua_rawseti(L, -2, i + 1);
  }
}

// The fields every entry of the history begins with: what, when, and the
// player and side where there is one.
void push_entry_head(lua_State* L, std::string_view what, int hand, uint32_t turn, int player,
                     int side, int fields) {
  lua_createtable(L, 0, fields);
  lua_pushlstring(L, what.data(), what.size());
  lua_setfield(L, -2, "what");
  lua_pushinteger(L, hand);
  lua_setfield(L, -2, "hand");
  lua_pushinteger(L, turn);
  lua_setfield(L, -2, "turn");
  if (player < kMaxPlayers) {
    lua_pushinteger(L, player + 1);
    lua_setfield(L, -2, "player");
  }
  if (side < kMaxPlayers) {
    lua_pushinteger(L, side + 1);
    lua_setfield(L, -2, "side");
  }
}

void push_card_field(lua_State* L, Card c) {
  push_names(L);
  lua_rawgeti(L, -1, name_index(c));
  lua_remove(L, -2);
  lua_setfield(L, -2, "card");
}

// A place of a moved card (engine/effects.h): its zone's name, and
// `<field>_player` for a hand.
void push_place_field(lua_State* L, uint8_t packed, const char* field) {
  const Place place{static_cast<Zone>(packed / 16), static_cast<uint8_t>(packed % 16)};
  const std::string_view zone = to_string(place.zone);
  lua_pushlstring(L, zone.data(), zone.size());
  lua_setfield(L, -2, field);
  if (place.zone != Zone::Hand) return;
  lua_pushinteger(L, place.seat + 1);
  lua_setfield(L, -2, (std::string(field) + "_player").c_str());
}

// One move of the history, as the table saw it: who, and the card laid and
// its pile, the count drawn, or a card an effect moved (named where public).
void push_move_entry(lua_State* L, const State& s, const PublicMove& m) {
  const int side = m.player < kMaxPlayers ? s.side_of[m.player] : kNoPlayer;
  push_entry_head(L, to_string(m.what), m.hand, m.turn, m.player, side, 7);
  if (m.what == HistoryWhat::Discard) {
    const Card c = Card::from_code(m.card);
    push_card_field(L, c);
    push_rank(L, c.rank());
    lua_setfield(L, -2, "rank");
  } else if (m.what == HistoryWhat::Draw) {
    lua_pushinteger(L, m.count);
    lua_setfield(L, -2, "count");
  } else if (m.what == HistoryWhat::Moved) {
    if (Card::from_code(m.card).valid()) push_card_field(L, Card::from_code(m.card));
    push_place_field(L, m.from, "from");
    push_place_field(L, m.to, "to");
  }
}

// A choice put or picked: the choice's name and, for a pick, the option as
// the table saw it -- true/false (as `apply` gets it), a player, a number,
// or a public card (a
// card picked from a hand is not in the entry: engine/flow_acts_impl.h).
void push_choice_entry(lua_State* L, const State& s, const HistoryEntry& h) {
  push_entry_head(L, h.what_name(), h.hand, h.turn, h.player, h.side, 8);
  if (h.rank >= s.rules->choices.size()) return;
  const ChoiceDef& c = s.rules->choices[h.rank];
  lua_pushlstring(L, c.name.data(), c.name.size());
  lua_setfield(L, -2, "choice");
  if (h.what == HistoryWhat::Choice && !(c.options == OptionKind::Cards && h.cards.empty())) {
    if (c.options == OptionKind::Cards) {
      Card picked;
      h.cards.for_each([&](Card k) { picked = k; });
      push_names(L);
      lua_rawgeti(L, -1, name_index(picked));
      lua_remove(L, -2);
    } else if (c.options == OptionKind::YesNo) {
      lua_pushboolean(L, h.points != 0);
    } else {
      lua_pushinteger(L, h.points + (c.options == OptionKind::Seat ? 1 : 0));
    }
    lua_setfield(L, -2, "option");
  }
  if (!h.reason.empty()) {
    lua_pushlstring(L, h.reason.str().data(), h.reason.size());
    lua_setfield(L, -2, "reason");
  }
}

// One entry of the history, as the table saw it.
void push_history_entry(lua_State* L, const State& s, const HistoryEntry& h) {
  if (h.what == HistoryWhat::Choice || h.what == HistoryWhat::Offer) {
    push_choice_entry(L, s, h);
    return;
  }
  push_entry_head(L, h.what_name(), h.hand, h.turn, h.player, h.side, 10);
  lua_pushinteger(L, h.points);
  lua_setfield(L, -2, "points");
  if (h.what == HistoryEntry::What::Declaration) {
    const std::string kind = kind_name(h.kind, *s.rules);
    lua_pushlstring(L, kind.data(), kind.size());
    lua_setfield(L, -2, "kind");
  }
  if (h.what != HistoryEntry::What::Award) {
    push_card_list(L, h.cards);
    lua_setfield(L, -2, "cards");
  }
  if (h.what == HistoryEntry::What::Zetema) {
    push_rank(L, h.rank);
    lua_setfield(L, -2, "rank");
    // Who discarded the pile's fourth card: the one who fed the zetema.
    lua_pushinteger(L, h.discarders[kCardsPerRank - 2] + 1);
    lua_setfield(L, -2, "fed_by");
    push_player_list(L, h.discarders, kCardsPerRank);
    lua_setfield(L, -2, "discarders");
  }
  if (!h.reason.empty()) {
    lua_pushlstring(L, h.reason.str().data(), h.reason.size());
    lua_setfield(L, -2, "reason");
  }
}

// Which entries a history question asks for: "scores" (the default: the
// declarations, zetemas and awards), "all", or one kind of entry. The
// default keeps the cost of a scoring hook's question to the scores.
struct HistoryFilter {
  bool all = false;
  std::optional<HistoryWhat> only;
  bool wants(HistoryWhat w) const {
    if (only) return w == *only;
    return all || w <= HistoryWhat::Award;
  }
  bool wants_moves() const { return all || (only && is_move(*only)); }
};

HistoryFilter history_filter(lua_State* L, int arg) {
  // In HistoryWhat's order after the first two.
  static const char* const kWhat[] = {"scores",  "all",   "declaration", "zetema",   "award",
                                      "discard", "draw",  "emptied",     "drop-out", "moved",
                                      "choice",  "offer", nullptr};
  const int i = luaL_checkoption(L, arg, "scores", kWhat);
  HistoryFilter f;
  f.all = i == 1;
  if (i >= 2) f.only = static_cast<HistoryWhat>(i - 2);
  return f;
}

// The scoring entries and the moves, merged in the order they happened
// (each scoring entry knows how many moves came before it).
int l_history(lua_State* L) {
  const State& s = checked(L);
  const bool game = whole_game(L, 2);
  const HistoryFilter filter = history_filter(L, 3);
  const std::vector<const HistoryEntry*> entries = s.history.entries();
  const std::vector<const PublicMove*> moves =
      filter.wants_moves() ? s.moves.entries() : std::vector<const PublicMove*>();
  lua_createtable(L, 0, 0);
  int n = 0;
  size_t next_move = 0;
  auto moves_until = [&](size_t end) {
    for (; next_move < end && next_move < moves.size(); ++next_move) {
      const PublicMove& m = *moves[next_move];
      if ((!game && m.hand != s.hand_number) || !filter.wants(m.what)) continue;
      push_move_entry(L, s, m);
      lua_rawseti(L, -2, ++n);
    }
  };
  for (const HistoryEntry* h : entries) {
    moves_until(h->moves_before);
    if ((!game && h->hand != s.hand_number) || !filter.wants(h->what)) continue;
    push_history_entry(L, s, *h);
    lua_rawseti(L, -2, ++n);
  }
  moves_until(moves.size());
  return 1;
}

// The hand's last discard, as its history entry, or nil.
int l_last_discard(lua_State* L) {
  const State& s = checked(L);
  const std::vector<const PublicMove*> moves = s.moves.entries();
  for (auto it = moves.rbegin(); it != moves.rend() && (*it)->hand == s.hand_number; ++it) {
    if ((*it)->what != HistoryWhat::Discard) continue;
    push_move_entry(L, s, **it);
    return 1;
  }
  lua_pushnil(L);
  return 1;
}
int l_drawn(lua_State* L) {
  const State& s = checked(L);
  const int p = check_player(L, s, 2);
  lua_pushinteger(L, whole_game(L, 3) ? s.drawn_in_game[p] : s.seat[p].drawn);
  return 1;
}
int l_hand_score(lua_State* L) {
  const State& s = checked(L);
  const lua_Integer side = luaL_checkinteger(L, 2);
  luaL_argcheck(L, side >= 1 && side <= s.sides, 2, "no such side");
  lua_pushinteger(L, s.hand_score[side - 1]);
  return 1;
}

int l_tableau(lua_State* L) {
  push_card_list(L, checked(L).tableau());
  return 1;
}
int l_shown(lua_State* L) {
  push_card_list(L, checked(L).shown);
  return 1;
}
int l_zetema_cards(lua_State* L) {
  push_card_list(L, checked(L).in_zetema_piles());
  return 1;
}

const luaL_Reg kMethods[] = {{"score", l_score},
                             {"side_of", l_side_of},
                             {"hand_of", l_hand_of},
                             {"held", l_held},
                             {"last_meld", l_last_meld},
                             {"pile", l_pile},
                             {"pile_size", l_pile_size},
                             {"assembled", l_assembled},
                             {"zetemas", l_zetemas},
                             {"marriage_pile", l_marriage_pile},
                             {"tableau", l_tableau},
                             {"history", l_history},
                             {"drawn", l_drawn},
                             {"last_discard", l_last_discard},
                             {"hand_score", l_hand_score},
                             {"shown", l_shown},
                             {"zetema_cards", l_zetema_cards}};

int l_index(lua_State* L) {
  const State& s = checked(L);
  size_t len = 0;
  const char* text = luaL_checklstring(L, 2, &len);
  const std::string_view key(text, len);
  // Compared as views: a name of another length costs one comparison.
  auto is = [&](std::string_view name) { return key == name; };
  if (is("players")) {
    lua_pushinteger(L, s.players);
  } else if (is("sides")) {
    lua_pushinteger(L, s.sides);
  } else if (is("player")) {
    if (s.current == kNoPlayer) {
      lua_pushnil(L);
    } else {
      lua_pushinteger(L, s.current + 1);
    }
  } else if (is("dealer")) {
    lua_pushinteger(L, s.dealer + 1);
  } else if (is("hand_number")) {
    lua_pushinteger(L, s.hand_number);
  } else if (is("turn")) {
    lua_pushinteger(L, s.turn_number);
  } else if (is("stock")) {
    lua_pushinteger(L, s.stock_size());
  } else if (is("phase")) {
    const std::string_view p = to_string(s.phase);
    lua_pushlstring(L, p.data(), p.size());
  } else if (is("imperial_suit")) {
    const char c = suit_char(s.rules->imperial_suit);
    lua_pushlstring(L, &c, 1);
  } else if (is("imperial_marriages")) {
    lua_pushinteger(L, s.imperial_marriages);
  } else if (is("hand_size")) {
    lua_pushinteger(L, s.rules->hand_size[s.players]);
  } else if (is("rules")) {
    // The variant's resolved tables (rules_view.h), made when it was loaded.
    const int ref = Sandbox::from(L)->rules_ref();
    if (ref == 0) return luaL_error(L, "the state has no rules to read here");
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  } else if (is("target")) {
    const auto t = s.rules->target[s.players];
    if (t) {
      lua_pushinteger(L, *t);
    } else {
      lua_pushnil(L);
    }
  } else {
    for (const luaL_Reg& m : kMethods) {
      if (is(m.name)) {
        lua_pushcfunction(L, m.func);
        return 1;
      }
    }
    return luaL_error(L, "the state has no field '%s'", text);
  }
  return 1;
}

int l_newindex(lua_State* L) {
  return luaL_error(L, "the state is read-only");
}

}  // namespace

namespace {

constexpr std::string_view kKeyNames[] = {
    "player", "kind",  "cards", "points", "marriages", "imperial", "imperial_before",
    "base",   "bonus", "rank",  "fed_by", "refill",    "draw",     "discard"};
static_assert(std::size(kKeyNames) == static_cast<size_t>(Key::Count));

void make_names(lua_State* L) {
  lua_createtable(L, name_index(Key::Count), 0);
  for (int code = 0; code < Card::kCodes; ++code) {
    const Card c = Card::from_code(code);
    const std::string text = to_string(c);
    lua_pushlstring(L, text.data(), text.size());
    lua_rawseti(L, -2, name_index(c));
  }
  for (int r = 0; r < kRanks; ++r) {
    const char c = rank_char(r);
    lua_pushlstring(L, &c, 1);
    lua_rawseti(L, -2, name_index_of_rank(r));
  }
  for (int k = 0; k < static_cast<int>(Key::Count); ++k) {
    lua_pushlstring(L, kKeyNames[k].data(), kKeyNames[k].size());
    lua_rawseti(L, -2, name_index(static_cast<Key>(k)));
  }
}

}  // namespace

void push_names(lua_State* L) {
  // By its registry ref, an integer: a lookup in the registry's array part.
  int& ref = Sandbox::from(L)->names_ref();
  if (ref > 0) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    return;
  }
  make_names(L);
  lua_pushvalue(L, -1);
  ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

void set_key(lua_State* L, int names, int t, Key key) {
  lua_rawgeti(L, names, name_index(key));
  lua_insert(L, -2);
  lua_rawset(L, t);
}

void push_rank(lua_State* L, int rank) {
  push_names(L);
  lua_rawgeti(L, -1, name_index_of_rank(rank));
  lua_remove(L, -2);
}

void push_card_list(lua_State* L, int names, CardSet cards) {
  lua_createtable(L, cards.size(), 0);
  int i = 0;
  cards.for_each([&](Card c) {
    lua_rawgeti(L, names, name_index(c));
    lua_rawseti(L, -2, ++i);
  });
}

void push_card_list(lua_State* L, CardSet cards) {
  push_names(L);
  push_card_list(L, lua_gettop(L), cards);
  lua_remove(L, -2);
}

int create_state_view(lua_State* L) {
  push_names(L);  // made now, outside any call, where no allocation can fail
  lua_pop(L, 1);
  auto* v = static_cast<View*>(lua_newuserdatauv(L, sizeof(View), 0));
  v->state = nullptr;
  if (luaL_newmetatable(L, kViewMeta)) {
    lua_pushcfunction(L, l_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, l_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
  }
  Sandbox::from(L)->set_state_view_metatable(lua_topointer(L, -1));
  lua_setmetatable(L, -2);
  return luaL_ref(L, LUA_REGISTRYINDEX);
}

const State** state_view_slot(lua_State* L, int ref) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  View* v = static_cast<View*>(lua_touserdata(L, -1));
  lua_pop(L, 1);
  return &v->state;
}

}  // namespace zetema::scripting
