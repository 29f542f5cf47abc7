// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// multi_gpu_jacobi: a 2-D Laplace solver (Jacobi sweeps of the 5-point
// stencil) on a grid split by rows between MPI ranks, one rank per GPU.
// README.md says how to run it; docs/multi-gpu.md what it shows.
#ifndef MULTI_GPU_JACOBI_H
#define MULTI_GPU_JACOBI_H

#include <mpi.h>

// QD_JACOBI_NCCL: the build exchanges halos and sums the residual with NCCL
// on the kernel's streams (the CUDA build, where CMake found NCCL).
// Otherwise with MPI on host memory (the serial build and the cpu target).
#if defined(QD_JACOBI_NCCL)
#include <nccl.h>
#endif

// Who this rank talks to: its neighbours above and below (-1 at the edges
// of the grid) and the communicators.
struct Halo {
    int rank;
    int up;
    int down;
    MPI_Comm mpi;
#if defined(QD_JACOBI_NCCL)
    ncclComm_t nccl;
#endif
};

// One point of the sweep: the new value of a's point (iy, ix) into anew, and
// the squared change, which the residual sums. A helper of the user's own
// header: the translator compiles it for the device too.
inline double jacobi_point(const double* a, double* anew, int nx, int iy, int ix)
{
    const int k = iy * nx + ix;
    // a[k] is read before anew[k] is stored: the compiler cannot know that
    // the two arrays differ, and would load it again after the store.
    const double old = a[k];
    const double v = 0.25 * (a[k - 1] + a[k + 1] + a[k - nx] + a[k + nx]);
    anew[k] = v;
    const double change = v - old;
    return change * change;
}

// Host code of the sweep (jacobi_sweep.cpp): the halo rows of `field`
// (rows 0 and rows + 1 of rows + 2 rows of nx) from the neighbours, and the
// sum over all ranks of value[0], in place.
void exchange_halos(double* field, int nx, int rows, const Halo& halo);
void sum_over_ranks(double* value, const Halo& halo);

// How often solve() tests the residual: every kResidualEvery sweeps, as
// multi-GPU solvers do (NVIDIA's examples call it nccheck). Each test is a
// host wait for the GPU; between tests the host queues sweeps ahead.
constexpr int kResidualEvery = 10;

// Sweeps from a (rows + 2 rows of nx, halo rows included) until the
// residual, the 2-norm over all ranks of a sweep's change, is at most `tol`
// when tested (every kResidualEvery sweeps), or `max_sweeps` sweeps; the
// field ends in a, the residual in *residual. anew holds the same edges as
// a. Returns the number of sweeps. `resident`: the whole loop is one kernel
// call (solve_resident), which tests the residual every second sweep.
int solve(double* a, double* anew, int nx, int rows, const Halo& halo, double tol, int max_sweeps,
          bool resident, double* residual);

#endif
