// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Only combines: compound assignment, 'v = v op e', std::min/std::max,
// 'if (e > v) v = e;' and 'v = v < e ? e : v', increments, inside
// conditions and lambdas too.
#include <algorithm>

#pragma qd kernel
void stats(const float* a, int n, float* out)
{
    float total = 0.0f;
    float hi = -1e30f;
    float lo = 1e30f;
    int count = 0;
    int positive = 0;
    #pragma qd loop reduction(+: total, count, positive) reduction(max: hi) reduction(min: lo)
    for (int i = 0; i < n; ++i) {
        const float v = a[i];
        total = total + v;
        hi = std::max(v, hi);
        lo = std::min(lo, v);
        ++count;
        auto note_positive = [&] { positive += 1; };
        if (v > 0.0f)
            note_positive();
    }
    out[0] = total;
    out[1] = hi;
    out[2] = lo;
    out[3] = static_cast<float>(count + positive);
    // As serial code keeps the larger or smaller value.
    float top = -1e30f, bottom = 1e30f, peak = -1e30f, floor = 1e30f;
    #pragma qd loop reduction(max: top, peak) reduction(min: bottom, floor)
    for (int i = 0; i < n; ++i) {
        if (a[i] > top)
            top = a[i];
        if (bottom > a[i]) {
            bottom = a[i];
        }
        peak = peak < a[i] ? a[i] : peak;
        floor = a[i] >= floor ? floor : a[i];
    }
    out[4] = top + peak - bottom - floor;
}

// '&&' and '||' on an int: 'v = v && e' converts the bool back to int, and
// is still the combine the message suggests (found by tests/generator).
#pragma qd kernel
void flags(const int* b, int* out, int n)
{
    int all = 1, any = 0;
    #pragma qd loop reduction(&&: all) reduction(||: any)
    for (int i = 0; i < n; ++i) {
        all = all && (b[i] > -100);
        any = any || (b[i] == 2);
    }
    out[0] = all;
    out[1] = any;
}

// A lambda written in the vector loop's body combines into the thread's
// private copy (issue 42).
#pragma qd kernel
template <class T>
void row_totals(const T* a, int rows, int cols, T* out)
{
    for (int r = 0; r < rows; ++r) {
        T acc = T(0);
        #pragma qd loop vector reduction(+: acc)
        for (int c = 0; c < cols; ++c) {
            auto add = [&](T v) { acc += v; };
            add(a[r * cols + c]);
        }
        out[r] = acc;
    }
}
