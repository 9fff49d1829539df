#include "BenchCallgrind.h"

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define BENCH_HAS_CALLGRIND 1
#endif
#endif

void bench_callgrind_dump(const char *reason) {
#if defined(BENCH_HAS_CALLGRIND)
  CALLGRIND_DUMP_STATS_AT(reason);
#else
  (void)reason;
#endif
}
