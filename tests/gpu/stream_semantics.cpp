// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// stream_semantics.cpp -- the GPU suite's checks of SPEC 1's ordering promises.
//
// Every kernel here is annotated C++; the serial build of this file (g++,
// pragmas ignored) is the reference its translations must reproduce. Each
// section prints `name value` summaries (compared with the serial run) and
// `check` lines for properties that only a GPU run has (suite_checks.h).
//
//   fork      on a user stream, a slow kernel writes data that the blocks of
//             the next kernel's region read: they must see it;
//   join      after a region, a loop on the launch stream reads every block's
//             writes, over many calls;
//   streams   one kernel enqueued back to back on two user streams with
//             different arguments: each call keeps its own;
//   threads   8 host threads, each calling a region kernel hundreds of times
//             on its own stream;
//   pool      thousands of calls, and the stream pool does not grow past the
//             most blocks ever in flight;
//   no_block  a call whose blocks run for milliseconds returns at once.

#include <qd/qd.h>

#include <cstdio>
#include <thread>
#include <vector>

#include "driver_support.h"
#include "suite_checks.h"

// 0 (or, for a rare i, 1) after `steps` dependent integer steps that no
// compiler can skip: a slow and exactly reproducible way to delay a write.
inline float delay(int i, int steps)
{
    unsigned x = 2166136261u ^ static_cast<unsigned>(i);
    for (int s = 0; s < steps; ++s)
        x = x * 1664525u + 1013904223u;
    return x == 0x9E3779B9u ? 1.0f : 0.0f;
}

#pragma qd kernel
void slow_fill(float* data, int n, float value, int steps)
{
    for (int i = 0; i < n; ++i)
        data[i] = value + delay(i, steps);
}

#pragma qd kernel
void fork_reader(const float* data, float* copy_a, float* copy_b, int n)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            copy_a[i] = data[i];
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            copy_b[i] = 2.0f * data[i];
    }
}

#pragma qd kernel
void join_writer(float* parts, float* combined, int n, float value, int steps)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            parts[i] = value + delay(i, steps);
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            parts[n + i] = 2.0f * value + delay(i, steps);
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            parts[2 * n + i] = 3.0f * value + delay(i, steps);
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            parts[3 * n + i] = 4.0f * value + delay(i, steps);
    }
    for (int i = 0; i < n; ++i)
        combined[i] = parts[i] + parts[n + i] + parts[2 * n + i] + parts[3 * n + i];
}

#pragma qd kernel
void accumulate(float* acc, int n, float a, float b)
{
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            acc[i] += a;
    }
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            acc[n + i] += b;
    }
    for (int i = 0; i < n; ++i)
        acc[2 * n + i] += acc[i] - acc[n + i];
}

#pragma qd kernel
void touch_four(float* x, int n)
{
    #pragma qd stream_parallel
    for (int i = 0; i < n; ++i)
        x[i] += 1.0f;
    #pragma qd stream_parallel
    for (int i = 0; i < n; ++i)
        x[n + i] += 1.0f;
    #pragma qd stream_parallel
    for (int i = 0; i < n; ++i)
        x[2 * n + i] += 1.0f;
    #pragma qd stream_parallel
    for (int i = 0; i < n; ++i)
        x[3 * n + i] += 1.0f;
}

#pragma qd kernel
void long_blocks(float* out, int steps)
{
    #pragma qd stream_parallel
    for (int i = 0; i < 32; ++i)
        out[i] = delay(i, steps);
    #pragma qd stream_parallel
    for (int i = 0; i < 32; ++i)
        out[32 + i] = delay(i + 1, steps);
    #pragma qd stream_parallel
    for (int i = 0; i < 32; ++i)
        out[64 + i] = delay(i + 2, steps);
    #pragma qd stream_parallel
    for (int i = 0; i < 32; ++i)
        out[96 + i] = delay(i + 3, steps);
}

#ifdef QD_STREAM_SHIMS
// The annotated program has only the kernels' own signatures; translations
// add the stream entry points. These stand in for them, with the serial
// meaning, in the serial build and while qd-translate parses this file (both
// define QD_STREAM_SHIMS); the compile of a translation does not, so there
// the generated entry points are called. See docs/testing.md.
void slow_fill(float* d, int n, float v, int steps, qd::StreamRef) { slow_fill(d, n, v, steps); }
void fork_reader(const float* d, float* a, float* b, int n, qd::StreamRef) { fork_reader(d, a, b, n); }
void join_writer(float* p, float* c, int n, float v, int steps, qd::StreamRef) { join_writer(p, c, n, v, steps); }
void accumulate(float* acc, int n, float a, float b, qd::StreamRef) { accumulate(acc, n, a, b); }
#endif

using qd_driver::Mirrored;
using qd_driver::print_summary;

static void fork_section(bool quick)
{
    const int n = 256, rounds = quick ? 3 : 20, steps = quick ? 100 : 100000;
    qd::Stream stream;
    Mirrored<float> data(n);
    Mirrored<float> copy_a(static_cast<std::size_t>(n) * rounds), copy_b(copy_a.host.size());
    for (int r = 0; r < rounds; ++r) {
        slow_fill(data.device(), n, static_cast<float>(r + 1), steps, stream);
        fork_reader(data.device(), copy_a.device() + r * n, copy_b.device() + r * n, n, stream);
    }
    stream.synchronize();
    print_summary("fork.copy_a", copy_a);
    print_summary("fork.copy_b", copy_b);
}

static void join_section(bool quick)
{
    const int n = 64, rounds = quick ? 5 : 200, steps = quick ? 10 : 2000;
    qd::Stream stream;
    Mirrored<float> parts(4 * n), combined(static_cast<std::size_t>(n) * rounds);
    for (int r = 0; r < rounds; ++r)
        join_writer(parts.device(), combined.device() + r * n, n, static_cast<float>(r), steps,
                    stream);
    stream.synchronize();
    print_summary("join.combined", combined);
}

static void two_streams_section(bool quick)
{
    const int n = 128, rounds = quick ? 3 : 50, steps = quick ? 10 : 5000;
    qd::Stream s1, s2;
    Mirrored<float> parts1(4 * n), parts2(4 * n);
    Mirrored<float> out1(static_cast<std::size_t>(n) * rounds), out2(out1.host.size());
    for (int r = 0; r < rounds; ++r) {
        join_writer(parts1.device(), out1.device() + r * n, n, r + 0.5f, steps, s1);
        join_writer(parts2.device(), out2.device() + r * n, n, -(r + 0.25f), steps, s2);
    }
    s1.synchronize();
    s2.synchronize();
    print_summary("streams.first", out1);
    print_summary("streams.second", out2);
}

static void threads_section(bool quick)
{
    const int threads = 8, n = 1000, calls = quick ? 5 : 300;
    std::vector<Mirrored<float>> acc;
    for (int t = 0; t < threads; ++t)
        acc.emplace_back(3 * n);
    qd::synchronize(); // the uploads ran on the default stream
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&acc, t, calls] {
            qd::Stream own;
            for (int c = 0; c < calls; ++c)
                accumulate(acc[t].device(), n, t + 1.0f, 0.5f * t, own);
            own.synchronize();
        });
    for (std::thread& w : workers)
        w.join();
    for (int t = 0; t < threads; ++t) {
        const std::string name = "threads.t" + std::to_string(t);
        print_summary(name.c_str(), acc[t]);
    }
}

static void pool_section(bool quick)
{
    const int n = 100, calls = quick ? 10 : 3000;
    Mirrored<float> x(4 * n);
    const qd::PoolStats before = qd::stream_pool_stats();
    for (int c = 0; c < calls; ++c)
        touch_four(x.device(), n);
    const qd::PoolStats after = qd::stream_pool_stats();
    print_summary("pool.x", x);
    if (qd_suite::serial_reference())
        return;
    // The most blocks ever held at once: 8 threads with 2 blocks each.
    qd_suite::check("pool.bounded", after.high_water <= 16 && after.created <= 16,
                    "created %zu, high water %zu (limit 16)", after.created, after.high_water);
    qd_suite::check("pool.no_growth", after.created == before.created,
                    "created %zu before %d calls, %zu after", before.created, calls, after.created);
    if (qd_suite::graph_mode()) {
        qd_suite::skip("pool.reused", "graph mode: calls take no pooled streams");
        return;
    }
    qd_suite::check("pool.reused", after.reused - before.reused == 4u * calls,
                    "%zu of %d acquisitions reused", after.reused - before.reused, 4 * calls);
}

static void no_block_section(bool quick)
{
    const int steps = quick ? 100 : 4000000;
    Mirrored<float> out(128);
    // A first, short call: the first launch of each kernel loads its module
    // (CUDA's lazy loading), which may wait for kernels already running and so
    // serialize the blocks of that first call; in graph mode the first call
    // also builds and instantiates the graph. The call measured below is a
    // later one, as in a program's steady state.
    long_blocks(out.device(), 1);
    qd::synchronize();
    const double start = qd_suite::now_ms();
    long_blocks(out.device(), steps);
    const double returned = qd_suite::now_ms();
    qd::synchronize();
    const double finished = qd_suite::now_ms();
    print_summary("no_block.out", out);
    if (!qd_suite::timing_checks())
        return;
    // Each block runs for about 3.5 ms on an H100 or H200, all four at once.
    const double call = returned - start, total = finished - start;
    qd_suite::check("no_block.returns_early", total > 2.0 && call < 0.1 * total,
                    "call returned after %.3f ms, work finished after %.3f ms", call, total);
}

int main()
{
    const bool quick = qd_suite::quick();
    fork_section(quick);
    join_section(quick);
    two_streams_section(quick);
    threads_section(quick);
    pool_section(quick);
    no_block_section(quick);
    return 0;
}
