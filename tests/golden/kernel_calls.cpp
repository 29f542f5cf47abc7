// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Kernels calling kernels: a time step written as one function per stage,
// as serial solvers are. Each call, a whole statement of a kernel or block,
// enqueues the callee's work on the current stream with the callee's own
// clauses; in a graph-mode caller, the callee's launches join its graph.
#include <algorithm>

#pragma qd kernel
void set_halo(float* u, int n)
{
    u[0] = u[n - 2];
    u[n - 1] = u[1];
}

#pragma qd kernel block_dim(128)
template <class T>
void axpy(T* y, const T* x, T a, int n)
{
    for (int i = 0; i < n; ++i)
        y[i] += a * x[i];
}

// A callee with a region of its own (kernel_calls_reduction.cpp has a
// callee with a reduction).
#pragma qd kernel
void norms(const float* u, float* out, float* middle, int n)
{
    #pragma qd stream_parallel
    out[0] = std::max(u[0], u[n - 1]);
    #pragma qd stream_parallel
    for (int i = 0; i < 1; ++i)
        middle[i] = u[n / 2];
}

#pragma qd kernel
void step(float* u, float* v, float* w, float* out, int n, float dt)
{
    set_halo(u, n);
    axpy(v, u, dt, n);
    axpy<float>(u, v, -0.5f * dt, n);
    #pragma qd stream_parallel
    {
        set_halo(v, n);
        norms(v, out, out + 1, n);
    }
    #pragma qd stream_parallel
    axpy(w, u, 1.0f, n);
}

#pragma qd kernel graph
void run(float* u, float* v, float* w, float* out, int n, int steps)
{
    #pragma qd loop seq
    for (int s = 0; s < steps; ++s) {
        step(u, v, w, out + 2 * s, n, 0.1f * (s + 1));
        if (s % 2 == 1)
            norms(w, out + 2 * s, out + 2 * s + 1, n);
    }
}
