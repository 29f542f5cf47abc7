// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// concurrency_proof.cpp -- proof that the blocks of a region overlap.
//
// spin4_parallel has four stream_parallel blocks, each one parallel loop of a
// single iteration that spins for a long, fixed time. spin4_serial is the
// same kernel with the pragmas removed: four launches in a row on one stream.
// On a GPU the first must run at least 3x faster (the ideal is 4x; a
// hand-written fork/join reaches about 3.9x on an H200). This is the one
// timing assertion of the test suite; bench/ measures the rest.
//
// The GPU suite also builds the translation with -DQD_PROFILE_RANGES
// (cuda.concurrency_proof_ranges): with NVTX ranges around the kernel call,
// the region and each block, the blocks must overlap just as much
// (docs/profiling.md).

#include <qd/qd.h>
#include <qd/detail/profiling.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "driver_support.h"
#include "suite_checks.h"

// `steps` dependent integer steps: exact on every build, impossible to skip.
inline unsigned spin(unsigned seed, int steps)
{
    unsigned x = seed;
    for (int s = 0; s < steps; ++s)
        x = x * 1664525u + 1013904223u;
    return x;
}

#pragma qd kernel
void spin4_parallel(unsigned* out, int steps)
{
    #pragma qd stream_parallel
    for (int i = 0; i < 1; ++i)
        out[0] = spin(1u, steps);
    #pragma qd stream_parallel
    for (int i = 0; i < 1; ++i)
        out[1] = spin(2u, steps);
    #pragma qd stream_parallel
    for (int i = 0; i < 1; ++i)
        out[2] = spin(3u, steps);
    #pragma qd stream_parallel
    for (int i = 0; i < 1; ++i)
        out[3] = spin(4u, steps);
}

#pragma qd kernel
void spin4_serial(unsigned* out, int steps)
{
    for (int i = 0; i < 1; ++i)
        out[4] = spin(1u, steps);
    for (int i = 0; i < 1; ++i)
        out[5] = spin(2u, steps);
    for (int i = 0; i < 1; ++i)
        out[6] = spin(3u, steps);
    for (int i = 0; i < 1; ++i)
        out[7] = spin(4u, steps);
}

// Host milliseconds from the call to the end of its work. (A translation
// overloads each kernel with a stream entry point; the pointer type picks the
// kernel's own signature.)
static double timed(void (*kernel)(unsigned*, int), unsigned* out, int steps)
{
    qd::synchronize();
    const double start = qd_suite::now_ms();
    kernel(out, steps);
    qd::synchronize();
    return qd_suite::now_ms() - start;
}

int main()
{
    const int steps = qd_suite::quick() ? 1000 : 5000000, reps = qd_suite::quick() ? 1 : 5;
    qd_driver::Mirrored<unsigned> out(8);
    timed(spin4_parallel, out.device(), steps); // warm-up: module load, pool creation
    timed(spin4_serial, out.device(), steps);
    std::vector<double> parallel, serial;
    for (int r = 0; r < reps; ++r) {
        parallel.push_back(timed(spin4_parallel, out.device(), steps));
        serial.push_back(timed(spin4_serial, out.device(), steps));
    }
    out.download();
    for (int k = 0; k < 8; ++k)
        std::printf("spin.out%d %u\n", k, out.host[k]);
#if defined(QD_PROFILE_RANGES)
    qd_suite::check("profiling.ranges_compiled_in", std::strcmp(qd::detail::kProfileRanges, "none") != 0,
                    "QD_PROFILE_RANGES: ranges go to %s", qd::detail::kProfileRanges);
#endif
    if (!qd_suite::timing_checks())
        return 0;
    const double p = qd_suite::median(parallel), s = qd_suite::median(serial);
    qd_suite::check("concurrency.speedup_at_least_3x", s >= 3.0 * p,
                    "4 blocks %.3f ms, without pragmas %.3f ms: %.2fx (median of %d)", p, s,
                    s / p, reps);
    return 0;
}
