// state.rules (scripting/rules_view.h): the variant's resolved tables, as a
// file writes them, read-only, to hooks and kinds' finders.
#include <doctest/doctest.h>

#include <filesystem>
#include <lua.hpp>
#include <memory>

#include "engine/rule_parameters.h"
#include "scripting/rule_fields.h"
#include "scripting/rules_view.h"
#include "tests/scripting/sandbox_support.h"

using namespace zetema;

namespace {

// Every shipped variant and cookbook file, loaded.
std::vector<scripting::LoadedVariant> shipped_variants() {
  std::vector<scripting::LoadedVariant> out;
  for (const std::string& dir : {test::variants_dir(), test::variants_dir() + "/examples"}) {
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.path().extension() != ".lua") continue;
      out.push_back(scripting::load_variant_spec(entry.path().string(), test::variants_dir()));
      REQUIRE_MESSAGE(out.back().ok, entry.path() << ": " << out.back().error->describe());
    }
  }
  return out;
}

void require_push(const scripting::RuleField& f, const std::string& path) {
  CHECK_MESSAGE((f.push != nullptr || !f.subkeys.empty()), path << " has nothing to push");
  for (const scripting::RuleField& sub : f.subkeys) require_push(sub, path + "." + sub.key);
}

// The rules read back from their pushed table by the registry's own readers,
// as a root variant file (every key given).
Ruleset read_back(const Ruleset& rules) {
  std::unique_ptr<lua_State, void (*)(lua_State*)> L(luaL_newstate(), lua_close);
  scripting::push_plain_rules(L.get(), rules);
  Ruleset back;
  for (const scripting::RuleField& f : scripting::rule_fields()) {
    if (std::string(f.key) == "kinds") continue;  // a list of names: kinds come with their finders
    lua_getfield(L.get(), 1, f.key);
    const std::string why = f.read(L.get(), 2, back, true, f);
    CHECK_MESSAGE(why.empty(), rules.id << ": " << f.key << " read back: " << why);
    lua_settop(L.get(), 1);
  }
  back.kinds = rules.kinds;
  back.builtin_kind_off = rules.builtin_kind_off;
  return back;
}

// Runs `body` as the score_zetema hook of a house variant over `parent`
// (its value is the points) and returns the points, or the error.
std::string zetema_hook(const std::string& body, const std::string& extra = "") {
  scripting::LoadedVariant v = test::load_text(
      test::house(extra + "  score_zetema = function(state, z)\n" + body + "\n  end,"));
  if (!v.ok) return "load: " + v.error->describe();
  State s = test::zetema_table(v.rules);
  EventLog log;
  const ApplyResult r = apply(s, Action::discard(Card(6, Suit::Spades, 1)), log);
  if (!r.ok) return r.script ? r.script->message : r.reason;
  return std::to_string(s.score[0]);
}

}  // namespace

TEST_CASE("every rule key gives its value to state.rules") {
  for (const scripting::RuleField& f : scripting::rule_fields()) require_push(f, f.key);
}

TEST_CASE("state.rules read back by the registry's readers gives the same rules") {
  for (const scripting::LoadedVariant& v : shipped_variants()) {
    const Ruleset back = read_back(v.rules);
    CHECK_MESSAGE(scripting::first_rule_difference(v.rules, back) == "", v.rules.id);
    for (int step = 0; step < kFlowSteps; ++step) {
      CHECK(back.flow_rule(static_cast<FlowStep>(step)) ==
            v.rules.flow_rule(static_cast<FlowStep>(step)));
    }
  }
}

TEST_CASE("a hook reads its own and its parent's tables through state.rules") {
  // sackson.lua's assembly of kings (130) and zetema of sevens (5); the
  // house file's own sequence (15) beside its parent's flush (30).
  CHECK(zetema_hook("    return state.rules.assembly_points.K + state.rules.zetema_points['7']") ==
        "135");
  CHECK(zetema_hook("    return state.rules.points.sequence + state.rules.points.flush",
                    "  points = { sequence = 15 },\n") == "45");
  CHECK(
      zetema_hook("    return state.rules.hand_size[state.players] + #state.rules.marriage_base") ==
      "11");
  CHECK(zetema_hook("    return state.rules.target[2] + (state.rules.reuse_limit and 1 or 0)") ==
        "300");
  CHECK(zetema_hook("    local n = 0\n"
                    "    for _, k in ipairs(state.rules.kinds) do n = n + #k end\n"
                    "    return n") == std::to_string(std::string("sequenceflushflush-sequence"
                                                                  "assemblymarriages")
                                                          .size()));
  CHECK(zetema_hook("    local s = ''\n"
                    "    for rank, v in pairs(state.rules.assembly_points) do s = s .. rank end\n"
                    "    assert(s == '23456789AJKQT', s)\n"
                    "    return state.rules.flow.turn_start.refill") == "0");
}

TEST_CASE("state.rules is read-only, at every depth") {
  const std::string message =
      "the rules are read-only (state.rules gives the variant's tables to read)";
  CHECK(zetema_hook("    state.rules.target = false return 1") == message);
  CHECK(zetema_hook("    state.rules.points.sequence = 99 return 1") == message);
  CHECK(zetema_hook("    table.insert(state.rules.marriage_base, 1) return 1") == message);
  CHECK(zetema_hook("    setmetatable(state.rules, {}) return 1") ==
        "cannot change a protected metatable");
  // And nothing written sticks: the next game reads the loaded value.
  CHECK(zetema_hook("    pcall(function() state.rules.points.sequence = 99 end)\n"
                    "    return state.rules.points.sequence") == "10");
}
