// `zetema replay review FILE`: every decision of a recorded game searched
// by the information-set search bot from the acting seat's view (each legal
// action's chance of winning, the one played, the chance lost).
#include <cstdio>
#include <iostream>
#include <memory>

#include "replays/json_writer.h"
#include "replays/review.h"
#include "replays/text.h"
#include "studio/cli/command_registry.h"
#include "studio/cli/commands.h"
#include "studio/cli/interrupt.h"

namespace zetema::cli {

namespace {

std::string percent(double chance) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100 * chance);
  return buf;
}

// "?" past the threshold, "??" past three times it: the marks analysis
// boards give a doubtful move and a mistake.
const char* mark(double lost, double threshold) {
  if (lost > 3 * threshold) return "??";
  if (lost > threshold) return "?";
  return "";
}

struct SeatSummary {
  int decisions = 0;
  int marked = 0;
  double lost = 0;
};

std::vector<SeatSummary> summarise(const replays::Review& review, int players, double threshold) {
  std::vector<SeatSummary> seats(static_cast<size_t>(players));
  for (const replays::ReviewedDecision& d : review.decisions) {
    SeatSummary& s = seats[static_cast<size_t>(d.player)];
    ++s.decisions;
    s.lost += d.lost();
    if (d.lost() > threshold) ++s.marked;
  }
  return seats;
}

void print_text(const ReviewOptions& o, const replays::Replay& r, const Ruleset& rules,
                const replays::Review& review) {
  std::cout << replays::printable(o.file) << ": " << r.variant << ", " << r.players << " players; "
            << review.decisions.size() << " decisions reviewed (ismcts, " << o.iterations
            << " iterations each, from the acting seat's view)\n";
  std::cout << "position  hand  seat  played                       win    best                     "
               "    win  "
               "   lost\n";
  for (const replays::ReviewedDecision& d : review.decisions) {
    const ActionValue& played = d.options[d.played];
    const ActionValue& best = d.options[d.best];
    char line[512];  // a declaration of many cards is a long action
    std::snprintf(line, sizeof line, "%8zu  %4d  %-4s  %-26s %6s    %-26s %6s  %6s %s\n",
                  d.position, d.hand + 1, player_name(d.player).c_str(),
                  replays::printable(to_string(played.action, &rules)).c_str(),
                  percent(played.win_chance).c_str(),
                  replays::printable(to_string(best.action, &rules)).c_str(),
                  percent(best.win_chance).c_str(), percent(d.lost()).c_str(),
                  mark(d.lost(), o.threshold));
    std::cout << line;
  }
  const std::vector<SeatSummary> seats = summarise(review, r.players, o.threshold);
  for (size_t p = 0; p < seats.size(); ++p) {
    if (seats[p].decisions == 0) continue;
    std::cout << player_name(static_cast<int>(p)) << ": " << seats[p].decisions
              << " decisions, mean chance lost " << percent(seats[p].lost / seats[p].decisions)
              << ", " << seats[p].marked << " lost more than " << percent(o.threshold) << "\n";
  }
}

void print_json(const ReviewOptions& o, const replays::Replay& r, const Ruleset& rules,
                const replays::Review& review) {
  replays::JsonWriter w(replays::kOneLineJson);
  w.begin_object();
  w.key("file").value(o.file).key("variant").value(r.variant);
  w.key("players").value(r.players).key("iterations").value(o.iterations);
  w.key("seed").value(static_cast<unsigned long long>(o.seed)).key("threshold").value(o.threshold);
  w.key("decisions").begin_array();
  for (const replays::ReviewedDecision& d : review.decisions) {
    w.begin_object();
    w.key("position").value(static_cast<long long>(d.position));
    w.key("hand").value(d.hand + 1).key("action").value(d.action + 1);
    w.key("player").value(player_name(d.player));
    w.key("played").value(to_string(d.options[d.played].action, &rules));
    w.key("played_win").value(d.options[d.played].win_chance);
    w.key("best").value(to_string(d.options[d.best].action, &rules));
    w.key("best_win").value(d.options[d.best].win_chance);
    w.key("lost").value(d.lost());
    w.key("options").begin_array();
    for (const ActionValue& a : d.options) {
      w.begin_object();
      w.key("action").value(to_string(a.action, &rules));
      w.key("win").value(a.win_chance).key("visits").value(a.visits);
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.key("seats").begin_array();
  const std::vector<SeatSummary> seats = summarise(review, r.players, o.threshold);
  for (size_t p = 0; p < seats.size(); ++p) {
    if (seats[p].decisions == 0) continue;
    w.begin_object();
    w.key("player").value(player_name(static_cast<int>(p)));
    w.key("decisions").value(seats[p].decisions);
    w.key("mean_lost").value(seats[p].lost / seats[p].decisions);
    w.key("marked").value(seats[p].marked);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  std::cout << w.str() << "\n";
}

}  // namespace

int run_replay_review(const ReviewOptions& o, const scripting::VariantFolder& variants) {
  replays::Replay r;
  replays::ResolvedVariant v;
  if (!open_replay(o.file, variants, r, v)) return 1;
  if (o.seat > r.players) {
    std::cerr << "zetema replay review: --seat must be from 1 to " << r.players
              << " (the replay has " << r.players << " players)\n";
    return 2;
  }
  replays::ReviewOptions ro;
  ro.search.iterations = o.iterations;
  ro.seed = o.seed;
  if (o.seat > 0) ro.seat = o.seat - 1;
  const replays::Review review =
      replays::review_replay(r, v.variant.rules, ro, {}, &scripting::script_interrupt_flag());
  if (review.cancelled || interrupted()) {
    return report_interrupted("replay review", "nothing printed");
  }
  if (!review.ok) {
    std::cerr << replays::printable(o.file) << ": " << replays::printable(review.error) << "\n";
    return 1;
  }
  if (o.json) {
    print_json(o, r, v.variant.rules, review);
  } else {
    print_text(o, r, v.variant.rules, review);
  }
  return 0;
}

void add_replay_review_command(CommandRegistry& commands) {
  auto review = std::make_shared<ReviewOptions>();
  CLI::App* rev = commands.add(
      replay_group(commands), "review",
      "Search every decision with the ismcts bot from the acting seat's view: each legal "
      "action's chance of winning, the one played, the chance lost",
      [review](const scripting::VariantFolder& variants) {
        return run_replay_review(*review, variants);
      });
  rev->add_option("file", review->file, "Replay file")->required();
  add_whole(rev, "--iterations", review->iterations, 1, 100000,
            "Search iterations a decision (the ismcts bot's default: 1500)");
  add_whole(rev, "--seed", review->seed, uint64_t{0}, kMaxSeed, "Seed of the searches");
  add_whole(rev, "--seat", review->seat, 1, 6, "Only this seat's decisions (1 is P1)");
  rev->add_option("--threshold", review->threshold,
                  "Mark a decision that lost more than this chance of winning (default 0.05)")
      ->check(CLI::Range(0.0, 1.0));
  rev->add_flag("--json", review->json, "Print JSON instead of text");
}

}  // namespace zetema::cli
