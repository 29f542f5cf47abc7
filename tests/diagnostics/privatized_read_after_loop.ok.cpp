// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <algorithm>
#include <cstdio>
// Use the end bound itself, or assign the variable again before reading it.
#pragma qd kernel
void tail(float* a, int* out, int n)
{
    int i;
    float last;
    for (i = 0; i < n; i++) {
        last = a[i];
        a[i] = last * 2.0f;
    }
    out[0] = n;
    last = 1.0f;
    for (int k = 0; k < n; ++k)
        a[k] += last;
    i = n;
    if (i > 1)
        a[0] = 0.0f;
    #pragma qd update host(a[0:i])
}

// The value the condition tests is a reduction's result, which lives on the
// device through the loop.
#pragma qd kernel
void settle(float* a, int n, float tol, int* steps)
{
    float gap;
    float first;
    int k = 0;
    #pragma qd loop seq
    do {
        for (int i = 0; i < n; ++i)
            a[i] = 0.5f * a[i];
        first = -1e30f;
        #pragma qd loop reduction(max: first)
        for (int i = 0; i < 1; ++i)
            first = std::max(first, a[i]);
        gap = first - tol;
        ++k;
    } while (gap > 0.0f && k < 100);
    steps[0] = k;
}

// Assigned at the top of the body, the host values are there in every trip.
#pragma qd kernel
void trips(float* a, int* out, int n, int steps)
{
    int i;
    float last;
    #pragma qd loop seq
    for (int s = 0; s < steps; ++s) {
        i = s;
        last = 0.0f;
        out[s] = i;
        if (last > 1.0f)
            a[0] = 0.0f;
        for (i = 0; i < n; i++) {
            last = a[i];
            a[i] = last * 2.0f;
        }
    }
}

// '#pragma qd host' code that assigns the local before it reads it gives it
// a value again, as the serial program does; a host 'if' whose one branch
// makes a local private leaves the other branch its value.
#pragma qd kernel
void report(float* a, int n, int verbose)
{
    int ll;
    float last;
    for (ll = 0; ll < n; ll++)
        a[ll] = 1.0f;
    #pragma qd host
    {
        for (ll = 0; ll < 3; ll++)
            std::printf("%d\n", ll);
    }
    a[ll] = 2.0f;
    last = 0.0f;
    if (verbose) {
        for (int i = 0; i < n; ++i) {
            last = a[i];
            a[i] = last + 1.0f;
        }
        #pragma qd host
        {
            for (ll = 0; ll < n; ll++)
                std::printf("%d\n", ll);
        }
    } else {
        #pragma qd host
        {
            std::printf("%f\n", static_cast<double>(last));
            for (ll = 0; ll < 3; ll++)
                std::printf("%d\n", ll);
        }
    }
    #pragma qd host
    {
        last = static_cast<float>(ll);
        std::printf("%f\n", static_cast<double>(last));
    }
}
