// The scripted mode's commands and checks for finding events: the event
// list's search and filter, the keys that jump to a score or a divergence,
// the timeline's legend of score kinds.
#include <GLFW/glfw3.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "studio/app/event_list.h"
#include "studio/app/script_commands.h"

namespace zetema::studio {

namespace {

// One `key=value` of filter-events into `q`; "" or why not.
std::string set_filter(EventQuery& q, const std::string& key, const std::string& value) {
  if (key == "player") {
    q.seat = value == "any" ? -1 : static_cast<int>(script_number(value)) - 1;
    return value == "any" || q.seat >= 0 ? "" : "player takes 1, 2, ... or any";
  }
  if (key == "kind") q.kind = value == "any" ? "" : value;
  if (key == "scores") q.scores_only = value == "on";
  if (key == "min") q.min_points = static_cast<int>(std::max(0LL, script_number(value)));
  if (key == "sort") q.by_points = value == "points";
  if (key == "kind" || key == "scores" || key == "min" || key == "sort") return {};
  return "unknown filter '" + key + "'";
}

// filter-events [clear] [popup] [player=N|any] [kind=K|any] [scores=on|off] [min=N]
// [sort=points|game] [text=WORDS...] (the text is the rest of the line).
std::string filter_events(ScriptCall& c) {
  if (std::string e = need_replay(c.s); !e.empty()) return e;
  EventQuery& q = c.ui.event_query;
  for (std::string a; c.args >> a;) {
    if (a == "clear") {
      q = EventQuery{};
      continue;
    }
    if (a == "popup") {  // as a click on the Filter button
      c.ui.open_event_filter = true;
      continue;
    }
    const size_t eq = a.find('=');
    if (eq == std::string::npos) return "filter-events takes KEY=VALUE, not '" + a + "'";
    if (a.substr(0, eq) == "text") {
      std::string rest;
      std::getline(c.args, rest);
      q.text = a.substr(eq + 1) + rest;
      break;
    }
    if (std::string e = set_filter(q, a.substr(0, eq), a.substr(eq + 1)); !e.empty()) return e;
  }
  c.w.frame(c.s, c.ui);
  return {};
}

// A finding key pressed and released through the GLFW backend, with its
// modifier held around it.
std::string press_find_key(ScriptCall& c) {
  std::string a;
  c.args >> a;
  const int mod = a.rfind("shift+", 0) == 0  ? GLFW_KEY_LEFT_SHIFT
                  : a.rfind("ctrl+", 0) == 0 ? GLFW_KEY_LEFT_CONTROL
                                             : -1;
  const std::string name = a.substr(a.find('+') == std::string::npos ? 0 : a.find('+') + 1);
  const int key = name == "n"        ? GLFW_KEY_N
                  : name == "d"      ? GLFW_KEY_D
                  : name == "f"      ? GLFW_KEY_F
                  : name == "escape" ? GLFW_KEY_ESCAPE
                                     : -1;
  if (key < 0) return "find-key takes n, shift+n, d, ctrl+f or escape, not '" + a + "'";
  if (mod >= 0) c.w.key_event(mod, true);
  c.w.key_event(key, true);
  c.w.frame(c.s, c.ui);
  c.w.key_event(key, false);
  if (mod >= 0) c.w.key_event(mod, false);
  c.w.frame(c.s, c.ui);
  return {};
}

// The rows the list keeps, as "E1,E2,..." (at most the first `most`).
std::string rows_text(Session& s, UiState& ui, size_t most) {
  std::string out;
  const std::vector<size_t>& rows = event_rows(s, ui);
  for (size_t k = 0; k < rows.size() && k < most; ++k)
    out += (k ? "," : "") + std::to_string(rows[k]);
  return out;
}

std::string strip_kinds(const UiState& ui) {
  std::string out;
  for (int k = 0; k < kScoreKinds; ++k) {
    if (!(ui.ticks.kinds_seen() >> k & 1u)) continue;
    out += (out.empty() ? "" : ",") + std::string(score_kind_name(static_cast<ScoreKind>(k)));
  }
  return out.empty() ? "none" : out;
}

// Whether each of `value`'s events (E1,E2,...) has its row drawn in the
// list, visible, one under the other in that order.
std::string rows_drawn(const Expectation& x) {
  x.ui.layout.clear();
  x.ui.record_layout = true;
  x.w.frame(x.s, x.ui);
  x.w.frame(x.s, x.ui);
  x.ui.record_layout = false;
  std::istringstream list(x.value);
  float above = -1;
  for (std::string e; std::getline(list, e, ',');) {
    const auto at = x.ui.layout.find("event-row-" + e);
    if (at == x.ui.layout.end()) return x.fail("no visible row of event " + e);
    if (at->second[1] <= above) return x.fail("event " + e + "'s row above the one before");
    above = at->second[1];
  }
  return {};
}

}  // namespace

void register_event_commands(ScriptCommands& t) {
  t.add("filter-events",
        "filter-events [clear] [popup] [player=N|any] [kind=K|any] [scores=on|off] [min=N] "
        "[sort=points|game] [text=WORDS]: the event list's search and filter",
        filter_events);
  t.add("find-key",
        "find-key n|shift+n|d|ctrl+f|escape: a finding key (or Esc), pressed and released",
        press_find_key);
  t.add_check("event-rows", "event-rows N: the events the list keeps", [](const Expectation& x) {
    if (std::string e = need_replay(x.s); !e.empty()) return e;
    return x.count(static_cast<long long>(event_rows(x.s, x.ui).size()));
  });
  t.add_check("event-rows-first", "event-rows-first E1,E2,...: the list's first rows, in order",
              [](const Expectation& x) {
                if (std::string e = need_replay(x.s); !e.empty()) return e;
                const size_t most =
                    static_cast<size_t>(std::count(x.value.begin(), x.value.end(), ',') + 1);
                return x.equals(rows_text(x.s, x.ui, most));
              });
  t.add_check("event-rows-drawn",
              "event-rows-drawn E1,E2,...: those events' rows drawn in the list, in that order",
              rows_drawn);
  t.add_check("search-focused", "search-focused true|false: a text field has the keys",
              [](const Expectation& x) { return x.flag(ImGui::GetIO().WantTextInput); });
  t.add_check("any-popup", "any-popup true|false: a popup is open (the list's Filter...)",
              [](const Expectation& x) {
                return x.flag(ImGui::IsPopupOpen(
                    "", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel));
              });
  t.add_check("strip-kinds", "strip-kinds K1,K2,...|none: the kinds the timeline's legend names",
              [](const Expectation& x) { return x.equals(strip_kinds(x.ui)); });
}

}  // namespace zetema::studio
