// The rule keys under "Deck and deal" in the reference (rule_keys.h): the
// imperial suit and the size of a hand.
#include "scripting/rule_keys.h"

#include "scripting/rule_readers.h"

namespace zetema::scripting::rule_keys {

namespace {

constexpr const char* kDeck = "Deck and deal";

std::string rd_imperial_suit(lua_State* L, int i, Ruleset& r, bool, const RuleField& f) {
  return read_name_into(L, i, r.imperial_suit, f,
                        [](const char* s, Suit& out) { return parse_suit(s, out); });
}

std::string sh_imperial_suit(const Ruleset& r) {
  return std::string(1, suit_char(r.imperial_suit));
}

std::string rd_hand_size(lua_State* L, int i, Ruleset& r, bool complete, const RuleField& f) {
  return read_per_players(L, i, complete,
                          [&](int n) { return read_int_into(L, -1, r.hand_size[n], f); });
}

std::string sh_hand_size(const Ruleset& r) {
  return per_players(r.hand_size, [](int v) { return std::to_string(v); });
}

void pu_imperial_suit(lua_State* L, const Ruleset& r) {
  const char c = suit_char(r.imperial_suit);
  lua_pushlstring(L, &c, 1);
}

void pu_hand_size(lua_State* L, const Ruleset& r) {
  push_per_players(L, r.hand_size, [&](int v) {
    lua_pushinteger(L, v);
    return true;
  });
}

}  // namespace

RuleField imperial_suit() {
  return {.key = "imperial_suit",
          .group = kDeck,
          .type = "name",
          .values = {{"C"}, {"D"}, {"H"}, {"S"}},
          .default_value = "\"S\"",
          .meaning = "The suit that is in the pack twice.",
          .decision = "D20",
          .read = rd_imperial_suit,
          .show = sh_imperial_suit,
          .push = pu_imperial_suit};
}

RuleField hand_size() {
  return {.key = "hand_size",
          .group = kDeck,
          .type = "per player count: integer",
          .min = 1,
          .max = 13,
          .default_value = "{ [2] = 6, [3] = 6, [4] = 6, [5] = 6, [6] = 5 }",
          .meaning =
              "Cards dealt to each player, and the size the hand is drawn back to. The deal "
              "must fit in 65 cards (with `refill_plus_one_before`, one more card each).",
          .decision = "§3 `hand_size`, D6",
          .read = rd_hand_size,
          .show = sh_hand_size,
          .push = pu_hand_size};
}

}  // namespace zetema::scripting::rule_keys
