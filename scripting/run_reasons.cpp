#include "scripting/run_reasons.h"

#include <utility>

namespace zetema::scripting {

std::string RunReasons::keep(std::string_view text, Reason& out) {
  if (!last_.empty() && last_ == text) {  // a hook giving one reason call after call
    out = last_;
    return {};
  }
  const std::optional<Reason> kept = Reason::of(text);
  if (!kept) return too_many_reasons();
  if (!kept->empty() && !seen_.contains(&kept->str())) {
    if (seen_.size() >= kMaxReasonsPerRun) return too_many_reasons_in_run();
    seen_.insert(&kept->str());
  }
  out = last_ = *kept;
  return {};
}

RunReasons RunReasons::begin_run() {
  return std::exchange(*this, RunReasons{});
}

std::string too_many_reasons_in_run() {
  return "a reason not kept: the hooks have given " + std::to_string(kMaxReasonsPerRun) +
         " different reasons in this run, the most one game or one re-derivation of a replay "
         "keeps (a reason names a rule; put the numbers in points)";
}

}  // namespace zetema::scripting
