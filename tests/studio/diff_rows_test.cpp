// The Diff panel's rows, GUI-free: which rows are marked as differing, which
// row the selected position stands at, and B's table at a row.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>

#include "replays/cursor.h"
#include "studio/session/replay_session.h"
#include "studio/session/session.h"
#include "tests/support/variant_copies.h"

using namespace zetema;
using namespace zetema::studio;

namespace {

const std::string kChain = ZETEMA_SOURCE_DIR "/replays/samples/sackson-2p-two-player-chain.json";
using Mark = DiffSession::RowMark;

}  // namespace

TEST_CASE("diff rows: none marked when B is A's own rules") {
  const test::VariantCopies tmp("zetema-diff-rows");
  Session s(tmp.folder(), tmp.config());
  REQUIRE(s.open_replay(kChain));
  REQUIRE_MESSAGE(s.run_diff("sackson", "bot:greedy"), s.status);
  REQUIRE(s.diff.result().divergences.empty());
  CHECK(s.diff.differing_rows() == 0);
  for (size_t r = 0; r < s.diff.result().rows.size(); ++r) CHECK(s.diff.mark(r) == Mark::Same);
}

TEST_CASE("diff rows: the first divergence stands out, the rows after it differ") {
  const test::VariantCopies tmp("zetema-diff-rows");
  Session s(tmp.folder(), tmp.config());
  REQUIRE(s.open_replay(kChain));
  // stop: every row after the divergence holds A's event alone.
  REQUIRE_MESSAGE(s.run_diff("book1881", "stop"), s.status);
  const replays::DiffResult& d = s.diff.result();
  const size_t first = s.diff.first_divergence_row();
  REQUIRE(first < d.rows.size());
  CHECK(s.diff.mark(first) == Mark::FirstDivergence);
  CHECK(s.diff.mark(0) == Mark::Same);  // both deal the same first hand
  size_t before = 0;                    // rows before it that already differ
  for (size_t r = 0; r < first; ++r) {
    const bool scores_differ = s.diff.cumulative_a()[r] != s.diff.cumulative_b()[r];
    if (scores_differ) CHECK(s.diff.mark(r) == Mark::Differs);
    if (s.diff.mark(r) != Mark::Same) ++before;
  }
  for (size_t r = first + 1; r < d.rows.size(); ++r) {
    REQUIRE_FALSE(d.rows[r].b);
    CHECK(s.diff.mark(r) == Mark::Differs);
  }
  CHECK(s.diff.differing_rows() == before + (d.rows.size() - first));
}

TEST_CASE("diff rows: a row whose scores so far differ is marked, events alike") {
  const test::VariantCopies tmp("zetema-diff-rows");
  // Sackson with flushes worth 40: the same game, other scores.
  const std::string b = tmp.folder().path + "/flush_40.lua";
  std::ofstream(b) << "return { id = 'flush_40', name = 'Flushes 40', source = 'a test',\n"
                      "  follows = 'sackson', extends = 'sackson', points = { flush = 40 } }\n";
  Session s(tmp.folder(), tmp.config());
  REQUIRE(s.open_replay(kChain));
  REQUIRE_MESSAGE(s.run_diff(b, "stop"), s.status);
  const replays::DiffResult& d = s.diff.result();
  // A row after a flush: its events alike (a draw, a discard), the scores
  // so far not.
  size_t alike_but_behind = 0;
  for (size_t r = 0; r < d.rows.size(); ++r) {
    if (!d.rows[r].a || !d.rows[r].b) continue;
    const bool differ = s.diff.cumulative_a()[r] != s.diff.cumulative_b()[r];
    if (differ) CHECK(s.diff.mark(r) != Mark::Same);
    if (differ && d.a.events[*d.rows[r].a].points == d.b.events[*d.rows[r].b].points)
      ++alike_but_behind;
  }
  CHECK(alike_but_behind > 0);
  CHECK(s.diff.differing_rows() > alike_but_behind);
}

TEST_CASE("diff rows: the row at a position is that of its last event") {
  const test::VariantCopies tmp("zetema-diff-rows");
  Session s(tmp.folder(), tmp.config());
  REQUIRE(s.open_replay(kChain));
  REQUIRE_MESSAGE(s.run_diff("book1881", "bot:greedy"), s.status);
  const replays::DiffResult& d = s.diff.result();
  CHECK_FALSE(s.diff.row_at_position(0));
  for (size_t p = 1; p <= d.a.events.size(); ++p) {
    const auto row = s.diff.row_at_position(p);
    REQUIRE(row);
    CHECK(d.rows[*row].a == p - 1);
  }
  // The divergence's own position (after its event) is the marked row.
  const size_t at = d.divergences.front().a_event + 1;
  CHECK(s.diff.row_at_position(at) == s.diff.first_divergence_row());
  // Past the end: the last event's row.
  CHECK(s.diff.row_at_position(d.a.events.size() + 5) == s.diff.row_at_position(d.a.events.size()));
}

TEST_CASE("diff rows: B's table at a row is B's game after that row's B event") {
  const test::VariantCopies tmp("zetema-diff-rows");
  Session s(tmp.folder(), tmp.config());
  REQUIRE(s.open_replay(kChain));
  for (const char* policy : {"bot:greedy", "stop"}) {
    CAPTURE(policy);
    REQUIRE_MESSAGE(s.run_diff("book1881", policy), s.status);
    const replays::DiffResult& d = s.diff.result();
    const size_t rows = d.rows.size();
    // The last row: B's final table, every score as B's run ended.
    const State* last = s.diff.b_table_at_row(rows - 1);
    REQUIRE(last);
    CHECK(last->score == d.b.final_state.score);
    CHECK(last->over() == d.b.final_state.over());
    // Each row's table holds the scores so far of B at that row.
    for (size_t r = 0; r < rows; ++r) {
      const State* t = s.diff.b_table_at_row(r);
      REQUIRE(t);
      for (int side = 0; side < t->sides; ++side)
        CHECK(t->score[side] == s.diff.cumulative_b()[r][static_cast<size_t>(side)]);
    }
  }
  // Under stop, B's game is the replay re-derived under B up to the action
  // B refuses: the cursor over that record shows the same table at every
  // B event.
  REQUIRE(s.run_diff("book1881", "stop"));
  const replays::DiffResult& d = s.diff.result();
  const replays::Divergence& f = d.divergences.front();
  const replays::Replay cut = truncate_replay(s.replay.replay(), f.hand, f.action);
  std::string error;
  const auto b = replays::ReplayCursor::open(cut, s.diff.b_rules(), error);
  REQUIRE_MESSAGE(b, error);
  REQUIRE(b->size() == d.b.events.size());
  size_t compared = 0;
  for (size_t r = 0; r < d.rows.size(); ++r) {
    if (!d.rows[r].b) continue;
    const State want = b->state_at(*d.rows[r].b + 1);
    const State* got = s.diff.b_table_at_row(r);
    REQUIRE(got);
    CHECK(got->tableau() == want.tableau());
    CHECK(got->stock_size() == want.stock_size());
    CHECK(got->current == want.current);
    for (int p = 0; p < want.players; ++p) CHECK(got->hand(p) == want.hand(p));
    ++compared;
  }
  CHECK(compared == d.b.events.size());
}

TEST_CASE("diff rows: B's table at a row played only under A is B's last before it") {
  const test::VariantCopies tmp("zetema-diff-rows");
  Session s(tmp.folder(), tmp.config());
  REQUIRE(s.open_replay(kChain));
  REQUIRE(s.run_diff("book1881", "stop"));
  const replays::DiffResult& d = s.diff.result();
  const size_t first = s.diff.first_divergence_row();
  REQUIRE_FALSE(d.rows[first].b);
  const auto b = s.diff.b_event_at_row(first);
  REQUIRE(b);
  CHECK(*b + 1 == d.b.events.size());  // B stopped: its last event
  CHECK(s.diff.b_table_at_row(d.rows.size() - 1) == s.diff.b_table_at_row(first));
  s.diff.clear();
  CHECK_FALSE(s.diff.b_table_at_row(0));
  CHECK(s.diff.differing_rows() == 0);
}

TEST_CASE("diff rows: each later divergence skipped has its own mark") {
  const test::VariantCopies tmp("zetema-diff-rows");
  Session s(tmp.folder(), tmp.config());
  REQUIRE(
      s.open_replay(ZETEMA_SOURCE_DIR "/replays/samples/sackson-2p-double-imperial-marriage.json"));
  REQUIRE_MESSAGE(s.run_diff("book1881", "skip"), s.status);
  const replays::DiffResult& d = s.diff.result();
  REQUIRE(d.divergences.size() > 1);
  CHECK(s.diff.mark(s.diff.first_divergence_row()) == Mark::FirstDivergence);
  size_t later = 0;
  for (size_t r = 0; r < d.rows.size(); ++r) {
    const bool refused = d.rows[r].a && std::any_of(d.divergences.begin() + 1, d.divergences.end(),
                                                    [&](const replays::Divergence& v) {
                                                      return v.a_event == *d.rows[r].a;
                                                    });
    if (refused && r != s.diff.first_divergence_row()) {
      CHECK(s.diff.mark(r) == Mark::Divergence);
      ++later;
    } else {
      CHECK(s.diff.mark(r) != Mark::Divergence);
    }
  }
  CHECK(later == d.divergences.size() - 1);
}
