// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A 2-D Jacobi solver as a qd kernel, written the way serial code writes it:
// two sweeps per iteration, the second also taking the largest update (a
// max-reduction), until that update is below a tolerance or the iteration
// cap. bench/jacobi_bench.cu compares it with hand-written CUDA: the host
// checking the residual every iteration, and one graph with a conditional
// WHILE node. In stream mode the host reads the residual back before each
// test of the condition; jacobi2d_every10 is the same solver with
// 'check_every(10)', which reads it every 10 iterations and turns the work
// of the iterations past the last off on the GPU; jacobi2d_graph is the
// same solver in graph mode, one conditional WHILE node whose test the GPU
// runs.
#include <cmath>

#pragma qd kernel
void jacobi2d(float* u, float* v, int n, float tol, int max_it, int* iterations)
{
    float res = 1e30f;
    int it = 0;
    #pragma qd loop seq
    while (res > tol && it < max_it) {
        #pragma qd loop collapse(2)
        for (int i = 1; i < n - 1; ++i)
            for (int j = 1; j < n - 1; ++j)
                v[i * n + j] = 0.25f * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                        u[i * n + j - 1] + u[i * n + j + 1]);
        res = 0.0f;
        #pragma qd loop collapse(2) reduction(max: res)
        for (int i = 1; i < n - 1; ++i)
            for (int j = 1; j < n - 1; ++j) {
                const float next = 0.25f * (v[(i - 1) * n + j] + v[(i + 1) * n + j] +
                                            v[i * n + j - 1] + v[i * n + j + 1]);
                res = std::fmax(res, std::fabs(next - u[i * n + j]));
                u[i * n + j] = next;
            }
        ++it;
    }
    iterations[0] = it;
}

#pragma qd kernel
void jacobi2d_every10(float* u, float* v, int n, float tol, int max_it, int* iterations)
{
    float res = 1e30f;
    int it = 0;
    #pragma qd loop seq check_every(10)
    while (res > tol && it < max_it) {
        #pragma qd loop collapse(2)
        for (int i = 1; i < n - 1; ++i)
            for (int j = 1; j < n - 1; ++j)
                v[i * n + j] = 0.25f * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                        u[i * n + j - 1] + u[i * n + j + 1]);
        res = 0.0f;
        #pragma qd loop collapse(2) reduction(max: res)
        for (int i = 1; i < n - 1; ++i)
            for (int j = 1; j < n - 1; ++j) {
                const float next = 0.25f * (v[(i - 1) * n + j] + v[(i + 1) * n + j] +
                                            v[i * n + j - 1] + v[i * n + j + 1]);
                res = std::fmax(res, std::fabs(next - u[i * n + j]));
                u[i * n + j] = next;
            }
        ++it;
    }
    iterations[0] = it;
}

#pragma qd kernel graph
void jacobi2d_graph(float* u, float* v, int n, float tol, int max_it, int* iterations)
{
    float res = 1e30f;
    int it = 0;
    #pragma qd loop seq
    while (res > tol && it < max_it) {
        #pragma qd loop collapse(2)
        for (int i = 1; i < n - 1; ++i)
            for (int j = 1; j < n - 1; ++j)
                v[i * n + j] = 0.25f * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                        u[i * n + j - 1] + u[i * n + j + 1]);
        res = 0.0f;
        #pragma qd loop collapse(2) reduction(max: res)
        for (int i = 1; i < n - 1; ++i)
            for (int j = 1; j < n - 1; ++j) {
                const float next = 0.25f * (v[(i - 1) * n + j] + v[(i + 1) * n + j] +
                                            v[i * n + j - 1] + v[i * n + j + 1]);
                res = std::fmax(res, std::fabs(next - u[i * n + j]));
                u[i * n + j] = next;
            }
        ++it;
    }
    iterations[0] = it;
}

// The graph-mode solver with the residual's nest run N rows per thread by
// 'coarsen(N)': one row (no coarsening) and two, against the default, so
// that the bench shows what coarsening that nest costs or gains.
#define QD_JACOBI_COARSENED(NAME, FACTOR)                                      \
    _Pragma("qd kernel graph")                                                 \
    void NAME(float* u, float* v, int n, float tol, int max_it, int* iterations) \
    {                                                                          \
        float res = 1e30f;                                                     \
        int it = 0;                                                            \
        _Pragma("qd loop seq")                                                 \
        while (res > tol && it < max_it) {                                     \
            _Pragma("qd loop collapse(2)")                                     \
            for (int i = 1; i < n - 1; ++i)                                    \
                for (int j = 1; j < n - 1; ++j)                                \
                    v[i * n + j] = 0.25f * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + \
                                            u[i * n + j - 1] + u[i * n + j + 1]); \
            res = 0.0f;                                                        \
            _Pragma(FACTOR)                                                    \
            for (int i = 1; i < n - 1; ++i)                                    \
                for (int j = 1; j < n - 1; ++j) {                              \
                    const float next = 0.25f * (v[(i - 1) * n + j] + v[(i + 1) * n + j] + \
                                                v[i * n + j - 1] + v[i * n + j + 1]); \
                    res = std::fmax(res, std::fabs(next - u[i * n + j]));      \
                    u[i * n + j] = next;                                       \
                }                                                              \
            ++it;                                                              \
        }                                                                      \
        iterations[0] = it;                                                    \
    }

QD_JACOBI_COARSENED(jacobi2d_graph_rows1, "qd loop collapse(2) reduction(max: res) coarsen(1)")
QD_JACOBI_COARSENED(jacobi2d_graph_rows2, "qd loop collapse(2) reduction(max: res) coarsen(2)")
