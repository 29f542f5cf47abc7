// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// main.cpp -- host side of the concurrent_kernels sample: calls both kernels of work.cpp
// through the generated entry-point header, times them (printed to stderr; on the serial CPU
// build they are about equal) and checks the results.
//
// Checks (exit 1 on failure): every result equals the closed-form LCG jump-ahead value
// computed on the host, the sum and maximum match, and both kernels agree.

#include "lcg.h"
#include "work.qd.h"  // written by qd-translate --header (qd_translate_sources)

#include <qd/qd.h>

#include <chrono>
#include <cstdio>
#include <vector>

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
    d_out.copy_to_host(r.out.data());
    d_sum.copy_to_host(&r.sum);
    d_max.copy_to_host(&r.max);
    qd::synchronize();
    return r;
}

}  // namespace

int main()
{
    const int lanes = 64;        // iterations per block: under-fills the GPU on purpose
    const int steps = 1 << 18;   // sequential LCG steps per iteration
    const int count = kBlocks * lanes;

    qd::Buffer<unsigned> d_out(count);
    qd::Buffer<unsigned long long> d_sum(1);
    qd::Buffer<unsigned> d_max(1);

    // First call also warms up the device (module load, stream pool).
    Result warm = run(concurrent_work, d_out, d_sum, d_max, lanes, steps);
    Result serial = run(serialized_work, d_out, d_sum, d_max, lanes, steps);
    Result conc = run(concurrent_work, d_out, d_sum, d_max, lanes, steps);

    // Independent host computation (closed form, no loop over steps).
    std::vector<unsigned> expected(count);
    unsigned long long expected_sum = 0;
    unsigned expected_max = 0;
    for (int b = 0; b < kBlocks; ++b)
        for (int t = 0; t < lanes; ++t) {
            unsigned v = lcg_jump(lane_seed(b, t), lcg_multiplier(b), lcg_increment(b),
                                  static_cast<unsigned long long>(steps));
            expected[b * lanes + t] = v;
            expected_sum += v;
            expected_max = v > expected_max ? v : expected_max;
        }

    std::printf("%s %.9g\n", "sum", static_cast<double>(conc.sum));
    std::printf("%s %.9g\n", "max", static_cast<double>(conc.max));
    std::printf("%s %.9g\n", "mean", static_cast<double>(conc.sum) / count);
    std::printf("%s %.9g\n", "first", static_cast<double>(conc.out[0]));
    std::printf("%s %.9g\n", "last", static_cast<double>(conc.out[count - 1]));
    std::fprintf(stderr, "serialized (8 launches on one stream): %.3f ms\n", serial.ms);
    std::fprintf(stderr, "concurrent (8 stream_parallel blocks): %.3f ms\n", conc.ms);
    if (conc.ms > 0.0) std::fprintf(stderr, "speedup: %.2fx\n", serial.ms / conc.ms);

    int failures = 0;
    const Result* results[] = {&warm, &serial, &conc};
    const char* names[] = {"concurrent_work (first call)", "serialized_work", "concurrent_work"};
    for (int k = 0; k < 3; ++k) {
        const Result& r = *results[k];
        int bad = 0;
        for (int i = 0; i < count; ++i)
            if (r.out[i] != expected[i]) ++bad;
        if (bad != 0) {
            std::fprintf(stderr, "%s: %d of %d results differ from the closed form\n", names[k],
                         bad, count);
            ++failures;
        }
        if (r.sum != expected_sum) {
            std::fprintf(stderr, "%s: sum %llu, expected %llu\n", names[k], r.sum, expected_sum);
            ++failures;
        }
        if (r.max != expected_max) {
            std::fprintf(stderr, "%s: max %u, expected %u\n", names[k], r.max, expected_max);
            ++failures;
        }
    }
    if (failures != 0) {
        std::fprintf(stderr, "concurrent_kernels: FAILED\n");
        return 1;
    }
    std::fprintf(stderr, "concurrent_kernels: all checks passed\n");
    return 0;
}
