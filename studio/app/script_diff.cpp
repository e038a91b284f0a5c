// The scripted mode's commands and checks for the Diff panel's rows and B's
// table: the rows marked where A and B differ, the rows following the
// selected position, B's table at its aligned row (docs/studio.md lists them).
#include "studio/app/script_commands.h"

namespace zetema::studio {

namespace {

std::string need_diff(const Session& s) {
  return s.diff.is_open() ? "" : "no diff is open";
}

// Two frames with the layout recorded (the second draws what the first
// one's layout settled), as expect-fits draws them.
void record_layout(const Expectation& e) {
  e.ui.record_layout = true;
  e.w.frame(e.s, e.ui);
  e.w.frame(e.s, e.ui);
  e.ui.record_layout = false;
}

// expect diff-marked-rows N: the rows marked as differing (the first
// divergence's among them).
std::string check_marked_rows(const Expectation& e) {
  if (std::string why = need_diff(e.s); !why.empty()) return why;
  return e.count(static_cast<long long>(e.s.diff.differing_rows()));
}

// expect diff-row-mark ROW same|differs|divergence|first: how row ROW (from 0) is marked.
std::string check_row_mark(const Expectation& e) {
  if (std::string why = need_diff(e.s); !why.empty()) return why;
  std::istringstream v(e.value);
  long long row = -1;
  std::string want;
  v >> row >> want;
  if (row < 0 || static_cast<size_t>(row) >= e.s.diff.result().rows.size())
    return e.fail("no row " + std::to_string(row));
  const DiffSession::RowMark m = e.s.diff.mark(static_cast<size_t>(row));
  const std::string got = m == DiffSession::RowMark::FirstDivergence ? "first"
                          : m == DiffSession::RowMark::Divergence    ? "divergence"
                          : m == DiffSession::RowMark::Differs       ? "differs"
                                                                     : "same";
  return got == want ? "" : e.fail(std::to_string(row) + " " + got);
}

// expect diff-row-visible P: the aligned row of position P is the one the
// rows highlight (the selected position's) and was drawn wholly in view.
std::string check_row_visible(const Expectation& e) {
  if (std::string why = need_diff(e.s); !why.empty()) return why;
  const long long p = script_number(e.value);
  const auto row = p < 0 ? std::nullopt : e.s.diff.row_at_position(static_cast<size_t>(p));
  if (!row) return e.fail("no aligned row at position " + e.value);
  if (e.s.replay.cursor().position() != static_cast<size_t>(p))
    return e.fail("the selected position is " + std::to_string(e.s.replay.cursor().position()));
  record_layout(e);
  const std::string name = "diff-row-" + std::to_string(*row + 1);
  if (!e.ui.layout.count(name)) return e.fail("row " + std::to_string(*row) + " not drawn");
  if (e.ui.clipped.count(name)) return e.fail("row " + std::to_string(*row) + " cut off");
  return {};
}

// expect diff-b-table K|none: B's table is drawn in the Diff panel, after
// B's event K (the selected position's aligned row), or says it has none.
std::string check_b_table(const Expectation& e) {
  if (std::string why = need_diff(e.s); !why.empty()) return why;
  record_layout(e);
  if (!e.ui.diff_b_table || !e.ui.layout.count("diff-b-table"))
    return e.fail("B's table not drawn");
  if (e.ui.clipped.count("diff-b-table")) return e.fail("B's table cut off");
  const auto row = e.s.diff.row_at_position(e.s.replay.cursor().position());
  const auto b = row ? e.s.diff.b_event_at_row(*row) : std::nullopt;
  const bool drawn = row && e.s.diff.b_table_at_row(*row);
  return e.equals(b && drawn ? std::to_string(*b) : "none");
}

// expect diff-labels-first: "B:" and "policy:" each just left of its
// picker, on its line.
std::string check_labels_first(const Expectation& e) {
  record_layout(e);
  for (const std::string what : {"diff-b", "diff-policy"}) {
    const auto label = e.ui.layout.find(what + "-label");
    const auto picker = e.ui.layout.find(what + "-picker");
    if (label == e.ui.layout.end() || picker == e.ui.layout.end())
      return e.fail(what + "'s label or picker not drawn");
    const auto& [lx, ly, lw, lh] = label->second;
    const auto& [px, py, pw, ph] = picker->second;
    const bool before = lx + lw <= px && px - (lx + lw) < 2 * lh;
    const bool same_line = ly < py + ph && py < ly + lh;
    if (!before || !same_line) return e.fail(what + "'s label is not just before its picker");
  }
  return {};
}

std::string show_b_table(ScriptCall& c) {
  if (c.rest != "on" && c.rest != "off") return "show-b-table on|off";
  c.ui.diff_b_table = c.rest == "on";
  return {};
}

}  // namespace

void register_diff_commands(ScriptCommands& t) {
  t.add("show-b-table", "show-b-table on|off: the Diff panel's \"Show B's table\"", show_b_table);
  t.add_check("diff-marked-rows", "diff-marked-rows N: the rows where A and B differ",
              check_marked_rows);
  t.add_check("diff-row-mark", "diff-row-mark ROW same|differs|divergence|first: a row's mark",
              check_row_mark);
  t.add_check("diff-row-visible", "diff-row-visible P: position P's row highlighted and in view",
              check_row_visible);
  t.add_check("diff-labels-first", "diff-labels-first: B: and policy: each before its picker",
              check_labels_first);
  t.add_check("diff-b-table", "diff-b-table K|none: B's table drawn, after B's event K",
              check_b_table);
}

}  // namespace zetema::studio
