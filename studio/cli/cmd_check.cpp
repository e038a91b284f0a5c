// `zetema check`: load a variant, then play seeded games with it, so a file
// that loads but breaks during play is caught before a user meets it (the
// lesson of Fairy-Stockfish's `check`).
#include <iostream>
#include <memory>

#include "engine/match.h"
#include "replays/record.h"
#include "replays/text.h"
#include "scripting/lua_hooks.h"
#include "scripting/variant_loader.h"
#include "studio/cli/command_registry.h"
#include "studio/cli/commands.h"
#include "studio/cli/interrupt.h"

namespace zetema::cli {

namespace {

// What the hooks may run in all the games of one check (each call has its
// own budget too): a few seconds of Lua. Hooks that each stay just under
// their budget made a check run for many minutes; the cookbook's busiest
// variant runs under 10^8 in its 200 games (docs/hardening.md).
constexpr uint64_t kCheckInstructions = 1'000'000'000;

scripting::Sandbox* sandbox_of(const Ruleset& r) {
  auto* lua = dynamic_cast<scripting::LuaHooks*>(r.hooks.get());
  return lua ? &lua->sandbox() : nullptr;
}

// Gives the variant's hooks their budget for the whole check.
void budget_check(const Ruleset& r) {
  if (scripting::Sandbox* s = sandbox_of(r)) s->set_session_budget(kCheckInstructions);
}

// "on_deal (x.lua:12), kinds.run.find (x.lua:30)": the hooks the variant
// defines, where.
std::string hooks_text(const Ruleset& r) {
  std::string hooks;
  for (int h = 0; h < kHooks; ++h) {
    if (r.hooks && r.hooks->defines(static_cast<Hook>(h))) {
      const SourceLocation at = r.hooks->where(static_cast<Hook>(h));
      hooks += (hooks.empty() ? "" : ", ") + std::string(hook_name(static_cast<Hook>(h))) + " (" +
               at.file + ":" + std::to_string(at.line) + ")";
    }
  }
  // A variant's own kinds: their finder and points functions.
  for (size_t k = 0; k < r.kinds.size(); ++k) {
    for (KindHook f : {KindHook::Find, KindHook::Score}) {
      if (!r.hooks->defines_kind(static_cast<int>(k), f)) continue;
      const SourceLocation at = r.hooks->where_kind(static_cast<int>(k), f);
      hooks += (hooks.empty() ? "" : ", ") + std::string("kinds.") + r.kinds[k].name +
               (f == KindHook::Find ? ".find" : ".points") + " (" + at.file + ":" +
               std::to_string(at.line) + ")";
    }
  }
  return hooks;
}

// Game `g` of the check: players from 2 to 6 in turn, random bots for five
// games, then greedy against random for five.
MatchConfig check_game(const CheckOptions& o, int g) {
  MatchConfig config;
  config.setup.players = kMinPlayers + g % (kMaxPlayers - kMinPlayers + 1);
  config.seed = o.seed + static_cast<uint64_t>(g);
  config.bots = (g / 5) % 2 == 0 ? std::vector<std::string>{"random"}
                                 : std::vector<std::string>{"greedy", "random"};
  return config;
}

// "" or what is wrong with a game played: an error, no end, scores that do
// not add up, or a replay that does not re-derive it.
std::string game_problem(const CheckOptions& o, const scripting::VariantFolder& variants,
                         const scripting::LoadedVariant& v, const MatchConfig& config,
                         const MatchRecord& m) {
  std::string problem = m.ok ? "" : m.error;
  if (m.ok && !m.completed) problem = "no end after " + std::to_string(config.max_hands) + " hands";
  if (problem.empty()) problem = check_scores(m.final_state, m.events);
  if (problem.empty()) {
    // Re-derive the game from its replay in a fresh load of the variant:
    // it must come out the same, or a hook depends on its own history.
    const scripting::LoadedVariant fresh = scripting::load_variant_spec(o.file, variants);
    const replays::Replay replay =
        replays::make_replay(v, m.final_state, config.seed, config.bots, m.hands, m.events);
    budget_check(fresh.rules);
    const replays::Verified again = replays::verify_replay(replay, fresh.rules);
    if (!again.ok) {
      problem = "its replay does not re-derive the same game (" + again.error +
                "); hooks must be pure functions of their arguments and the state";
    }
  }
  return problem;
}

}  // namespace

int run_check(const CheckOptions& o, const scripting::VariantFolder& variants) {
  scripting::LoadedVariant v = scripting::load_variant_spec(o.file, variants);
  if (!v.ok) {
    std::cerr << replays::printable(v.error->describe()) << "\n";
    return 1;
  }
  const Ruleset& r = v.rules;
  const std::string hooks = hooks_text(r);
  std::cout << v.sources.front().file << ": loaded " << r.id << " (" << r.name << ")"
            << (r.parent.empty() ? "" : ", extends " + r.parent)
            << "; hooks: " << (hooks.empty() ? "none" : hooks) << "\n"
            << std::flush;  // seen at once, before the games (also into a pipe or a file)

  budget_check(r);
  long long hands = 0, turns = 0;
  int failures = 0, played = 0;
  for (int g = 0; g < o.games && !interrupted(); ++g) {
    const MatchConfig config = check_game(o, g);
    const MatchRecord m = play_match(r, config);
    const std::string problem = game_problem(o, variants, v, config, m);
    // A game cut short by Ctrl-C is neither passed nor failed.
    if (interrupted()) break;
    ++played;
    if (!problem.empty()) {
      ++failures;
      if (failures <= 5) {
        std::cerr << "game " << g + 1 << " (" << config.setup.players << " players, seed "
                  << config.seed << "): " << replays::printable(problem) << "\n";
      }
      continue;
    }
    hands += static_cast<long long>(m.hands.size());
    turns += m.final_state.turn_number;
  }
  std::cout << "played " << played << (played < o.games ? " of " + std::to_string(o.games) : "")
            << " seeded games (2-6 players, random and greedy bots): " << played - failures
            << " ended normally, " << failures << " failed; " << hands << " hands, " << turns
            << " turns\n";
  if (interrupted()) {
    return report_interrupted(
        "check", "the " + std::to_string(played) + " game(s) finished are reported above");
  }
  return failures == 0 ? 0 : 1;
}

void add_check_command(CommandRegistry& commands) {
  auto check = std::make_shared<CheckOptions>();
  CLI::App* chk = commands.add(
      "check", "Load a variant file, then play seeded games with it",
      [check](const scripting::VariantFolder& variants) { return run_check(*check, variants); });
  chk->add_option("file", check->file, "Variant file (.lua) or id")->required();
  add_whole(chk, "--games", check->games, 0, 100000, "Games to play");
  add_whole(chk, "--seed", check->seed, uint64_t{0}, kMaxSeed, "First seed");
}

}  // namespace zetema::cli
