// The turn's steps for an action that can call no hook (engine/flow_steps.h).
#include "engine/flow_steps_impl.h"

namespace zetema::detail {

template class Flow<false>;

// The whole turn in one call, its steps inlined.
void play_by_tables(State& s, const Action& a, EventLog& out, const EventObserver* observe) {
  Flow<false> flow(s, out, observe, Flow<false>::TablesOnly{});
  if (a.type == ActionType::Discard) {
    flow.discard_card(a.card);
  } else {
    flow.declare(a);
  }
}

}  // namespace zetema::detail
