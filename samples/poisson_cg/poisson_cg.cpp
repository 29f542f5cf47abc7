// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The 2-D Poisson equation -(u_xx + u_yy) = f on the unit square, u = 0 on
// the boundary, by conjugate gradients on the 5-point stencil, matrix-free.
// Written the way serial code writes it and ported to the GPU by directives
// only: the convergence loop is '#pragma qd loop seq' (its condition reads
// the residual, a reduction's result), the dot products are reductions, the
// operator is a collapse(2) stencil loop, and a snapshot of the solution
// every few iterations is a library call on the kernel's own stream
// ('#pragma qd host reuse': what it enqueues depends only on the values it
// names). Compiled as it is by g++, it is the serial program. Translated
// with --graphs for CUDA, the whole solve is one graph: the loop a WHILE
// node, the snapshot's 'if' an IF node holding the captured copy.
#include <qd/qd.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

// Copies n doubles of device memory on `stream` without waiting. The CPU
// path is the program's own, for builds without a GPU runtime.
static void copy_async(double* dst, const double* src, int n, qd::StreamRef stream)
{
#if defined(__HIPCC__)
    (void)hipMemcpyAsync(dst, src, sizeof(double) * n, hipMemcpyDeviceToDevice, stream);
#elif defined(CUDART_VERSION)
    (void)cudaMemcpyAsync(dst, src, sizeof(double) * n, cudaMemcpyDeviceToDevice, stream);
#else
    (void)stream;
    std::memcpy(dst, src, sizeof(double) * n);
#endif
}

// Solves A u = b for the n x n interior points, A = 4 I - (the four
// neighbours), until |r| <= tol |b| or max_it iterations. Every
// snapshot_every iterations, u is copied to snapshot.
#pragma qd kernel
void poisson_cg(const double* b, double* u, double* r, double* p, double* q, double* snapshot,
                int n, double tol, int max_it, int snapshot_every, int* iterations,
                double* residual)
{
    const int m = n * n;
    for (int k = 0; k < m; ++k) {
        u[k] = 0.0;
        r[k] = b[k];
        p[k] = b[k];
    }
    double rr = 0.0;
    #pragma qd loop reduction(+: rr)
    for (int k = 0; k < m; ++k)
        rr += r[k] * r[k];
    const double bb_tol = tol * tol;
    double bb = 0.0;
    #pragma qd loop reduction(+: bb)
    for (int k = 0; k < m; ++k)
        bb += b[k] * b[k];
    int it = 0;
    #pragma qd loop seq
    while (it < max_it && rr > bb_tol * bb) {
        #pragma qd loop collapse(2)
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                const int k = i * n + j;
                double s = 4.0 * p[k];
                if (i > 0)
                    s -= p[k - n];
                if (i < n - 1)
                    s -= p[k + n];
                if (j > 0)
                    s -= p[k - 1];
                if (j < n - 1)
                    s -= p[k + 1];
                q[k] = s;
            }
        double pq = 0.0;
        #pragma qd loop reduction(+: pq)
        for (int k = 0; k < m; ++k)
            pq += p[k] * q[k];
        const double alpha = rr / pq;
        for (int k = 0; k < m; ++k) {
            u[k] += alpha * p[k];
            r[k] -= alpha * q[k];
        }
        double rr_new = 0.0;
        #pragma qd loop reduction(+: rr_new)
        for (int k = 0; k < m; ++k)
            rr_new += r[k] * r[k];
        const double beta = rr_new / rr;
        for (int k = 0; k < m; ++k)
            p[k] = r[k] + beta * p[k];
        rr = rr_new;
        ++it;
        if (it % snapshot_every == 0) {
            #pragma qd host reuse
            copy_async(snapshot, u, m, qd::current_stream());
        }
    }
    iterations[0] = it;
    residual[0] = std::sqrt(rr / bb);
}

int main()
{
    const int n = 96;
    const int m = n * n;
    const double h = 1.0 / (n + 1);
    // A solution chosen first, u = x(1-x) y(1-y) (1 + x + 2y), and its
    // right-hand side b = A u computed on the grid: CG must find u again.
    std::vector<double> b_host(m), exact(m);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const double x = (i + 1) * h, y = (j + 1) * h;
            exact[i * n + j] = x * (1 - x) * y * (1 - y) * (1 + x + 2 * y);
        }
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const int k = i * n + j;
            double s = 4.0 * exact[k];
            if (i > 0)
                s -= exact[k - n];
            if (i < n - 1)
                s -= exact[k + n];
            if (j > 0)
                s -= exact[k - 1];
            if (j < n - 1)
                s -= exact[k + 1];
            b_host[k] = s;
        }
    qd::Buffer<double> b(m), u(m), r(m), p(m), q(m), snapshot(m), residual(1);
    qd::Buffer<int> iterations(1);
    b.copy_from_host(b_host.data());
    const int max_it = 1000, snapshot_every = 100;
    poisson_cg(b.data(), u.data(), r.data(), p.data(), q.data(), snapshot.data(), n, 1e-10,
               max_it, snapshot_every, iterations.data(), residual.data());
    std::vector<double> u_host(m), snapshot_host(m);
    int its = 0;
    double res = 0.0;
    u.copy_to_host(u_host.data());
    snapshot.copy_to_host(snapshot_host.data());
    iterations.copy_to_host(&its);
    residual.copy_to_host(&res);
    qd::synchronize();

    double sum = 0.0, snapshot_sum = 0.0, error = 0.0, drift = 0.0;
    for (int k = 0; k < m; ++k) {
        sum += u_host[k];
        snapshot_sum += snapshot_host[k];
        error = std::fmax(error, std::fabs(u_host[k] - exact[k]));
        drift = std::fmax(drift, std::fabs(u_host[k] - snapshot_host[k]));
    }
    std::printf("u.sum %.9g\n", sum);
    std::printf("snapshot.sum %.9g\n", snapshot_sum);
    // How far the solution moved after the last snapshot (iteration 200),
    // on a log scale: a snapshot taken at another iteration, or never,
    // shows here.
    std::printf("snapshot.log10_drift %.4f\n", std::log10(drift + 1e-300));
    std::fprintf(stderr, "%d iterations, relative residual %.3g, max error %.3g\n", its, res,
                 error);
    // Conjugate gradients needs at most m iterations, far fewer here; the
    // error is at most the residual times A's condition number (~4n^2/pi^2).
    if (its <= snapshot_every || its >= max_it || !(res <= 1e-10) || !(error < 1e-6)) {
        std::fprintf(stderr, "CHECK FAILED: CG did not converge to the solution\n");
        return 1;
    }
    return 0;
}
