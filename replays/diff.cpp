#include "replays/diff.h"

#include <iterator>
#include <memory>
#include <optional>

#include "engine/bots.h"
#include "engine/game.h"
#include "engine/match.h"
#include "replays/record.h"

namespace zetema::replays {

std::optional<DiffPolicy> parse_policy(const std::string& text, std::string& error) {
  DiffPolicy p;
  if (text == "stop") return p;
  if (text == "skip") {
    p.kind = DiffPolicy::Kind::Skip;
    return p;
  }
  if (text.rfind("bot:", 0) == 0) {
    p.kind = DiffPolicy::Kind::Bot;
    p.bot = text.substr(4);
    if (!make_bot(p.bot)) {
      error = "unknown bot '" + p.bot + "' (bots: " + bot_list() + ")";
      return std::nullopt;
    }
    return p;
  }
  error = "policy must be stop, skip or bot:NAME, not '" + text + "'";
  return std::nullopt;
}

std::string to_string(const DiffPolicy& p) {
  switch (p.kind) {
    case DiffPolicy::Kind::Stop:
      return "stop";
    case DiffPolicy::Kind::Skip:
      return "skip";
    case DiffPolicy::Kind::Bot:
      return "bot:" + p.bot;
  }
  return "?";
}

namespace {

void summarize(RunSummary& run, const Ruleset& rules, const std::vector<std::string>& kinds) {
  run.by_kind = KindCounter(rules, kinds).tally(run.events);
  run.finished = run.final_state.over();
}

// Pairs two runs of events index by index.
void align(std::vector<DiffRow>& rows, size_t a0, size_t a1, size_t b0, size_t b1) {
  for (size_t i = 0; a0 + i < a1 || b0 + i < b1; ++i) {
    DiffRow row;
    if (a0 + i < a1) row.a = a0 + i;
    if (b0 + i < b1) row.b = b0 + i;
    rows.push_back(row);
  }
}

// B's tables over the bots' play (DiffResult's b_tables): their record
// played again from `s`, the position they took over, each event's table
// appended to `tables`; false if it comes out otherwise than `events`.
bool bot_tables(State s, const std::vector<HandRecord>& hands, const EventLog& events, size_t from,
                std::vector<State>& tables) {
  EventLog again;
  const EventObserver keep = [&tables](const State& now, const Event&) { tables.push_back(now); };
  for (size_t h = 0; h < hands.size(); ++h) {
    // The first record continues the hand taken over, unless none was open.
    if ((h > 0 || s.phase == Phase::Deal) &&
        !deal(s, hands[h].deck, hands[h].dealer, again, &keep).ok)
      return false;
    for (const Action& a : hands[h].actions) {
      if (!apply(s, a, again, &keep).ok) return false;
    }
  }
  return from + again.size() == events.size();
}

// The bot plays every seat of `s` to the end of the game, in the one game
// loop (engine/match.h) from the replay's seed: later hands use the replay's
// decks while it has them, then the decks the replay's deck stream deals
// next (as if A's game had gone on), so a replay of a seeded game continues
// with that game's own packs. `drew_first_dealer`: whether the record's
// deck stream began with the high-card draw (A's rule).
std::string play_out(State& s, const Replay& r, const std::string& bot, bool drew_first_dealer,
                     EventLog& out, std::vector<State>* tables) {
  const size_t from = out.size();
  std::optional<State> start;
  if (tables) start = s;
  MatchConfig config;
  config.seed = r.seed;
  config.bots = {bot};
  GameSoFar so_far;
  so_far.state = std::move(s);
  so_far.events = std::move(out);
  so_far.drew_first_dealer = drew_first_dealer;
  const Ruleset& rules = *so_far.state.rules;
  GameLoop loop(rules, config, std::move(so_far));
  std::vector<std::optional<std::array<Card, kDeckSize>>> decks;
  for (const ReplayHand& h : r.hands) {
    const CardListParse deck = parse_cards(h.deck, rules.imperial_suit);
    std::optional<std::array<Card, kDeckSize>> d;
    if (deck.ok && deck.cards.size() == kDeckSize) {
      d.emplace();
      std::copy(deck.cards.begin(), deck.cards.end(), d->begin());
    }
    decks.push_back(d);
  }
  loop.use_decks(std::move(decks));
  const LoopStep end = loop.run();
  std::string why;
  if (end == LoopStep::Failed) {
    why = loop.error();
  } else if (!loop.state().over()) {
    why = "no end after " + std::to_string(config.max_hands) + " hands";
  }
  MatchRecord rec = std::move(loop).take_record();
  s = std::move(rec.final_state);
  out = std::move(rec.events);
  if (tables && !bot_tables(std::move(*start), rec.hands, out, from, *tables)) tables->clear();
  return why;
}

// B's game at the replay's table, or at B's own partnerships (with a note)
// where B does not allow the replay's; false (and `out.error`) if neither
// can be played.
bool start_under_b(const Replay& r, const Ruleset& b, DiffResult& out) {
  GameSetup setup = replay_setup(r);
  NewGame gb = new_game(b, setup);
  if (!gb.ok) {
    out.notes.push_back("under " + b.id + " the table '" + r.teams + "' is not allowed (" +
                        gb.error + "); using " + b.id + "'s own partnerships");
    setup.partnerships.reset();
    gb = new_game(b, setup);
    if (!gb.ok) {
      out.error = "the replay's table cannot be played under " + b.id + ": " + gb.error;
      return false;
    }
  }
  out.b.final_state = std::move(gb.state);
  return true;
}

// A's steps re-run under B, in B's state in `out` (out.b): each step applied
// when B allows it; where not, the divergence recorded and the policy
// followed. The rows of `out` pair A's events with B's.
class ReRun {
 public:
  ReRun(const Replay& r, const Ruleset& a, const Ruleset& b, const DiffPolicy& policy,
        const std::vector<Step>& steps, DiffResult& out, std::vector<State>* tables)
      : r_(r),
        a_(a),
        b_(b),
        policy_(policy),
        steps_(steps),
        out_(out),
        sb_(out.b.final_state),
        eb_(out.b.events),
        tables_(tables) {}

  void run() {
    for (; k_ < steps_.size(); ++k_) {
      const Step& st = steps_[k_];
      if (sb_.over()) break;
      if (!(st.kind == Step::Kind::Deal ? deal(st) : act(st))) break;
    }
    if (!stopped_) {
      // B ended first, or the record ran out: the rest of A beside nothing.
      const size_t from = k_ < steps_.size() ? steps_[k_].first_event : out_.a.events.size();
      align(out_.rows, from, out_.a.events.size(), eb_.size(), eb_.size());
    }
  }

 private:
  // The record's deal under B; false when the re-run ends there.
  bool deal(const Step& st) {
    const size_t b0 = eb_.size();
    if (sb_.phase != Phase::Deal) {
      Divergence* d = diverge(st, "deal of hand " + std::to_string(st.hand + 1),
                              "under " + b_.id + " hand " + std::to_string(sb_.hand_number) +
                                  " has not ended when the record deals the next");
      if (!follow(d, false)) return false;
    }
    const ApplyResult dealt = step_b(st);
    if (!dealt.ok) {
      Divergence* d = diverge(st, "deal of hand " + std::to_string(st.hand + 1), dealt.reason);
      return follow(d, false);
    }
    align(out_.rows, st.first_event, st.end_event, b0, eb_.size());
    return true;
  }

  // The record's action (or irregularity) under B; false when the re-run
  // ends there.
  bool act(const Step& st) {
    const std::string what =
        r_.hands[static_cast<size_t>(st.hand)].actions[static_cast<size_t>(st.action)];
    const bool declaration = st.kind == Step::Kind::Action && st.parsed.type == ActionType::Declare;
    const std::optional<std::string> refused = apply_under_b(st, what);
    if (!refused) return true;
    Divergence* d = diverge(st, player_name(st.player) + " " + what, *refused);
    if (!follow(d, declaration)) return false;
    align(out_.rows, st.first_event, st.end_event, eb_.size(), eb_.size());  // A's events alone
    return true;
  }

  // Applies the step under B, its events beside A's; nullopt when applied,
  // else why B refuses it.
  std::optional<std::string> apply_under_b(const Step& st, const std::string& what) {
    const size_t b0 = eb_.size();
    // The recorded text read under B: a kind B defines anew under a
    // built-in name (kinds.sequence in Lua) is B's kind of that name.
    Step under_b = st;
    if (st.kind == Step::Kind::Action) {
      const ActionParse parsed = parse_action(what, b_);
      if (!parsed.ok) return "under " + b_.id + " '" + what + "' is no action: " + parsed.error;
      under_b.parsed = parsed.action;
    }
    if (sb_.phase == Phase::Deal)
      return "under " + b_.id + " hand " + std::to_string(sb_.hand_number) + " is already over";
    if (st.kind == Step::Kind::Action && sb_.current != st.player) {
      return "under " + b_.id + " it is " + player_name(sb_.current) + "'s turn, not " +
             player_name(st.player) + "'s";
    }
    const ApplyResult applied = step_b(under_b);
    if (!applied.ok) return applied.reason;
    align(out_.rows, st.first_event, st.end_event, b0, eb_.size());
    return std::nullopt;
  }

  // Applies a step under B, keeping B's table after each of its events when
  // asked (not those of a step a hook refused midway).
  ApplyResult step_b(const Step& st) {
    if (!tables_) return apply_step(sb_, st, eb_);
    std::vector<State> seen;
    const EventObserver keep = [&seen](const State& now, const Event&) { seen.push_back(now); };
    const ApplyResult applied = apply_step(sb_, st, eb_, &keep);
    if (applied.ok)
      tables_->insert(tables_->end(), std::make_move_iterator(seen.begin()),
                      std::make_move_iterator(seen.end()));
    return applied;
  }

  Divergence* diverge(const Step& st, const std::string& what, const std::string& reason) {
    Divergence d;
    d.a_event = st.first_event;
    d.b_event = eb_.size();
    d.hand = st.hand;
    d.action = st.action;
    d.what = what;
    d.reason = reason;
    out_.divergences.push_back(d);
    return &out_.divergences.back();
  }

  // What the policy does at a divergence: returns true if the re-run goes on.
  bool follow(Divergence* d, bool skippable) {
    if (policy_.kind == DiffPolicy::Kind::Skip && skippable) {
      d->followed = "skipped";
      return true;
    }
    if (policy_.kind == DiffPolicy::Kind::Bot) {
      d->followed = "bot " + policy_.bot + " took over every seat";
      const size_t from = eb_.size();
      const std::string why = play_out(sb_, r_, policy_.bot,
                                       a_.first_dealer == FirstDealer::HighCardDraw, eb_, tables_);
      if (!why.empty()) out_.b_end = "the bots stopped: " + why;
      // A's remaining events beside the bots' play.
      align(out_.rows, steps_[k_].first_event, out_.a.events.size(), from, eb_.size());
      stopped_ = true;
      return false;
    }
    d->followed = "stopped";
    align(out_.rows, steps_[k_].first_event, out_.a.events.size(), eb_.size(), eb_.size());
    stopped_ = true;
    return false;
  }

  const Replay& r_;
  const Ruleset& a_;
  const Ruleset& b_;
  const DiffPolicy& policy_;
  const std::vector<Step>& steps_;
  DiffResult& out_;
  State& sb_;
  EventLog& eb_;
  std::vector<State>* tables_;
  size_t k_ = 0;  // the step being re-run
  bool stopped_ = false;
};

// How B's run ended, in words (when the bots have not said).
std::string b_end_text(const DiffResult& out, const Ruleset& b, const DiffPolicy& policy) {
  if (out.b.final_state.over()) return "the game ended under " + b.id;
  if (!out.divergences.empty() && policy.kind == DiffPolicy::Kind::Stop)
    return "stopped at the first divergence";
  if (!out.divergences.empty() && out.divergences.back().followed == "stopped")
    return "stopped at a divergence the policy cannot skip";
  return "the record ran out before the game ended under " + b.id;
}

}  // namespace

DiffResult diff_replay(const Replay& r, const Ruleset& a, const Ruleset& b,
                       const DiffPolicy& policy, std::vector<State>* b_tables) {
  DiffResult out;
  if (b_tables) b_tables->clear();
  Rederived ra = rederive(r, a);
  if (!ra.ok) {
    out.error = "the replay does not re-derive under " + a.id + ": " + ra.error;
    return out;
  }
  out.a.final_state = std::move(ra.final_state);
  out.a.events = std::move(ra.events);
  out.kinds = kind_rows(a, &b);
  summarize(out.a, a, out.kinds);
  if (!start_under_b(r, b, out)) return out;
  ReRun(r, a, b, policy, ra.steps, out, b_tables).run();
  if (b_tables && b_tables->size() != out.b.events.size()) b_tables->clear();
  summarize(out.b, b, out.kinds);
  if (out.b_end.empty()) out.b_end = b_end_text(out, b, policy);
  out.ok = true;
  return out;
}

}  // namespace zetema::replays
