// docs/decisions.md scenario tests: sequences, flushes and assemblies (D3-D6,
// D11, D12, D23, D24, and the §3 rules_site 5-card melds).
#include <doctest/doctest.h>

#include "tests/engine/decisions_support.h"

using namespace zetema;
using namespace zetema::dtest;

namespace {

// P1 to move in a two-player hand, holding `six` (plus `extra` in
// rummy_site, which declares with seven); P2 holds `other`.
State holding(const std::string& id, const std::string& six, const std::string& extra = "KD",
              const std::string& other = "8C TC JC") {
  const std::string hand = id == "rummy_site" ? six + " " + extra : six;
  return test::table(id, layout(2, 0, {hand, other}));
}

// One declaration for the current player; returns its Declare event.
Event declare(State& s, const std::string& text) {
  const EventLog e = play(s, text);
  CHECK(count(e, EventType::Declare) == 1);
  return the(e, EventType::Declare);
}

}  // namespace

// book-1881.txt: "The ace may be counted either as one or as best card";
// sackson.txt: "6 cards in numerical order" (ace low); no source wraps (D3).
TEST_CASE(
    "D3 ace in sequences: low everywhere, also high in book1881, never wrapping round [sackson, "
    "rules_site, book1881, rummy_site]") {
  for (const std::string& id : kAllVariants) {
    CAPTURE(id);
    const bool b1881 = id == "book1881";
    CHECK(test::variant(id).ace_high_in_sequence == b1881);
    CHECK_FALSE(test::variant(id).wraparound);

    State low = holding(id, "AC 2D 3H 4S 5C 6D");
    const Event d = declare(low, "sequence AC 2D 3H 4S 5C 6D");
    CHECK(d.points == (b1881 ? 30 : 10));
    CHECK(d.rule == RuleId::SequencePoints);

    State high = holding(id, "9C TD JH QS KC AD", "2H");
    if (b1881) {
      CHECK(declare(high, "sequence 9C TD JH QS KC AD").points == 30);
    } else {
      refused(high, "sequence 9C TD JH QS KC AD", "is not a sequence");
      CHECK(declarations(high).empty());
    }

    State wrap = holding(id, "QC KD AH 2S 3C 4D", "9H");
    refused(wrap, "sequence QC KD AH 2S 3C 4D", "is not a sequence");
    CHECK(declarations(wrap).empty());
  }
  // An ace-high one-suit run: a flush (30) in sackson, never a flush sequence.
  State s = holding("sackson", "9H TH JH QH KH AH");
  CHECK(declarations(s) == notation(s, {"flush 9H TH JH QH KH AH", "marriages QH KH"}));
  refused(s, "flush-sequence 9H TH JH QH KH AH", "make a flush (30)");
}

// sackson.txt: "A player can score for one combination in each turn", with the
// flush sequence its own type; book-1881.txt has no flush-sequence category (D4).
TEST_CASE(
    "D4 overlapping categories: a one-suit run scores once, in the highest category [sackson, "
    "rules_site, book1881, rummy_site]") {
  for (const std::string& id : kAllVariants) {
    CAPTURE(id);
    State s = holding(id, "4H 5H 6H 7H 8H 9H");
    if (id == "book1881") {
      // Sequence 30 and flush 30: either label, scored once.
      CHECK(declarations(s) ==
            notation(s, {"sequence 4H 5H 6H 7H 8H 9H", "flush 4H 5H 6H 7H 8H 9H"}));
      const Event d = declare(s, "flush 4H 5H 6H 7H 8H 9H");
      CHECK(d.points == 30);
      CHECK(d.rule == RuleId::FlushPoints);
      CHECK(s.score[0] == 30);
    } else {
      // 50, not 10 + 30 + 50.
      CHECK(declarations(s) == notation(s, {"flush-sequence 4H 5H 6H 7H 8H 9H"}));
      const Event d = declare(s, "flush-sequence 4H 5H 6H 7H 8H 9H");
      CHECK(d.points == 50);
      CHECK(d.rule == RuleId::FlushSequencePoints);
      CHECK(s.score[0] == 50);
    }
  }
}

// book-1881.txt: "a flush ... which must not be the duplicate suit"; "flushes
// of the duplicated suits do not count". sackson.txt recommends "flushes ...
// in the imperial suit" (D5).
TEST_CASE(
    "D5 imperial flush: 30 in sackson, rules_site and rummy_site, refused in book1881, where a "
    "spade run is only a sequence [sackson, rules_site, book1881, rummy_site]") {
  for (const std::string& id : kAllVariants) {
    CAPTURE(id);
    const bool b1881 = id == "book1881";
    CHECK(test::variant(id).imperial_flush_allowed == !b1881);
    State s = holding(id, "2S 4S 6S' 8S TS QS");
    if (b1881) {
      refused(s, "flush 2S 4S 6S' 8S TS QS", "imperial flushes do not count");
      CHECK(declarations(s).empty());
      // The turn goes on: P1 still moves and may play any card.
      CHECK(s.current == 0);
      CHECK(s.phase == Phase::Play);
      CHECK(discards(s) == s.hand(0));
      play(s, "discard QS");
      CHECK(s.score[0] == 0);
    } else {
      const Event d = declare(s, "flush 2S 4S 6S' 8S TS QS");
      CHECK(d.points == 30);
      CHECK(d.rule == RuleId::FlushPoints);
    }

    State run = holding(id, "4S 5S 6S 7S 8S' 9S");
    if (b1881) {
      CHECK(declarations(run) == notation(run, {"sequence 4S 5S 6S 7S 8S' 9S"}));
      refused(run, "flush 4S 5S 6S 7S 8S' 9S", "imperial flushes do not count");
      refused(run, "flush-sequence 4S 5S 6S 7S 8S' 9S", "no flush-sequence category");
      const Event d = declare(run, "sequence 4S 5S 6S 7S 8S' 9S");
      CHECK(d.points == 30);
      CHECK(d.rule == RuleId::SequencePoints);
    } else {
      CHECK(declare(run, "flush-sequence 4S 5S 6S 7S 8S' 9S").points == 50);
    }

    // A flush of a plain suit counts everywhere.
    State hearts = holding(id, "2H 4H 6H 8H TH QH");
    CHECK(declare(hearts, "flush 2H 4H 6H 8H TH QH").points == 30);
  }
}

// rules-site.txt: "6 (or 5) cards"; book-1881.txt: "five cards instead of six
// ... the flushes and sequences being, of course, smaller"; sackson.txt "we
// assume a 6-card hand" (D6).
TEST_CASE(
    "D6 five-card hands: sequences and flushes as long as the dealt hand, assemblies still five "
    "[sackson, rules_site, book1881, rummy_site]") {
  struct Case {
    std::string id;
    int players;
  };
  for (const Case& c : {Case{"sackson", 6}, Case{"rules_site", 6}, Case{"book1881", 5},
                        Case{"book1881", 6}, Case{"rummy_site", 6}}) {
    CAPTURE(c.id);
    CAPTURE(c.players);
    const bool b1881 = c.id == "book1881";
    const bool rummy = c.id == "rummy_site";
    const Ruleset& rules = test::variant(c.id);
    CHECK(rules.hand_size[c.players] == 5);
    CHECK(rules.meld_length(c.players) == 5);
    auto at = [&](const std::string& five) {
      // rummy_site holds the dealt five plus one when declaring.
      return test::table(c.id, layout(c.players, 0, {rummy ? five + " KD" : five}));
    };
    State seq = at("4C 5D 6H 7S 8C");
    CHECK(declare(seq, "sequence 4C 5D 6H 7S 8C").points == (b1881 ? 30 : 10));
    State fl = at("2H 5H 8H TH KH");
    CHECK(declare(fl, "flush 2H 5H 8H TH KH").points == 30);
    State fs = at("4H 5H 6H 7H 8H");
    if (b1881) {
      CHECK(declare(fs, "sequence 4H 5H 6H 7H 8H").points == 30);
    } else {
      CHECK(declare(fs, "flush-sequence 4H 5H 6H 7H 8H").points == 50);
    }
    State as = at("7C 7D 7H 7S 7S'");
    CHECK(declare(as, "assembly 7C 7D 7H 7S 7S'").points == (b1881 ? 60 : 100));
    if (b1881) {
      State ace = at("TC JD QH KS AC");
      CHECK(declare(ace, "sequence TC JD QH KS AC").points == 30);
    }
  }
  // rummy_site with six players: hold six after drawing, meld five.
  State r = test::table("rummy_site", layout(6, 0, {"4C 5D 6H 7S 8C 9D"}));
  CHECK(declarations(r) == notation(r, {"sequence 4C 5D 6H 7S 8C", "sequence 5D 6H 7S 8C 9D"}));
  refused(r, "sequence 4C 5D 6H 7S 8C 9D", "has exactly 5 cards");

  // sackson allows short_hand_melds = none: no sequences or flushes with
  // five-card hands; assemblies are unaffected, and so are six-card hands.
  const Ruleset& none = lua_variant(
      "return { id = 'sackson_no_short', name = 'test', source = 'test', extends = 'sackson',"
      " short_hand_melds = 'none' }");
  State off = test::table(none, layout(6, 0, {"4C 5D 6H 7S 8C"}));
  refused(off, "sequence 4C 5D 6H 7S 8C", "sequences and flushes are off");
  CHECK(declarations(off).empty());
  State off_as = test::table(none, layout(6, 0, {"7C 7D 7H 7S 7S'"}));
  CHECK(declare(off_as, "assembly 7C 7D 7H 7S 7S'").points == 100);
  State two = test::table(none, layout(2, 0, {"4C 5D 6H 7S 8C 9D"}));
  CHECK(declare(two, "sequence 4C 5D 6H 7S 8C 9D").points == 10);
}

// rules-site.txt: "Flush | 6 (or 5) cards of the same suit | 30"; "Sequence |
// 6 (or 5) cards in numerical order | 10"; "Flush Sequence | 6 (or 5) ... | 50".
TEST_CASE(
    "§3 rules_site profile: 5-card melds with 5-card hands are the text's own rule [rules_site]") {
  const Ruleset& rules = test::variant("rules_site");
  CHECK(rules.short_hand_melds == ShortHandMelds::Shorten);
  CHECK(rules.parent == "sackson");
  CHECK(rules.meld_length(6) == 5);
  CHECK(rules.meld_length(5) == 6);
  State s = test::table("rules_site", layout(6, 0, {"4C 5D 6H 7S 8C"}));
  CHECK(declare(s, "sequence 4C 5D 6H 7S 8C").points == 10);
  State f = test::table("rules_site", layout(6, 0, {"2D 5D 8D TD KD"}));
  CHECK(declare(f, "flush 2D 5D 8D TD KD").points == 30);
  State fs = test::table("rules_site", layout(6, 0, {"9S TS JS QS' KS"}));
  CHECK(declare(fs, "flush-sequence 9S TS JS QS' KS").points == 50);
  // Six-card hands keep six-card melds.
  State five = test::table("rules_site", layout(5, 0, {"4C 5D 6H 7S 8C KD"}));
  CHECK(declarations(five).empty());
  refused(five, "sequence 4C 5D 6H 7S 8C", "has exactly 6 cards");
}

// book-1881.txt: "after counting a sequence, and also after counting a flush,
// four of the same cards may be employed in making another sequence or
// flush"; sackson.txt: "reconstitute and score for again, just by adding a
// single card" (D11).
TEST_CASE(
    "D11 reuse limit: book1881 shares at most 4 cards with the last sequence or flush, the others "
    "rescore five kept cards [book1881, sackson, rules_site, rummy_site]") {
  CHECK(test::variant("book1881").reuse_limit == std::optional<int>(4));
  // book1881: declare, play 9H, draw 9C; P2 plays; P1 holds five of the six again.
  {
    State s = test::table("book1881",
                          layout(2, 0, {"4C 5D 6H 7C 8D 9H", "2D 3D 4H 5H TC TH"}, "", "9C JD"));
    CHECK(declare(s, "sequence 4C 5D 6H 7C 8D 9H").points == 30);
    CHECK(s.seat[0].last_meld == cards_of("4C 5D 6H 7C 8D 9H"));
    play(s, "discard 9H");
    play(s, "discard 2D");
    REQUIRE(s.current == 0);
    REQUIRE(s.hand(0) == cards_of("4C 5D 6H 7C 8D 9C"));
    refused(s, "sequence 4C 5D 6H 7C 8D 9C", "at most 4 may be used again");
    CHECK(declarations(s).empty());
    CHECK(s.score[0] == 30);
  }
  // The same play scores again where there is no limit.
  for (std::string id : {"sackson", "rules_site", "rummy_site"}) {
    CAPTURE(id);
    CHECK_FALSE(test::variant(id).reuse_limit.has_value());
    const bool rummy = id == "rummy_site";
    State s = test::table(id, layout(2, 0,
                                     {rummy ? "4C 5D 6H 7C 8D 9H KS" : "4C 5D 6H 7C 8D 9H",
                                      rummy ? "2D 3D 4H 5H TC QD" : "2D 3D 4H 5H TC"},
                                     "", "JD 9C"));
    CHECK(declare(s, "sequence 4C 5D 6H 7C 8D 9H").points == 10);
    play(s, "discard 9H");
    play(s, "discard 2D");
    REQUIRE(s.current == 0);
    CHECK(s.hand(0).contains(card_of("9C")));
    CHECK(declare(s, "sequence 4C 5D 6H 7C 8D 9C").points == 10);
    CHECK(s.score[0] == 20);
  }
  // Either type: five of a scored flush cannot make the next sequence.
  {
    Layout l = layout(2, 0, {"3H 4H 5H 6H 7H 8C", "2D 3D"});
    l.last_meld = {"3H 4H 5H 6H 7H 9H"};
    State s = test::table("book1881", l);
    refused(s, "sequence 3H 4H 5H 6H 7H 8C", "shares 5 cards");
    State sk = test::table("sackson", l);
    CHECK(declare(sk, "sequence 3H 4H 5H 6H 7H 8C").points == 10);
  }
  // The imperial copies are distinct cards: a drawn twin replaces a held one.
  {
    Layout twin = layout(2, 0, {"2C 3H 4S' 5D 6C 7H", "2D 3D"});
    twin.last_meld = {"3H 4S 5D 6C 7H 8D"};
    State s = test::table("book1881", twin);
    CHECK(declare(s, "sequence 2C 3H 4S' 5D 6C 7H").points == 30);
    Layout same = layout(2, 0, {"2C 3H 4S 5D 6C 7H", "2D 3D"});
    same.last_meld = {"3H 4S 5D 6C 7H 8D"};
    State t = test::table("book1881", same);
    refused(t, "sequence 2C 3H 4S 5D 6C 7H", "shares 5 cards");
  }
  // Five-card hands keep the limit of 4.
  {
    Layout l = layout(5, 0, {"3D 4C 5D 6H 7S"});
    l.last_meld = {"4C 5D 6H 7S 8C"};
    State s = test::table("book1881", l);
    CHECK(declare(s, "sequence 3D 4C 5D 6H 7S").points == 30);
    Layout again = layout(5, 0, {"4C 5D 6H 7S 8C"});
    again.last_meld = {"4C 5D 6H 7S 8C"};
    State t = test::table("book1881", again);
    refused(t, "sequence 4C 5D 6H 7S 8C", "at most 4 may be used again");
  }
  // Only this hand's combinations count: a new deal forgets them.
  {
    Layout l = layout(2, 0, {});
    l.phase = Phase::Deal;
    l.last_meld = {"4C 5D 6H 7C 8D 9H", "2C 3C 4C 5C 6C 8C"};
    State s = test::table("book1881", l);
    CHECK(s.seat[0].last_meld.size() == 6);
    EventLog log;
    REQUIRE(deal(s, full_deck(Suit::Spades), 1, log).ok);
    CHECK(s.seat[0].last_meld.empty());
    CHECK(s.seat[1].last_meld.empty());
  }
}

// sackson.txt: "end your turn by discarding one card from the combination";
// rules-site.txt "you will discard one card from that"; rummy-site.txt "discard
// one card from the meld shown"; book-1881.txt silent (D12).
TEST_CASE(
    "D12 discard after a meld: one of its cards in sackson, rules_site, rummy_site, any card in "
    "book1881 [sackson, rules_site, rummy_site, book1881]") {
  for (const std::string& id : kAllVariants) {
    CAPTURE(id);
    State s = holding(id, "7C 7D 7H 7S 7S' 2C", "9D");
    declare(s, "assembly 7C 7D 7H 7S 7S'");
    if (id == "book1881") {
      CHECK_FALSE(test::variant(id).discard_from_meld);
      CHECK(discards(s) == cards_of("7C 7D 7H 7S 7S' 2C"));
      play(s, "discard 2C");
      CHECK(s.current == 1);
    } else {
      CHECK(test::variant(id).discard_from_meld);
      CHECK(discards(s) == cards_of("7C 7D 7H 7S 7S'"));
      refused(s, "discard 2C", "must be one of its cards");
      play(s, "discard 7S'");
      CHECK(s.current == 1);
      CHECK(s.hand(0).contains(card_of("2C")));
    }
  }
  // rummy_site declares six of seven: the seventh may not be discarded.
  State r = test::table("rummy_site", layout(2, 0, {"4C 5D 6H 7C 8D 9H KS", "2D 3D"}));
  declare(r, "sequence 4C 5D 6H 7C 8D 9H");
  refused(r, "discard KS", "must be one of its cards");
  CHECK(discards(r) == cards_of("4C 5D 6H 7C 8D 9H"));
  // After marriages (not a meld of shown cards) any card may go.
  State m = test::table("sackson", layout(2, 0, {"KH 2C 4D 6S 8C TD", "2D 3D"}, "QH"));
  declare(m, "marriages KH QH");
  CHECK(discards(m) == cards_of("2C 4D 6S 8C TD"));
  play(m, "discard 2C");
}

// D23: "a player may declare the assembly of a given rank at most once in a
// hand"; book-1881.txt: an assembly is "a trick not yet played, but still held
// in hand".
TEST_CASE(
    "D23 an assembly is declared once per rank per hand [book1881, sackson, rules_site, "
    "rummy_site]") {
  {
    State s = test::table("book1881",
                          layout(2, 0, {"7C 7D 7H 7S 7S' 2C", "2D 3D 4H 5H TC TH"}, "", "3C JD"));
    CHECK(declare(s, "assembly 7C 7D 7H 7S 7S'").points == 60);
    play(s, "discard 2C");  // any card may be played after it (D12)
    play(s, "discard 2D");
    REQUIRE(s.current == 0);
    REQUIRE(s.hand(0) == cards_of("7C 7D 7H 7S 7S' 3C"));
    refused(s, "assembly 7C 7D 7H 7S 7S'", "already declared this hand (D23)");
    CHECK(declarations(s).empty());
    CHECK(s.score[0] == 60);
  }
  // Elsewhere it follows from the discard: one of the five goes to the tableau.
  for (std::string id : {"sackson", "rules_site", "rummy_site"}) {
    CAPTURE(id);
    const bool rummy = id == "rummy_site";
    State s = test::table(id, layout(2, 0,
                                     {rummy ? "7C 7D 7H 7S 7S' 2C 9D" : "7C 7D 7H 7S 7S' 2C",
                                      rummy ? "2D 3D 4H 5H TC QD" : "2D 3D 4H 5H TC"},
                                     "", "JD 3C"));
    CHECK(declare(s, "assembly 7C 7D 7H 7S 7S'").points == 100);
    play(s, "discard 7S'");
    play(s, "discard 2D");
    REQUIRE(s.current == 0);
    CHECK((s.hand(0) & cards_of("7C 7D 7H 7S 7S'")).size() == 4);
    CHECK(declarations(s).empty());
  }
  // The record is per hand: a new deal clears it.
  Layout l = layout(2, 0, {});
  l.phase = Phase::Deal;
  l.assemblies = "7";
  State s = test::table("book1881", l);
  CHECK(s.assemblies == (1u << 6));
  EventLog log;
  REQUIRE(deal(s, deck_with("7C 2C 7D 3C 7H 4C 7S 5C 7S' 6C 8C 9C"), 0, log).ok);
  CHECK(s.assemblies == 0);
  CHECK(declare(s, "assembly 7C 7D 7H 7S 7S'").points == 60);
}

// D24: "the only legal kind is the highest-scoring one (D4) ... In book1881,
// where a plain-suit run is worth 30 as either, both labels are legal".
TEST_CASE(
    "D24 the declared kind must be the highest category the cards make [sackson, rules_site, "
    "rummy_site, book1881]") {
  for (std::string id : {"sackson", "rules_site", "rummy_site"}) {
    CAPTURE(id);
    State s = holding(id, "4H 5H 6H 7H 8H 9H");
    refused(s, "sequence 4H 5H 6H 7H 8H 9H", "these cards make a flush-sequence (50)");
    refused(s, "flush 4H 5H 6H 7H 8H 9H", "a declaration takes the highest category");
    CHECK(declare(s, "flush-sequence 4H 5H 6H 7H 8H 9H").points == 50);
    State mixed = holding(id, "4H 5C 6H 7H 8H 9H");
    refused(mixed, "flush 4H 5C 6H 7H 8H 9H", "these cards make a sequence (10)");
    refused(mixed, "flush-sequence 4H 5C 6H 7H 8H 9H", "these cards make a sequence (10)");
    State suited = holding(id, "2H 5H 6H 7H 8H 9H");
    refused(suited, "flush-sequence 2H 5H 6H 7H 8H 9H", "these cards make a flush (30)");
  }
  // book1881: sequence and flush both legal for a plain-suit run, each 30.
  for (std::string kind : {"sequence", "flush"}) {
    CAPTURE(kind);
    State s = holding("book1881", "4H 5H 6H 7H 8H 9H");
    const Event d = declare(s, kind + " 4H 5H 6H 7H 8H 9H");
    CHECK(d.points == 30);
    CHECK(d.kind == (kind == "flush" ? DeclKind::Flush : DeclKind::Sequence));
  }
  State b = holding("book1881", "4H 5H 6H 7H 8H 9H");
  refused(b, "flush-sequence 4H 5H 6H 7H 8H 9H", "no flush-sequence category");
  // An imperial-suit run only as a sequence (D5).
  State imp = holding("book1881", "4S 5S 6S 7S 8S' 9S");
  CHECK(declarations(imp) == notation(imp, {"sequence 4S 5S 6S 7S 8S' 9S"}));
  refused(imp, "flush 4S 5S 6S 7S 8S' 9S", "imperial flushes do not count");
}
