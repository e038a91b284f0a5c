#include "engine/event.h"

#include "engine/choices.h"
#include "engine/hooks.h"
#include "engine/state.h"

namespace zetema {

std::string_view to_string(EventType t) {
  static constexpr std::string_view kNames[] = {
      "hand-start", "deal",         "draw",     "declare",  "discard", "zetema",
      "drop-out",   "irregularity", "hand-end", "game-end", "award",   "turn",
      "move",       "shuffle",      "offer",    "choice"};
  static_assert(std::size(kNames) == static_cast<size_t>(EventType::Choice) + 1);
  return kNames[static_cast<int>(t)];
}

std::string_view to_string(TurnChange c) {
  static constexpr std::string_view kNames[] = {"none", "skip", "skipped", "again", "reverse"};
  return kNames[static_cast<int>(c)];
}

std::string player_name(int p) {
  return "P" + std::to_string(p + 1);
}

std::string side_name(const State& s, int side) {
  std::string name;
  for (int p = 0; p < s.players; ++p) {
    if (s.side_of[p] != side) continue;
    if (!name.empty()) name += '+';
    name += player_name(p);
  }
  return name;
}

namespace {

std::string points_text(int points) {
  return (points >= 0 ? "+" : "") + std::to_string(points);
}

}  // namespace

std::string winners_text(const State& s, uint8_t winners) {
  std::string out;
  int count = 0;
  for (int side = 0; side < s.sides; ++side) {
    if (!(winners & (1u << side))) continue;
    if (!out.empty()) out += " and ";
    out += side_name(s, side);
    ++count;
  }
  const bool plural = count > 1 || out.find('+') != std::string::npos;
  return out + (plural ? " win" : " wins");
}

namespace {

// The hook that computed an event's points (or ended the game).
Hook scoring_hook(const Event& e) {
  if (e.hook != Hook::Count) return e.hook;
  return e.type == EventType::Zetema     ? Hook::ScoreZetema
         : e.type == EventType::GameEnd  ? Hook::GameOver
         : e.kind == DeclKind::Marriages ? Hook::ScoreMarriages
                                         : Hook::ScoreDeclaration;
}

}  // namespace

Cause cause_of(const Event& e, const Ruleset& rules) {
  Cause c;
  if (e.rule == RuleId::Count) return c;
  c.rule = std::string(rule_name(e.rule));
  const KindDef* kind = rules.custom_kind(e.kind);
  // What a kind's points function did: its declaration and what it returned
  // besides (awards, moves, a change of turn).
  const bool declares = e.type == EventType::Declare || e.type == EventType::Award ||
                        e.type == EventType::Turn || e.type == EventType::Move ||
                        e.type == EventType::Shuffle;
  if (e.rule == RuleId::Choice && rules.hooks && e.rank < rules.choices.size()) {
    const SourceLocation at = rules.hooks->where_choice(e.rank);
    c.rule = "choices." + rules.choices[e.rank].name;
    c.by_hook = true;
    c.file = at.file;
    c.line = at.line;
    c.variant = rules.id;
    return c;
  }
  if (e.by_hook && rules.hooks) {
    SourceLocation at;
    if (declares && kind && e.hook == Hook::Count) {
      // The kind's own score function.
      at = rules.hooks->where_kind(static_cast<int>(e.kind) - kBuiltinKinds, KindHook::Score);
      c.rule = "kinds." + kind->name + ".points function";
    } else {
      const Hook h = scoring_hook(e);
      at = rules.hooks->where(h);
      c.rule = std::string(hook_name(h)) + " hook";
    }
    c.by_hook = true;
    c.file = at.file;
    c.line = at.line;
    c.variant = rules.id;
    return c;
  }
  if (declares && kind && e.rule == RuleId::KindPoints) {
    c.rule = "kinds." + kind->name + ".points";
    c.file = kind->origin.file;
    c.line = kind->points_line > 0 ? kind->points_line : kind->origin.line;
    c.variant = kind->origin.variant.empty() ? rules.id : kind->origin.variant;
    c.source = kind->origin.source;
    return c;
  }
  const RuleOrigin* origin = &rules.origins[static_cast<int>(e.rule)];
  if (e.rule == RuleId::ZetemaPoints) origin = &rules.zetema_origins[e.rank];
  if (e.rule == RuleId::AssemblyPoints) {
    origin = &rules.assembly_origins[e.cards.cards().front().rank()];
  }
  c.file = origin->file;
  c.line = origin->line;
  c.variant = origin->variant.empty() ? rules.id : origin->variant;
  c.source = origin->source;
  return c;
}

std::string describe_cause(const Event& e, const Ruleset& rules) {
  const Cause c = cause_of(e, rules);
  if (c.rule.empty()) return {};
  std::string out = c.rule;
  if (c.file.empty()) {
    out += " @ built-in";
  } else {
    out += " @ " + c.file + (c.line > 0 ? ":" + std::to_string(c.line) : "");
  }
  if (!c.source.empty()) out += ", " + c.source;
  return out;
}

namespace {

std::string turn_text(const Event& e) {
  const std::string who = player_name(e.player);
  switch (e.change) {
    case TurnChange::Skip:
      return who + " will miss their next turn";
    case TurnChange::Skipped:
      return who + " misses a turn";
    case TurnChange::Again:
      return who + " plays again";
    case TurnChange::Reverse:
      return "the order of play turns round";
    case TurnChange::None:
      break;
  }
  return "?";
}

std::string choice_name(const Event& e, const Ruleset& r) {
  return e.rank < r.choices.size() ? r.choices[e.rank].name : "?";
}

std::string move_text(const Event& e, SeatsShown shown) {
  const std::string card = sees_moved_card(e, shown) ? to_string(e.card) : "a card";
  return card + " moves from " + place_name(e.from) + " to " + place_name(e.to);
}

}  // namespace

bool sees_moved_card(const Event& e, SeatsShown shown) {
  auto sees = [&](Place p) {
    return is_public(p) || (p.zone == Zone::Hand && shown.shows(p.seat));
  };
  return shown.shows_every() || sees(e.from) || sees(e.to);
}

std::string describe(const Event& e, const State& s, SeatsShown shown) {
  const std::string who = e.player < kMaxPlayers ? player_name(e.player) : "";
  auto cause = [&]() { return " [" + describe_cause(e, *s.rules) + "]"; };
  auto reason = [&]() { return e.reason.empty() ? std::string() : " (" + e.reason.str() + ")"; };
  switch (e.type) {
    case EventType::HandStart:
      return who + " deals";
    case EventType::Deal:
      if (!shown.shows(e.player)) {
        return who + " is dealt " + std::to_string(e.cards.size()) + " cards";
      }
      return who + " is dealt " + to_string(e.cards);
    case EventType::Draw:
      if (!shown.shows(e.player)) return who + " draws a card";
      return who + " draws " + to_string(e.card);
    case EventType::Declare: {
      std::string text = who + " declares " + kind_name(e.kind, *s.rules) + " " +
                         to_string(e.cards) + ": " + points_text(e.points);
      if (e.bonus != 0 && !e.by_hook) text += " (imperial bonus " + points_text(e.bonus) + ")";
      return text + reason() + cause();
    }
    case EventType::Discard:
      return who + " discards " + to_string(e.card);
    case EventType::Zetema:
      return who + " zetema of " + std::string(1, rank_char(e.rank)) +
             "s: " + points_text(e.points) + reason() + cause();
    case EventType::DropOut:
      return who + " drops out";
    case EventType::Irregularity:
      return who + (e.card.valid() ? " exposes " + to_string(e.card) : " misses a draw") +
             " (penalties_1881)";
    case EventType::HandEnd:
      return "hand over";
    case EventType::GameEnd:
      return "game over: " + winners_text(s, e.winners) + cause();
    case EventType::Award:
      return side_name(s, e.side) + " " + points_text(e.points) + reason() + cause();
    case EventType::Turn:
      return turn_text(e) + reason() + (e.change == TurnChange::Skipped ? "" : cause());
    case EventType::Move:
      return move_text(e, shown) + reason() + cause();
    case EventType::Shuffle:
      return place_name(e.to) + " is shuffled" + reason() + cause();
    case EventType::Offer:
      return who + " is to choose: " + choice_name(e, *s.rules) + reason() + cause();
    case EventType::Choice:
      // A card picked from the chooser's own hand is the chooser's secret.
      if (!shown.shows(e.player) && e.card.valid() && e.rank < s.rules->choices.size() &&
          s.rules->choices[e.rank].zone == Zone::Hand) {
        return who + " chooses " + choice_name(e, *s.rules) + ": a card of their hand" + cause();
      }
      return who + " chooses " + choice_text(*s.rules, choice_of_event(e)) + cause();
  }
  return "?";
}

}  // namespace zetema
