#include "engine/bit_select.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#define ZETEMA_X86_SELECT 1
#endif

namespace zetema::detail {

#ifdef ZETEMA_X86_SELECT
namespace {
// BMI2 where pdep runs in hardware at one a cycle: every Intel CPU that
// has it, and AMD's from family 19h (Zen 3) on -- earlier AMD ones have
// it in microcode, slower than the portable way.
bool cpu_selects_fast() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d) || (b & bit_BMI2) == 0) return false;
  if (!__get_cpuid(0, &a, &b, &c, &d)) return false;
  const bool intel =
      b == signature_INTEL_ebx && d == signature_INTEL_edx && c == signature_INTEL_ecx;
  const bool amd = b == signature_AMD_ebx && d == signature_AMD_edx && c == signature_AMD_ecx;
  if (intel) return true;
  if (!amd || !__get_cpuid(1, &a, &b, &c, &d)) return false;
  const unsigned base = (a >> 8) & 0xf;
  const unsigned family = base == 0xf ? base + ((a >> 20) & 0xff) : base;
  return family >= 0x19;
}
}  // namespace

const bool kHardwareSelect = cpu_selects_fast();

[[gnu::target("bmi,bmi2")]] int select_bit_by_hardware(uint64_t x, int k) {
  return static_cast<int>(_tzcnt_u64(_pdep_u64(uint64_t{1} << k, x)));
}
#else
const bool kHardwareSelect = false;

int select_bit_by_hardware(uint64_t x, int k) {
  return select_bit_portable(x, k);
}
#endif

}  // namespace zetema::detail
