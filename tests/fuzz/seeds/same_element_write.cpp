// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A parallel loop in which every iteration writes the same element with a
// value that depends on the iteration. It is usually a time-step loop
// written at the top level of a kernel, as PolyBench's jacobi and fdtd-2d
// are: every step writes the whole array again, and each step needs the one
// before. The iterations run concurrently, so the result is not the serial
// program's. Writing a value that is the same in every iteration
// ('*found = 1') is fine.
#pragma qd kernel
void jacobi_1d(float* A, float* B, int n, int steps)
{
    for (int t = 0; t < steps; ++t) {
        for (int i = 1; i < n - 1; ++i)
            B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0f; // expected-warning {{every iteration of this parallel loop writes 'B[i]', the same element, with a value that depends on the iteration; the iterations run concurrently, so the value left is not the serial program's; if this is a time-step loop, its steps must run in order: make it a serial task by putting it in braces, '{ for (...) ... }', or call a kernel once per step}}
        for (int i = 1; i < n - 1; ++i)
            A[i] = B[i];
    }
}

#pragma qd kernel
void count(const float* x, int* total, int n)
{
    for (int i = 0; i < n; ++i)
        total[0] += x[i] > 0.0f ? 1 : 0; // expected-warning {{every iteration of this parallel loop writes 'total[0]', the same element}}
}
