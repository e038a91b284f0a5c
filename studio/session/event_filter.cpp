#include "studio/session/event_filter.h"

#include <algorithm>
#include <cctype>

namespace zetema::studio {

namespace {

std::string lower(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

// The seat acted, or (an award, which names a side) its side scored.
bool by_seat(const Event& e, const State& s, int seat) {
  if (e.player < kMaxPlayers) return e.player == seat;
  return e.side != 0xff && seat < s.players && s.side_of[seat] == e.side;
}

}  // namespace

bool EventQuery::filters() const {
  return seat >= 0 || !kind.empty() || scores_only || min_points > 0 || !text.empty() || by_points;
}

std::string event_kind(const Event& e, const Ruleset& rules) {
  if (e.type == EventType::Declare) return kind_name(e.kind, rules);
  return std::string(to_string(e.type));
}

bool keeps(const EventQuery& q, const Event& e, const State& s, SeatsShown shown) {
  if (q.seat >= 0 && !by_seat(e, s, q.seat)) return false;
  if (!q.kind.empty() && event_kind(e, *s.rules) != q.kind) return false;
  if ((q.scores_only || q.min_points > 0) && !e.scores()) return false;
  if (q.min_points > 0 && e.points < q.min_points) return false;
  if (!q.text.empty() && lower(describe(e, s, shown)).find(lower(q.text)) == std::string::npos)
    return false;
  return true;
}

const std::vector<size_t>& EventFinder::rows(const EventLog& events, const State& s,
                                             SeatsShown shown, const EventQuery& q) {
  if (key_data_ == events.data() && key_size_ == events.size() && key_rules_ == s.rules &&
      key_shown_ == shown && key_query_ == q)
    return rows_;
  rows_.clear();
  scores_.clear();
  kinds_.clear();
  for (size_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    std::string kind = event_kind(e, *s.rules);
    if (std::find(kinds_.begin(), kinds_.end(), kind) == kinds_.end())
      kinds_.push_back(std::move(kind));
    if (!keeps(q, e, s, shown)) continue;
    rows_.push_back(i);
    if (e.scores()) scores_.push_back(i);
  }
  if (q.by_points) {
    std::stable_sort(rows_.begin(), rows_.end(),
                     [&](size_t a, size_t b) { return events[a].points > events[b].points; });
  }
  key_data_ = events.data();
  key_size_ = events.size();
  key_rules_ = s.rules;
  key_shown_ = shown;
  key_query_ = q;
  ++builds_;
  return rows_;
}

std::optional<size_t> score_step(const std::vector<size_t>& scores, size_t position, bool forward) {
  if (forward) {
    // The first score whose dot (the position after it) lies ahead.
    const auto it = std::lower_bound(scores.begin(), scores.end(), position);
    if (it == scores.end()) return std::nullopt;
    return *it + 1;
  }
  // The score before the one just shown.
  const auto it = std::lower_bound(scores.begin(), scores.end(), position == 0 ? 0 : position - 1);
  if (it == scores.begin()) return std::nullopt;
  return *(it - 1) + 1;
}

bool step_score(replays::ReplayCursor& c, EventFinder& f, const EventQuery& q, SeatsShown shown,
                bool forward) {
  f.rows(c.events(), c.state(), shown, q);
  const std::optional<size_t> to = score_step(f.scores(), c.position(), forward);
  if (to) c.seek(*to);
  return to.has_value();
}

std::optional<size_t> next_divergence(const std::vector<replays::Divergence>& d,
                                      std::optional<size_t> selected) {
  if (d.empty()) return std::nullopt;
  for (const replays::Divergence& v : d) {
    if (!selected || v.a_event > *selected) return v.a_event;
  }
  return d.front().a_event;
}

}  // namespace zetema::studio
