// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// samples/mpi_heat with its halo exchange inside a kernel, the other form
// of SPEC section 1's MPI halo exchange: '#pragma qd update host' as
// top-level statements of the kernel (enqueued in order on its stream), the
// MPI calls in a '#pragma qd host wait' block (the host first waits for the
// work enqueued before it, so the host rows are there), then
// '#pragma qd update device'. A 'run_steps' kernel calls it and the two
// stages in a 'loop seq', CHECK_EVERY steps per call; in graph mode the
// call is split at the host wait or runs in stream mode (--remarks says
// which). It must print exactly what samples/mpi_heat prints.
#include <mpi.h>
#include <qd/qd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

void select_device();
void decompose();
void init_field();
void exchange_halos();
void jacobi_step();
void finish_step();
void run_steps(int count);
bool report(double global_residual);

// The global grid: NX rows of unknowns between a hot top edge and a cold
// bottom edge; NY columns, the first and last of which are cold edges.
const int NX = 64;
const int NY = 48;
const double PI = 3.14159265358979323846;
const double R = 0.2;         // diffusion number: stable up to 0.25
const int MAX_STEPS = 20000;
const int CHECK_EVERY = 100;  // steps between global residuals
const double TOL = 1e-5;      // stop when no cell changed more in a step

int rank, nranks;
int up, down;         // neighbour ranks, MPI_PROC_NULL at the domain's edges
int nloc;             // rows this rank owns
int ny;               // row length: NY
double* u;            // (nloc + 2) x ny: rows 0 and nloc + 1 are halos
double* unew;
double residual[1];   // the largest change of this rank's last step
int steps;

int main(int argc, char** argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    select_device();
    decompose();
    const int n = (nloc + 2) * ny;
    std::vector<double> u_store(n), unew_store(n);
    u = u_store.data();
    unew = unew_store.data();
    init_field();

    double global_residual = 0.0;
    steps = 0;
    #pragma qd data copy(u[0:n]) create(unew[0:n], residual)
    {
        while (steps < MAX_STEPS) {
            run_steps(CHECK_EVERY);
            steps += CHECK_EVERY;
            #pragma qd update host(residual)
            MPI_Allreduce(&residual[0], &global_residual, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
            if (global_residual < TOL)
                break;
        }
    }
    const bool ok = report(global_residual);
    MPI_Finalize();
    return ok ? 0 : 1;
}

// Each rank runs on the device of its local rank (ranks on one node share
// the node's devices round-robin), and says which on stderr.
void select_device()
{
    MPI_Comm node;
    int local_rank;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &local_rank);
    MPI_Comm_free(&node);
    const int devices = qd::device_count();
    qd::set_device(local_rank % devices);
    std::fprintf(stderr, "rank %d of %d: device %d of %d\n", rank, nranks, local_rank % devices,
                 devices);
}

// Rows split as evenly as they go: the first NX % nranks ranks own one more.
void decompose()
{
    nloc = NX / nranks + (rank < NX % nranks ? 1 : 0);
    up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    down = rank < nranks - 1 ? rank + 1 : MPI_PROC_NULL;
    ny = NY;
}

// Cold everywhere, except the top edge: a half sine wave. The edges are
// never written after this, and no rank receives into them.
void init_field()
{
    for (int k = 0; k < (nloc + 2) * ny; ++k) {
        u[k] = 0.0;
        unew[k] = 0.0;
    }
    if (up == MPI_PROC_NULL)
        for (int j = 0; j < ny; ++j)
            u[j] = std::sin(PI * j / (ny - 1));
}

// The first and last owned rows go to the neighbours, whose rows come back
// into the halo rows.
#pragma qd kernel
void exchange_halos()
{
    #pragma qd update host(u[ny:ny], u[nloc * ny:ny])
    #pragma qd host wait
    {
        MPI_Sendrecv(&u[ny], ny, MPI_DOUBLE, up, 0, &u[(nloc + 1) * ny], ny, MPI_DOUBLE, down, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[nloc * ny], ny, MPI_DOUBLE, down, 1, &u[0], ny, MPI_DOUBLE, up, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    #pragma qd update device(u[0:ny], u[(nloc + 1) * ny:ny])
}

#pragma qd kernel
void jacobi_step()
{
    #pragma qd loop collapse(2)
    for (int i = 1; i <= nloc; ++i)
        for (int j = 1; j < ny - 1; ++j) {
            const int k = i * ny + j;
            unew[k] = u[k] + R * (u[k - ny] + u[k + ny] + u[k - 1] + u[k + 1] - 4.0 * u[k]);
        }
}

// u = unew, and the largest change of the step into residual[0]: a maximum
// is exact, so it does not depend on how the rows are split.
#pragma qd kernel
void finish_step()
{
    double change = 0.0;
    #pragma qd loop collapse(2) reduction(max: change)
    for (int i = 1; i <= nloc; ++i)
        for (int j = 1; j < ny - 1; ++j) {
            const int k = i * ny + j;
            change = std::max(change, std::fabs(unew[k] - u[k]));
            u[k] = unew[k];
        }
    residual[0] = change;
}

#pragma qd kernel
void run_steps(int count)
{
    #pragma qd loop seq
    for (int s = 0; s < count; ++s) {
        exchange_halos();
        jacobi_step();
        finish_step();
    }
}

// Rank 0 gathers the whole field and sums it in one fixed order, the global
// row order, so the sums are the same for every rank count; it prints the
// results and checks them.
bool report(double global_residual)
{
    std::vector<int> counts(nranks), offsets(nranks);
    const int mine = nloc * ny;
    MPI_Gather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    for (int r = 1; r < nranks; ++r)
        offsets[r] = offsets[r - 1] + counts[r - 1];
    std::vector<double> field(rank == 0 ? NX * NY : 0);
    MPI_Gatherv(&u[ny], mine, MPI_DOUBLE, field.data(), counts.data(), offsets.data(), MPI_DOUBLE,
                0, MPI_COMM_WORLD);
    if (rank != 0)
        return true;
    double sum = 0.0, weighted = 0.0, lowest = 1.0, highest = 0.0;
    for (int i = 0; i < NX; ++i)
        for (int j = 0; j < NY; ++j) {
            const double t = field[i * NY + j];
            sum += t;
            weighted += (i + 1) * t;
            lowest = std::min(lowest, t);
            highest = std::max(highest, t);
        }
    std::printf("steps %d\n", steps);
    std::printf("residual %.9g\n", global_residual);
    std::printf("heat.sum %.15g\n", sum);
    std::printf("heat.depth %.15g\n", weighted / sum);
    std::printf("heat.center %.15g\n", field[(NX / 2) * NY + NY / 2]);
    // Converged, and inside the edges' range (the maximum principle).
    if (!(global_residual < TOL) || !(lowest >= 0.0) || !(highest <= 1.0)) {
        std::fprintf(stderr, "CHECK FAILED: residual %g after %d steps, field in [%g, %g]\n",
                     global_residual, steps, lowest, highest);
        return false;
    }
    return true;
}
