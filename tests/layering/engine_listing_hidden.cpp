// Compiled as any layer outside the engine is, it must fail: the engine's
// inline listing and its screen are its own (engine/internal/listing.h).
#include "engine/internal/listing.h"
