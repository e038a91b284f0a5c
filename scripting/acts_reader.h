// Reading what a hook does besides answering (engine/hooks.h, Acts): its
// reason, awards, effects and change to the order of play, from the table
// it returned. Each reader returns "" or what is wrong, for the hook's
// "must return ..." error.
#pragma once

#include <string>
#include <vector>

#include "engine/hooks.h"
#include "scripting/run_reasons.h"

struct lua_State;

namespace zetema::scripting {

// How many effects one call may return: a hook that returns more stops
// with an error (a card moves at most once a call; 65 cards).
inline constexpr int kMaxEffects = 256;

// Hook points: whole numbers within the tables' own range.
std::string read_points(lua_State* L, int index, int& out);
// The optional reason (at most 200 bytes kept) of the table at `t`.
std::string read_reason(lua_State* L, int t, Reason& out, RunReasons& reasons);
// A list of awards {player = n | side = n, points = n, reason = "..."} at `t`.
std::string read_awards(lua_State* L, int t, const State& s, std::vector<Award>& out,
                        RunReasons& reasons);
// {skip = n | "next" | again = true | reverse = true, reason = "..."} at `t`.
std::string read_turn(lua_State* L, int t, const State& s, TurnControl& out, RunReasons& reasons);
// A list of effects at `t` (docs/variant-authoring.md, "Effects: moving cards").
std::string read_effects(lua_State* L, int t, const State& s, std::vector<Effect>& out,
                         RunReasons& reasons);
// The fields reason, awards, effects, offer and turn of the table at `t`.
std::string read_acts(lua_State* L, int t, const State& s, Acts& out, RunReasons& reasons);
// A moment's or a choice's result on top of the stack: nil, or such a table.
std::string read_acts_or_nil(lua_State* L, const State& s, Acts& out, RunReasons& reasons);

}  // namespace zetema::scripting
