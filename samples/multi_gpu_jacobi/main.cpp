// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// multi_gpu_jacobi: solves Laplace's equation on an NX x NY grid of unknowns
// (a hot top edge, the other edges cold) with Jacobi sweeps to a tolerance,
// the rows split between MPI ranks, one rank per GPU.
//
//   multi_gpu_jacobi [NX NY [TOL [MAX_SWEEPS [resident]]]]
//
// "resident" runs the whole solve as one kernel call whose loop the GPU
// tests (a WHILE node in graph mode), checking the residual every second
// sweep.
//
// Prints "name value" lines: the sweeps it took, the final residual (the
// 2-norm of the last sweep's change) and checksums of the field that rank 0
// gathers. The field does not depend on the number of ranks, bit for bit;
// the residual is a sum whose order does (README.md).
#include "jacobi.h"
#include "solver.qd.h"

#include <qd/qd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

namespace {

const double PI = 3.14159265358979323846;

// The rank's device: its local rank on its node, modulo the devices the node
// has (CUDA_VISIBLE_DEVICES narrows them). Several nodes need nothing else.
void select_device(int rank)
{
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
    int local_rank = 0;
    MPI_Comm_rank(node, &local_rank);
    MPI_Comm_free(&node);
    qd::set_device(local_rank % qd::device_count());
}

Halo make_halo(int rank, int nranks)
{
    Halo halo{};
    halo.rank = rank;
    halo.up = rank > 0 ? rank - 1 : -1;
    halo.down = rank < nranks - 1 ? rank + 1 : -1;
    halo.mpi = MPI_COMM_WORLD;
#if defined(QD_JACOBI_NCCL)
    // Rank 0 makes the communicator's id; MPI hands it to the others.
    ncclUniqueId id;
    if (rank == 0)
        ncclGetUniqueId(&id);
    MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
    if (ncclCommInitRank(&halo.nccl, nranks, id, rank) != ncclSuccess) {
        std::fprintf(stderr, "multi_gpu_jacobi: ncclCommInitRank failed\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
#endif
    return halo;
}

} // namespace

int main(int argc, char** argv)
{
    MPI_Init(&argc, &argv);
    int rank = 0, nranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    const int NX = argc > 1 ? std::atoi(argv[1]) : 96;   // columns of unknowns
    const int NY = argc > 2 ? std::atoi(argv[2]) : 80;   // rows of unknowns
    const double tol = argc > 3 ? std::atof(argv[3]) : 1e-6;
    const int max_sweeps = argc > 4 ? std::atoi(argv[4]) : 20000;
    const bool resident = argc > 5 && std::strcmp(argv[5], "resident") == 0;

    // Rows as evenly as they go; each rank needs two, its edge rows.
    const int rows = NY / nranks + (rank < NY % nranks ? 1 : 0);
    if (NY / nranks < 2) {
        if (rank == 0)
            std::fprintf(stderr, "multi_gpu_jacobi: %d rows are too few for %d ranks\n", NY,
                         nranks);
        MPI_Finalize();
        return 2;
    }
    select_device(rank);
    Halo halo = make_halo(rank, nranks);

    // rows + 2 rows of nx points: the grid's edge columns and, on the first
    // and last rank, its edge rows, which keep their values; the other two
    // are halo rows.
    const int nx = NX + 2;
    const std::size_t n = static_cast<std::size_t>(rows + 2) * nx;
    std::vector<double> a_store(n, 0.0), anew_store(n, 0.0);
    if (halo.up < 0)
        for (int ix = 0; ix < nx; ++ix)
            a_store[ix] = anew_store[ix] = std::sin(PI * ix / (nx - 1));
    double* a = a_store.data();
    double* anew = anew_store.data();
    double residual = 0.0;
    const double start = MPI_Wtime();
    const int sweeps = solve(a, anew, nx, rows, halo, tol, max_sweeps, resident, &residual);
    const double seconds = MPI_Wtime() - start;

    // Rank 0 gathers the unknowns and sums them in the global row order, so
    // the checksums do not depend on the rank count.
    std::vector<int> counts(nranks), offsets(nranks);
    const int mine = rows * nx;
    MPI_Gather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    for (int r = 1; r < nranks; ++r)
        offsets[r] = offsets[r - 1] + counts[r - 1];
    std::vector<double> field(rank == 0 ? static_cast<std::size_t>(NY) * nx : 0);
    MPI_Gatherv(a + nx, mine, MPI_DOUBLE, field.data(), counts.data(), offsets.data(), MPI_DOUBLE,
                0, MPI_COMM_WORLD);
    int status = 0;
    if (rank == 0) {
        double sum = 0.0, depth = 0.0, lowest = 1.0, highest = 0.0;
        for (int iy = 0; iy < NY; ++iy)
            for (int ix = 1; ix <= NX; ++ix) {
                const double t = field[static_cast<std::size_t>(iy) * nx + ix];
                sum += t;
                depth += (iy + 1) * t;
                lowest = std::min(lowest, t);
                highest = std::max(highest, t);
            }
        std::printf("sweeps %d\n", sweeps);
        std::printf("residual %.17g\n", residual);
        std::printf("field.sum %.17g\n", sum);
        std::printf("field.depth %.17g\n", depth / sum);
        std::printf("field.center %.17g\n",
                    field[static_cast<std::size_t>(NY / 2) * nx + nx / 2]);
        std::fprintf(stderr, "multi_gpu_jacobi: %d x %d on %d rank(s): %d sweeps in %.3f s\n", NX,
                     NY, nranks, sweeps, seconds);
        // The field lies within its edges' range (the maximum principle).
        if (!(lowest >= 0.0) || !(highest <= 1.0)) {
            std::fprintf(stderr, "CHECK FAILED: field in [%g, %g]\n", lowest, highest);
            status = 1;
        }
    }
#if defined(QD_JACOBI_NCCL)
    // Graph mode captured NCCL calls into cached graphs, which must go
    // before the communicator they use.
    qd::release_graphs();
    ncclCommDestroy(halo.nccl);
#endif
    MPI_Finalize();
    return status;
}
