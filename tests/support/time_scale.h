// Wall-clock bounds in tests (an attack must stop, not merely eventually)
// hold on a normal build; under valgrind everything runs tens of times
// slower, so the memcheck runs set ZETEMA_TIME_SCALE (tests/CMakeLists.txt)
// and a bound is that many times looser there. The instruction and memory
// bounds, which do not depend on the machine, are never scaled.
#pragma once

#include <cstdlib>

namespace test {

inline double time_scale() {
  const char* v = std::getenv("ZETEMA_TIME_SCALE");
  const double scale = v ? std::atof(v) : 1.0;
  return scale >= 1.0 ? scale : 1.0;
}

}  // namespace test
