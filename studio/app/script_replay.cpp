// The scripted mode's commands and checks for the open replay: its cursor,
// its selected event and explanation, the own-rules prompt and the diff.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "studio/app/event_list.h"
#include "studio/app/script_commands.h"
#include "studio/session/chart_math.h"
#include "studio/session/explain.h"

namespace zetema::studio {

namespace {

std::string answer_replay(ScriptCall& c) {
  std::string a;
  c.args >> a;
  if (!c.s.pending_replay()) return "no prompt is open";
  if (a == "run") return c.s.accept_replay() ? "" : c.s.status;
  if (a == "cancel") return c.s.cancel_replay(), "";
  return "answer-replay takes run or cancel";
}

// seek N, step ±N, seek-hand H, seek-turn T: one handler, by the command's name.
std::string move_cursor(ScriptCall& call) {
  if (std::string e = need_replay(call.s); !e.empty()) return e;
  std::string a;
  call.args >> a;
  auto& c = call.s.replay.cursor();
  const long long n = script_number(a);
  if (call.cmd == "seek") c.seek(static_cast<size_t>(std::max(0LL, n)));
  if (call.cmd == "step")
    c.seek(static_cast<size_t>(std::max(0LL, static_cast<long long>(c.position()) + n)));
  // Hands and turns are numbered from 1, as the timeline shows them.
  if (call.cmd == "seek-hand") c.seek_hand(static_cast<size_t>(std::max(1LL, n) - 1));
  if (call.cmd == "seek-turn") c.seek_turn(static_cast<size_t>(std::max(1LL, n) - 1));
  return {};
}

std::string select_event(ScriptCall& c) {
  if (std::string e = need_replay(c.s); !e.empty()) return e;
  std::string a;
  c.args >> a;
  c.s.replay.select_event(static_cast<size_t>(std::max(0LL, script_number(a))));
  return {};
}

// As the table and timeline show them, from 1.
std::string check_hand_or_turn(const Expectation& e) {
  if (std::string why = need_replay(e.s); !why.empty()) return why;
  const auto& c = e.s.replay.cursor();
  const State& t = e.s.replay_table();
  const bool hand = e.what == "hand";
  const long long shown = hand ? t.hand_number : t.turn_number;
  // The markers PgUp/PgDn and seek-turn use must agree with the table
  // (at a live game's end a turn may have begun without an event).
  const size_t marker = (hand ? c.hand_at(c.position()) : c.turn_at(c.position())) + 1;
  if (shown > 0 && &t == &c.state() && static_cast<long long>(marker) != shown)
    return e.fail("table " + std::to_string(shown) + ", markers " + std::to_string(marker));
  return shown == script_number(e.value) ? "" : e.fail(std::to_string(shown));
}

// The Diff panel's B and policy pickers: "book1881 stop".
std::string check_diff_choices(const Expectation& e) {
  const auto& catalog = e.s.catalog();
  const std::string got =
      (catalog.empty()
           ? std::string("none")
           : catalog[std::min<size_t>(static_cast<size_t>(e.ui.diff_b), catalog.size() - 1)].id) +
      " " + diff_policies()[static_cast<size_t>(e.ui.diff_policy)];
  return e.equals(got);
}

// expect diff-row-near FRACTION: the selected event's row.
std::string check_diff_row_near(const Expectation& x) {
  const Session& s = x.s;
  if (!s.diff.is_open()) return x.fail("no diff");
  const auto e = s.replay.selected_event();
  if (!e) return x.fail("no selected event");
  const size_t rows = s.diff.result().rows.size();
  const double f = std::atof(x.value.c_str());
  const size_t lo = *index_at(f - 0.02, rows), hi = *index_at(f + 0.02, rows);
  const size_t row = row_of_a_event(s.diff.result(), *e);
  // A row played only under B selects the last A event before it.
  return row + 1 >= lo && row <= hi
             ? ""
             : x.fail("row " + std::to_string(row) + " of " + std::to_string(rows));
}

// The selected event's explanation quotes these words.
std::string check_quote(const Expectation& x) {
  Session& s = x.s;
  const auto e = s.replay.is_open() ? s.replay.selected_event() : std::nullopt;
  if (!e) return x.fail("no selected event");
  const auto& c = s.replay.cursor();
  const Explanation ex = explain(c.events()[*e], c.state(), &s.replay_quotes());
  return ex.quote.find(x.value) != std::string::npos ? "" : x.fail("'" + ex.quote + "'");
}

// expect zetema-points-of RANK POINTS: the first such zetema.
std::string check_zetema_points(const Expectation& x) {
  if (std::string e = need_replay(x.s); !e.empty()) return e;
  std::istringstream v(x.value);
  std::string rank, points;
  v >> rank >> points;
  for (const Event& e : x.s.replay.cursor().events()) {
    if (e.type == EventType::Zetema && std::string(1, rank_char(e.rank)) == rank) {
      return e.points == script_number(points) ? "" : x.fail(std::to_string(e.points));
    }
  }
  return x.fail("no zetema of " + rank);
}

void register_cursor_checks(ScriptCommands& t) {
  t.add_check("position", "position N", [](const Expectation& e) {
    if (std::string why = need_replay(e.s); !why.empty()) return why;
    return e.count(static_cast<long long>(e.s.replay.cursor().position()));
  });
  t.add_check("hand", "hand H: as the table and timeline show it", check_hand_or_turn);
  t.add_check("turn", "turn T: as the table and timeline show it", check_hand_or_turn);
  t.add_check("selected-event", "selected-event N (-1: none)", [](const Expectation& x) {
    const auto e = x.s.replay.selected_event();
    return x.count(e ? static_cast<long long>(*e) : -1);
  });
  t.add_check("playing", "playing true|false",
              [](const Expectation& e) { return e.flag(e.s.replay.playing); });
  t.add_check("events-at-least", "events-at-least N", [](const Expectation& e) {
    if (std::string why = need_replay(e.s); !why.empty()) return why;
    const size_t n = e.s.replay.cursor().size();
    return static_cast<long long>(n) >= script_number(e.value) ? "" : e.fail(std::to_string(n));
  });
  t.add_check("events", "events N", [](const Expectation& e) {
    if (std::string why = need_replay(e.s); !why.empty()) return why;
    return e.count(static_cast<long long>(e.s.replay.cursor().size()));
  });
  t.add_check("quote-contains", "quote-contains TEXT: the selected event's quoted words",
              check_quote);
  t.add_check("zetema-points-of", "zetema-points-of RANK POINTS: the first such zetema",
              check_zetema_points);
}

void register_replay_checks(ScriptCommands& t) {
  t.add_check("replay-prompt", "replay-prompt FILE|none: the file the own-rules prompt asks about",
              [](const Expectation& e) {
                const auto& p = e.s.pending_replay();
                return e.equals(p ? std::filesystem::path(p->path).filename().string() : "none");
              });
  t.add_check("replay-prompt-contains", "replay-prompt-contains TEXT", [](const Expectation& e) {
    const auto& p = e.s.pending_replay();
    return p && p->note.find(e.value) != std::string::npos ? "" : e.fail(p ? p->note : "none");
  });
  t.add_check("replay", "replay FILE|none: the open replay's file name", [](const Expectation& e) {
    const Session& s = e.s;
    return e.equals(s.replay.is_open() ? std::filesystem::path(s.replay.path()).filename().string()
                                       : "none");
  });
  t.add_check("variant", "variant ID: the open replay's", [](const Expectation& e) {
    if (std::string why = need_replay(e.s); !why.empty()) return why;
    return e.equals(e.s.replay.variant().rules.id);
  });
}

void register_diff_checks(ScriptCommands& t) {
  t.add_check("diff-choices", "diff-choices B POLICY: the Diff panel's pickers",
              check_diff_choices);
  t.add_check("diff-of", "diff-of FILE|none: the replay the Diff result belongs to",
              [](const Expectation& e) {
                return e.equals(e.s.diff.is_open() ? e.s.diff.label() : "none");
              });
  t.add_check("diff-row-near", "diff-row-near FRACTION: the selected event's row",
              check_diff_row_near);
  t.add_check("divergences-at-least", "divergences-at-least N", [](const Expectation& e) {
    const size_t n = e.s.diff.is_open() ? e.s.diff.result().divergences.size() : 0;
    return static_cast<long long>(n) >= script_number(e.value) ? "" : e.fail(std::to_string(n));
  });
  t.add_check("diff-rules", "diff-rules KEY...: the rules behind the first divergence, in order",
              [](const Expectation& e) {
                std::string keys;
                if (e.s.diff.is_open()) {
                  for (const scripting::RuleContrast& c : e.s.diff.first_rules())
                    keys += (keys.empty() ? "" : " ") + c.b.key;
                }
                return keys == e.value ? "" : e.fail(keys.empty() ? "none" : keys);
              });
}

}  // namespace

void register_replay_commands(ScriptCommands& t) {
  t.add("open-replay", "open-replay PATH: as the File menu",
        [](ScriptCall& c) { return c.s.open_replay(c.rest) ? "" : c.s.status; });
  t.add("answer-replay", "answer-replay run|cancel: the replay's own-rules prompt", answer_replay);
  t.add("seek", "seek N: to position N", move_cursor);
  t.add("step", "step ±N: N events on or back", move_cursor);
  t.add("seek-hand", "seek-hand H: to hand H (from 1)", move_cursor);
  t.add("seek-turn", "seek-turn T: to turn T (from 1)", move_cursor);
  t.add("next-score", "next-score: to the next score", [](ScriptCall& c) {
    if (std::string e = need_replay(c.s); !e.empty()) return e;
    // As the timeline's "score >": the next score the event list keeps.
    return step_kept_score(c.s, c.ui, true) ? "" : std::string("no score after this position");
  });
  t.add("select-event", "select-event N: event N (from 0)", select_event);
  t.add("diff", "diff B [POLICY]: runs a diff", [](ScriptCall& c) {
    std::string a, b;
    c.args >> a >> b;
    return c.s.run_diff(a, b.empty() ? "stop" : b) ? "" : c.s.status;
  });
  t.add("diff-jump", "diff-jump: to the diff's first divergence", [](ScriptCall& c) {
    if (!c.s.jump_to_divergence()) return std::string("no divergence to jump to");
    c.ui.scroll_to_divergence = true;
    return std::string();
  });
  t.add("unfold-diff-rules", "unfold-diff-rules: as a click on the rule behind the divergence",
        [](ScriptCall& c) {
          c.ui.unfold_diff_rules = true;
          return std::string();
        });
  register_cursor_checks(t);
  register_replay_checks(t);
  register_diff_checks(t);
}

}  // namespace zetema::studio
