// The control: against the engine's headers alone, the engine's own compile.
#include "engine/game.h"
