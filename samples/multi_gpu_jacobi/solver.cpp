// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The solver of multi_gpu_jacobi. Its sweep follows NVIDIA's multi-GPU
// design for stencils: the boundary rows first, in a high-priority block
// that then sends them to the neighbours; the interior in another block, at
// the same time; then, on the sweeps whose residual is read, the residual
// summed over all ranks. Compiled as it is, it is the serial MPI program.
#include "jacobi.h"

#include <qd/qd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

#if defined(QD_JACOBI_NCCL)

namespace {

[[noreturn]] void fail(const char* what, const char* why)
{
    std::fprintf(stderr, "multi_gpu_jacobi: %s failed: %s\n", what, why);
    MPI_Abort(MPI_COMM_WORLD, 1);
    std::abort();
}

} // namespace

// NCCL calls are stream-ordered: on qd::current_stream() they run after the
// block's loops and before what follows, and graph mode captures them. Data
// regions hand kernels host pointers; NCCL needs the device copies.
void exchange_halos(double* field, int nx, int rows, const Halo& halo)
{
    double* d = qd::device_ptr(field);
    const qd::StreamRef stream = qd::current_stream();
    ncclResult_t r = ncclGroupStart();
    if (halo.up >= 0) {
        ncclSend(d + nx, nx, ncclDouble, halo.up, halo.nccl, stream);
        ncclRecv(d, nx, ncclDouble, halo.up, halo.nccl, stream);
    }
    if (halo.down >= 0) {
        ncclSend(d + rows * nx, nx, ncclDouble, halo.down, halo.nccl, stream);
        ncclRecv(d + (rows + 1) * nx, nx, ncclDouble, halo.down, halo.nccl, stream);
    }
    if (r == ncclSuccess)
        r = ncclGroupEnd();
    if (r != ncclSuccess)
        fail("the NCCL halo exchange", ncclGetErrorString(r));
}

void sum_over_ranks(double* value, const Halo& halo)
{
    double* d = qd::device_ptr(value);
    const ncclResult_t r =
        ncclAllReduce(d, d, 1, ncclDouble, ncclSum, halo.nccl, qd::current_stream());
    if (r != ncclSuccess)
        fail("ncclAllReduce", ncclGetErrorString(r));
}

#else

// Host memory (serial build, cpu target): MPI on the arrays themselves.
void exchange_halos(double* field, int nx, int rows, const Halo& halo)
{
    const int up = halo.up >= 0 ? halo.up : MPI_PROC_NULL;
    const int down = halo.down >= 0 ? halo.down : MPI_PROC_NULL;
    MPI_Sendrecv(field + nx, nx, MPI_DOUBLE, up, 0, field + (rows + 1) * nx, nx, MPI_DOUBLE, down,
                 0, halo.mpi, MPI_STATUS_IGNORE);
    MPI_Sendrecv(field + rows * nx, nx, MPI_DOUBLE, down, 1, field, nx, MPI_DOUBLE, up, 1,
                 halo.mpi, MPI_STATUS_IGNORE);
}

void sum_over_ranks(double* value, const Halo& halo)
{
    MPI_Allreduce(MPI_IN_PLACE, value, 1, MPI_DOUBLE, MPI_SUM, halo.mpi);
}

#endif

// Both blocks write anew, in different rows (1 and rows; 2 to rows - 1).
// -Wqd-race cannot see the rows through jacobi_point's pointer: the build
// translates this file with -Wno-qd-race (README.md).
// `sum_residual`: this sweep's residual is read, so it is summed over the
// ranks into norm[0]. The other sweeps skip the all-reduce (and the task that
// adds the blocks' sums): NVIDIA's examples sum the norm only when they test
// it, too.
#pragma qd kernel
void jacobi_sweep(const double* a, double* anew, int nx, int rows, const Halo& halo, double* norm,
                  bool sum_residual)
{
    // Each block sums into its own scalar, which stays on the GPU until the
    // task after the region reads both: no task inside a block delays the
    // halo exchange or the join.
    double edges = 0.0;
    double interior = 0.0;
    #pragma qd stream_parallel priority(high)
    {
        #pragma qd loop reduction(+: edges)
        for (int ix = 1; ix < nx - 1; ++ix)
            edges += jacobi_point(a, anew, nx, 1, ix) + jacobi_point(a, anew, nx, rows, ix);
        // The rows just computed go to the neighbours while the interior
        // is still being computed.
        #pragma qd host reuse
        exchange_halos(anew, nx, rows, halo);
    }
    #pragma qd stream_parallel
    {
        #pragma qd loop collapse(2) reduction(+: interior)
        for (int iy = 2; iy < rows; ++iy)
            for (int ix = 1; ix < nx - 1; ++ix)
                interior += jacobi_point(a, anew, nx, iy, ix);
    }
    if (sum_residual) {
        norm[0] = edges + interior;
        #pragma qd host reuse
        sum_over_ranks(norm, halo);
    }
}

// The whole solve as one kernel call: sweeps in pairs (a to anew, anew back
// to a, so that the halo exchanges name the same buffers in every
// iteration) until the residual of the pair's second sweep is at most tol2
// squared. The loop's condition reads a value the GPU computes, so in graph
// mode it is a conditional WHILE node: the NCCL calls in its body are
// captured once and the GPU runs the loop without the host. In stream mode
// the host reads the residual once a pair.
#pragma qd kernel
void solve_resident(double* a, double* anew, int nx, int rows, const Halo& halo, double tol2,
                    int max_pairs, double* norm, int* pairs_done)
{
    int pairs = 0;
    double residual = tol2 + 1.0;
    #pragma qd loop seq
    while (pairs < max_pairs && residual > tol2) {
        #pragma qd loop collapse(2)
        for (int iy = 1; iy <= rows; ++iy)
            for (int ix = 1; ix < nx - 1; ++ix)
                jacobi_point(a, anew, nx, iy, ix);
        #pragma qd host reuse
        exchange_halos(anew, nx, rows, halo);
        double change = 0.0;
        #pragma qd loop collapse(2) reduction(+: change)
        for (int iy = 1; iy <= rows; ++iy)
            for (int ix = 1; ix < nx - 1; ++ix)
                change += jacobi_point(anew, a, nx, iy, ix);
        norm[0] = change;
        #pragma qd host reuse
        exchange_halos(a, nx, rows, halo);
        #pragma qd host reuse
        sum_over_ranks(norm, halo);
        residual = norm[0];
        ++pairs;
    }
    pairs_done[0] = pairs;
}

int solve(double* a, double* anew, int nx, int rows, const Halo& halo, double tol, int max_sweeps,
          bool resident, double* residual)
{
    const std::size_t n = static_cast<std::size_t>(rows + 2) * nx;
    double norm[1] = {0.0};
    if (resident) {
        int pairs[1] = {0};
        #pragma qd data copy(a[0:n], anew[0:n]) copyin(norm) copyout(pairs)
        {
            solve_resident(a, anew, nx, rows, halo, tol * tol, (max_sweeps + 1) / 2, norm, pairs);
            #pragma qd update host(norm[0:1])
        }
        *residual = std::sqrt(norm[0]);
        return 2 * pairs[0];
    }
    double* src = a;
    double* dst = anew;
    int sweeps = 0;
    *residual = tol + 1.0;
    // The grid stays on the GPU from the first sweep to the last. The host
    // reads the residual once every kResidualEvery sweeps: it queues the
    // sweeps in between without waiting, so the GPU never idles while the
    // host launches the next one.
    #pragma qd data copy(a[0:n], anew[0:n]) create(norm)
    {
        while (sweeps < max_sweeps && *residual > tol) {
            const int batch = std::min(kResidualEvery, max_sweeps - sweeps);
            for (int s = 0; s < batch; ++s) {
                jacobi_sweep(src, dst, nx, rows, halo, norm, s + 1 == batch);
                std::swap(src, dst);
            }
            sweeps += batch;
            #pragma qd update host(norm[0:1])
            *residual = std::sqrt(norm[0]);
        }
    }
    // The last sweep's result is in a.
    if (src != a)
        for (std::size_t k = 0; k < n; ++k)
            a[k] = src[k];
    return sweeps;
}
