// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// reduction_semantics.cpp -- the GPU suite's checks of `#pragma qd loop
// reduction(op: var)` (SPEC 1), against values computed on the host.
//
// Annotated C++ like the other suite programs: the serial build (g++, pragmas
// ignored) is the reference for the `name value` lines, and `check` lines
// (suite_checks.h) compare each result with the host's.
//
//   dyadic     float sums of multiples of 1/8 small enough that every partial
//              sum, in any order, is exact: the result equals the exact sum
//              bit for bit; also from a non-zero initializer, and an int sum;
//   repeat     a float sum of 10^7 pseudo-random floats of mixed magnitude,
//              20 calls on one stream: all bitwise identical, and within a
//              relative 1e-4 of a double host sum;
//   blocks     min, max, && and || reductions inside stream_parallel blocks,
//              each block with its own variables, stored by serial tasks;
//   empty      loops of no iteration: the results are the initializers;
//   threads    two host threads calling one reducing kernel on their own
//              qd::Stream, with different inputs, many times: every result is
//              right (a call's scratch is its own);
//   later      a sum read by a later parallel loop and by the blocks of a
//              later region (one of them reduces again with it);
//   grid       collapse(2) with reduction(+) over grids of odd sizes.
//
// QD_SUITE_QUICK=1 (compute-sanitizer runs) shortens the repeat and threads
// sections.

#include <qd/qd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "driver_support.h"
#include "suite_checks.h"

#pragma qd kernel
void dyadic_sums(const float* a, const int* k, int n, float start, int istart, float* fout,
                 int* iout)
{
    float total = 0.0f;
    float shifted = start;
    int count = istart;
    #pragma qd loop reduction(+: total, shifted, count)
    for (int i = 0; i < n; ++i) {
        total += a[i];
        shifted += a[i];
        count += k[i];
    }
    fout[0] = total;
    fout[1] = shifted;
    iout[0] = count;
}

// offset + the sum of scale * a[i], stored to out[0].
#pragma qd kernel
void scaled_sum(const float* a, int n, float scale, float offset, float* out)
{
    float total = offset;
    #pragma qd loop reduction(+: total)
    for (int i = 0; i < n; ++i)
        total += scale * a[i];
    out[0] = total;
}

#pragma qd kernel
void block_reductions(const float* a, const int* k, int n, float* fout, int* flags, int* iout)
{
    #pragma qd stream_parallel
    {
        float lo = 1e30f;
        float hi = -1e30f;
        #pragma qd loop reduction(min: lo) reduction(max: hi)
        for (int i = 0; i < n; ++i) {
            lo = std::min(lo, a[i]);
            hi = qd::max(hi, a[i]);
        }
        fout[0] = lo;
        fout[1] = hi;
    }
    #pragma qd stream_parallel
    {
        bool all_positive = true;
        bool any_large = false;
        #pragma qd loop reduction(&&: all_positive) reduction(||: any_large)
        for (int i = 0; i < n; ++i) {
            all_positive = all_positive && a[i] > 0.0f;
            any_large = any_large || a[i] > 100.0f;
        }
        flags[0] = all_positive ? 1 : 0;
        flags[1] = any_large ? 1 : 0;
    }
    #pragma qd stream_parallel
    {
        int lowest = 1 << 30;
        int highest = -(1 << 30);
        #pragma qd loop reduction(min: lowest) reduction(max: highest)
        for (int i = 0; i < n; ++i) {
            lowest = qd::min(lowest, k[i]);
            highest = std::max(highest, k[i]);
        }
        iout[0] = lowest;
        iout[1] = highest;
    }
}

// Loops of end - begin iterations, none when end <= begin.
#pragma qd kernel
void empty_reductions(const float* a, int begin, int end, float* fout, int* iout)
{
    float total = 2.5f;
    float lo = -7.25f;
    bool all_positive = false;
    int lowest = 7;
    #pragma qd loop reduction(+: total) reduction(min: lo, lowest) reduction(&&: all_positive)
    for (int i = begin; i < end; ++i) {
        total += a[i];
        lo = std::min(lo, a[i]);
        lowest = std::min(lowest, i);
        all_positive = all_positive && a[i] > 0.0f;
    }
    fout[0] = total;
    fout[1] = lo;
    iout[0] = all_positive ? 1 : 0;
    iout[1] = lowest;
}

#pragma qd kernel
void normalize(const float* a, int n, float* scaled, float* centered, float* out)
{
    float total = 0.0f;
    #pragma qd loop reduction(+: total)
    for (int i = 0; i < n; ++i)
        total += a[i];
    for (int i = 0; i < n; ++i)
        scaled[i] = a[i] / total;
    #pragma qd stream_parallel
    {
        for (int i = 0; i < n; ++i)
            centered[i] = a[i] - total / float(n);
    }
    #pragma qd stream_parallel
    {
        float spread = 0.0f;
        #pragma qd loop reduction(+: spread)
        for (int i = 0; i < n; ++i)
            spread += (a[i] - total / float(n)) * (a[i] - total / float(n));
        out[1] = spread;
    }
    out[0] = total;
}

#pragma qd kernel
void grid_sum(const float* g, int h, int w, float* fout, long long* lout)
{
    float total = 0.0f;
    long long cells = 0;
    long long keys = 0;
    #pragma qd loop collapse(2) reduction(+: total, cells, keys)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            total += g[y * w + x];
            cells += 1;
            keys += static_cast<long long>(y) * 4096 + x;
        }
    fout[0] = total;
    lout[0] = cells;
    lout[1] = keys;
}

#ifdef QD_STREAM_SHIMS
// Stand-ins for the stream entry points that only translations have (see
// stream_semantics.cpp and docs/testing.md).
void scaled_sum(const float* a, int n, float s, float o, float* out, qd::StreamRef) { scaled_sum(a, n, s, o, out); }
#endif

using qd_driver::Mirrored;
using qd_driver::print_summary;
using qd_suite::check;

namespace {

std::uint32_t mix(std::uint64_t i, std::uint32_t seed)
{
    std::uint32_t h = static_cast<std::uint32_t>(i) * 2654435761u ^ seed;
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    return h;
}

// A multiple of 1/8 in [-2, 2]. A sum of n of them, and any partial sum in
// any order, is at most 2n in magnitude: exact in float while 2n < 2^21.
float dyadic(std::size_t i, std::uint32_t seed)
{
    return static_cast<float>(static_cast<int>(mix(i, seed) % 33u) - 16) / 8.0f;
}

bool same_bits(float x, float y) { return std::memcmp(&x, &y, sizeof x) == 0; }

double relative(double x, double reference)
{
    return std::fabs(x - reference) / std::max(std::fabs(reference), 1e-30);
}

void dyadic_section()
{
    const int n = 1000003; // 2n < 2^21; odd, so the last block is partial
    const float start = 1000.375f;
    const int istart = -12345;
    Mirrored<float> a(n, [](std::size_t i) { return dyadic(i, 1u); });
    Mirrored<int> k(n, [](std::size_t i) { return static_cast<int>(mix(i, 2u) % 2001u) - 1000; });
    Mirrored<float> fout(2);
    Mirrored<int> iout(1);
    dyadic_sums(a.device(), k.device(), n, start, istart, fout.device(), iout.device());
    fout.download();
    iout.download();

    double exact = 0;
    long long icount = istart;
    for (int i = 0; i < n; ++i) {
        exact += a.host[i];
        icount += k.host[i];
    }
    const float want = static_cast<float>(exact), want_shifted = static_cast<float>(exact + start);
    std::printf("dyadic.total %.9g\ndyadic.shifted %.9g\ndyadic.count %d\n", fout.host[0],
                fout.host[1], iout.host[0]);
    check("dyadic.float_exact", same_bits(fout.host[0], want), "got %.9g, exact %.9g",
          fout.host[0], want);
    check("dyadic.initializer_exact", same_bits(fout.host[1], want_shifted),
          "got %.9g, exact %.9g (initializer %.9g)", fout.host[1], want_shifted, start);
    check("dyadic.int_exact", iout.host[0] == icount, "got %d, exact %lld (initializer %d)",
          iout.host[0], icount, istart);
}

void repeat_section(bool quick)
{
    const int n = quick ? 1000000 : 10000000, calls = quick ? 3 : 20;
    // Mixed magnitude: mantissas in [1, 2) times 2^-20 .. 2^4, a quarter negative.
    Mirrored<float> a(n, [](std::size_t i) {
        const std::uint32_t h = mix(i, 3u);
        const float m = 1.0f + static_cast<float>(h >> 9) / 8388608.0f;
        const float x = std::ldexp(m, static_cast<int>(h % 25u) - 20);
        return (h >> 5) % 4u == 0 ? -x : x;
    });
    Mirrored<float> out(calls);
    qd::synchronize(); // the upload ran on the default stream
    qd::Stream stream;
    for (int c = 0; c < calls; ++c)
        scaled_sum(a.device(), n, 1.0f, 0.0f, out.device() + c, stream);
    stream.synchronize();
    out.download();

    double host = 0;
    for (float x : a.host)
        host += x;
    int differ = 0;
    for (int c = 1; c < calls; ++c)
        differ += same_bits(out.host[c], out.host[0]) ? 0 : 1;
    std::printf("repeat.host_sum %.9g\n", host);
    check("repeat.bitwise_identical", differ == 0, "%d of %d calls differ from the first (%.9g)",
          differ, calls, out.host[0]);
    // The serial build adds in index order, in float: its rounding error is
    // no part of what is promised here.
    if (qd_suite::serial_reference())
        qd_suite::skip("repeat.accuracy", "the serial build sums in index order");
    else
        check("repeat.accuracy", relative(out.host[0], host) <= 1e-4,
              "got %.9g, double host sum %.12g, relative difference %.2e (limit 1e-4)",
              out.host[0], host, relative(out.host[0], host));
}

void blocks_section()
{
    constexpr int n = 300001;
    for (int variant = 0; variant < 2; ++variant) {
        // Variant 0: all positive, none large. Variant 1: one value <= 0 at
        // the last index, one large value in the middle.
        Mirrored<float> a(n, [variant](std::size_t i) {
            float x = 0.5f + static_cast<float>(mix(i, 4u) % 1000000u) / 16384.0f;
            if (variant == 1 && i == static_cast<std::size_t>(n - 1))
                x = -0.0f;
            if (variant == 1 && i == static_cast<std::size_t>(n / 2 + 17))
                x = 1000.5f;
            return x;
        });
        Mirrored<int> k(n, [variant](std::size_t i) {
            return static_cast<int>(mix(i, 5u + variant) % 2000001u) - 1000000;
        });
        Mirrored<float> fout(2);
        Mirrored<int> flags(2), iout(2);
        block_reductions(a.device(), k.device(), n, fout.device(), flags.device(), iout.device());
        fout.download();
        flags.download();
        iout.download();

        float lo = 1e30f, hi = -1e30f;
        bool all_positive = true, any_large = false;
        int lowest = 1 << 30, highest = -(1 << 30);
        for (int i = 0; i < n; ++i) {
            lo = std::min(lo, a.host[i]);
            hi = std::max(hi, a.host[i]);
            all_positive = all_positive && a.host[i] > 0.0f;
            any_large = any_large || a.host[i] > 100.0f;
            lowest = std::min(lowest, k.host[i]);
            highest = std::max(highest, k.host[i]);
        }
        const std::string p = "blocks.v" + std::to_string(variant);
        std::printf("%s.min %.9g\n%s.max %.9g\n%s.and %d\n%s.or %d\n%s.imin %d\n%s.imax %d\n",
                    p.c_str(), fout.host[0], p.c_str(), fout.host[1], p.c_str(), flags.host[0],
                    p.c_str(), flags.host[1], p.c_str(), iout.host[0], p.c_str(), iout.host[1]);
        check((p + ".min_max").c_str(), same_bits(fout.host[0], lo) && same_bits(fout.host[1], hi),
              "got min %.9g max %.9g, host %.9g %.9g", fout.host[0], fout.host[1], lo, hi);
        check((p + ".and_or").c_str(),
              flags.host[0] == (all_positive ? 1 : 0) && flags.host[1] == (any_large ? 1 : 0),
              "got && %d || %d, host %d %d", flags.host[0], flags.host[1], all_positive ? 1 : 0,
              any_large ? 1 : 0);
        check((p + ".int_min_max").c_str(), iout.host[0] == lowest && iout.host[1] == highest,
              "got min %d max %d, host %d %d", iout.host[0], iout.host[1], lowest, highest);
    }
}

void empty_section()
{
    Mirrored<float> a(16, [](std::size_t i) { return 1.0f + static_cast<float>(i); });
    const int ranges[2][2] = {{5, 5}, {10, 3}};
    for (const auto& r : ranges) {
        Mirrored<float> fout(2);
        Mirrored<int> iout(2);
        empty_reductions(a.device(), r[0], r[1], fout.device(), iout.device());
        fout.download();
        iout.download();
        const std::string p = "empty." + std::to_string(r[0]) + "_" + std::to_string(r[1]);
        std::printf("%s.sum %.9g\n%s.min %.9g\n%s.and %d\n%s.imin %d\n", p.c_str(), fout.host[0],
                    p.c_str(), fout.host[1], p.c_str(), iout.host[0], p.c_str(), iout.host[1]);
        check((p + ".initializers").c_str(),
              same_bits(fout.host[0], 2.5f) && same_bits(fout.host[1], -7.25f) &&
                  iout.host[0] == 0 && iout.host[1] == 7,
              "got + %.9g, min %.9g, && %d, int min %d; initializers 2.5, -7.25, 0, 7",
              fout.host[0], fout.host[1], iout.host[0], iout.host[1]);
    }
}

void threads_section(bool quick)
{
    const int threads = 2, n = 1 << 18, calls = quick ? 10 : 200;
    const float scales[4] = {1.0f, -1.0f, 2.0f, 0.5f};
    std::vector<Mirrored<float>> input, out;
    for (int t = 0; t < threads; ++t) {
        input.emplace_back(n, [t](std::size_t i) { return dyadic(i, 10u + t); });
        out.emplace_back(calls);
    }
    qd::synchronize(); // the uploads ran on the default stream
    auto offset = [](int t, int c) { return static_cast<float>(1000 * t + c); };
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&, t] {
            qd::Stream own;
            for (int c = 0; c < calls; ++c)
                scaled_sum(input[t].device(), n, scales[c % 4], offset(t, c),
                           out[t].device() + c, own);
            own.synchronize();
        });
    for (std::thread& w : workers)
        w.join();
    for (int t = 0; t < threads; ++t) {
        // Every partial sum is exact (2n < 2^21 before scaling), so each
        // result is the exact value.
        double sum = 0;
        for (float x : input[t].host)
            sum += x;
        out[t].download();
        int wrong = 0, first_wrong = -1;
        for (int c = 0; c < calls; ++c) {
            const float want = static_cast<float>(scales[c % 4] * sum + offset(t, c));
            if (!same_bits(out[t].host[c], want)) {
                ++wrong;
                if (first_wrong < 0)
                    first_wrong = c;
            }
        }
        const std::string p = "threads.t" + std::to_string(t);
        print_summary(p.c_str(), out[t].host);
        check((p + ".all_exact").c_str(), wrong == 0, "%d of %d calls wrong (first wrong: %d)",
              wrong, calls, first_wrong);
    }
}

void later_section()
{
    const int n = 200003;
    Mirrored<float> a(n, [](std::size_t i) { return 0.125f + std::fabs(dyadic(i, 20u)); });
    Mirrored<float> scaled(n), centered(n), out(2);
    normalize(a.device(), n, scaled.device(), centered.device(), out.device());
    scaled.download();
    centered.download();
    out.download();

    double exact = 0;
    for (float x : a.host)
        exact += x;
    const float total = static_cast<float>(exact); // exact: every partial sum is
    const float mean = total / static_cast<float>(n);
    double spread = 0;
    int scaled_wrong = 0, centered_wrong = 0;
    for (int i = 0; i < n; ++i) {
        const float s = a.host[i] / total, c = a.host[i] - mean;
        scaled_wrong += relative(scaled.host[i], s) <= 1e-6 ? 0 : 1;
        centered_wrong += std::fabs(centered.host[i] - c) <= 1e-6 * std::max(1.0f, std::fabs(c)) ? 0 : 1;
        spread += static_cast<double>(c) * c;
    }
    print_summary("later.scaled", scaled.host);
    print_summary("later.centered", centered.host);
    // The spread is no `name value` line: the serial build's float sum in
    // index order is further from the exact value than the GPU's.
    std::printf("later.total %.9g\n", out.host[0]);
    check("later.total", same_bits(out.host[0], total), "got %.9g, exact %.9g", out.host[0], total);
    check("later.parallel_loop", scaled_wrong == 0, "%d of %d elements of a[i] / total wrong",
          scaled_wrong, n);
    check("later.region_loop", centered_wrong == 0,
          "%d of %d elements of a[i] - total / n wrong", centered_wrong, n);
    if (qd_suite::serial_reference())
        qd_suite::skip("later.region_reduction", "the serial build sums in index order");
    else
        check("later.region_reduction", relative(out.host[1], spread) <= 1e-4,
              "got %.9g, double host %.9g, relative difference %.2e (limit 1e-4)", out.host[1],
              spread, relative(out.host[1], spread));
}

void grid_section()
{
    const int shapes[3][2] = {{1001, 999}, {3, 5}, {1, 777}};
    for (const auto& s : shapes) {
        const int h = s[0], w = s[1]; // h * w < 2^20: every partial sum exact
        Mirrored<float> g(static_cast<std::size_t>(h) * w,
                          [](std::size_t i) { return dyadic(i, 30u); });
        Mirrored<float> fout(1);
        Mirrored<long long> lout(2);
        grid_sum(g.device(), h, w, fout.device(), lout.device());
        fout.download();
        lout.download();

        double exact = 0;
        long long keys = 0;
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                exact += g.host[static_cast<std::size_t>(y) * w + x];
                keys += static_cast<long long>(y) * 4096 + x;
            }
        const float want = static_cast<float>(exact);
        const std::string p = "grid." + std::to_string(h) + "x" + std::to_string(w);
        std::printf("%s.total %.9g\n%s.cells %lld\n%s.keys %lld\n", p.c_str(), fout.host[0],
                    p.c_str(), lout.host[0], p.c_str(), lout.host[1]);
        check((p + ".exact").c_str(),
              same_bits(fout.host[0], want) && lout.host[0] == static_cast<long long>(h) * w &&
                  lout.host[1] == keys,
              "got total %.9g, cells %lld, keys %lld; exact %.9g, %lld, %lld", fout.host[0],
              lout.host[0], lout.host[1], want, static_cast<long long>(h) * w, keys);
    }
}

} // namespace

int main()
{
    const bool quick = qd_suite::quick();
    dyadic_section();
    repeat_section(quick);
    blocks_section();
    empty_section();
    threads_section(quick);
    later_section();
    grid_section();
    return 0;
}
