// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// After a parallel loop, its assigned loop variable and the locals it made
// private have no host value: the serial program would read what the last
// iteration left (the end bound, for the loop variable).
#include <cstdio>
#pragma qd kernel
void tail(float* a, int* out, int n)
{
    int i;
    float last;
    for (i = 0; i < n; i++) {
        last = a[i];
        a[i] = last * 2.0f;
    }
    out[0] = i; // expected-error {{'i' has no value here: it was private to each iteration of the parallel loop at line 11, and the serial program would read the value that the last one left; assign 'i' before reading it}}
    for (int k = 0; k < n; ++k)
        a[k] += last; // expected-error {{'last' has no value here: it was private to each iteration of the parallel loop at line 11}}
    if (i > 1) // expected-error {{'i' has no value here}}
        a[0] = 0.0f;
    #pragma qd update host(a[0:i]) // expected-error {{'i' has no value here: it was private to each iteration of the parallel loop at line 11}}
}

// A host loop tests its condition again after each trip: a local that the
// body's device code makes private has no value there. (Assigned in a
// statement of its own, 'gap = a[0] - tol;' would make 'gap' a device
// scalar that the condition may read; inside a serial task's braces it is
// the task's.)
#pragma qd kernel
void settle(float* a, int n, float tol, int* steps)
{
    float gap;
    int k = 0;
    #pragma qd loop seq
    do {
        for (int i = 0; i < n; ++i)
            a[i] = 0.5f * a[i];
        {
            gap = a[0] - tol;
        }
        ++k;
    } while (gap > 0.0f && k < 100); // expected-error {{'gap' has no value here: it was private to each run of the serial task at line 37}}
    steps[0] = k;
}

// A 'loop seq' body runs again: what its top reads, the parallel loop at its
// bottom made private in the trip before.
#pragma qd kernel
void trips(float* a, int* out, int n, int steps)
{
    int i;
    float last;
    i = 0;
    last = 0.0f;
    #pragma qd loop seq
    for (int s = 0; s < steps; ++s) { // expected-note {{the next trip of this host loop reads 'i' after line 59 made it private}} expected-note {{the next trip of this host loop reads 'last' after line 59 made it private}}
        out[s] = i; // expected-error {{'i' has no value here: it was private to each iteration of the parallel loop at line 59}}
        if (last > 1.0f) // expected-error {{'last' has no value here: it was private to each iteration of the parallel loop at line 59}}
            a[0] = 0.0f;
        for (i = 0; i < n; i++) {
            last = a[i];
            a[i] = last * 2.0f;
        }
    }
}

// '#pragma qd host' code runs as written: a read of such a local before
// the code assigns it has no value, in either branch of a host 'if'; after
// an 'if' whose one branch makes a local private, it has no value either.
#pragma qd kernel
void report(float* a, int n, int verbose)
{
    int ll;
    float last;
    for (ll = 0; ll < n; ll++)
        a[ll] = 1.0f;
    #pragma qd host
    {
        if (verbose > 1)
            std::printf("%d\n", ll); // expected-error {{'ll' has no value here: it was private to each iteration of the parallel loop at line 74}}
        for (ll = 0; ll < 3; ll++)
            std::printf("%d\n", ll);
    }
    last = 0.0f;
    if (verbose) {
        for (int i = 0; i < n; ++i) {
            last = a[i];
            a[i] = last + 1.0f;
        }
    } else {
        #pragma qd host
        {
            std::printf("%f\n", static_cast<double>(last));
        }
    }
    #pragma qd host
    std::printf("%f\n", static_cast<double>(last)); // expected-error {{'last' has no value here: it was private to each iteration of the parallel loop at line 85}}
}
