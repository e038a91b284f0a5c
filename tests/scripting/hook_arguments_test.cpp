// The `decl`, `m` and `z` tables a hook receives are reused from call to
// call (lua_hooks.cpp): each call must still see exactly its own fields, and
// nothing one call does to them may reach the next.
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "engine/hooks.h"
#include "engine/rng.h"
#include "tests/scripting/sandbox_support.h"

namespace zetema {
namespace {

using test::house;
using test::load_text;

DeclarationInfo assembly_of_sevens() {
  DeclarationInfo d;
  d.player = 1;
  d.kind = DeclKind::Assembly;
  for (Suit s : {Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades})
    d.cards.insert(Card(6, s));
  d.cards.insert(Card(6, Suit::Spades, 1));
  d.table_points = 70;
  return d;
}

DeclarationInfo two_marriages() {
  DeclarationInfo d;
  d.player = 0;
  d.kind = DeclKind::Marriages;
  for (Suit s : {Suit::Hearts, Suit::Spades}) {
    d.cards.insert(Card(kRankQueen, s));
    d.cards.insert(Card(kRankKing, s));
  }
  d.table_points = 45;
  d.marriages = 2;
  d.imperial = 1;
  d.base = 30;
  d.bonus = 15;
  return d;
}

TEST_CASE("hook arguments: each call sees its own fields, none left from the call before") {
  // The hook describes every field it can see (in a fixed order), so a
  // field kept from an earlier call shows in the description.
  const auto v = load_text(house(
      "  score_declaration = function(state, d)\n"
      "    local keys = {}\n"
      "    for k in pairs(d) do keys[#keys + 1] = k end\n"
      "    table.sort(keys)\n"
      "    error(table.concat(keys, ',') .. ' #' .. #d.cards .. ' ' .. table.concat(d.cards, ' ')"
      " .. ' ' .. tostring(d.rank) .. ' ' .. tostring(d.marriages))\n"
      "  end,\n"
      "  score_marriages = function(state, m) return m.points end,"));
  REQUIRE(v.ok);
  const State s = test::zetema_table(v.rules);
  Rng rng(1);
  auto marriages = v.rules.hooks->score_declaration(s, rng, two_marriages());
  REQUIRE(marriages.error);
  CHECK(marriages.error->message ==
        "base,bonus,cards,imperial,imperial_before,kind,marriages,player,points #4 QH KH QS KS "
        "nil 2");
  auto assembly = v.rules.hooks->score_declaration(s, rng, assembly_of_sevens());
  REQUIRE(assembly.error);
  CHECK(assembly.error->message == "cards,kind,player,points,rank #5 7C 7D 7H 7S 7S' 7 nil");
  marriages = v.rules.hooks->score_declaration(s, rng, two_marriages());
  REQUIRE(marriages.error);
  CHECK(marriages.error->message ==
        "base,bonus,cards,imperial,imperial_before,kind,marriages,player,points #4 QH KH QS KS "
        "nil 2");
}

TEST_CASE("hook arguments: a change to a field lasts only for its call") {
  const auto v =
      load_text(house("  score_zetema = function(state, z)\n"
                      "    local got = z.points\n"
                      "    z.points = 1000\n"
                      "    z.player = 5\n"
                      "    return got * 10 + z.player\n"
                      "  end,"));
  REQUIRE(v.ok);
  const State s = test::zetema_table(v.rules);
  Rng rng(1);
  const ZetemaInfo z{0, 6, 5, 1};
  for (int call = 0; call < 3; ++call) {
    const auto r = v.rules.hooks->score_zetema(s, rng, z);
    REQUIRE_FALSE(r.error);
    CHECK(r.value.points == 55);  // 5 from the tables every time, never 1000
  }
}

TEST_CASE("hook arguments: adding a field or a card, or replacing the metatable, is an error") {
  for (const char* body : {"z.extra = 1", "z.cards = {}", "setmetatable(z, {})"}) {
    CAPTURE(body);
    const auto v = load_text(house(std::string("  score_zetema = function(state, z) ") + body +
                                   " return z.points end,"));
    REQUIRE(v.ok);
    const State s = test::zetema_table(v.rules);
    Rng rng(1);
    const auto r = v.rules.hooks->score_zetema(s, rng, ZetemaInfo{0, 6, 5, 1});
    REQUIRE(r.error);
    CHECK(r.error->line == 3);
  }
  const auto v = load_text(
      house("  score_declaration = function(state, d) table.insert(d.cards, 'AC') return 0 end,"));
  REQUIRE(v.ok);
  const State s = test::zetema_table(v.rules);
  Rng rng(1);
  const auto r = v.rules.hooks->score_declaration(s, rng, assembly_of_sevens());
  REQUIRE(r.error);
  CHECK(r.error->message.find("read-only") != std::string::npos);
}

TEST_CASE("hook arguments: a list a hook shortened is whole again at the next call") {
  const auto v =
      load_text(house("  score_declaration = function(state, d)\n"
                      "    local n = #d.cards\n"
                      "    table.remove(d.cards)\n"
                      "    table.remove(d.cards, 1)\n"
                      "    return n * 100 + #d.cards\n"
                      "  end,"));
  REQUIRE(v.ok);
  const State s = test::zetema_table(v.rules);
  Rng rng(1);
  for (int call = 0; call < 3; ++call) {
    const auto r = v.rules.hooks->score_declaration(s, rng, assembly_of_sevens());
    REQUIRE_FALSE(r.error);
    CHECK(r.value.points == 503);
  }
}

TEST_CASE("hook arguments: fields a hook cleared are all there at the next call") {
  // Clearing a field (it exists, so the hook may) empties its slot: the
  // engine must set it again at the next call, though a hook cannot.
  const auto v = load_text(house(
      "  score_declaration = function(state, d)\n"
      "    local got = d.points * 10 + (d.marriages or 0) + (d.rank and 1 or 0)\n"
      "    for _, k in ipairs({'player', 'kind', 'cards', 'points', 'marriages', 'imperial',\n"
      "                        'imperial_before', 'base', 'bonus', 'rank'}) do\n"
      "      if d[k] ~= nil then d[k] = nil end\n"
      "    end\n"
      "    return got\n"
      "  end,\n"
      "  score_zetema = function(state, z)\n"
      "    local got = z.points * 10 + z.player\n"
      "    z.points, z.player, z.rank, z.fed_by = nil, nil, nil, nil\n"
      "    return got\n"
      "  end,"));
  REQUIRE(v.ok);
  const State s = test::zetema_table(v.rules);
  Rng rng(1);
  for (int call = 0; call < 2; ++call) {
    auto r = v.rules.hooks->score_declaration(s, rng, two_marriages());
    REQUIRE_FALSE(r.error);
    CHECK(r.value.points == 452);
    r = v.rules.hooks->score_declaration(s, rng, assembly_of_sevens());
    REQUIRE_FALSE(r.error);
    CHECK(r.value.points == 701);
    const auto z = v.rules.hooks->score_zetema(s, rng, ZetemaInfo{1, 6, 5, 0});
    REQUIRE_FALSE(z.error);
    CHECK(z.value.points == 52);
  }
}

TEST_CASE("hook results: each call's reason is its own, repeated or not") {
  // The last reason is kept and shared with the next call that gives the
  // same text: a different text, or none, must not get it.
  const auto v = load_text(
      house("  score_zetema = function(state, z)\n"
            "    if z.points == 0 then return 0 end\n"
            "    return { points = 1, reason = z.points > 3 and 'big' or ('small ' .. z.points) }\n"
            "  end,"));
  REQUIRE(v.ok);
  const State s = test::zetema_table(v.rules);
  Rng rng(1);
  for (const auto& [points, want] : std::vector<std::pair<int, std::string>>{
           {5, "big"}, {5, "big"}, {2, "small 2"}, {0, ""}, {5, "big"}, {3, "small 3"}}) {
    const auto r = v.rules.hooks->score_zetema(s, rng, ZetemaInfo{0, 6, points, 1});
    REQUIRE_FALSE(r.error);
    CHECK(r.value.reason.str() == want);
  }
}

}  // namespace
}  // namespace zetema
