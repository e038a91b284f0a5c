// Exporting a replay as a .zgn file: the tags, then per hand the deal in the
// order it was dealt, the whole stock (so importing it needs no guess), and
// the play turn by turn, with the scores after each hand as a comment.
#include <sstream>

#include "engine/event.h"
#include "engine/game.h"
#include "replays/record.h"
#include "replays/zgn.h"
#include "replays/zgn_lexer.h"

namespace zetema::replays {

namespace {

std::string seat_name(int seat) {
  return "P" + std::to_string(seat + 1);
}

void write_tag(std::ostream& out, const std::string& name, const std::string& value) {
  out << '[' << name << ' ' << zgn_quote(value) << "]\n";
}

void write_tags(std::ostream& out, const Replay& r, const Ruleset& rules, const State& end) {
  write_tag(out, "Event", "?");
  write_tag(out, "Site", "?");
  write_tag(out, "Date", "?");
  write_tag(out, "Variant", r.variant);
  write_tag(out, "Players", std::to_string(r.players));
  write_tag(out, "Teams", r.teams);
  for (size_t p = 0; p < r.seats.size(); ++p)
    write_tag(out, seat_name(static_cast<int>(p)), r.seats[p]);
  if (!r.hands.empty()) write_tag(out, "Dealer", seat_name(r.hands.front().dealer));
  write_tag(out, "Imperial", std::string(1, suit_char(rules.imperial_suit)));
  write_tag(out, "Result", zgn_result(end));
  // What a replay holds beyond the game itself.
  write_tag(out, "Seed", std::to_string(r.seed));
  write_tag(out, "Engine", r.engine_version);
  write_tag(out, "ReplayFormat", std::to_string(r.format));
  write_tag(out, "VariantSHA256", r.variant_sha256);
}

// Cards in lines of at most 13, indented under their keyword.
void write_cards(std::ostream& out, const std::vector<Card>& cards) {
  for (size_t i = 0; i < cards.size(); ++i) {
    out << (i > 0 && i % 13 == 0 ? "\n     " : " ") << to_string(cards[i]);
  }
  out << '\n';
}

// The deal as its Deal events give it, each seat's cards in the order they
// were dealt, then the stock top first.
void write_deal(std::ostream& out, const Step& step, const EventLog& events, int players) {
  std::vector<std::vector<Card>> dealt(static_cast<size_t>(players));
  size_t count = 0;
  for (size_t k = 0; k < step.deck.size(); ++k) {
    for (size_t e = step.first_event; e < step.end_event; ++e) {
      if (events[e].type == EventType::Deal && events[e].cards.contains(step.deck[k])) {
        dealt[events[e].player].push_back(step.deck[k]);
        ++count;
      }
    }
  }
  out << "\nhand " << step.hand + 1 << " dealer " << seat_name(step.dealer) << '\n';
  for (int p = 0; p < players; ++p) {
    out << "deal " << seat_name(p);
    write_cards(out, dealt[static_cast<size_t>(p)]);
  }
  out << "stock";
  write_cards(out,
              std::vector<Card>(step.deck.begin() + static_cast<long>(count), step.deck.end()));
}

void write_scores(std::ostream& out, const State& s) {
  out << "{scores:";
  for (int side = 0; side < s.sides; ++side) {
    out << (side ? ", " : " ") << side_name(s, side) << ' ' << s.score[side];
  }
  out << "}\n";
}

}  // namespace

ZgnExport export_zgn(const Replay& r, const Ruleset& rules) {
  ZgnExport out;
  const Verified v = verify_replay(r, rules);
  if (!v.ok) {
    out.error = "the replay does not verify: " + v.error;
    return out;
  }
  NewGame g = new_game(rules, replay_setup(r));
  if (!g.ok) {
    out.error = g.error;
    return out;
  }
  State& s = g.state;
  std::ostringstream text;
  write_tags(text, r, rules, v.game.final_state);
  EventLog log;
  int turn = -1;  // the seat whose turn line is open
  for (const Step& step : v.game.steps) {
    if (step.kind == Step::Kind::Deal) {
      write_deal(text, step, v.game.events, s.players);
    } else if (step.kind == Step::Kind::Irregularity) {
      text << (turn >= 0 ? "\n" : "") << to_string(step.irregular) << '\n';
      turn = -1;
    } else {
      if (turn != s.current) text << (turn >= 0 ? "\n" : "") << seat_name(s.current) << ':';
      turn = s.current;
      text << ' ' << to_string(step.parsed, &rules);
    }
    if (!apply_step(s, step, log).ok) {  // verified above: only a hook keeping state
      out.error = kPlayedOtherwise;
      return out;
    }
    if (step.kind != Step::Kind::Deal && (s.phase == Phase::Deal || s.over())) {
      text << (turn >= 0 ? "\n" : "");
      write_scores(text, s);
      turn = -1;
    }
  }
  if (turn >= 0) text << '\n';
  out.text = text.str();
  out.ok = true;
  return out;
}

}  // namespace zetema::replays
