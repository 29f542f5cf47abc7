// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// In a reducing loop, the body may only combine into the variable: every
// thread has a private partial copy until the loop ends.
#include <algorithm>

#pragma qd kernel
void stats(const float* a, int n, float* out)
{
    float total = 0.0f;
    #pragma qd loop reduction(+: total)
    for (int i = 0; i < n; ++i) {
        out[i] = total; // expected-error {{'total' is a reduction variable of this loop ('reduction(+: total)'), so its body may only combine values into it, as in 'total += e'; this use reads it, which would see a partial value of one thread; compute into a local, then combine the local}}
        total += a[i];
    }

    float hi = -1e30f;
    #pragma qd loop reduction(max: hi)
    for (int i = 0; i < n; ++i)
        hi = a[i]; // expected-error {{'hi' is a reduction variable of this loop ('reduction(max: hi)'), so its body may only combine values into it, as in 'hi = std::max(hi, e)'; this use writes it, which the combine would lose; compute into a local, then combine the local}}

    float lo = 1e30f;
    #pragma qd loop reduction(min: lo)
    for (int i = 0; i < n; ++i)
        lo = std::max(lo, a[i]); // expected-error {{'lo' is a reduction variable of this loop ('reduction(min: lo)'), so its body may only combine values into it, as in 'lo = std::min(lo, e)'; this use combines it with 'max' instead; compute into a local, then combine the local}}

    float twice = 0.0f;
    #pragma qd loop reduction(+: twice)
    for (int i = 0; i < n; ++i)
        twice += twice * a[i]; // expected-error {{'twice' is a reduction variable of this loop ('reduction(+: twice)'), so its body may only combine values into it, as in 'twice += e'; this use reads it}}

    int count = 0;
    #pragma qd loop reduction(+: count)
    for (int i = 0; i < n; ++i)
        out[i] = static_cast<float>(count++); // expected-error {{'count' is a reduction variable of this loop ('reduction(+: count)'), so its body may only combine values into it, as in 'count += e'; this use writes it}}

    // Keeping the larger or smaller value with 'if' or '?:' combines only in
    // the direction of the operator, and only with the value compared.
    float top = -1e30f;
    #pragma qd loop reduction(max: top)
    for (int i = 0; i < n; ++i)
        if (a[i] < top) // expected-error {{'top' is a reduction variable of this loop ('reduction(max: top)'), so its body may only combine values into it, as in 'top = std::max(top, e)'; this use combines it with 'min' instead}}
            top = a[i];
    float peak = -1e30f;
    #pragma qd loop reduction(max: peak)
    for (int i = 0; i < n; ++i)
        if (a[i] > peak) // expected-error {{'peak' is a reduction variable of this loop ('reduction(max: peak)'), so its body may only combine values into it, as in 'peak = std::max(peak, e)'; this use reads it, which would see a partial value of one thread}}
            peak = 2.0f * a[i];
    float floor = 1e30f;
    #pragma qd loop reduction(min: floor)
    for (int i = 0; i < n; ++i)
        floor = a[i] < floor ? floor : a[i]; // expected-error {{'floor' is a reduction variable of this loop ('reduction(min: floor)'), so its body may only combine values into it, as in 'floor = std::min(floor, e)'; this use combines it with 'max' instead}}
}

// A lambda written before the vector loop changes the variable it captured,
// not each thread's private copy, which is what the loop combines (issue
// 42); in a template kernel too, where the call is unresolved.
#pragma qd kernel
template <class T>
void row_totals(const T* a, int rows, int cols, T* out)
{
    for (int r = 0; r < rows; ++r) {
        T acc = T(0);
        auto add = [&](T v) { acc += v; }; // expected-error {{'acc' is a reduction variable of this loop ('reduction(+: acc)'), so its body may only combine values into it, as in 'acc += e'; this use writes it, which the combine would lose}}
        #pragma qd loop vector reduction(+: acc)
        for (int c = 0; c < cols; ++c)
            add(a[r * cols + c]);
        out[r] = acc;
    }
}
