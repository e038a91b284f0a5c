// The studio's session model, driven directly: replays and explanations,
// hot reload of an edited variant, the diff, play mode with undo and
// autosave, settings.
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "engine/bots.h"
#include "engine/match.h"
#include "replays/record.h"
#include "replays/replay_file.h"
#include "scripting/sandbox.h"
#include "studio/session/explain.h"
#include "studio/session/session.h"
#include "tests/support/hostile_lua.h"
#include "tests/support/hostile_replay.h"
#include "tests/support/variant_copies.h"
#include "tests/support/variants.h"

using namespace zetema;
using namespace zetema::studio;
namespace fs = std::filesystem;

namespace {

const std::string kSamples = ZETEMA_SOURCE_DIR "/replays/samples/";

// Each test runs on test::VariantCopies: copies of the shipped variants in a
// scratch folder (so edits never touch the repository) and a config folder.

size_t first_event(const replays::ReplayCursor& c, EventType t, int rank = -1) {
  for (size_t i = 0; i < c.events().size(); ++i) {
    const Event& e = c.events()[i];
    if (e.type == t && (rank < 0 || e.rank == rank)) return i;
  }
  FAIL("no such event");
  return 0;
}

// Plays the human's moves as seat `seat`'s bot `bot` would in a bot game
// from `seed` (the same bot, the same stream), until the human is not to
// move or `moves` moves are played.
struct Mimic {
  std::unique_ptr<Bot> bot;
  Rng rng;
  Mimic(const std::string& name, uint64_t seed, int seat)
      : bot(make_bot(name)), rng(stream_seed(seed, SeedStream::Bot, seat)) {}
  int play(PlaySession& p, int moves = 1 << 30) {
    LegalActions legal;
    int played = 0;
    while (played < moves && p.human_to_move()) {
      REQUIRE_FALSE(legal_actions(p.state(), legal));
      REQUIRE_MESSAGE(p.play(legal[bot->choose(p.state(), legal, rng)]), p.error());
      ++played;
    }
    return played;
  }
};

}  // namespace

TEST_CASE("open a replay, step through it, explain a score") {
  const test::VariantCopies tmp("zetema-session");
  Session s(tmp.folder(), tmp.config());
  REQUIRE_MESSAGE(s.open_replay(kSamples + "sackson-3p-greedy-vs-random.json"), s.status);
  auto& c = s.replay.cursor();
  CHECK(c.position() == 0);
  const size_t z = first_event(c, EventType::Zetema);
  c.seek(z + 1);
  const Event& e = c.events()[z];
  const Explanation x = explain(e, c.state());
  CHECK(x.scores);
  CHECK(x.rule == "zetema_points");
  CHECK(x.variant == "sackson");
  CHECK(x.location == "variants/sackson.lua:48");
  CHECK(x.source == "sources/sackson.txt");
  CHECK(x.points == e.points);
  // Playback moves at its speed and stops at the end.
  s.replay.speed = 10;
  s.replay.playing = true;
  const size_t before = c.position();
  s.replay.tick(0.5);
  CHECK(c.position() == before + 5);
  s.replay.tick(1e6);
  CHECK(c.position() == c.size());
  CHECK_FALSE(s.replay.playing);
  CHECK(s.settings.recent.front() == kSamples + "sackson-3p-greedy-vs-random.json");
  // A file that is not a replay leaves what was open.
  CHECK_FALSE(s.open_replay(ZETEMA_SOURCE_DIR "/README.md"));
  CHECK(s.replay.path() == kSamples + "sackson-3p-greedy-vs-random.json");
}

TEST_CASE("a game in notation (.zgn) opens as a replay, and a bad one says where") {
  const test::VariantCopies tmp("zetema-session");
  Session s(tmp.folder(), tmp.config());
  const std::string game = kSamples + "book1881-2p-irregularities.zgn";
  REQUIRE_MESSAGE(s.open_replay(game), s.status);
  CHECK(s.replay.path() == game);
  CHECK(s.replay.replay().variant == "book1881");
  CHECK(s.replay.replay().seats == std::vector<std::string>{"Mr Grey", "Miss Lane"});
  auto& c = s.replay.cursor();
  c.seek(c.size());
  CHECK(c.state().over());
  first_event(c, EventType::Irregularity);  // the exposed card and the missed draw are there
  // A move the rules refuse: the error names the file, line and column,
  // and what was open stays open.
  const fs::path bad = tmp.path("bad.zgn");
  std::ofstream(bad) << "[Variant \"sackson\"]\n[Players \"2\"]\nhand 1 dealer P2\n"
                        "deal P1 AC 3C 5C 7C 9C JC\nP1: discard 2C\n";
  CHECK_FALSE(s.open_replay(bad.string()));
  CHECK(s.status.find("bad.zgn:5:5: card 2C is not in P1's hand") != std::string::npos);
  CHECK(s.replay.path() == game);
}

TEST_CASE(
    "hot reload: a broken edit keeps the last good variant, a good one re-applies the replay") {
  const test::VariantCopies tmp("zetema-session");
  Session s(tmp.folder(), tmp.config());
  REQUIRE(s.open_replay(kSamples + "house_example-3p-marriage-hook.json"));
  REQUIRE(s.open_variant("house_example"));
  REQUIRE(s.editor.good());
  auto& cursor = s.replay.cursor();
  const size_t full_length = cursor.size();
  const size_t jacks = first_event(cursor, EventType::Zetema, kRankJack);
  cursor.seek(jacks + 1);
  CHECK(cursor.events()[jacks].points == 25);
  const std::string original = s.editor.text;

  // A broken edit: the error names its line, the last good variant stays.
  s.editor.text = original + "\nthis is not lua\n";
  CHECK_FALSE(s.save_variant());
  REQUIRE(s.editor.error());
  CHECK(s.editor.error()->kind == ScriptError::Kind::Syntax);
  CHECK(s.editor.error()->line > 30);
  CHECK(s.status.find("keeping the last good house_example") != std::string::npos);
  CHECK(s.replay.variant().rules.zetema_points[kRankJack] == 25);
  CHECK(cursor.position() == jacks + 1);

  // A good edit: the replay is re-derived under it, position kept.
  s.editor.text = original;
  const size_t at = s.editor.text.find("J = 25");
  REQUIRE(at != std::string::npos);
  s.editor.text.replace(at, 6, "J = 99");
  REQUIRE(s.save_variant());
  CHECK(s.status ==
        "reloaded house_example; the replay re-derives to its end; first changed event " +
            std::to_string(jacks) + "; position " + std::to_string(jacks + 1) + " kept");
  CHECK(s.replay.first_changed() == jacks);
  CHECK_FALSE(s.replay.divergence());
  CHECK(s.replay.cursor().position() == jacks + 1);
  CHECK(s.replay.cursor().events()[jacks].points == 99);

  // An edit the replay cannot follow: the first divergence is reported and
  // the replay stops there, not reset.
  s.editor.text = original;
  s.editor.text.replace(s.editor.text.rfind('}'), 1,
                        "  allow_declaration = function(state, d) return d.kind ~= 'marriages', "
                        "'no marriages' end,\n}");
  REQUIRE(s.save_variant());
  CHECK(s.status.find("reloaded house_example; kept ") == 0);
  CHECK(s.status.find("events, up to the first divergence: hand ") != std::string::npos);
  CHECK(s.status.find("refused by allow_declaration") != std::string::npos);
  CHECK(s.replay.cursor().size() < full_length);  // cut at the divergence
  CHECK_FALSE(s.replay.truncated().empty());
  CHECK(s.replay.cursor().position() <= s.replay.cursor().size());

  // An edit made by another program is followed by poll().
  {
    std::ofstream out(tmp.file("house_example"));
    out << original << "\n-- touched\n";
  }
  fs::last_write_time(tmp.file("house_example"),
                      fs::file_time_type::clock::now() + std::chrono::seconds(5));
  s.poll();
  CHECK(s.editor.text == original + "\n-- touched\n");
  CHECK(s.status.find("reloaded house_example; the replay re-derives to its end") == 0);
  CHECK(s.replay.cursor().size() == full_length);  // the whole file again
}

TEST_CASE("the diff: aligned rows, divergences, cumulative scores") {
  const test::VariantCopies tmp("zetema-session");
  Session s(tmp.folder(), tmp.config());
  REQUIRE(s.open_replay(kSamples + "sackson-2p-two-player-chain.json"));
  REQUIRE_MESSAGE(s.run_diff("book1881", "bot:greedy"), s.status);
  const auto& d = s.diff.result();
  REQUIRE_FALSE(d.divergences.empty());
  CHECK(s.diff.cumulative_a().size() == d.rows.size());
  CHECK(s.diff.cumulative_b().size() == d.rows.size());
  CHECK(s.diff.first_divergence_row() < d.rows.size());
  // The last row holds the final scores.
  CHECK(s.diff.cumulative_a().back()[0] == d.a.final_state.score[0]);
  CHECK(s.diff.cumulative_b().back()[1] == d.b.final_state.score[1]);
  CHECK(s.status.find("diff under book1881: first divergence at A event") == 0);
  CHECK_FALSE(s.run_diff("book1881", "sometimes"));
}

TEST_CASE("the corpus view: games listed flipped first, any opens in the diff") {
  const test::VariantCopies tmp("zetema-session");
  Session s(tmp.folder(), tmp.config());
  const std::string bad = ZETEMA_SOURCE_DIR "/tests/cli/broken/corrupt_replay.json";
  REQUIRE_MESSAGE(s.run_corpus({kSamples, bad}, "book1881", "bot:greedy"), s.status);
  const auto& games = s.corpus.result().games;
  const auto& rows = s.corpus.rows();
  REQUIRE(rows.size() == games.size());
  CHECK(s.corpus.summary().errors == 1);
  // Flipped, then diverged, then unchanged, then the files that failed.
  auto rank = [&](size_t i) {
    const auto& g = games[i];
    return !g.error.empty() ? 3 : g.flipped() ? 0 : g.diverged ? 1 : 2;
  };
  for (size_t r = 1; r < rows.size(); ++r) CHECK(rank(rows[r - 1]) <= rank(rows[r]));
  CHECK(rank(rows.front()) == 0);
  CHECK(rank(rows.back()) == 3);
  // A diverged game opens in the diff view, under the corpus' B and policy,
  // at the same first divergence the corpus found.
  const size_t first = rows.front();
  REQUIRE_MESSAGE(s.open_corpus_game(first), s.status);
  REQUIRE(s.diff.is_open());
  CHECK(s.diff.b_rules().id == "book1881");
  CHECK(s.diff.policy() == "bot:greedy");
  REQUIRE_FALSE(s.diff.result().divergences.empty());
  CHECK(s.diff.result().divergences.front().hand + 1 == games[first].hand);
  CHECK(s.replay.cursor().position() == s.diff.result().divergences.front().a_event + 1);
  // The file that could not be re-run says why, and the open game stays.
  CHECK_FALSE(s.open_corpus_game(rows.back()));
  CHECK(s.status.find("corrupt_replay.json") != std::string::npos);
  CHECK(s.diff.is_open());
  // A B that does not load keeps the last result.
  CHECK_FALSE(s.run_corpus({kSamples}, "no_such_variant", "stop"));
  CHECK(s.corpus.result().games.size() == games.size());
}

TEST_CASE("play mode: choices with reasons, bots, undo, autosave and resume") {
  const test::VariantCopies tmp("zetema-session");
  uint64_t seed = 3;
  {
    Session s(tmp.folder(), tmp.config());
    REQUIRE_MESSAGE(s.start_play("sackson", 2, {"human", "greedy"}, seed), s.status);
    REQUIRE(s.play.human_to_move());
    const auto choices = s.play.choices();
    bool illegal_with_reason = false;
    const Choice* discard = nullptr;
    for (const Choice& c : choices) {
      if (!c.legal) illegal_with_reason = illegal_with_reason || !c.reason.empty();
      if (c.legal && c.action.type == ActionType::Discard && !discard) discard = &c;
    }
    CHECK(illegal_with_reason);
    REQUIRE(discard);
    const size_t before = s.play.actions_played();
    REQUIRE(s.play.play(discard->action));
    CHECK(s.play.actions_played() > before + 1);  // the bot answered
    CHECK(s.play.human_to_move());
    // Illegal: a card the human does not hold.
    const Card not_held = s.play.state().tableau().empty()
                              ? Card(0, Suit::Clubs)
                              : s.play.state().tableau().cards().front();
    CHECK_FALSE(s.play.play(Action::discard(not_held)));
    CHECK_FALSE(s.play.error().empty());
    // Undo takes back the human's discard and the bot's answer.
    REQUIRE(s.play.undo());
    CHECK(s.play.actions_played() == before);
    REQUIRE(s.play.play(discard->action));
    const size_t played = s.play.actions_played();
    // The autosave holds every action, and a restarted studio offers it.
    const replays::Decoded saved = replays::load_replay(s.autosave_path());
    REQUIRE(saved.ok);
    size_t actions = 0;
    for (const auto& h : saved.replay.hands) actions += h.actions.size();
    CHECK(actions == played);
    Session restarted(tmp.folder(), tmp.config());
    CHECK(restarted.autosave_waiting());
    REQUIRE_MESSAGE(restarted.resume_play(), restarted.status);
    CHECK(restarted.play.actions_played() == played);
    CHECK(restarted.play.state().score == s.play.state().score);
    CHECK(restarted.play.events().size() == s.play.events().size());
  }
}

TEST_CASE("play mode deals the seed's game: the human playing the bot's moves gets play_match's") {
  // `zetema play --seed 5 --bots random,greedy`, and the studio with the
  // human in seat 1 playing what the random bot would: one game.
  const test::VariantCopies tmp("zetema-session");
  const uint64_t seed = 5;
  MatchConfig c;
  c.setup.players = 2;
  c.seed = seed;
  c.bots = {"random", "greedy"};
  const MatchRecord m = play_match(test::variant("sackson"), c);
  REQUIRE(m.ok);
  REQUIRE(m.completed);
  REQUIRE(m.hands.size() >= 2);

  Session s(tmp.folder(), tmp.config());
  REQUIRE_MESSAGE(s.start_play("sackson", 2, {"human", "greedy"}, seed), s.status);
  Mimic human("random", seed, 0);
  CHECK(human.play(s.play) > 10);
  CHECK(s.play.state().over());
  const replays::Replay r = s.play.record();
  REQUIRE(r.hands.size() == m.hands.size());
  for (size_t h = 0; h < r.hands.size(); ++h) {
    CAPTURE(h);
    CHECK(r.hands[h].dealer == m.hands[h].dealer);
    CHECK(r.hands[h].deck ==
          to_string(std::vector<Card>(m.hands[h].deck.begin(), m.hands[h].deck.end())));
    std::vector<std::string> actions;
    for (const Action& a : m.hands[h].actions) actions.push_back(to_string(a));
    CHECK(r.hands[h].actions == actions);
  }
  CHECK(s.play.state().score == m.final_state.score);
  CHECK(s.play.events().size() == m.events.size());
}

TEST_CASE(
    "play mode: a resumed game deals the seed's later hands, undo replays the bots' answers") {
  const test::VariantCopies tmp("zetema-session");
  const uint64_t seed = 8;
  MatchConfig c;
  c.setup.players = 2;
  c.seed = seed;
  c.bots = {"random"};
  const MatchRecord m = play_match(test::variant("sackson"), c);
  REQUIRE(m.ok);
  REQUIRE(m.hands.size() >= 3);
  {
    Session s(tmp.folder(), tmp.config());
    REQUIRE_MESSAGE(s.start_play("sackson", 2, {"human", "random"}, seed), s.status);
    Mimic human("random", seed, 0);
    REQUIRE(human.play(s.play, 20) == 20);
    // On to a move the bot answers.
    for (size_t n = 0; n == 0 || s.play.actions_played() == n + 1;) {
      n = s.play.actions_played();
      REQUIRE(human.play(s.play, 1) == 1);
    }
    // Undo, then the same move: the bot answers as it did.
    const replays::Replay before = s.play.record();
    REQUIRE(s.play.undo());
    const size_t at = s.play.actions_played();  // the undone move's index
    CHECK(s.play.record() != before);
    std::string last;
    size_t k = 0;
    for (const auto& h : before.hands) {
      for (const auto& a : h.actions) {
        if (k++ == at) last = a;
      }
    }
    const ActionParse parsed = parse_action(last, s.play.state().rules->imperial_suit);
    REQUIRE(parsed.ok);
    REQUIRE(s.play.play(parsed.action));
    CHECK(s.play.record() == before);
  }
  // The studio restarts: the game resumes, and every later hand is the
  // hand the seed deals, whatever the bots do after the restart.
  Session s(tmp.folder(), tmp.config());
  REQUIRE_MESSAGE(s.resume_play(), s.status);
  Mimic human("random", seed + 1, 0);
  human.play(s.play);
  const replays::Replay r = s.play.record();
  const size_t both = std::min(r.hands.size(), m.hands.size());
  REQUIRE(both >= 3);
  for (size_t h = 0; h < both; ++h) {
    CAPTURE(h);
    CHECK(r.hands[h].deck ==
          to_string(std::vector<Card>(m.hands[h].deck.begin(), m.hands[h].deck.end())));
  }
  CHECK(r.hands[0].dealer == m.hands[0].dealer);
}

TEST_CASE("save as: the game, the edited variant and the replay, each to a new file") {
  const test::VariantCopies tmp("zetema-session");
  Session s(tmp.folder(), tmp.config());
  CHECK_FALSE(s.can_save(Session::Saveable::Game));
  CHECK_FALSE(s.save_as(Session::Saveable::Game, tmp.path("nothing.json")));
  // The play-mode game, as a replay that verifies with every action.
  REQUIRE_MESSAGE(s.start_play("sackson", 2, {"human", "greedy"}, 5), s.status);
  REQUIRE(s.play.play(s.play.choices().front().action));
  const std::string game = tmp.path("saved/game.zrb");
  REQUIRE_MESSAGE(s.save_as(Session::Saveable::Game, game), s.status);
  const replays::Decoded d = replays::load_replay(game);
  REQUIRE_MESSAGE(d.ok, d.error);
  CHECK(d.encoding == replays::Encoding::Binary);
  size_t actions = 0;
  for (const auto& h : d.replay.hands) actions += h.actions.size();
  CHECK(actions == s.play.actions_played());
  // ... which opens as a replay, and is then among the recent files.
  REQUIRE_MESSAGE(s.open_replay(game), s.status);
  CHECK(s.settings.recent.front() == game);
  // The open replay, converted to JSON by its name.
  const std::string json = tmp.path("game.json");
  REQUIRE(s.save_as(Session::Saveable::Replay, json));
  REQUIRE(replays::load_replay(json).ok);
  CHECK(replays::load_replay(json).encoding == replays::Encoding::Json);
  // The edited variant under a new name: a new house variant, now edited.
  REQUIRE(s.open_variant("house_example"));
  s.editor.text += "\n-- my changes\n";
  const std::string mine = tmp.file("mine");
  REQUIRE_MESSAGE(s.save_as(Session::Saveable::Variant, mine), s.status);
  CHECK(s.editor.path() == mine);
  CHECK_FALSE(s.editor.dirty());
  std::ifstream in(mine);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(text == s.editor.text);
  // The file it was copied from is untouched.
  std::ifstream orig(tmp.file("house_example"));
  const std::string was((std::istreambuf_iterator<char>(orig)), std::istreambuf_iterator<char>());
  CHECK(was.find("-- my changes") == std::string::npos);
}

TEST_CASE("settings survive a restart, a damaged file gives the defaults") {
  const test::VariantCopies tmp("zetema-session");
  {
    Session s(tmp.folder(), tmp.config());
    s.settings.add_recent("/a.json");
    s.settings.add_recent("/b.json");
    s.settings.window_width = 1111;
    s.replay.speed = 21;
    s.save_settings_now();
  }
  Session again(tmp.folder(), tmp.config());
  CHECK(again.settings.recent == std::vector<std::string>{"/b.json", "/a.json"});
  CHECK(again.settings.window_width == 1111);
  CHECK(again.replay.speed == 21);
  {
    std::ofstream out(tmp.config() + "/settings.ini");
    out << "window_width=banana\nwindow_height=99999999\n\x01\x02garbage\n";
  }
  Session damaged(tmp.folder(), tmp.config());
  CHECK(damaged.settings.window_width == 1400);
  CHECK(damaged.settings.window_height == 8192);
}

TEST_CASE("start-up clears the temporary files of crashed saves, not those of live ones") {
  const test::VariantCopies tmp("zetema-session");
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  REQUIRE(child > 0);
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);  // `child` is now a dead process
  const fs::path config = tmp.config();
  const fs::path crashed = config / ("autosave.json.tmp." + std::to_string(child));
  const fs::path live = config / ("settings.ini.tmp." + std::to_string(::getpid()));
  const fs::path other = config / "notes.tmp.txt";  // not one of ours
  for (const fs::path& p : {crashed, live, other}) std::ofstream(p) << "half";
  Session s(tmp.folder(), tmp.config());
  CHECK_FALSE(fs::exists(crashed));
  CHECK(fs::exists(live));
  CHECK(fs::exists(other));
}

TEST_CASE("hot reload keeps the game: a rule edit re-derives it up to the first divergence") {
  // Issue 14, problem 1: marriages at 50 end the game sooner; the replay
  // used to drop to 0 events instead of keeping the game up to that point.
  const test::VariantCopies tmp("zetema-session");
  Session s(tmp.folder(), tmp.config());
  REQUIRE(s.open_replay(kSamples + "sackson-3p-greedy-vs-random.json"));
  REQUIRE(s.open_variant("sackson"));
  const EventLog before = s.replay.cursor().events();
  s.replay.cursor().seek(100);
  const std::string original = s.editor.text;
  const size_t at = s.editor.text.find("marriage_base = { 10,");
  REQUIRE(at != std::string::npos);
  s.editor.text.replace(at, 21, "marriage_base = { 50,");
  REQUIRE(s.save_variant());

  const auto& c = s.replay.cursor();
  REQUIRE(c.size() > 100);
  CHECK(c.size() < before.size());
  CHECK(s.replay.divergence() == c.size());
  CHECK(c.position() == 100);  // still there
  // Every event up to the first changed one is the same; that one is the
  // first marriage, now worth 50.
  REQUIRE(s.replay.first_changed());
  const size_t changed = *s.replay.first_changed();
  for (size_t i = 0; i < changed; ++i)
    CHECK(describe(c.events()[i], c.state()) == describe(before[i], c.state()));
  CHECK(c.events()[changed].kind == DeclKind::Marriages);
  CHECK(c.events()[changed].points == 50);
  CHECK(before[changed].points == 10);
  CHECK(s.status == "reloaded sackson; kept " + std::to_string(c.size()) +
                        " events, up to the first divergence: hand 1, action 58 'discard 8D': "
                        "the game is over; first changed event " +
                        std::to_string(changed) + "; position 100 kept");

  // A position past the divergence moves to it, and says so.
  s.editor.text = original;
  REQUIRE(s.save_variant());
  CHECK(s.replay.cursor().size() == before.size());  // the whole game again
  CHECK_FALSE(s.replay.divergence());
  CHECK(s.replay.first_changed() == changed);  // back to 10, from the 50 before it
  s.replay.cursor().seek(before.size());
  s.editor.text.replace(at, 21, "marriage_base = { 50,");
  REQUIRE(s.save_variant());
  CHECK(s.replay.cursor().position() == s.replay.cursor().size());
  CHECK(s.status.find("; position " + std::to_string(before.size()) +
                      " is past the divergence: now at " +
                      std::to_string(s.replay.cursor().size())) != std::string::npos);
}

TEST_CASE("no stale diff: opening another replay or reloading its rules clears it") {
  const test::VariantCopies tmp("zetema-session");
  Session s(tmp.folder(), tmp.config());
  REQUIRE(s.open_replay(kSamples + "sackson-2p-two-player-chain.json"));
  REQUIRE(s.run_diff("book1881", "stop"));
  CHECK(s.diff.label() == "sackson-2p-two-player-chain.json (sackson)");
  CHECK(s.replay_label() == s.diff.label());
  REQUIRE(s.open_replay(kSamples + "sackson-3p-greedy-vs-random.json"));
  CHECK_FALSE(s.diff.is_open());
  CHECK(s.diff.label().empty());
  CHECK_FALSE(s.jump_to_divergence());
  // A diff of the new replay names it; a reload of its rules clears it.
  REQUIRE(s.run_diff("book1881", "stop"));
  CHECK(s.diff.label() == "sackson-3p-greedy-vs-random.json (sackson)");
  REQUIRE(s.open_variant("sackson"));
  s.editor.text += "\n";
  REQUIRE(s.save_variant());
  CHECK_FALSE(s.diff.is_open());
  // A replay that fails to open leaves the diff of the one still open.
  REQUIRE(s.run_diff("book1881", "stop"));
  CHECK_FALSE(s.open_replay(ZETEMA_SOURCE_DIR "/README.md"));
  CHECK(s.diff.is_open());
}

TEST_CASE("one selected position: the list, the table, the timeline and the diff agree") {
  const test::VariantCopies tmp("zetema-session");
  Session s(tmp.folder(), tmp.config());
  REQUIRE(s.open_replay(kSamples + "sackson-3p-greedy-vs-random.json"));
  auto& c = s.replay.cursor();
  // Position 0: nothing selected, and the table's dealer is event 0's.
  CHECK_FALSE(s.replay.selected_event());
  REQUIRE(c.events()[0].type == EventType::HandStart);
  CHECK(c.state().dealer == c.events()[0].player);

  // A row of the event list selects that event: the table moves after it.
  s.replay.select_event(40);
  CHECK(c.position() == 41);
  CHECK(s.replay.selected_event() == 40);
  // "score >" selects the next scoring event; nothing stays pinned.
  REQUIRE(c.next_score());
  REQUIRE(s.replay.selected_event());
  CHECK(*s.replay.selected_event() > 40);
  CHECK(c.events()[*s.replay.selected_event()].scores());

  // A click anywhere on a score's dot selects exactly that event.
  const size_t e = c.score_events()[2];
  const double n = static_cast<double>(c.size());
  const double dot = static_cast<double>(e + 1) / n, radius = 2.5 / 800;  // an 800 px strip
  for (double dx : {-0.9, -0.5, 0.0, 0.5, 0.9}) {
    c.seek(s.replay.position_at(dot + dx * radius, radius));
    CHECK(s.replay.selected_event() == e);
  }
  CHECK(s.replay.position_at(0.0, radius) == 0);
  CHECK(s.replay.position_at(1.0, radius) == c.size());

  // At every position the timeline's hand and turn (its markers) are the
  // table's: after a discard too.
  for (size_t p = 0; p <= c.size(); ++p) {
    c.seek(p);
    const State& t = c.state();
    if (t.turn_number > 0) CHECK(c.turn_at(p) + 1 == t.turn_number);
    if (t.hand_number > 0) CHECK(c.hand_at(p) + 1 == t.hand_number);
  }
  // PgDn and PgUp walk the turns as the table numbers them.
  c.seek(0);
  for (uint32_t turn = 1; turn <= 5; ++turn) {
    s.replay.next_turn();
    CHECK(c.state().turn_number == turn);
  }
  s.replay.prev_turn();
  s.replay.prev_turn();
  CHECK(c.state().turn_number == 3);

  // The diff's jump selects the divergent event itself.
  REQUIRE(s.open_replay(kSamples + "sackson-2p-two-player-chain.json"));
  REQUIRE(s.run_diff("book1881", "bot:greedy"));
  REQUIRE(s.jump_to_divergence());
  CHECK(s.replay.selected_event() == s.diff.result().divergences.front().a_event);
}

TEST_CASE("a replay carrying its own Lua waits for a yes, nothing runs or changes before it") {
  const test::VariantCopies tmp("zetema-session");
  // A game recorded under a variant that is not installed: opening it would
  // run the Lua sources it carries.
  const fs::path lua = tmp.path("own_rules.lua");
  fs::copy_file(ZETEMA_SOURCE_DIR "/tests/studio/data/own_rules.lua", lua);
  scripting::LoadedVariant v = scripting::load_variant_spec(lua.string(), tmp.folder());
  REQUIRE(v.ok);
  MatchConfig config;
  config.setup.players = 2;
  config.seed = 9;
  config.bots = {"greedy"};
  config.max_hands = 1;
  const MatchRecord m = play_match(v.rules, config);
  REQUIRE(m.ok);
  const std::string game = tmp.path("own.json");
  REQUIRE(replays::save_replay(
              game, replays::make_replay(v, m.final_state, config.seed, {"greedy", "greedy"},
                                         m.hands, m.events)) == "");
  const std::string before = kSamples + "sackson-3p-greedy-vs-random.json";

  Session s(tmp.folder(), tmp.config());
  REQUIRE(s.open_replay(before));
  s.replay.cursor().seek(40);
  REQUIRE(s.run_diff("book1881", "stop"));
  // Any Lua run now would fail "interrupted": opening must not run any.
  scripting::interrupt_scripts();
  CHECK(s.open_replay(game));
  scripting::clear_script_interrupt();
  REQUIRE(s.pending_replay());
  CHECK(s.pending_replay()->path == game);
  CHECK(s.pending_replay()->note.find(
            "It carries the Lua sources of variant 'own_rules': " + lua.string() +
            " (8 lines), variants/sackson.lua (") != std::string::npos);
  CHECK(s.pending_replay()->note.find("Why: variant 'own_rules' is not installed: running the "
                                      "Lua sources embedded in the replay") != std::string::npos);
  CHECK(s.replay.path() == before);
  CHECK(s.replay.cursor().position() == 40);
  CHECK(s.diff.is_open());

  s.cancel_replay();
  CHECK_FALSE(s.pending_replay());
  CHECK(s.status.find("not opened: " + game) != std::string::npos);
  CHECK(s.replay.path() == before);
  CHECK(s.replay.cursor().position() == 40);
  CHECK(s.replay.variant().rules.id == "sackson");
  CHECK(s.diff.is_open());
  CHECK_FALSE(s.accept_replay());  // nothing to accept any more

  REQUIRE(s.open_replay(game));
  REQUIRE(s.pending_replay());
  REQUIRE_MESSAGE(s.accept_replay(), s.status);
  CHECK_FALSE(s.pending_replay());
  CHECK(s.replay.path() == game);
  CHECK(s.replay.variant().rules.id == "own_rules");
  CHECK(s.status.rfind("NOTE: variant 'own_rules' is not installed", 0) == 0);
  CHECK_FALSE(s.diff.is_open());

  // A replay of an installed variant opens at once, with no prompt.
  CHECK(s.open_replay(before));
  CHECK_FALSE(s.pending_replay());
  CHECK(s.replay.path() == before);
}

TEST_CASE("a replay whose own hook attacks opens with its file:line and kind, nothing changes") {
  // The hook attacks of tests/support/hostile_lua.h in a replay, opened in
  // the studio after the prompt's yes: each stops within the bounds, the
  // status says where and what, and the replay open before stays as it was.
  const test::VariantCopies tmp("zetema-session");
  const std::string before = kSamples + "sackson-3p-greedy-vs-random.json";
  Session s(tmp.folder(), tmp.config());
  REQUIRE(s.open_replay(before));
  s.replay.cursor().seek(40);
  for (const test::HookAttack& a : test::hook_attacks()) {
    CAPTURE(a.name);
    const std::string file = tmp.path("attack.json");
    REQUIRE(replays::save_replay(file, test::carrying_hook(a)) == "");
    REQUIRE(s.open_replay(file));
    REQUIRE(s.pending_replay());
    const auto t0 = std::chrono::steady_clock::now();
    CHECK_FALSE(s.accept_replay());
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    CHECK(s.status.find("replay/hostile.lua:" + std::to_string(3 + a.line) + ": " + a.kind +
                        " error: ") != std::string::npos);
    CHECK(s.status.find(a.says) != std::string::npos);
    MESSAGE(a.name << ": " << seconds << " s");
    CHECK(s.replay.path() == before);
    CHECK(s.replay.cursor().position() == 40);
    CHECK(s.replay.variant().rules.id == "sackson");
  }
}
