// The registry of rule keys (scripting/rule_fields.h) is the one declaration
// of each key: its messages come from it, with the file:line where the Lua
// sets the entry; its defaults are the built-in rules; its rows are what the
// engine compares rule sets by.
#include <doctest/doctest.h>

#include <set>

#include "engine/rule_parameters.h"
#include "scripting/rule_fields.h"
#include "tests/scripting/sandbox_support.h"

using namespace zetema;
using scripting::find_rule_field;
using scripting::RuleField;
using test::load_text;

namespace {

std::string error_at(const scripting::LoadedVariant& v) {
  return v.error ? v.error->describe() : "(loaded)";
}

// A variant over sackson whose line 3 onwards is `body`.
std::string over_sackson(const std::string& body) {
  return "return {\n"
         "  id = \"h\", name = \"H\", source = \"s\", extends = \"sackson\",\n" +
         body + "\n}\n";
}

// `key = default` for a field and its subkeys, as a file would write it.
std::string default_entry(const RuleField& f) {
  if (f.default_value) return std::string(f.key) + " = " + f.default_value;
  if (f.subkeys.empty()) return "";
  std::string out = std::string(f.key) + " = {";
  for (const RuleField& sub : f.subkeys) {
    const std::string entry = default_entry(sub);
    if (!entry.empty()) out += " " + entry + ",";
  }
  return out + " }";
}

}  // namespace

TEST_CASE("registry: messages list the declared values, at the line of the entry") {
  struct Case {
    const char* body;
    const char* error;  // describe(): file:line: kind error: message
  };
  for (const Case& c : {
           // A comment and a string mention the key first; the line is the assignment's.
           Case{"  --[[\n  draw_mode = \"refill_before\" is sackson's ]]\n"
                "  follows = \"draw_mode = x\",\n"
                "  draw_mode = \"refill\",",
                "test/bad.lua:6: load error: draw_mode must be one of \"refill_before\", "
                "\"refill_plus_one_before\", \"play_then_draw\", got \"refill\""},
           Case{"  imperial_suit = \"X\",",
                "test/bad.lua:3: load error: imperial_suit must be one of \"C\", \"D\", \"H\", "
                "\"S\", got \"X\""},
           Case{"  partnerships = {\n    [4] = \"pairs\",\n    [6] = \"trios\",\n  },",
                "test/bad.lua:5: load error: partnerships[6] must be one of \"off\", \"pairs\", "
                "\"teams_of_three\", got \"trios\""},
           Case{"  hand_size = {\n    [3] = 6,\n    [6] = 14,\n  },",
                "test/bad.lua:5: load error: hand_size[6] must be an integer from 1 to 13, got 14"},
           Case{"  max_declarations_per_turn = 11,",
                "test/bad.lua:3: load error: max_declarations_per_turn must be an integer from 1 "
                "to 10, got 11"},
           Case{"  reuse_limit = 14,",
                "test/bad.lua:3: load error: reuse_limit must be an integer from 0 to 13, or false "
                "for no limit, got 14"},
           Case{"  target = { [2] = 0 },",
                "test/bad.lua:3: load error: target[2] must be an integer from 1 to 1000000, or "
                "false, got 0"},
           Case{"  assembly_points = {\n    K = 130,\n    [\"7\"] = 150.5,\n  },",
                "test/bad.lua:5: load error: assembly_points.7 must be an integer from 0 to "
                "1000000, got 150.5"},
           Case{"  points = {\n    flush = 30,\n    sequense = 15,\n  },",
                "test/bad.lua:5: load error: points.sequense is not a key of points (did you "
                "mean 'sequence'?); its keys are sequence, flush, flush_sequence"},
           Case{"  points = { 10, 30 },",
                "test/bad.lua:3: load error: points[1] is not a key of points; its keys are "
                "sequence, flush, flush_sequence"},
           Case{"  points = 10,",
                "test/bad.lua:3: load error: points must be a table {sequence = ..., flush = ..., "
                "flush_sequence = ...}, got 10"},
           Case{"  points = {\n    flush_sequence = true,\n  },",
                "test/bad.lua:4: load error: points.flush_sequence must be an integer, or false "
                "for no such category"},
           Case{"  follows = [[\n  wraparund = true\n]],\n  wraparund = true,",
                "test/bad.lua:6: load error: unknown rule 'wraparund' (did you mean "
                "'wraparound'?)"},
           Case{"  score_zetema = [[\n  score_zetema = 1\n  ]],",
                "test/bad.lua:3: load error: score_zetema must be a function, got string"},
       }) {
    CAPTURE(c.body);
    const auto v = load_text(over_sackson(c.body), "test/bad.lua");
    REQUIRE_FALSE(v.ok);
    CHECK(error_at(v) == c.error);
  }
  // The lists in those messages are the registry's, not a copy.
  CHECK(scripting::quoted_values(*find_rule_field("draw_mode")) ==
        "\"refill_before\", \"refill_plus_one_before\", \"play_then_draw\"");
}

TEST_CASE("registry: metadata errors and a root's missing subkey") {
  const auto bad_id =
      load_text("return {\n  -- id = 'x' would do\n  name = 'N', source = 's',\n  id = 5,\n}\n",
                "test/meta.lua");
  REQUIRE_FALSE(bad_id.ok);
  CHECK(error_at(bad_id) == "test/meta.lua:4: load error: id must be a string, got number");
  const auto orphan = load_text(
      "return {\n  id = 'o', name = 'O', source = 's', follows = 'extends = 1',\n"
      "  extends = 'nosuch',\n}\n",
      "test/orphan.lua");
  REQUIRE_FALSE(orphan.ok);
  CHECK(error_at(orphan) ==
        "test/orphan.lua:3: load error: cannot load parent variant 'nosuch': no variant 'nosuch' "
        "in variants/");
  // A root variant: the declared defaults with one subkey left out.
  std::string root = "return {\n  id = 'root', name = 'R', source = 's',\n";
  for (const RuleField& f : scripting::rule_fields()) {
    std::string entry = default_entry(f);
    if (std::string(f.key) == "points") entry = "points = { sequence = 10, flush = 30 }";
    if (!entry.empty()) root += "  " + entry + ",\n";
  }
  const auto missing = load_text(root + "}\n", "test/root.lua");
  REQUIRE_FALSE(missing.ok);
  CHECK(missing.error->message == "points must give flush_sequence");
  CHECK(missing.error->line == 7);  // after imperial_suit, hand_size, draw_mode, short_hand_melds
}

TEST_CASE("registry: the declared defaults are the built-in rules") {
  std::string root = "return {\n  id = 'defaults', name = 'D', source = 's',\n";
  for (const RuleField& f : scripting::rule_fields()) {
    const std::string entry = default_entry(f);
    if (f.required) CHECK_MESSAGE(!entry.empty(), f.key << " declares no default");
    if (!entry.empty()) root += "  " + entry + ",\n";
  }
  const auto v = load_text(root + "}\n", "test/defaults.lua");
  REQUIRE_MESSAGE(v.ok, error_at(v));
  CHECK(scripting::same_rules(v.rules, Ruleset{}));
  // Any one rule set otherwise is named, even one only the exact rank
  // tables show.
  Ruleset other;
  other.flush_points = 31;
  CHECK(scripting::first_rule_difference(other, Ruleset{}) == "points.flush: 31 against 30");
  other = Ruleset{};
  other.zetema_points[3] += 1;
  CHECK_FALSE(scripting::same_rules(other, Ruleset{}));
  CHECK_FALSE(scripting::same_rules(test::variant("book1881"), Ruleset{}));
  const auto got = scripting::show_rules(v.rules), want = scripting::show_rules(Ruleset{});
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    CAPTURE(got[i].name);
    CHECK(got[i].value == want[i].value);
  }
}

TEST_CASE("registry: every declared name is one the loader accepts") {
  for (const RuleField& f : scripting::rule_fields()) {
    for (const auto& value : f.values) {
      const bool per_count = std::string_view(f.type).starts_with("per player count");
      const std::string body = std::string("  ") + f.key + " = " +
                               (per_count ? "{ [6] = \"" : "\"") + value.name +
                               (per_count ? "\" }," : "\",");
      CAPTURE(body);
      const auto v = load_text(over_sackson(body), "test/name.lua");
      CHECK_MESSAGE(v.ok, error_at(v));
    }
  }
}

TEST_CASE("registry: rules-table rows, origins and the engine's own list agree") {
  std::set<std::string> paths;
  for (const auto& row : scripting::show_rules(Ruleset{})) {
    CHECK_MESSAGE(paths.insert(row.name).second, row.name << " is listed twice");
    CHECK(find_rule_field(row.name) != nullptr);
  }
  // Each rule an event can name is a key (or subkey) of the registry, except
  // the end of a hand, which no key sets, and the end-of-hand awards and the
  // moments' acts, which only hooks give.
  for (int i = 0; i < kRuleIds; ++i) {
    const auto id = static_cast<RuleId>(i);
    if (id == RuleId::HandEnd || id == RuleId::HandEndScore || id == RuleId::Moment ||
        id == RuleId::Choice) {
      continue;
    }
    CAPTURE(rule_name(id));
    CHECK(find_rule_field(std::string(rule_name(id))) != nullptr);
  }
  CHECK(find_rule_field("points.sequence")->min == 0);
  CHECK(find_rule_field("points.nosuch") == nullptr);
  CHECK(find_rule_field("") == nullptr);
}
