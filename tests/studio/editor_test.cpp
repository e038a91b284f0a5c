// The variant editor you can trust (issue 14, problems 5 and 8): Lua
// colouring, file:line references, the comment quoted above each rule,
// edits never lost (prompts, outside changes, revert to the last good).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <optional>

#include "replays/replay_file.h"
#include "studio/session/explain.h"
#include "studio/session/lua_text.h"
#include "studio/session/session.h"
#include "tests/support/scratch.h"
#include "tests/support/variant_copies.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::studio;
namespace fs = std::filesystem;

namespace {

const std::string kSamples = ZETEMA_SOURCE_DIR "/replays/samples/";

// The shipped variants, copied to a scratch folder that edits may change.
struct Folder : test::VariantCopies {
  Folder() : VariantCopies("zetema-editor") {}
};

void write(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// The text of each token of `kind`, in order.
std::vector<std::string> tokens_of(std::string_view text, LuaTokenKind kind) {
  std::vector<std::string> out;
  for (const LuaToken& t : lua_tokens(text))
    if (t.kind == kind) out.emplace_back(text.substr(t.begin, t.end - t.begin));
  return out;
}

using Strings = std::vector<std::string>;

}  // namespace

TEST_CASE("Lua colouring: keywords, strings, comments and numbers, nothing else") {
  const std::string lua =
      "local endless = 'it''s' -- not end\n"
      "if x1 == 0x1F then return \"a\\\"b\", 2.5e-3 end\n"
      "--[==[ long\ncomment ]==] s = [[long\nstring]] .5\n";
  CHECK(tokens_of(lua, LuaTokenKind::Keyword) == Strings{"local", "if", "then", "return", "end"});
  CHECK(tokens_of(lua, LuaTokenKind::String) ==
        Strings{"'it'", "'s'", "\"a\\\"b\"", "[[long\nstring]]"});
  CHECK(tokens_of(lua, LuaTokenKind::Comment) ==
        Strings{"-- not end", "--[==[ long\ncomment ]==]"});
  CHECK(tokens_of(lua, LuaTokenKind::Number) == Strings{"0x1F", "2.5e-3", ".5"});
  // Unterminated: a long comment runs to the end, a quote to its line's end.
  CHECK(tokens_of("--[[ open\nx", LuaTokenKind::Comment) == Strings{"--[[ open\nx"});
  CHECK(tokens_of("s = 'open\nend", LuaTokenKind::String) == Strings{"'open\n"});
  CHECK(tokens_of("s = 'open\nend", LuaTokenKind::Keyword) == Strings{"end"});
}

TEST_CASE("lines by number and the file:line references in a message") {
  CHECK(line_at("a\nbb\r\nccc", 2) == "bb");
  CHECK(line_at("a\nbb\nccc", 3) == "ccc");
  CHECK(line_at("a\nbb", 3).empty());
  CHECK(line_starts("a\nbb\n") == std::vector<size_t>{0, 2, 5});
  const std::string m =
      "defined at variants/sackson.lua:51 (and my-house.lua:7); not x.lua: or .lua:3";
  const auto refs = find_file_lines(m);
  REQUIRE(refs.size() == 2);
  CHECK(refs[0].file == "variants/sackson.lua");
  CHECK(refs[0].line == 51);
  CHECK(m.substr(refs[0].begin, refs[0].end - refs[0].begin) == "variants/sackson.lua:51");
  CHECK(refs[1].file == "my-house.lua");
  CHECK(refs[1].line == 7);
}

TEST_CASE("the comment block above a definition, through its paragraph, not past a blank line") {
  const std::string lua =
      "-- header\n"
      "\n"
      "  -- sackson.txt: \"numerical order\"\n"
      "  --\n"
      "  -- (D3).\n"
      "  ace_high = false,\n"
      "  wraparound = false,\n"
      "\n"
      "  other = 1,\n";
  CHECK(comment_above(lua, 6) == "sackson.txt: \"numerical order\" (D3).");
  CHECK(comment_above(lua, 7) == "sackson.txt: \"numerical order\" (D3).");
  CHECK(comment_above(lua, 9).empty());
  CHECK(comment_above(lua, 3).empty());
}

TEST_CASE("every rule a shipped variant defines quotes the source's words above it") {
  const scripting::VariantFolder folder{test::variants_dir(), "variants"};
  int checked = 0;
  for (const auto& e : fs::directory_iterator(test::variants_dir())) {
    if (e.path().extension() != ".lua") continue;
    const std::string id = e.path().stem().string();
    CAPTURE(id);
    const auto v = scripting::load_variant_spec(id, folder);
    REQUIRE(v.ok);
    const scripting::RuleQuotes quotes(v);
    auto check = [&](const RuleOrigin& o, const std::string& what) {
      if (o.file.empty() || o.line <= 0) return;  // a built-in default: no file to quote
      CAPTURE(what);
      CAPTURE(o.file + ":" + std::to_string(o.line));
      const scripting::RuleQuote* q = quotes.find(o.file, o.line);
      REQUIRE(q != nullptr);
      CHECK(!q->definition.empty());
      CHECK(!q->words.empty());
      ++checked;
    };
    for (int r = 0; r < kRuleIds; ++r)
      check(v.rules.origins[static_cast<size_t>(r)],
            std::string(rule_name(static_cast<RuleId>(r))));
    for (int k = 0; k < kRanks; ++k) {
      check(v.rules.zetema_origins[static_cast<size_t>(k)], "zetema_points");
      check(v.rules.assembly_origins[static_cast<size_t>(k)], "assembly_points");
    }
  }
  CHECK(checked > 100);
}

// The first event of the open replay that a rule of a file scored.
std::optional<size_t> first_scored(const replays::ReplayCursor& c) {
  for (size_t i = 0; i < c.size(); ++i)
    if (!cause_of(c.events()[i], *c.state().rules).file.empty()) return i;
  return std::nullopt;
}

TEST_CASE("an explanation names the rule, its value as written, file:line and the quoted words") {
  Folder f;
  Session s(f.folder(), "");
  REQUIRE(s.open_replay(kSamples + "sackson-3p-greedy-vs-random.json"));
  const auto& c = s.replay.cursor();
  const auto i = first_scored(c);
  REQUIRE(i);
  const Event& e = c.events()[*i];
  const Cause cause = cause_of(e, *c.state().rules);
  const Explanation x = explain(e, c.state(), &s.replay_quotes());
  MESSAGE("event " << *i << ": " << x.rule << " @ " << x.location);
  CHECK(x.location == cause.file + ":" + std::to_string(cause.line));
  // The defining line as the file has it, and the words above it.
  const std::string text = test::read_all(f.file("sackson"));
  CHECK(x.definition.find(std::string(line_at(text, cause.line)).substr(2)) != std::string::npos);
  CHECK(x.quote.find("sackson.txt") == 0);
  CHECK(x.quote == comment_above(text, cause.line));
  // Without the quotes, the explanation has neither.
  CHECK(explain(e, c.state()).quote.empty());
  CHECK(explain(e, c.state()).definition.empty());
}

TEST_CASE("the quotes follow the rules that loaded: an edit's new comment after a reload") {
  Folder f;
  Session s(f.folder(), "");
  REQUIRE(s.open_replay(kSamples + "sackson-3p-greedy-vs-random.json"));
  REQUIRE(s.open_variant("sackson"));
  const auto quote_now = [&] {
    const auto& c = s.replay.cursor();
    const auto i = first_scored(c);
    REQUIRE(i);
    return explain(c.events()[*i], c.state(), &s.replay_quotes()).quote;
  };
  const std::string before = quote_now();
  REQUIRE(before.find("sackson.txt") == 0);
  // The edit rewords every "sackson.txt" of the comments; the rules stay.
  for (size_t at = s.editor.text.find("-- sackson.txt"); at != std::string::npos;
       at = s.editor.text.find("-- sackson.txt", at))
    s.editor.text.replace(at, 14, "-- Sackson's text");
  REQUIRE(s.save_variant());
  const std::string after = quote_now();
  CHECK(after.find("Sackson's text") == 0);
  CHECK(after.substr(14) == before.substr(11));
}

TEST_CASE(
    "an outside change: an unedited buffer follows it, an edited one is kept and Save warns") {
  Folder f;
  Session s(f.folder(), "");
  REQUIRE(s.open_variant("house_example"));
  const std::string original = s.editor.text;
  const int gen = s.editor.generation();
  SUBCASE("no edits: the text follows the disk, with the rules") {
    std::string changed = original;
    changed.replace(changed.find("J = 25"), 6, "J = 7");
    write(f.file("house_example"), changed);
    s.poll();
    CHECK(s.editor.text == changed);
    CHECK(s.editor.generation() > gen);
    CHECK_FALSE(s.editor.dirty());
    CHECK_FALSE(s.editor.outside_change());
  }
  SUBCASE("with edits: the edits stay, Save refuses, Overwrite or Reload choose") {
    s.editor.text += "-- mine\n";
    std::string theirs = original;
    theirs.replace(theirs.find("J = 25"), 6, "J = 7");
    write(f.file("house_example"), theirs);
    s.poll();
    CHECK(s.editor.text == original + "-- mine\n");
    CHECK(s.editor.outside_change());
    CHECK(s.editor.good()->rules.zetema_points[kRankJack] == 7);  // the game follows the disk
    CHECK_FALSE(s.save_variant());
    CHECK(s.status.find("changed on disk") != std::string::npos);
    CHECK(test::read_all(f.file("house_example")) == theirs);  // not overwritten
    SUBCASE("reload the text: theirs") {
      REQUIRE(s.request({Session::EditorAction::Kind::ReloadText, "", 0}) == false);
      s.answer(Session::Answer::Discard);
      CHECK(s.editor.text == theirs);
      CHECK_FALSE(s.editor.outside_change());
    }
    SUBCASE("overwrite: mine") {
      CHECK(s.save_variant(/*overwrite=*/true));
      CHECK(test::read_all(f.file("house_example")) == original + "-- mine\n");
      CHECK_FALSE(s.editor.outside_change());
    }
  }
  SUBCASE("a touch that changes nothing is not a change") {
    s.editor.text += "-- mine\n";
    write(f.file("house_example"), original);
    fs::last_write_time(f.file("house_example"),
                        fs::file_time_type::clock::now() + std::chrono::seconds(5));
    s.poll();
    CHECK_FALSE(s.editor.outside_change());
    CHECK(s.save_variant());
  }
}

TEST_CASE("Revert returns to the last version that loaded, not a broken file on disk") {
  Folder f;
  Session s(f.folder(), "");
  REQUIRE(s.open_variant("house_example"));
  const std::string good = s.editor.text;
  std::string broken = good;
  broken.replace(broken.find("J = 25"), 6, "J = = 25");
  s.editor.text = broken;
  CHECK_FALSE(s.save_variant());  // saved, but it does not load
  REQUIRE(s.editor.error());
  CHECK(test::read_all(f.file("house_example")) == broken);
  s.editor.text += "-- more\n";
  CHECK_FALSE(s.request({Session::EditorAction::Kind::Revert, "", 0}));  // unsaved: asks
  s.answer(Session::Answer::Discard);
  CHECK(s.editor.text == good);
  CHECK_FALSE(s.editor.error());  // the error was the broken text's: no red line left
  CHECK(s.editor.dirty());        // the disk still holds the broken file until saved
  CHECK(s.save_variant());
  CHECK_FALSE(s.editor.error());
}

TEST_CASE("the prompt before discarding edits: close, open another, go to a file:line") {
  Folder f;
  Session s(f.folder(), "");
  using Kind = Session::EditorAction::Kind;
  REQUIRE(s.open_variant("house_example"));
  SUBCASE("nothing unsaved: done at once") {
    CHECK(s.request({Kind::Close, "", 0}));
    CHECK(s.quit_requested());
    CHECK_FALSE(s.pending());
  }
  s.editor.text += "-- typed\n";
  const std::string typed = s.editor.text;
  SUBCASE("close, then Cancel: the window stays, the text too") {
    CHECK_FALSE(s.request({Kind::Close, "", 0}));
    REQUIRE(s.pending());
    CHECK(s.pending_words() == "close the studio");
    CHECK_FALSE(s.quit_requested());
    s.answer(Session::Answer::Cancel);
    CHECK_FALSE(s.pending());
    CHECK_FALSE(s.quit_requested());
    CHECK(s.editor.text == typed);
  }
  SUBCASE("close, then Save: written, then closed") {
    CHECK_FALSE(s.request({Kind::Close, "", 0}));
    s.answer(Session::Answer::Save);
    CHECK(s.quit_requested());
    CHECK(test::read_all(f.file("house_example")) == typed);
  }
  SUBCASE("close, then Save of a text that does not load: written all the same, then closed") {
    s.editor.text += "this is not Lua\n";
    CHECK_FALSE(s.request({Kind::Close, "", 0}));
    s.answer(Session::Answer::Save);
    CHECK(s.editor.error());
    CHECK(s.quit_requested());
    CHECK(test::read_all(f.file("house_example")) == s.editor.text);
  }
  SUBCASE("Save that cannot write: still asking, nothing lost") {
    // A folder where the file was: no file can be written over it.
    fs::remove(f.file("house_example"));
    fs::create_directory(f.file("house_example"));
    CHECK_FALSE(s.request({Kind::Close, "", 0}));
    s.answer(Session::Answer::Save);
    CHECK(s.pending());
    CHECK_FALSE(s.quit_requested());
    CHECK(s.editor.text == typed);
  }
  SUBCASE("open another variant, then Discard") {
    CHECK_FALSE(s.request({Kind::OpenVariant, "sackson", 0}));
    CHECK(s.editor.path() == f.file("house_example"));
    s.answer(Session::Answer::Discard);
    CHECK(s.editor.path() == f.file("sackson"));
    CHECK_FALSE(s.quit_requested());
  }
  SUBCASE("a file:line in another file asks; one in the edited file goes at once") {
    CHECK(s.open_location("variants/house_example.lua", 12));
    CHECK(s.editor.goto_line == 12);
    CHECK(s.editor.text == typed);
    CHECK_FALSE(s.open_location("variants/sackson.lua", 51));
    s.answer(Session::Answer::Discard);
    CHECK(s.editor.path() == f.file("sackson"));
    CHECK(s.editor.goto_line == 51);
    CHECK(s.editor.marked_line == 51);
  }
  SUBCASE("a name that is no file: refused at once, nothing asked, nothing lost") {
    CHECK_FALSE(s.open_location("variants/nowhere.lua", 3));
    CHECK_FALSE(s.pending());
    CHECK(s.status.find("no file variants/nowhere.lua") != std::string::npos);
    CHECK(s.editor.text == typed);
    CHECK(s.editor.path() == f.file("house_example"));
  }
}
