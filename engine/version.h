// The engine's version, recorded in every replay (kept equal to the
// project version in CMakeLists.txt; a test checks it).
#pragma once

#include <string_view>

namespace zetema {
inline constexpr std::string_view kEngineVersion = "0.1.0";
}
