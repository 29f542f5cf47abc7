// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// work.cpp -- the kernels of the concurrent_kernels sample, the qd version of NVIDIA's
// concurrentKernels sample.
//
// A kernel with eight `#pragma qd stream_parallel` blocks forming one parallel region. Each
// block is a single parallel loop of only `lanes` (64) iterations -- far too few to fill a
// GPU -- and every iteration does a long, fixed amount of sequential arithmetic (a 32-bit
// linear congruential generator stepped `steps` times, lcg.h). Because the eight blocks run on
// eight streams, their launches overlap and the region takes about as long as one block. After
// the join, on the launch stream, a serial task clears the accumulators and a parallel loop
// reduces the 8*lanes results with qd::atomic_add / qd::atomic_max.
// A second kernel does the same work without stream_parallel (eight launches in a row on one
// stream) so that main.cpp can compare the two wall-clock times.

#include <qd/qd.h>
#include <qd/atomic.h>

#include "lcg.h"

// Eight concurrent blocks of `lanes` iterations each, then the reduction.
// out: kBlocks*lanes results; sum[0]: their sum; max_out[0]: their maximum.
#pragma qd kernel block_dim(64)
void concurrent_work(unsigned* out, unsigned long long* sum, unsigned* max_out,
                     int lanes, int steps)
{
    #pragma qd stream_parallel
    {
        for (int t = 0; t < lanes; ++t)
            out[0 * lanes + t] = spin(0, t, steps);
    }
    #pragma qd stream_parallel
    {
        for (int t = 0; t < lanes; ++t)
            out[1 * lanes + t] = spin(1, t, steps);
    }
    #pragma qd stream_parallel
    {
        for (int t = 0; t < lanes; ++t)
            out[2 * lanes + t] = spin(2, t, steps);
    }
    #pragma qd stream_parallel
    {
        for (int t = 0; t < lanes; ++t)
            out[3 * lanes + t] = spin(3, t, steps);
    }
    #pragma qd stream_parallel
    {
        for (int t = 0; t < lanes; ++t)
            out[4 * lanes + t] = spin(4, t, steps);
    }
    #pragma qd stream_parallel
    {
        for (int t = 0; t < lanes; ++t)
            out[5 * lanes + t] = spin(5, t, steps);
    }
    #pragma qd stream_parallel
    {
        for (int t = 0; t < lanes; ++t)
            out[6 * lanes + t] = spin(6, t, steps);
    }
    #pragma qd stream_parallel
    {
        for (int t = 0; t < lanes; ++t)
            out[7 * lanes + t] = spin(7, t, steps);
    }

    // After the join: runs once every block has finished.
    sum[0] = 0ull;
    max_out[0] = 0u;
    const int total = kBlocks * lanes;
    for (int i = 0; i < total; ++i) {
        qd::atomic_add(sum, static_cast<unsigned long long>(out[i]));
        qd::atomic_max(max_out, out[i]);
    }
}

// The same work, one block after another on the launch stream (no concurrency).
#pragma qd kernel block_dim(64)
void serialized_work(unsigned* out, unsigned long long* sum, unsigned* max_out,
                     int lanes, int steps)
{
    for (int t = 0; t < lanes; ++t) out[0 * lanes + t] = spin(0, t, steps);
    for (int t = 0; t < lanes; ++t) out[1 * lanes + t] = spin(1, t, steps);
    for (int t = 0; t < lanes; ++t) out[2 * lanes + t] = spin(2, t, steps);
    for (int t = 0; t < lanes; ++t) out[3 * lanes + t] = spin(3, t, steps);
    for (int t = 0; t < lanes; ++t) out[4 * lanes + t] = spin(4, t, steps);
    for (int t = 0; t < lanes; ++t) out[5 * lanes + t] = spin(5, t, steps);
    for (int t = 0; t < lanes; ++t) out[6 * lanes + t] = spin(6, t, steps);
    for (int t = 0; t < lanes; ++t) out[7 * lanes + t] = spin(7, t, steps);

    sum[0] = 0ull;
    max_out[0] = 0u;
    const int total = kBlocks * lanes;
    for (int i = 0; i < total; ++i) {
        qd::atomic_add(sum, static_cast<unsigned long long>(out[i]));
        qd::atomic_max(max_out, out[i]);
    }
}
