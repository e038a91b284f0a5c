// The turn's steps for a variant with Lua hooks (engine/flow_steps.h).
#include "engine/flow_steps_impl.h"

namespace zetema::detail {

template class Flow<true>;

}  // namespace zetema::detail
