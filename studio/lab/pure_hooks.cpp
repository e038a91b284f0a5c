#include "studio/lab/pure_hooks.h"

#include "replays/record.h"

namespace zetema::lab {

std::string hooks_keep_state(const std::string& spec, const scripting::VariantFolder& folder,
                             const MatchConfig& first) {
  const scripting::LoadedVariant v = scripting::load_variant_spec(spec, folder);
  if (!v.ok || !v.rules.hooks || !v.rules.hooks->defines_any()) return {};
  const MatchRecord once = play_match(v.rules, first);
  if (!once.ok) return {};
  const MatchRecord again = play_match(v.rules, first);
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
