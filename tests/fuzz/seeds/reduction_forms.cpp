// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Fuzz seed: reduction clauses, their combine forms, misuses and the reads
// of a result that follow, so that mutations explore the reduction analysis.
#include <algorithm>
#include <qd/qd.h>

#pragma qd kernel
void forms(const float* a, const int* f, int n, float* out, int* iout)
{
    float s = 0.0f;
    double p = 1.0;
    float lo = 1e30f, hi = -1e30f;
    int c = 0;
    unsigned m = 0u, x = 0u, all = ~0u;
    bool ok = true, any = false;
    #pragma qd loop reduction(+: s, c) reduction(*: p) reduction(min: lo) reduction(max: hi) block_dim(64)
    for (int i = 0; i < n; ++i) {
        s += a[i];
        s -= a[i] * 0.5f;
        s = s + a[i];
        s = a[i] + s;
        p = p * 1.0;
        lo = std::min(lo, a[i]);
        hi = qd::max(a[i], hi);
        if (a[i] > 0.0f) { ++c; c++; c--; --c; c += 1; }
        auto add = [&] { s += 1.0f; };
        add();
    }
    #pragma qd loop reduction(|: m) reduction(^: x) reduction(&: all) reduction(&&: ok) reduction(||: any)
    for (int i = 0; i < n; ++i) {
        m |= unsigned(f[i]);
        x = x ^ unsigned(f[i]);
        all = unsigned(f[i]) & all;
        ok = ok && f[i] >= 0;
        any = f[i] > 3 || any;
    }
    #pragma qd loop reduction(+: s)
    for (int i = 0; i < n; i += 1)
        s += a[i];
    for (int i = 0; i < n; ++i)
        out[i] = a[i] * s + lo - hi + float(p);
    out[0] = s;
    iout[0] = c + int(m) + int(x) + int(all) + (ok ? 1 : 0) + (any ? 2 : 0);
    #pragma qd stream_parallel
    {
        float t = 2.0f;
        #pragma qd loop collapse(2) reduction(max: t)
        for (int y = 0; y < n; ++y)
            for (int z = 0; z < 3; ++z)
                t = std::max(t, a[y] * float(z));
        out[1] = t;
    }
    #pragma qd stream_parallel
    {
        int e = 7;
        #pragma qd loop reduction(min: e)
        for (int i = 0; i < 0; ++i)
            e = qd::min(e, i);
        iout[1] = e;
    }
}

#pragma qd kernel
void misuses(const float* a, int n, float* out)
{
    float s = 0.0f;
    #pragma qd loop reduction(+: s)
    for (int i = 0; i < n; ++i) {
        out[i] = s;
        s = a[i];
        s *= 2.0f;
        out[i] = (s += a[i]);
    }
    float after = s;
    for (int i = 0; i < int(s); ++i)
        out[i] = 0.0f;
    s = 1.0f;
    #pragma qd loop reduction(+: nothing)
    for (int i = 0; i < n; ++i)
        out[i] = after;
}
