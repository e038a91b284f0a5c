// Loading variant files: tables into the Ruleset, extends, origins of each
// rule, and clear errors with file:line for a broken file.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>

#include "scripting/catalog.h"
#include "scripting/rule_fields.h"
#include "tests/scripting/sandbox_support.h"
#include "tests/support/scratch.h"

using namespace zetema;
using test::load_text;

namespace {

scripting::LoadedVariant load(const std::string& id) {
  return scripting::load_variant_spec(id, test::variants_dir());
}

}  // namespace

TEST_CASE("sackson.lua gives exactly the engine's built-in defaults") {
  const auto v = load("sackson");
  REQUIRE(v.ok);
  CHECK_MESSAGE(scripting::same_rules(v.rules, Ruleset{}),
                scripting::first_rule_difference(v.rules, Ruleset{}));
  CHECK(v.rules.hooks == nullptr);  // a table-only variant runs natively
  CHECK(v.rules.id == "sackson");
  CHECK(v.rules.source == "sources/sackson.txt");
}

TEST_CASE("rules_site extends sackson and plays like it unless read literally") {
  const auto v = load("rules_site");
  REQUIRE(v.ok);
  CHECK(v.rules.parent == "sackson");
  CHECK_MESSAGE(scripting::same_rules(v.rules, test::variant("sackson")),
                scripting::first_rule_difference(v.rules, test::variant("sackson")));
  REQUIRE(v.sources.size() == 2);
  CHECK(v.sources[0].file == "variants/rules_site.lua");
  CHECK(v.sources[1].file == "variants/sackson.lua");
}

TEST_CASE("book1881 and rummy_site load the values of docs/decisions.md §3") {
  const auto b = load("book1881");
  REQUIRE(b.ok);
  const Ruleset& r = b.rules;
  CHECK(r.hand_size == PerPlayers<int>{0, 0, 6, 6, 6, 5, 5});
  CHECK(r.draw_mode == DrawMode::PlayThenDraw);
  CHECK(r.sequence_points == 30);
  CHECK_FALSE(r.flush_sequence_points.has_value());
  CHECK(r.ace_high_in_sequence);
  CHECK_FALSE(r.imperial_flush_allowed);
  CHECK(r.assembly_points == RankPoints{80, 60, 60, 60, 80, 60, 60, 60, 60, 60, 90, 100, 100});
  CHECK(r.marriage_hand_card == MarriageHandCard::PerMarriage);
  CHECK(r.marriage_mode == MarriageMode::InsteadOfPlay);
  CHECK_FALSE(r.discard_from_meld);
  CHECK(r.reuse_limit == 4);
  CHECK(r.kq_zetema_requires_assembly);
  CHECK_FALSE(r.two_player_chain);
  CHECK_FALSE(r.target[2].has_value());
  CHECK(r.game_length == GameLength::OneDeal);
  CHECK(r.partnerships_compulsory);
  CHECK(r.penalties_1881);
  const auto m = load("rummy_site");
  REQUIRE(m.ok);
  CHECK(m.rules.draw_mode == DrawMode::RefillPlusOneBefore);
  CHECK(m.rules.imperial_bonus == ImperialBonus::None);
  CHECK(m.rules.partnerships[4] == Partnerships::Off);
  CHECK(m.rules.partnerships[6] == Partnerships::Off);
}

TEST_CASE("extends: a child overrides only the entries it gives") {
  const auto v = load("house_example");
  REQUIRE(v.ok);
  CHECK(v.rules.sequence_points == 15);
  CHECK(v.rules.flush_points == 30);
  CHECK(v.rules.flush_sequence_points == 50);
  CHECK(v.rules.zetema_points[kRankJack] == 25);
  CHECK(v.rules.zetema_points[kRankAce] == 20);
  CHECK(v.rules.zetema_points[kRankKing] == 50);
  REQUIRE(v.rules.hooks);
  CHECK(v.rules.hooks->defines(Hook::ScoreMarriages));
  CHECK_FALSE(v.rules.hooks->defines(Hook::ScoreZetema));
  const SourceLocation at = v.rules.hooks->where(Hook::ScoreMarriages);
  CHECK(at.file == "variants/house_example.lua");
  CHECK(at.line == 25);
}

TEST_CASE("each rule's origin: the file and line that set it, and its source") {
  const auto v = load("house_example");
  REQUIRE(v.ok);
  const auto& seq = v.rules.origins[static_cast<int>(RuleId::SequencePoints)];
  CHECK(seq.file == "variants/house_example.lua");
  CHECK(seq.line == 17);
  CHECK(seq.variant == "house_example");
  const auto& flush = v.rules.origins[static_cast<int>(RuleId::FlushPoints)];
  CHECK(flush.file == "variants/sackson.lua");
  CHECK(flush.line == 31);
  CHECK(flush.source == "sources/sackson.txt");
  const auto& assembly = v.rules.origins[static_cast<int>(RuleId::AssemblyPoints)];
  CHECK(assembly.file == "variants/sackson.lua");
  CHECK(assembly.line == 44);
  // A rank table overridden in part: each rank's origin is the file that gave it.
  CHECK(v.rules.zetema_origins[kRankJack].file == "variants/house_example.lua");
  CHECK(v.rules.zetema_origins[kRankJack].line == 20);
  CHECK(v.rules.zetema_origins[6].file == "variants/sackson.lua");  // the 7, from `other`
  CHECK(v.rules.zetema_origins[6].line == 48);
  CHECK(v.rules.zetema_origins[kRankKing].file == "variants/sackson.lua");
}

TEST_CASE("a misspelt rule is an error with its line and a suggestion") {
  const auto v = load_text(test::house("  hand_sise = { [2] = 5 },"), "test/typo.lua");
  REQUIRE_FALSE(v.ok);
  CHECK(v.error->kind == ScriptError::Kind::Load);
  CHECK(v.error->file == "test/typo.lua");
  CHECK(v.error->line == 3);
  CHECK(v.error->message == "unknown rule 'hand_sise' (did you mean 'hand_size'?)");
}

TEST_CASE("a rule of the wrong type or range is an error with its line") {
  struct Case {
    const char* body;
    const char* message;
  };
  for (const Case& c : {
           Case{"  hand_size = 6,",
                "hand_size must be a table keyed by player count, as {[2] = 6, ...}, got 6"},
           Case{"  hand_size = { [7] = 6 },", "hand_size keys must be player counts 2 to 6"},
           Case{"  draw_mode = \"draw_first\",",
                "draw_mode must be one of \"refill_before\", \"refill_plus_one_before\", "
                "\"play_then_draw\", got \"draw_first\""},
           Case{"  points = { sequence = \"ten\" },",
                "points.sequence must be an integer from 0 to 1000000, got string \"ten\""},
           Case{"  zetema_points = { Z = 3 },",
                "zetema_points keys must be ranks A 2 3 4 5 6 7 8 9 T J Q K or other, got \"Z\""},
           Case{"  marriage_base = { 10, 30 },",
                "marriage_base must be a list of the points for 1 to 5 marriages at once, as {10, "
                "30, 60, 100, 150}"},
           Case{"  reuse_limit = true,",
                "reuse_limit must be an integer from 0 to 13, or false for no limit, got boolean"},
           Case{"  score_zetema = 5,", "score_zetema must be a function, got number"},
       }) {
    CAPTURE(c.body);
    const auto v = load_text(test::house(c.body), "test/bad.lua");
    REQUIRE_FALSE(v.ok);
    CHECK(v.error->kind == ScriptError::Kind::Load);
    CHECK(v.error->line == 3);
    CHECK(v.error->message == c.message);
  }
}

TEST_CASE("metamethods in a variant's tables are never run while reading it") {
  // Reads are raw: an __index that errors or loops has no effect.
  for (const char* meta : {"error('boom')", "while true do end"}) {
    CAPTURE(meta);
    const auto v = load_text(
        test::house(
            std::string("  zetema_points = setmetatable({ J = 30 }, {__index = function() ") +
            meta + " end}),"),
        "test/meta.lua");
    REQUIRE_MESSAGE(v.ok, (v.error ? v.error->describe() : ""));
    CHECK(v.rules.zetema_points[kRankJack] == 30);
    CHECK(v.rules.zetema_points[kRankKing] == 50);  // inherited, not looked up through __index
  }
}

TEST_CASE("a variant without extends must give every rule") {
  const auto v =
      load_text("return { id = 'solo', name = 'Solo', source = 'x' }\n", "test/solo.lua");
  REQUIRE_FALSE(v.ok);
  CHECK(v.error->message ==
        "missing rule 'imperial_suit': a variant without extends must give every rule");
}

TEST_CASE("a spec that is neither a .lua file nor a variant id says so") {
  // `zetema check game.json` once answered only that an id is lower-case
  // letters, digits and _.
  for (const std::string spec : {"game.json", "Sackson", "my house"}) {
    CAPTURE(spec);
    const auto v = load(spec);
    REQUIRE_FALSE(v.ok);
    CHECK(v.error->describe() ==
          spec +
              ": load error: not a .lua file nor a variant id (an id is lower-case letters, "
              "digits and _)");
  }
  CHECK(load("nosuch").error->describe() == "nosuch: load error: no variant 'nosuch' in variants/");
}

TEST_CASE("metadata and extends problems are named") {
  const auto no_table = load_text("return 42\n", "test/num.lua");
  REQUIRE_FALSE(no_table.ok);
  CHECK(no_table.error->message == "a variant file must return a table, got number");
  const auto no_id = load_text("return { name = 'x', source = 'y' }\n", "test/noid.lua");
  REQUIRE_FALSE(no_id.ok);
  CHECK(no_id.error->message == "id must be a string (every variant file gives its id)");
  const auto orphan =
      load_text("return {\n  id = 'o', name = 'O', source = 's',\n  extends = 'nosuch',\n}\n",
                "test/orphan.lua");
  REQUIRE_FALSE(orphan.ok);
  CHECK(orphan.error->line == 3);
  CHECK(orphan.error->message ==
        "cannot load parent variant 'nosuch': no variant 'nosuch' in variants/");
  // A cycle, through a resolver of two in-memory files.
  std::map<std::string, std::string> files = {
      {"a", "return { id = 'a', name = 'A', source = 's', extends = 'b' }\n"},
      {"b", "return { id = 'b', name = 'B', source = 's', extends = 'a' }\n"}};
  scripting::VariantResolver resolve =
      [&](const std::string& id, std::string& why) -> std::optional<scripting::VariantSource> {
    if (!files.count(id)) {
      why = "missing";
      return std::nullopt;
    }
    return scripting::VariantSource{id, id + ".lua", files[id]};
  };
  const auto cycle = scripting::load_variant({"a", "a.lua", files["a"]}, resolve);
  REQUIRE_FALSE(cycle.ok);
  CHECK(cycle.error->message == "extends makes a cycle through 'a'");
  // A file found under one id that calls itself another.
  files["c"] = "return { id = 'd', name = 'C', source = 's', extends = 'a' }\n";
  const auto misnamed = scripting::load_variant({"c", "c.lua", files["c"]}, resolve);
  REQUIRE_FALSE(misnamed.ok);
  CHECK(misnamed.error->message.find("says id = \"d\"") != std::string::npos);
}

TEST_CASE("a variant that cannot be played is refused at load") {
  const auto v = load_text(test::house("  hand_size = { [6] = 11 },"), "test/big.lua");
  REQUIRE_FALSE(v.ok);
  CHECK(v.error->message == "hand_size[6] = 11 cannot be dealt to 6 players from 65 cards");
}

TEST_CASE("the variant list: each file's summary, no sources kept, at most 1000 files listed") {
  const test::Scratch tmp("zetema-catalog");
  const std::string user = tmp.root.string();
  const size_t extra = 5;
  for (size_t i = 0; i < scripting::kMaxListedVariants + extra; ++i) {
    char id[16];
    std::snprintf(id, sizeof id, "v%05zu", i);
    std::ofstream(user + "/" + id + ".lua")
        << "return { id = '" << id << "', name = 'V', source = 's', extends = 'sackson' }\n";
  }
  std::ofstream(user + "/broken.lua") << "return {";
  const scripting::VariantFolder folder{test::variants_dir(), "variants", user, "~/mine"};
  std::string note;
  const std::vector<scripting::CatalogEntry> list = scripting::list_variants(folder, &note);
  REQUIRE(list.size() == scripting::kMaxListedVariants);
  CHECK(list[0].id == "sackson");  // the historical rule sets first
  CHECK(list[0].name == "Sackson (A Gamut of Games, 1969)");
  CHECK(list[1].parent == "sackson");
  // broken.lua sorts before the v files: listed, with its error.
  const auto broken = std::find_if(
      list.begin(), list.end(), [](const scripting::CatalogEntry& e) { return e.id == "broken"; });
  REQUIRE(broken != list.end());
  CHECK_FALSE(broken->ok());
  CHECK(broken->error->kind == ScriptError::Kind::Syntax);
  // 6 shipped + the broken one + 1005 others: 12 left out, and said so.
  CHECK(note ==
        "12 more variant file(s) not listed: at most 1000 files and 64 MiB are listed "
        "from the variant folders");
}
