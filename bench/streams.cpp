// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The translated half of bench/streams_bench.cu: stream_parallel kernels of
// the shapes the benchmark compares with hand-written CUDA.
//
//   blocks4, blocks8   4 / 8 blocks, each one loop of `n` iterations of
//                      bench_work: too few threads to fill the GPU, so the
//                      blocks can only gain by overlapping (concurrency);
//   shape_BxL          B blocks of L loops of one trivial iteration each
//                      (host launch overhead of the fork/join machinery).
#include "bench_work.h"

#pragma qd kernel
void blocks4(unsigned* out, int n, int steps)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            out[0 * n + i] = bench_work(0u + static_cast<unsigned>(i), steps);
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            out[1 * n + i] = bench_work(1u + static_cast<unsigned>(i), steps);
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            out[2 * n + i] = bench_work(2u + static_cast<unsigned>(i), steps);
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            out[3 * n + i] = bench_work(3u + static_cast<unsigned>(i), steps);
    }
}

#pragma qd kernel
void blocks8(unsigned* out, int n, int steps)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            out[0 * n + i] = bench_work(0u + static_cast<unsigned>(i), steps);
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            out[1 * n + i] = bench_work(1u + static_cast<unsigned>(i), steps);
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            out[2 * n + i] = bench_work(2u + static_cast<unsigned>(i), steps);
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            out[3 * n + i] = bench_work(3u + static_cast<unsigned>(i), steps);
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            out[4 * n + i] = bench_work(4u + static_cast<unsigned>(i), steps);
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            out[5 * n + i] = bench_work(5u + static_cast<unsigned>(i), steps);
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            out[6 * n + i] = bench_work(6u + static_cast<unsigned>(i), steps);
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            out[7 * n + i] = bench_work(7u + static_cast<unsigned>(i), steps);
    }
}

#pragma qd kernel
void shape_1x1(float* sink, int n)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            sink[0 * n + i] = 0.0f;
    }
}

#pragma qd kernel
void shape_2x1(float* sink, int n)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            sink[0 * n + i] = 0.0f;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            sink[1 * n + i] = 0.0f;
    }
}

#pragma qd kernel
void shape_8x1(float* sink, int n)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            sink[0 * n + i] = 0.0f;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            sink[1 * n + i] = 0.0f;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            sink[2 * n + i] = 0.0f;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            sink[3 * n + i] = 0.0f;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            sink[4 * n + i] = 0.0f;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            sink[5 * n + i] = 0.0f;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            sink[6 * n + i] = 0.0f;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            sink[7 * n + i] = 0.0f;
    }
}

#pragma qd kernel
void shape_4x4(float* sink, int n)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            sink[0 * n + i] = 0.0f;
        for (int i = 0; i < n; ++i)
            sink[1 * n + i] = 0.0f;
        for (int i = 0; i < n; ++i)
            sink[2 * n + i] = 0.0f;
        for (int i = 0; i < n; ++i)
            sink[3 * n + i] = 0.0f;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            sink[4 * n + i] = 0.0f;
        for (int i = 0; i < n; ++i)
            sink[5 * n + i] = 0.0f;
        for (int i = 0; i < n; ++i)
            sink[6 * n + i] = 0.0f;
        for (int i = 0; i < n; ++i)
            sink[7 * n + i] = 0.0f;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            sink[8 * n + i] = 0.0f;
        for (int i = 0; i < n; ++i)
            sink[9 * n + i] = 0.0f;
        for (int i = 0; i < n; ++i)
            sink[10 * n + i] = 0.0f;
        for (int i = 0; i < n; ++i)
            sink[11 * n + i] = 0.0f;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            sink[12 * n + i] = 0.0f;
        for (int i = 0; i < n; ++i)
            sink[13 * n + i] = 0.0f;
        for (int i = 0; i < n; ++i)
            sink[14 * n + i] = 0.0f;
        for (int i = 0; i < n; ++i)
            sink[15 * n + i] = 0.0f;
    }
}
