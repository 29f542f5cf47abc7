// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// reduction(op: var): every operator, several variables per loop and per
// kernel, a result read by later loops and serial tasks (in a later region
// too), a second reduction that continues from the first, an empty loop
// (the result is the initializer), reductions inside stream_parallel blocks,
// beside collapse and block_dim, and in a template kernel; max and min
// combined with fmax/fmin (NaN gives way to a number, from a NaN initial
// value too).
#include <qd/qd.h>

#include <algorithm>
#include <cmath>

#pragma qd kernel
void sums(const float* a, const int* flags, int n, float* out, int* counts)
{
    float total = 0.5f;
    double product = 1.0;
    int positive = 0;
    #pragma qd loop reduction(+: total, positive) reduction(*: product)
    for (int i = 0; i < n; ++i) {
        total += a[i];
        product = product * (1.0 + a[i] / 1024.0);
        if (a[i] > 0.0f)
            ++positive;
    }

    unsigned any = 0u;
    unsigned all = ~0u;
    unsigned parity = 0u;
    #pragma qd loop reduction(|: any) reduction(&: all) reduction(^: parity) block_dim(96)
    for (int i = 0; i < n; ++i) {
        any |= unsigned(flags[i]);
        all = all & unsigned(flags[i] | 1);
        parity ^= unsigned(flags[i]);
    }

    // Continues from the first reduction's result.
    #pragma qd loop reduction(+: total)
    for (int i = 0; i < n; i += 1)
        total -= a[i] * 0.25f;

    // Reads the results.
    for (int i = 0; i < n; ++i)
        out[i] = a[i] / total + float(positive);
    out[n] = total;
    out[n + 1] = float(product);
    counts[0] = positive;
    counts[1] = int(any);
    counts[2] = int(all);
    counts[3] = int(parity);
}

#pragma qd kernel
void ranges(const float* a, int n, int empty_end, float* out, int* flags, float* none_out, int* lowest_out)
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
        out[0] = lo;
        out[1] = hi;
    }
    #pragma qd stream_parallel
    {
        bool all_small = true;
        bool any_negative = false;
        #pragma qd loop reduction(&&: all_small) reduction(||: any_negative)
        for (int i = 0; i < n; ++i) {
            all_small = all_small && (a[i] < 0.75f);
            any_negative = any_negative || a[i] < 0.0f;
        }
        flags[0] = all_small ? 1 : 0;
        flags[1] = any_negative ? 1 : 0;
    }
    #pragma qd stream_parallel
    {
        // No iterations: the results are the initializers.
        float none = 42.0f;
        int lowest = 7;
        #pragma qd loop reduction(+: none) reduction(min: lowest)
        for (int i = 0; i < empty_end; ++i) {
            none += a[i];
            lowest = qd::min(lowest, i);
        }
        none_out[0] = none;
        lowest_out[0] = lowest;
    }
}

#pragma qd kernel
void grid_total(const double* grid, int h, int w, double* out)
{
    double total = 0.0;
    long cells = 0;
    #pragma qd loop collapse(2) reduction(+: total, cells) block_dim(64)
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            total += grid[y * w + x];
            cells += 1;
        }
    #pragma qd stream_parallel
    {
        for (int y = 0; y < h; ++y)
            out[y] = total / double(cells);
    }
    out[h] = total;
}

#pragma qd kernel
template <class T>
void largest(const T* a, int n, T floor, T* out)
{
    T best = floor;
    #pragma qd loop reduction(max: best)
    for (int i = 0; i < n; ++i)
        best = std::max(best, a[i]);
    out[0] = best;
}

// The serial meaning of fmax/fmin: the extremes of the numbers, NaNs skipped.
#pragma qd kernel
void nan_aware(const double* a, int n, double start, double* out)
{
    double hi = start, lo = start;
    float hi_f = static_cast<float>(start);
    #pragma qd loop reduction(max: hi, hi_f) reduction(min: lo)
    for (int i = 0; i < n; ++i) {
        hi = std::fmax(hi, a[i]);
        hi_f = fmaxf(static_cast<float>(a[i]), hi_f);
        lo = std::fmin(lo, a[i]);
    }
    out[0] = hi;
    out[1] = lo;
    out[2] = hi_f;
}

template void largest<float>(const float*, int, float, float*);
template void largest<int>(const int*, int, int, int*);
