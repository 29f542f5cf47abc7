// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A parallel loop in which every iteration writes the same element with a
// value that depends on the iteration. It is usually a time loop written at
// the top level of a kernel without '#pragma qd loop seq', as PolyBench's
// jacobi and fdtd-2d are: every step writes the whole array again, and each
// step needs the one before. The iterations run concurrently, so the result
// is not the serial program's (NVHPC runs such a loop sequentially). The
// writes may be in loops nested in the body, with variables they declare or
// assign ('for (i = 1; ...)'). Writing a value that is the same in every
// iteration ('*found = 1') is fine.
#pragma qd kernel
void jacobi_1d(float* A, float* B, int n, int steps)
{
    for (int t = 0; t < steps; ++t) { // expected-note {{the parallel loop: '#pragma qd loop seq' before it runs its iterations in order}}
        for (int i = 1; i < n - 1; ++i)
            B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0f; // expected-error {{every iteration of this parallel loop writes 'B[i]', the same element, with a value that depends on the iteration, and the iterations run concurrently: the value left is not the serial program's; if this is a time loop, its steps must run in order: mark the loop '#pragma qd loop seq'; to combine a value from every iteration, use a scalar in a 'reduction' clause}}
        for (int i = 1; i < n - 1; ++i)
            A[i] = B[i];
    }
}

#pragma qd kernel
void smooth(float* u, int n, int steps)
{
    int i;
    for (int t = 0; t < steps; ++t) { // expected-note {{the parallel loop}}
        for (i = 0; i < n - 1; ++i)
            u[i] = 0.5f * (u[i] + u[i + 1]); // expected-error {{every iteration of this parallel loop writes 'u[i]', the same element}}
    }
}

#pragma qd kernel
void count(const float* x, int* total, int n)
{
    for (int i = 0; i < n; ++i) // expected-note {{the parallel loop}}
        total[0] += x[i] > 0.0f ? 1 : 0; // expected-error {{every iteration of this parallel loop writes 'total[0]', the same element}}
}
