// The bytes the process has allocated and not freed, from the allocator in
// use: AddressSanitizer's when the build is sanitized, glibc's otherwise
// (mallinfo2). glibc counts the chunks parked in its per-thread cache (tcache)
// as in use, and that cache fills slowly over thousands of calls, which would
// look like a leak; run with the cache off (exec_without_tcache) and the
// figure is the live heap to the byte.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#if defined(__SANITIZE_ADDRESS__)
#define ZETEMA_HEAP_FROM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ZETEMA_HEAP_FROM_ASAN 1
#endif
#endif

#ifdef ZETEMA_HEAP_FROM_ASAN
// From <sanitizer/allocator_interface.h>, which g++ 12 does not install.
extern "C" size_t __sanitizer_get_current_allocated_bytes();
#else
#include <malloc.h>
#include <unistd.h>
#endif

namespace zetema::load {

// Whether valgrind runs this process (its preloaded allocator replaces glibc's,
// and mallinfo2 then reports nothing; massif and memcheck measure instead).
inline bool under_valgrind() {
  const char* preload = std::getenv("LD_PRELOAD");
  return preload && std::strstr(preload, "vgpreload");
}

inline size_t heap_in_use() {
#ifdef ZETEMA_HEAP_FROM_ASAN
  return __sanitizer_get_current_allocated_bytes();
#else
  return mallinfo2().uordblks;
#endif
}

inline const char* heap_meter_name() {
#ifdef ZETEMA_HEAP_FROM_ASAN
  return "ASan allocator";
#else
  return under_valgrind() ? "nothing (valgrind's allocator; see its report)" : "glibc mallinfo2";
#endif
}

// Re-runs this program with glibc's tcache off (GLIBC_TUNABLES is read only at
// start-up); returns only if it is off already, or under ASan or valgrind
// (whose own allocators replace glibc's; valgrind's tools measure instead).
inline void exec_without_tcache([[maybe_unused]] char** argv) {
#ifndef ZETEMA_HEAP_FROM_ASAN
  if (under_valgrind()) return;
  const char* tunables = std::getenv("GLIBC_TUNABLES");
  if (tunables && std::strstr(tunables, "glibc.malloc.tcache_count=0")) return;
  ::setenv("GLIBC_TUNABLES", "glibc.malloc.tcache_count=0", 1);
  ::execv("/proc/self/exe", argv);
  std::perror("exec /proc/self/exe");  // the figures will include the tcache
#endif
}

// The resident set size in KiB (VmRSS), or 0 where /proc is missing.
inline long rss_kib() {
  std::FILE* f = std::fopen("/proc/self/status", "r");
  if (!f) return 0;
  char line[256];
  long kib = 0;
  while (std::fgets(line, sizeof line, f)) {
    if (std::strncmp(line, "VmRSS:", 6) == 0) kib = std::strtol(line + 6, nullptr, 10);
  }
  std::fclose(f);
  return kib;
}

}  // namespace zetema::load
