// The live heap of this process, for baton-bench's memory columns. <malloc.h> is not in
// Swift's Glibc module, so this target calls mallinfo2 for it.
#ifndef BENCH_HEAP_H
#define BENCH_HEAP_H

#include <stddef.h>

#include "BenchCallgrind.h"

/// Bytes malloc has handed out and not had back (in-use chunks plus mmapped blocks), or 0
/// where the C library cannot say. Counts only malloc's main arena: run with
/// MALLOC_ARENA_MAX=1 so that every thread allocates there.
size_t bench_live_heap_bytes(void);

#endif
