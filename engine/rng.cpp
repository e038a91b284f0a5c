#include "engine/rng.h"

namespace zetema {

uint64_t derive_seed(uint64_t seed, uint64_t stream) {
  uint64_t x = seed ^ (stream * 0xd1b54a32d192ed03ull);
  detail::splitmix64(x);
  return detail::splitmix64(x);
}

}  // namespace zetema
