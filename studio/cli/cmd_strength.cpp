// `zetema ladder`: the strength ladder and skill profile of one rule set
// (studio/lab/strength_ladder.h).
#include <cstdio>
#include <iostream>
#include <memory>

#include "replays/json_writer.h"
#include "replays/text.h"
#include "studio/cli/command_registry.h"
#include "studio/cli/commands.h"
#include "studio/cli/interrupt.h"
#include "studio/lab/strength_ladder.h"

namespace zetema::cli {

namespace {

// The strongest bot and the ratings of `name` (null when not in the ladder).
const lab::Rating* rating_of(const lab::StrengthLadder& l, const std::string& name) {
  for (const lab::Rating& r : l.ratings) {
    if (r.bot == name) return &r;
  }
  return nullptr;
}

const lab::Rating& strongest(const lab::StrengthLadder& l) {
  const lab::Rating* best = &l.ratings.front();
  for (const lab::Rating& r : l.ratings) best = r.elo > best->elo ? &r : best;
  return *best;
}

void print_text(const lab::StrengthLadder& l) {
  const lab::LadderConfig& c = l.config;
  std::cout << "strength ladder of " << l.variant_id << ": 2 players, " << c.bots.size()
            << " bots, " << c.deals << " deals a pair, each played from both seats (seed " << c.seed
            << ")\n";
  std::cout << "  bot                  rating   95% interval    (Bradley-Terry, Elo scale, "
            << c.bots.front() << " at 0)\n";
  for (const lab::Rating& r : l.ratings) {
    char line[160];
    std::snprintf(line, sizeof line, "  %-18s %8.0f   [%.0f, %.0f]\n", r.bot.c_str(), r.elo, r.lo,
                  r.hi);
    std::cout << line;
  }
  const lab::Rating& top = strongest(l);
  std::cout << "skill profile: the strongest, " << top.bot;
  for (const char* base : {"random", "greedy"}) {
    if (const lab::Rating* r = rating_of(l, base); r && r != &top) {
      char gap[64];
      std::snprintf(gap, sizeof gap, ", stands %.0f above %s", top.elo - r->elo, base);
      std::cout << gap;
    }
  }
  char share[96];
  std::snprintf(share, sizeof share,
                "; the same seat won both games of a deal in %.1f%% of deals\n",
                100 * l.seat_decided);
  std::cout << share;
}

void print_json(const lab::StrengthLadder& l) {
  replays::JsonWriter w(replays::kOneLineJson);
  w.begin_object();
  w.key("variant").value(l.variant_id).key("players").value(2);
  w.key("deals").value(static_cast<long long>(l.config.deals));
  w.key("seed").value(static_cast<unsigned long long>(l.config.seed));
  w.key("ratings").begin_array();
  for (const lab::Rating& r : l.ratings) {
    w.begin_object().key("bot").value(r.bot).key("elo").value(r.elo);
    w.key("lo").value(r.lo).key("hi").value(r.hi).end_object();
  }
  w.end_array();
  w.key("pairs").begin_array();
  for (const lab::PairGames& p : l.pairs) {
    double points = 0;
    for (double x : p.i_points) points += x;
    w.begin_object().key("bot").value(l.config.bots[p.i]).key("against").value(l.config.bots[p.j]);
    w.key("score").value(p.i_points.empty() ? 0.0
                                            : points / static_cast<double>(p.i_points.size()));
    w.end_object();
  }
  w.end_array();
  w.key("seat_decided").value(l.seat_decided);
  w.end_object();
  std::cout << w.str() << "\n";
}

}  // namespace

int run_ladder_cmd(const LadderOptions& o, const scripting::VariantFolder& variants) {
  const lab::StrengthLadder l =
      lab::run_strength_ladder(o.config, variants, {}, scripting::script_interrupt_flag());
  if (l.interrupted || interrupted()) return report_interrupted("ladder", "nothing printed");
  if (!l.error.empty()) {
    std::cerr << "zetema ladder: " << replays::printable(l.error) << "\n";
    return 1;
  }
  if (o.json) {
    print_json(l);
  } else {
    print_text(l);
  }
  return 0;
}

void add_ladder_command(CommandRegistry& commands) {
  struct Args {
    LadderOptions ladder;
    std::string bots = "random,greedy,imperial,hoarder,assembler,mc,ismcts:250,ismcts,ismcts:6000";
  };
  auto args = std::make_shared<Args>();
  CLI::App* lad = commands.add(
      "ladder",
      "The strength ladder of one rule set: every pair of bots on the same deals from both seats, "
      "rated on one scale (Bradley-Terry), with the skill profile",
      [args](const scripting::VariantFolder& variants) {
        if (!read_bots(args->bots, "ladder", args->ladder.config.bots)) return 2;
        return run_ladder_cmd(args->ladder, variants);
      });
  LadderOptions& ladder = args->ladder;
  lad->add_option("--variant", ladder.config.variant, "Variant id or .lua file")->required();
  lad->add_option("--bots", args->bots, "The bots to rate, comma-separated")->capture_default_str();
  add_whole(lad, "--deals", ladder.config.deals, uint64_t{1}, uint64_t{1000000},
            "Deals a pair, each played from both seats");
  add_whole(lad, "--seed", ladder.config.seed, uint64_t{0}, kMaxSeed, "Seed");
  add_whole(lad, "--threads", ladder.config.threads, 0, 256, "Worker threads (0: every core)");
  lad->add_flag("--json", ladder.json, "Print JSON instead of text");
}

}  // namespace zetema::cli
