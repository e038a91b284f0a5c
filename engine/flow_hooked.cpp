// The turn's steps for an action that may call a Lua hook (engine/flow_steps.h).
#include "engine/flow_steps_impl.h"

namespace zetema::detail {

template class Flow<true>;

}  // namespace zetema::detail
