// Issue 14: take command of a replay at any position (under its rules,
// another variant, or the rules of a hot reload), the move log, playing
// by selecting cards, the hover preview and the single-seat view.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>

#include "engine/legality.h"
#include "replays/replay_file.h"
#include "studio/session/branch.h"
#include "studio/session/seat_view.h"
#include "studio/session/session.h"
#include "tests/support/scratch.h"
#include "tests/support/variant_copies.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::studio;
namespace fs = std::filesystem;

namespace {

const std::string kSamples = ZETEMA_SOURCE_DIR "/replays/samples/";
const std::string kGame = kSamples + "sackson-3p-greedy-vs-random.json";

// The shipped variants, copied to a scratch folder that edits may change.
struct Folder : test::VariantCopies {
  Folder() : VariantCopies("zetema-play-from-here") {}
};

std::vector<std::string> all_actions(const replays::Replay& r) {
  std::vector<std::string> out;
  for (const auto& h : r.hands) out.insert(out.end(), h.actions.begin(), h.actions.end());
  return out;
}

// The first position after `from` that ends an action's step (so the table
// there is a whole position a game can go on from).
size_t step_end_after(const replays::ReplayCursor& c, size_t from) {
  for (const replays::Step& st : c.steps()) {
    if (st.kind == replays::Step::Kind::Action && st.end_event > from) return st.end_event;
  }
  FAIL("no action after that position");
  return 0;
}

}  // namespace

TEST_CASE("take command: a game from any event of a replay starts from that very table") {
  Folder f;
  Session s(f.folder(), f.config());
  REQUIRE(s.open_replay(kGame));
  const replays::Replay original = s.replay.replay();
  const size_t at = step_end_after(s.replay.cursor(), 57);
  s.replay.cursor().seek(at);
  const State before = s.replay.cursor().state();
  REQUIRE(before.score != decltype(before.score){});  // mid-game: something scored already

  // Every seat human: nothing moves after the take-over, so the game is
  // exactly the replay's table there.
  const std::string own = f.path("taken.json");
  REQUIRE_MESSAGE(s.play_from_here("", {"human", "human", "human"}, own), s.status);
  const State& now = s.play.state();
  CHECK(now.score == before.score);
  CHECK(now.dealer == before.dealer);
  CHECK(now.current == before.current);
  CHECK(now.turn_number == before.turn_number);
  CHECK(now.history.size() == before.history.size());
  for (int p = 0; p < now.players; ++p) CHECK(now.seat[p].hand == before.seat[p].hand);
  CHECK(now.table == before.table);
  CHECK(now.stock_size() == before.stock_size());
  // The replay panels follow the new game, at that position.
  CHECK(s.follow_game);
  CHECK(s.replay.cursor().position() == at);
  CHECK(s.replay.cursor().size() == at);
  CHECK(s.status.find("playing from position " + std::to_string(at)) != std::string::npos);

  // Its own replay: the original's actions up to there, then the new ones;
  // verified as `zetema replay verify` does.
  std::vector<std::string> taken = all_actions(s.play.record());
  const std::vector<std::string> theirs = all_actions(original);
  REQUIRE(taken.size() <= theirs.size());
  CHECK(std::equal(taken.begin(), taken.end(), theirs.begin()));
  const size_t kept = taken.size();
  LegalActions legal;
  REQUIRE_FALSE(legal_actions(s.play.state(), legal));
  REQUIRE(s.play.play(legal[legal.size() - 1]));
  CHECK(verify_saved_game(own, f.folder()) == "");
  CHECK(all_actions(replays::load_replay(own).replay).size() == kept + 1);
  CHECK(s.play.moves().size() == kept + 1);
  CHECK(s.play.moves()[kept - 1].taken_over);
  CHECK_FALSE(s.play.moves().back().taken_over);
}

TEST_CASE("take command against bots, under another variant, a bad choice loses nothing") {
  Folder f;
  Session s(f.folder(), f.config());
  REQUIRE(s.open_replay(kGame));
  s.replay.cursor().seek(step_end_after(s.replay.cursor(), 30));
  // An unknown bot or variant is refused with a reason; no game starts.
  CHECK_FALSE(s.play_from_here("", {"human", "nobody"}));
  CHECK(s.status.find("unknown bot 'nobody'") != std::string::npos);
  CHECK_FALSE(s.play_from_here("no_such_variant", {"human"}));
  CHECK_FALSE(s.play.is_open());

  REQUIRE_MESSAGE(s.play_from_here("parlett", {"human", "greedy", "greedy"}), s.status);
  CHECK(s.play.state().rules->id == "parlett");
  CHECK((s.play.human_to_move() || s.play.state().over()));
  // Saved as its own file in the config folder's games/, which verifies.
  REQUIRE_FALSE(s.play.own_path().empty());
  CHECK(fs::path(s.play.own_path()).parent_path() == fs::path(f.config()) / "games");
  CHECK(verify_saved_game(s.play.own_path(), f.folder()) == "");
  // The bots' moves are in the log, by name.
  bool bot_moved = false;
  for (const Move& m : s.play.moves()) bot_moved = bot_moved || m.who == "greedy";
  CHECK(bot_moved);
  CHECK(s.play.moves().size() == s.play.actions_played());

  // A failed take-over leaves the game in play as it was.
  const size_t played = s.play.actions_played();
  CHECK_FALSE(s.play_from_here("", {"human", "nobody"}));
  CHECK(s.play.actions_played() == played);
  CHECK(s.play.state().rules->id == "parlett");
  // Taking command again (of the game shown) is a change the views see.
  const uint64_t generation = s.play.generation();
  REQUIRE_MESSAGE(s.play_from_here("", {"human", "human", "human"}), s.status);
  CHECK(s.play.generation() > generation);
}

TEST_CASE("a branch point inside a step keeps that whole action, the end of a game is refused") {
  Folder f;
  Session s(f.folder(), f.config());
  REQUIRE(s.open_replay(kGame));
  const auto& c = s.replay.cursor();
  const replays::Step* multi = nullptr;  // an action with several events
  for (const replays::Step& st : c.steps()) {
    if (st.kind == replays::Step::Kind::Action && st.end_event - st.first_event > 1) {
      multi = &st;
      break;
    }
  }
  REQUIRE(multi);
  const Branch inside =
      branch_at(s.replay.replay(), c.steps(), multi->first_event + 1, s.replay.variant().rules);
  REQUIRE(inside.ok);
  CHECK(inside.position == multi->end_event);
  const Branch start = branch_at(s.replay.replay(), c.steps(), 0, s.replay.variant().rules);
  REQUIRE(start.ok);
  CHECK(start.replay.hands.empty());
  CHECK(start.position == 0);
  const Branch end = branch_at(s.replay.replay(), c.steps(), c.size(), s.replay.variant().rules);
  CHECK_FALSE(end.ok);
  CHECK(end.error.find("over") != std::string::npos);
}

TEST_CASE("continue under the new rules from here, after a hot reload") {
  Folder f;
  Session s(f.folder(), f.config());
  REQUIRE(s.open_replay(kGame));
  REQUIRE(s.open_variant("sackson"));
  s.replay.cursor().seek(100);
  const size_t at = s.editor.text.find("marriage_base = { 10,");
  REQUIRE(at != std::string::npos);
  s.editor.text.replace(at, 21, "marriage_base = { 50,");
  REQUIRE(s.save_variant());
  REQUIRE(s.replay.first_changed());
  const size_t changed = *s.replay.first_changed();
  REQUIRE(changed < 100);
  REQUIRE(s.replay.cursor().position() == 100);

  REQUIRE_MESSAGE(s.play_from_here("", {"human", "random", "random"}), s.status);
  // The game goes on under the edited rules: its marriage scored 50.
  CHECK(s.play.events()[changed].points == 50);
  CHECK(s.play.variant_ptr() == s.editor.good());
  CHECK(verify_saved_game(s.play.own_path(), f.folder()) == "");
}

TEST_CASE("playing by cards: select to discard or declare, the legal declarations badged") {
  Folder f;
  Session s(f.folder(), "");
  REQUIRE_MESSAGE(s.start_play("sackson", 3, {"human", "greedy", "random"}, 7), s.status);
  REQUIRE(s.play.human_to_move());
  const CardSet hand = s.play.state().hand(s.play.state().current);
  // Seed 7 gives the human a legal declaration at once (tests/studio/scripts/play.zs).
  const auto choices = s.play.choices();
  const Choice* declare = nullptr;
  const Choice* discard = nullptr;
  for (const Choice& c : choices) {
    if (c.legal && c.action.type == ActionType::Declare && !declare) declare = &c;
    if (c.legal && c.action.type == ActionType::Discard && !discard) discard = &c;
  }
  REQUIRE(declare);
  REQUIRE(discard);
  CHECK(s.play.in_declarations().contains_all(declare->action.cards & hand));
  CHECK(hand.contains_all(s.play.in_declarations()));
  CHECK(s.play.offer().declarations.empty());  // nothing selected, nothing offered

  // The declaration's cards from the hand (a marriage may take its queen
  // from the table): it is offered, and only declarations holding them all.
  const CardSet mine = declare->action.cards & hand;
  REQUIRE_FALSE(mine.empty());
  mine.for_each([&](Card c) { s.play.toggle_card(c); });
  CHECK(s.play.selected() == mine);
  SelectionOffer o = s.play.offer();
  if (mine.size() > 1) {
    CHECK_FALSE(o.discard);
  }
  bool offered = false;
  for (const Choice& c : o.declarations) {
    CHECK(c.action.cards.contains_all(mine));
    offered = offered || c.action == declare->action;
  }
  CHECK(offered);
  // A card not in the hand cannot be selected; a second click unselects.
  const CardSet elsewhere = declare->action.cards.minus(hand);
  s.play.toggle_card(elsewhere.empty() ? s.play.state().tableau().cards().front()
                                       : elsewhere.cards().front());
  CHECK(s.play.selected() == mine);
  mine.for_each([&](Card c) { s.play.toggle_card(c); });
  CHECK(s.play.selected().empty());

  // One card selected: its discard is offered; playing it clears the selection
  // and the bots answer, each move in the log, the last one the latest.
  s.play.toggle_card(discard->action.card);
  o = s.play.offer();
  REQUIRE(o.discard);
  CHECK(o.discard->action == discard->action);
  const size_t before = s.play.moves().size();
  REQUIRE(s.play.play(o.discard->action));
  CHECK(s.play.selected().empty());
  REQUIRE(s.play.moves().size() == s.play.actions_played());
  REQUIRE(s.play.moves().size() > before + 1);
  CHECK(s.play.moves()[before].who == "human");
  CHECK(s.play.moves()[before].label == to_string(discard->action, s.play.state().rules));
  CHECK(s.play.moves().back().who != "human");
}

TEST_CASE("while playing, the replay panels show the game, opening a replay ends that") {
  Folder f;
  Session s(f.folder(), "");
  REQUIRE(s.open_replay(kGame));
  REQUIRE(s.start_play("sackson", 2, {"human", "greedy"}, 3));
  CHECK(s.replay.cursor().size() == s.play.events().size());
  CHECK(s.replay.cursor().position() == s.replay.cursor().size());
  LegalActions legal;
  REQUIRE_FALSE(legal_actions(s.play.state(), legal));
  REQUIRE(s.play.play(legal[0]));
  s.poll();
  CHECK(s.replay.cursor().size() == s.play.events().size());
  CHECK(s.replay_label().find("game in play") != std::string::npos);
  // The game's table: as it stands at the end; scrubbed back, that position.
  CHECK(&s.game_table() == &s.play.state());
  s.replay.cursor().seek(3);
  CHECK(s.game_table().turn_number == s.replay.cursor().state().turn_number);
  CHECK(s.game_table().seat[0].hand == s.replay.cursor().state().seat[0].hand);
  CHECK(s.game_table().seat[0].hand != s.play.state().seat[0].hand);
  REQUIRE(s.open_replay(kGame));
  CHECK_FALSE(s.follow_game);
  REQUIRE(s.play.human_to_move());
  REQUIRE_FALSE(legal_actions(s.play.state(), legal));
  REQUIRE(s.play.play(legal[0]));
  s.poll();
  CHECK(s.replay_label().find("sackson-3p") != std::string::npos);
}

TEST_CASE("hover preview: any position's table, without moving the cursor") {
  Folder f;
  Session s(f.folder(), "");
  REQUIRE(s.open_replay(kGame));
  auto& c = s.replay.cursor();
  c.seek(10);
  for (size_t p : {size_t(0), size_t(1), size_t(57), size_t(58), size_t(200), c.size()}) {
    const State shown = s.replay.preview(p);
    CHECK(c.position() == 10);
    c.seek(p);
    CHECK(shown.score == c.state().score);
    CHECK(shown.turn_number == c.state().turn_number);
    CHECK(shown.table == c.state().table);
    for (int q = 0; q < shown.players; ++q) CHECK(shown.seat[q].hand == c.state().seat[q].hand);
    c.seek(10);
  }
}

// The sample game open at position 58, mid-hand: the seat views' tests.
struct AtPosition58 {
  Folder f;
  Session s{f.folder(), ""};
  AtPosition58() {
    REQUIRE(s.open_replay(kGame));
    s.replay.cursor().seek(58);
  }
};

TEST_CASE_FIXTURE(AtPosition58,
                  "single-seat view: own hand, public cards, counts of the others' cards") {
  auto& c = s.replay.cursor();
  const State& t = c.state();
  const SeatView v = seat_view(t, 1);
  CHECK(v.table.seat[1].hand == t.seat[1].hand);
  for (int p : {0, 2}) {
    CHECK(v.table.seat[p].hand == t.seat[p].exposed);
    CHECK(v.hidden[p] == t.seat[p].hand.size() - t.seat[p].exposed.size());
    CHECK(v.hidden[p] > 0);
  }
  CHECK(v.hidden[1] == 0);
  const auto known =
      std::count_if(v.table.deck.begin(), v.table.deck.end(), [](Card d) { return d.valid(); });
  CHECK(known == 0);  // no stock order
  CHECK(v.table.stock_size() == t.stock_size());
  CHECK(v.table.table == t.table);
  CHECK(v.table.score == t.score);
}

TEST_CASE_FIXTURE(AtPosition58, "the view of two seats keeps both hands and counts the third's") {
  auto& c = s.replay.cursor();
  const State& t = c.state();
  const SeatView v = seat_view(t, SeatsShown::only(0).with(2));
  CHECK(v.table.seat[0].hand == t.seat[0].hand);
  CHECK(v.table.seat[2].hand == t.seat[2].hand);
  CHECK(v.table.seat[1].hand == t.seat[1].exposed);
  CHECK(v.hidden[1] == t.seat[1].hand.size() - t.seat[1].exposed.size());
  const SeatView all = seat_view(t, SeatsShown::every());
  for (int p = 0; p < t.players; ++p) CHECK(all.table.seat[p].hand == t.seat[p].hand);
}

TEST_CASE_FIXTURE(AtPosition58,
                  "secret cards: held unseen by another seat, never named in public") {
  auto& c = s.replay.cursor();
  const State& t = c.state();
  const std::span<const Event> so_far(c.events().data(), 58);
  const CardSet secret = secret_cards(so_far, SeatsShown::only(1));
  CHECK(!secret.empty());
  // Each is in another seat's hand, face down; none is P2's own.
  const CardSet others =
      (t.seat[0].hand | t.seat[2].hand).minus(t.seat[0].exposed | t.seat[2].exposed);
  CHECK(others.contains_all(secret));
  CHECK((secret & t.seat[1].hand).empty());
  // Nothing discarded or declared so far is secret.
  for (const Event& e : so_far) {
    if (e.type == EventType::Discard) CHECK(!secret.contains(e.card));
    if (e.type == EventType::Declare) CHECK((secret & e.cards).empty());
  }
  // Every seat shown: nothing is secret; none shown: every card dealt or drawn.
  CHECK(secret_cards(so_far, SeatsShown::every()).empty());
  CHECK(secret_cards(so_far, SeatsShown::none()).contains_all(secret));
}

TEST_CASE("at the last event of a game in play, the replay panels show the game as it stands") {
  Folder f;
  Session s(f.folder(), "");
  // Seed 7 (play_cards.zs): the bots play first; P1's turn 3 begins with no
  // card to draw, so no event: the table of the last event (P3's discard)
  // still says turn 2, P3 to play.
  REQUIRE(s.start_play("sackson", 3, {"human", "greedy", "random"}, 7));
  REQUIRE(s.play.human_to_move());
  const replays::ReplayCursor& c = s.replay.cursor();
  REQUIRE(c.position() == c.size());
  REQUIRE(c.state().turn_number != s.play.state().turn_number);
  CHECK(&s.replay_table() == &s.play.state());
  CHECK(s.replay_table().turn_number == s.play.state().turn_number);
  CHECK(s.replay_table().current == s.play.state().current);
  CHECK(&s.game_table() == &s.replay_table());
  // Scrubbed back one event: that event's table, in every panel.
  s.replay.cursor().seek(c.size() - 1);
  CHECK(&s.replay_table() == &c.state());
  CHECK(&s.game_table() == &c.state());
  // A replay opened from a file: its own tables, whatever the game in play.
  REQUIRE(s.open_replay(kGame));
  s.replay.cursor().seek(s.replay.cursor().size());
  CHECK(&s.replay_table() == &s.replay.cursor().state());
}
