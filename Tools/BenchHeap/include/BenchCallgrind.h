// Callgrind's client requests for baton-bench, which times windows of a run (the first
// and last pages of `pagination`) and under callgrind wants their instructions alone.
#ifndef BENCH_CALLGRIND_H
#define BENCH_CALLGRIND_H

/// Under callgrind, writes the counts since the last dump to a profile part named `reason`
/// and starts the counts over; elsewhere (or built without valgrind's headers) does nothing.
void bench_callgrind_dump(const char *reason);

#endif
