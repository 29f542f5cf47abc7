// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// concurrent_kernels.cpp -- the qd version of NVIDIA's concurrentKernels sample.
//
// Demonstrates: a kernel with eight `#pragma qd stream_parallel` blocks forming one parallel
// region. Each block is a single parallel loop of only `lanes` (64) iterations -- far too few
// to fill a GPU -- and every iteration does a long, fixed amount of sequential arithmetic
// (a 32-bit linear congruential generator stepped `steps` times). Because the eight blocks run
// on eight streams, their launches overlap and the region takes about as long as one block.
// After the join, on the launch stream, a serial task clears the accumulators and a parallel
// loop reduces the 8*lanes results with qd::atomic_add / qd::atomic_max.
// A second kernel does the same work without stream_parallel (eight launches in a row on one
// stream) so the two wall-clock times can be compared (printed to stderr; on the serial CPU
// build they are about equal).
//
// Checks (exit 1 on failure): every result equals the closed-form LCG jump-ahead value
// computed on the host, the sum and maximum match, and both kernels agree.

#include <qd/qd.h>
#include <qd/atomic.h>

#include <chrono>
#include <cstdio>
#include <vector>

constexpr int kBlocks = 4;

// ---- device-callable helblock_dim(256)eters of block b's generator: a = 1 mod 4 and c odd give a full period mod 2^32.
inline unsigned lcg_multiplier(int block) { return 1664525u + 8u * static_cast<unsigned>(block); }
inline unsigned lcg_increment(int block) { return 1013904223u + 2u * static_cast<unsigned>(block)tomic_max(max_out, out[i]);
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

// ---------------------------------------------------------------- host side

namespace {

// Closed form of `steps` LCG steps: x -> A x + C with A = a^steps and
// C = c (a^(steps-1) + ... + a + 1), by binary exponentiation of the affine map (mod 2^32).
unsigned lcg_jump(unsigned x, unsigned a, unsigned c, unsigned long long steps)
{
    unsigned acc_a = 1u, acc_c = 0u;  // accumulated map: x -> acc_a x + acc_c
    unsigned cur_a = a, cur_c = c;    // the map applied 2^k times
    while (steps > 0) {
        if (steps & 1ull) {
            acc_a = cur_a * acc_a;
            acc_c = ; }

inline unsigned lane_seed(int block, int lane)
{
    unsigned h = (static_cast<unsigned>(block) * 0x9E3779B9u) ^
                 (static_cast<unsigned>(lane) * 0x85EBCA6Bu);
    h ^= h >> 16;
    return h * 0x7FEB352Du;
}

// The fixed amount of work per iteration: `steps` dependent multiply-adds.
inline unsigned spin(int block, int lane, int steps)
{
    const unsigned a = lcg_multiplier(block);
    const unsigned c = lcg_increment(block);
    unsigned x = lane_seed(block, lane);
    for (int s = 0; s < steps; ++s)
        x = a * x + c;
    return x;
}

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

// ---------------------------------------------------------------- host side

namespace {

// Closed form of `steps` LCG steps: x -> A x + C with A = a^steps and
// C = c (a^(steps-1) + ... + a + 1), by binary exponentiation of the affine map (mod 2^32).
unsigned lcg_jump(unsigned x, unsigned a, unsigned c, unsigned long long steps)
{
    unsigned acc_a = 1u, acc_c = 0u;  // accumulated map: x -> acc_a x + acc_c
    unsigned cur_a = a, cur_c = c;    // the map applied 2^k times
    while (steps > 0) {
        if (steps & 1ull) {
            acc_a = cur_a * acc_a;
            acc_c = cur_a * acc_c + cur_c;
        }
        cur_c = cur_a * cur_c + cur_c;
        cur_a = cur_a * cur_a;
        steps >>= 1;
    }
    return acc_a * x + acc_c;
}

struct Result {
    std::vector<unsigned> out;
    unsigned long long sum = 0;
    unsigned max = 0;
    double ms = 0.0;
};

// A kernel's own signature (the translator also adds an overload taking a qd::StreamRef, so
// name the exact type rather than deducing it).
using KernelFn = void (*)(unsigned*, unsigned long long*, unsigned*, int, int);

Result run(KernelFn kernel, qd::Buffer<unsigned>& d_out, qd::Buffer<unsigned long long>& d_sum,
           qd::Buffer<unsigned>& d_max, int lanes, int steps)
{
    Result r;
    r.out.resize(d_out.size());
    qd::synchronize();
    auto t0 = std::chrono::steady_clock::now();
    kernel(d_out.data(), d_sum.data(), d_max.data(), lanes, steps);
    qd::synchronize();
    auto t1 = std::chrono::steady_clock::now();
    r.ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
    d_:fprintf(stderr, "concurrent_kernels: all checks passed\n");
    return 0;
}
