// Compiled as any layer outside the engine is, it must fail: the engine's
// shortcut apply path is its own (engine/internal/apply_paths.h).
#include "engine/internal/apply_paths.h"
