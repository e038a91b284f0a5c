#include "studio/lab/pure_hooks.h"

#include "replays/record.h"
#include "scripting/run_budget.h"

namespace zetema::lab {

std::string hooks_keep_state(const std::string& spec, const scripting::VariantFolder& folder,
                             const MatchConfig& first) {
  const scripting::LoadedVariant v = scripting::load_variant_spec(spec, folder);
  if (!v.ok || !v.rules.hooks || !v.rules.hooks->defines_any()) return {};
  // Each game under the run's budget, as the run plays it (and as the
  // re-derivation below runs): a game that passes it is the run's to report.
  auto play = [&] {
    const scripting::RunBudget budget(v.rules);
    return play_match(v.rules, first);
  };
  const MatchRecord once = play();
  if (!once.ok) return {};
  const MatchRecord again = play();
  const std::string hash = replays::events_sha256(once.events, v.rules);
  if (!again.ok || replays::events_sha256(again.events, v.rules) != hash) {
    return "the same game played twice in one load came out differently";
  }
  const scripting::LoadedVariant fresh = scripting::load_variant_spec(spec, folder);
  const replays::Replay replay =
      replays::make_replay(v, once.final_state, first.seed, first.bots, once.hands, once.events);
  const replays::Verified rederived = replays::verify_replay(replay, fresh.rules);
  if (!rederived.ok) {
    return "its game does not re-derive the same in a fresh load (" + rederived.error + ")";
  }
  return {};
}

}  // namespace zetema::lab
