// Compiled against the engine's headers alone, it must fail: the engine
// layer cannot see the scripting layer (tests/layering/CMakeLists.txt).
#include "engine/game.h"
#include "scripting/sandbox.h"
