#include "replays/diff.h"

#include <memory>

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

// The bot plays every seat of `s` to the end of the game, in the one game
// loop (engine/match.h) from the replay's seed: later hands use the replay's
// decks while it has them, then the decks the replay's deck stream deals
// next (as if A's game had gone on), so a replay of a seeded game continues
// with that game's own packs. `drew_first_dealer`: whether the record's
// deck stream began with the high-card draw (A's rule).
std::string play_out(State& s, const Replay& r, const std::string& bot, bool drew_first_dealer,
                     EventLog& out) {
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
  return why;
}

}  // namespace

DiffResult diff_replay(const Replay& r, const Ruleset& a, const Ruleset& b,
                       const DiffPolicy& policy) {
  DiffResult out;
  Rederived ra = rederive(r, a);
  if (!ra.ok) {
    out.error = "the replay does not re-derive under " + a.id + ": " + ra.error;
    return out;
  }
  out.a.final_state = ra.final_state;
  out.a.events = std::move(ra.events);
  out.kinds = kind_rows(a, &b);
  summarize(out.a, a, out.kinds);

  GameSetup setup = replay_setup(r);
  NewGame gb = new_game(b, setup);
  if (!gb.ok) {
    out.notes.push_back("under " + b.id + " the table '" + r.teams + "' is not allowed (" +
                        gb.error + "); using " + b.id + "'s own partnerships");
    setup.partnerships.reset();
    gb = new_game(b, setup);
    if (!gb.ok) {
      out.error = "the replay's table cannot be played under " + b.id + ": " + gb.error;
      return out;
    }
  }
  State sb = gb.state;
  EventLog& eb = out.b.events;
  const std::vector<Step>& steps = ra.steps;

  size_t k = 0;
  bool stopped = false;
  auto diverge = [&](const Step& st, const std::string& what, const std::string& reason) {
    Divergence d;
    d.a_event = st.first_event;
    d.b_event = eb.size();
    d.hand = st.hand;
    d.action = st.action;
    d.what = what;
    d.reason = reason;
    out.divergences.push_back(d);
    return &out.divergences.back();
  };
  // What the policy does at a divergence: returns true if the re-run goes on.
  auto follow = [&](Divergence* d, bool skippable) {
    if (policy.kind == DiffPolicy::Kind::Skip && skippable) {
      d->followed = "skipped";
      return true;
    }
    if (policy.kind == DiffPolicy::Kind::Bot) {
      d->followed = "bot " + policy.bot + " took over every seat";
      const size_t from = eb.size();
      const std::string why =
          play_out(sb, r, policy.bot, a.first_dealer == FirstDealer::HighCardDraw, eb);
      if (!why.empty()) out.b_end = "the bots stopped: " + why;
      // A's remaining events beside the bots' play.
      align(out.rows, steps[k].first_event, out.a.events.size(), from, eb.size());
      stopped = true;
      return false;
    }
    d->followed = "stopped";
    align(out.rows, steps[k].first_event, out.a.events.size(), eb.size(), eb.size());
    stopped = true;
    return false;
  };

  for (; k < steps.size(); ++k) {
    const Step& st = steps[k];
    if (sb.over()) break;
    const size_t b0 = eb.size();
    if (st.kind == Step::Kind::Deal) {
      if (sb.phase != Phase::Deal) {
        Divergence* d = diverge(st, "deal of hand " + std::to_string(st.hand + 1),
                                "under " + b.id + " hand " + std::to_string(sb.hand_number) +
                                    " has not ended when the record deals the next");
        if (!follow(d, false)) break;
      }
      const ApplyResult dealt = apply_step(sb, st, eb);
      if (!dealt.ok) {
        Divergence* d = diverge(st, "deal of hand " + std::to_string(st.hand + 1), dealt.reason);
        if (!follow(d, false)) break;
        continue;
      }
      align(out.rows, st.first_event, st.end_event, b0, eb.size());
      continue;
    }
    const std::string what =
        r.hands[static_cast<size_t>(st.hand)].actions[static_cast<size_t>(st.action)];
    const bool declaration = st.kind == Step::Kind::Action && st.parsed.type == ActionType::Declare;
    std::string refused;
    // The recorded text read under B: a kind B defines anew under a
    // built-in name (kinds.sequence in Lua) is B's kind of that name.
    Step under_b = st;
    if (st.kind == Step::Kind::Action) {
      const ActionParse parsed = parse_action(what, b);
      if (parsed.ok)
        under_b.parsed = parsed.action;
      else
        refused = "under " + b.id + " '" + what + "' is no action: " + parsed.error;
    }
    if (!refused.empty()) {
      // B cannot even read it: the divergence below says why.
    } else if (sb.phase == Phase::Deal) {
      refused = "under " + b.id + " hand " + std::to_string(sb.hand_number) + " is already over";
    } else if (st.kind == Step::Kind::Action && sb.current != st.player) {
      refused = "under " + b.id + " it is " + player_name(sb.current) + "'s turn, not " +
                player_name(st.player) + "'s";
    } else {
      const ApplyResult applied = apply_step(sb, under_b, eb);
      if (applied.ok) {
        align(out.rows, st.first_event, st.end_event, b0, eb.size());
        continue;
      }
      refused = applied.reason;
    }
    Divergence* d = diverge(st, player_name(st.player) + " " + what, refused);
    if (!follow(d, declaration)) break;
    align(out.rows, st.first_event, st.end_event, eb.size(), eb.size());  // A's events alone
  }
  if (!stopped) {
    // B ended first, or the record ran out: the rest of A beside nothing.
    const size_t from = k < steps.size() ? steps[k].first_event : out.a.events.size();
    align(out.rows, from, out.a.events.size(), eb.size(), eb.size());
  }
  out.b.final_state = sb;
  summarize(out.b, b, out.kinds);
  if (out.b_end.empty()) {
    if (sb.over()) {
      out.b_end = "the game ended under " + b.id;
    } else if (!out.divergences.empty() && policy.kind == DiffPolicy::Kind::Stop) {
      out.b_end = "stopped at the first divergence";
    } else if (!out.divergences.empty() && out.divergences.back().followed == "stopped") {
      out.b_end = "stopped at a divergence the policy cannot skip";
    } else {
      out.b_end = "the record ran out before the game ended under " + b.id;
    }
  }
  out.ok = true;
  return out;
}

}  // namespace zetema::replays
