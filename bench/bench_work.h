// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The per-iteration work of bench/streams.cpp, shared with the hand-written
// baselines of bench/streams_bench.cu so both sides do exactly the same thing.
#ifndef QD_BENCH_WORK_H
#define QD_BENCH_WORK_H

#include <qd/detail/config.h>

// `steps` dependent integer multiply-adds: a fixed amount of latency-bound
// work per thread that no compiler can shorten.
QD_HOST_DEVICE inline unsigned bench_work(unsigned seed, int steps) {
  unsigned x = seed;
  for (int s = 0; s < steps; ++s)
    x = x * 1664525u + 1013904223u;
  return x;
}

#endif // QD_BENCH_WORK_H
