// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Run the steps in order: mark the time loop '#pragma qd loop seq', or make
// each step a kernel call from the host. Count with a reduction. A write of
// the same value by every iteration needs nothing, and neither does a write
// whose element depends on the iteration.
#pragma qd kernel
void jacobi_step(float* A, float* B, int n)
{
    for (int i = 1; i < n - 1; ++i)
        B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0f;
    for (int i = 1; i < n - 1; ++i)
        A[i] = B[i];
}

void jacobi_1d(float* A, float* B, int n, int steps)
{
    for (int t = 0; t < steps; ++t)
        jacobi_step(A, B, n);
}

#pragma qd kernel
void smooth(float* u, float* v, float* history, int n, int steps)
{
    int i;
    #pragma qd loop seq
    for (int t = 0; t < steps; ++t) {
        for (i = 0; i < n - 1; ++i)
            v[i] = 0.5f * (u[i] + u[i + 1]);
        for (i = 0; i < n - 1; ++i)
            u[i] = v[i];
    }
    for (int t = 0; t < steps; ++t)
        for (i = 0; i < n; ++i)
            history[t * n + i] = u[i] * static_cast<float>(t);
}

#pragma qd kernel
void count(const float* x, int* total, int* found, int n)
{
    int positive = 0;
    #pragma qd loop reduction(+: positive)
    for (int i = 0; i < n; ++i) {
        positive += x[i] > 0.0f ? 1 : 0;
        if (x[i] < 0.0f)
            found[0] = 1;
    }
    for (int i = 0; i < n; ++i)
        found[1] = 1;
    total[0] = positive;
}

// An index that a call computes ('qd::atomic_add' hands out a new ticket in
// every iteration) is not the same element in every iteration.
#include <qd/atomic.h>

#pragma qd kernel
void tickets(int* ticket, int* seen, int n)
{
    for (int i = 0; i < n; ++i) {
        const int mine = qd::atomic_add(ticket, 1);
        seen[mine] += 1;
    }
}
